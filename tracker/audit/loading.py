"""Reading what the audit needs from the data folder: one (site, month) batch at a time.

DuckDB does the group-bys (`tracker/queries/audit_*.sql`): per hand the summary's
figures, per player what they put in (blinds, antes, dead money, bring-in, bets), got
back, collected, whether they folded and which cards became known. The result is a
`Batch` of numpy arrays, players in hand order and, within a hand, in odd-chip order: the
vectorised path (`tracker.audit.batch`) reads it as it is; `ledgers` turns chosen hands
of it into `HandLedger`s for the exact path.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import duckdb
import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc

from tracker.audit.contributions import HandLedger, PlayerLedger
from tracker.cards import DECK, Card
from tracker.model import Collection, Game

Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]

GAMES: tuple[Game, ...] = tuple(Game)
"""Game codes: a game's code is its place in this tuple."""


def query_text(name: str) -> str:
    """The SQL of `tracker/queries/<name>.sql`."""
    return (resources.files("tracker") / "queries" / f"{name}.sql").read_text()


@dataclass(frozen=True, slots=True)
class Batch:
    """One (site, month) partition's hands, as arrays.

    Hands are numbered 0..H-1 in hand-id order; players 0..P-1 in hand order, then
    odd-chip order. Missing numbers are -1 (`total_pot`, `main_pot`), or 0 (`rake`).
    Cards are engine indexes; a player's cards are `card_values[card_starts[p]:
    card_starts[p + 1]]` (none when unknown). Boards are (B, 5) rows with -1 where a board
    has fewer cards; `board_of[h]` is hand h's first board row or -1.
    """

    site: str
    month: str
    hand_id: pa.Array[Any]
    game: npt.NDArray[np.int8]
    total_pot: Ints
    rake: Ints
    jackpot_fee: Ints
    main_pot: Ints
    side_pot_starts: Ints
    side_pot_values: Ints
    cancelled: Flags
    started_at: pa.Array[Any]
    chips_consistent: Flags
    inconsistency: pa.Array[Any]
    player_hand: Ints
    player_starts: Ints
    player: pa.Array[Any]
    seat: Ints
    blinds: Ints
    antes: Ints
    dead: Ints
    bring_in: Ints
    bets: Ints
    returned: Ints
    folded: Flags
    cashed_out: Flags
    collected: Ints
    card_starts: Ints
    card_values: Ints
    board_hand: Ints
    board_number: Ints
    board_cards: Ints
    board_of: Ints
    boards_per_hand: Ints
    collection_hand: Ints
    collection_player: Ints
    collection_amount: Ints
    collection_pot: Ints
    collection_board: Ints

    @property
    def hands(self) -> int:
        """The number of hands."""
        return len(self.game)

    @property
    def contributed(self) -> Ints:
        """Per player, everything put in before any uncalled bet came back."""
        total: Ints = self.blinds + self.antes + self.dead + self.bring_in + self.bets
        return total


def partitions(connection: duckdb.DuckDBPyConnection) -> list[tuple[str, str]]:
    """The (site, month) partitions that hold hands, in order."""
    rows = connection.execute(
        "SELECT DISTINCT site, month FROM hands ORDER BY site, month"
    ).fetchall()
    return [(str(site), str(month)) for site, month in rows]


def load_batch(connection: duckdb.DuckDBPyConnection, site: str, month: str) -> Batch:
    """Read one partition's hands (see `Batch`)."""
    parameters = {"site": site, "month": month}
    for statement in re.split(r";\s*$", query_text("audit_batch"), flags=re.MULTILINE):
        if statement.strip():
            connection.execute(statement, parameters)
    hands = connection.sql(query_text("audit_hands")).to_arrow_table()
    players = connection.sql(query_text("audit_players")).to_arrow_table()
    boards = connection.sql(query_text("audit_boards"), params=parameters).to_arrow_table()
    paid = connection.sql(query_text("audit_collections"), params=parameters).to_arrow_table()
    count = hands.num_rows
    games = _column(hands, "game").to_pylist()
    player_hand = _ints(players, "hand_index")
    side_starts, side_values = _lists(hands.column("side_pots"))
    card_starts, card_values = _lists(players.column("cards"))
    board_hand = _ints(boards, "hand_index")
    board_rows = np.full((boards.num_rows, 5), -1, dtype=np.int64)
    board_starts, board_values = _lists(boards.column("card_indexes"))
    for column in range(5):
        has = board_starts[1:] - board_starts[:-1] > column
        board_rows[has, column] = board_values[board_starts[:-1][has] + column]
    board_of = np.full(count, -1, dtype=np.int64)
    changes = np.r_[True, board_hand[1:] != board_hand[:-1]][: len(board_hand)]
    first = np.flatnonzero(changes)
    board_of[board_hand[first]] = first
    return Batch(
        site=site,
        month=month,
        hand_id=_column(hands, "hand_id"),
        game=np.array([GAMES.index(Game(str(name))) for name in games], dtype=np.int8),
        total_pot=_ints(hands, "total_pot", missing=-1),
        rake=_ints(hands, "rake"),
        jackpot_fee=_ints(hands, "jackpot_fee"),
        main_pot=_ints(hands, "main_pot", missing=-1),
        side_pot_starts=side_starts,
        side_pot_values=side_values,
        cancelled=_flags(hands, "cancelled"),
        started_at=_column(hands, "started_at"),
        chips_consistent=_flags(hands, "chips_consistent"),
        inconsistency=_column(hands, "inconsistency"),
        player_hand=player_hand,
        player_starts=np.searchsorted(player_hand, np.arange(count + 1)).astype(np.int64),
        player=_column(players, "player"),
        seat=_ints(players, "seat"),
        blinds=_ints(players, "blinds"),
        antes=_ints(players, "antes"),
        dead=_ints(players, "dead"),
        bring_in=_ints(players, "bring_in"),
        bets=_ints(players, "bets"),
        returned=_ints(players, "returned"),
        folded=_flags(players, "folded"),
        cashed_out=_flags(players, "cashed_out"),
        collected=_ints(players, "collected"),
        card_starts=card_starts,
        card_values=card_values,
        board_hand=board_hand,
        board_number=_ints(boards, "board"),
        board_cards=board_rows,
        board_of=board_of,
        boards_per_hand=np.bincount(board_hand, minlength=count).astype(np.int64),
        collection_hand=_ints(paid, "hand_index"),
        collection_player=_ints(paid, "player_index"),
        collection_amount=_ints(paid, "amount"),
        collection_pot=_ints(paid, "pot"),
        collection_board=_ints(paid, "board"),
    )


def ledgers(batch: Batch, hands: Iterable[int]) -> list[HandLedger]:
    """The ledgers of the chosen hands of `batch`, for the exact path."""
    players = [str(name) for name in batch.player.to_pylist()]
    hand_ids = [str(hand_id) for hand_id in batch.hand_id.to_pylist()]
    started = batch.started_at
    problems = batch.inconsistency
    collection_starts = np.searchsorted(batch.collection_hand, np.arange(batch.hands + 1))
    result = []
    for hand in hands:
        first, last = int(batch.player_starts[hand]), int(batch.player_starts[hand + 1])
        people = tuple(_player(batch, players, index) for index in range(first, last))
        paid = range(int(collection_starts[hand]), int(collection_starts[hand + 1]))
        inconsistency = problems[hand].as_py()
        result.append(
            HandLedger(
                site=batch.site,
                hand_id=hand_ids[hand],
                game=GAMES[batch.game[hand]],
                started_at=started[hand].as_py(),
                players=people,
                boards=_boards(batch, hand),
                collections=tuple(
                    Collection(
                        players[int(batch.collection_player[index])],
                        int(batch.collection_amount[index]),
                        int(batch.collection_pot[index]),
                        int(batch.collection_board[index]),
                    )
                    for index in paid
                ),
                total_pot=_or_none(batch.total_pot[hand]),
                rake=int(batch.rake[hand]),
                jackpot_fee=int(batch.jackpot_fee[hand]),
                main_pot=_or_none(batch.main_pot[hand]),
                side_pots=tuple(
                    int(value)
                    for value in batch.side_pot_values[
                        batch.side_pot_starts[hand] : batch.side_pot_starts[hand + 1]
                    ]
                ),
                cancelled=bool(batch.cancelled[hand]),
                cashed_out=bool(batch.cashed_out[first:last].any()),
                chip_problems=tuple(inconsistency.split("; ")) if inconsistency else (),
            )
        )
    return result


def _player(batch: Batch, names: Sequence[str], index: int) -> PlayerLedger:
    cards = batch.card_values[batch.card_starts[index] : batch.card_starts[index + 1]]
    return PlayerLedger(
        player=names[index],
        seat=int(batch.seat[index]),
        blinds=int(batch.blinds[index]),
        antes=int(batch.antes[index]),
        dead=int(batch.dead[index]),
        bring_in=int(batch.bring_in[index]),
        bets=int(batch.bets[index]),
        returned=int(batch.returned[index]),
        folded=bool(batch.folded[index]),
        cards=_cards(cards),
        collected=int(batch.collected[index]),
    )


def _boards(batch: Batch, hand: int) -> tuple[tuple[Card, ...], ...]:
    first = int(batch.board_of[hand])
    if first < 0:
        return ()
    rows = batch.board_cards[first : first + int(batch.boards_per_hand[hand])]
    return tuple(_cards(row[row >= 0]) for row in rows)


def _cards(indexes: Iterable[Any]) -> tuple[Card, ...]:
    return tuple(DECK[int(index)] for index in indexes)


def _or_none(value: np.int64) -> int | None:
    return None if value < 0 else int(value)


def _column(table: pa.Table, name: str) -> pa.Array[Any]:
    return table.column(name).combine_chunks()


def _ints(table: pa.Table, name: str, missing: int = 0) -> Ints:
    column = _column(table, name).fill_null(missing)
    values: Ints = column.to_numpy(zero_copy_only=False).astype(np.int64, copy=False)
    return values


def _flags(table: pa.Table, name: str) -> Flags:
    column = _column(table, name).fill_null(False)
    values: Flags = column.to_numpy(zero_copy_only=False).astype(np.bool_, copy=False)
    return values


def _lists(column: pa.ChunkedArray[Any]) -> tuple[Ints, Ints]:
    """Offsets (n + 1) and flat values of a list column, nulls as empty lists."""
    array = column.combine_chunks()
    lengths = pc.fill_null(pc.list_value_length(array), 0).to_numpy(zero_copy_only=False)
    starts = np.zeros(len(array) + 1, dtype=np.int64)
    np.cumsum(lengths, out=starts[1:])
    values = pc.list_flatten(array).to_numpy(zero_copy_only=False).astype(np.int64)
    return starts, values
