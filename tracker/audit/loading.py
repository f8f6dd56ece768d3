"""Reading what the audit needs from the data folder: one (site, month) batch at a time.

The store reads each table's partition with its text keys (hand ids, names, kinds)
dictionary-encoded, as Parquet keeps them, so hands and players become numbers by looking
up the small dictionaries, not every row; numpy then sums per player what they put in
(blinds, antes, dead money, bring-in, bets), got back and collected, whether they folded,
and which cards became known. The result is a `Batch` of numpy arrays, players in hand
order and, within a hand, in odd-chip order: the vectorised path (`tracker.audit.batch`)
reads it as it is; `tracker.audit.ledgers` turns chosen hands of it into `HandLedger`s for
the exact path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from tracker.audit.betting_rows import (
    STAKE_FIELDS,
    STREET_CODES,
    BettingRows,
    in_play_order,
)
from tracker.audit.contributions import BLIND_KINDS, FULL_HAND_SOURCES
from tracker.audit.orders import sort_order
from tracker.model import ActionKind, CardSource, Game, Street, Structure
from tracker.store import Store

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
    odd-chip order. Missing numbers are -1 (`total_pot`, `main_pot`, `rake`).
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
    added_money: Ints
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
    betting: BettingRows | None = None

    @property
    def hands(self) -> int:
        """The number of hands."""
        return len(self.game)

    @property
    def contributed(self) -> Ints:
        """Per player, everything put in before any uncalled bet came back."""
        total: Ints = self.blinds + self.antes + self.dead + self.bring_in + self.bets
        return total


def partitions(store: Store) -> list[tuple[str, str, int]]:
    """The (site, month, hands) of each partition that holds hands, in order, counted from
    the files' footers (reading a column of every hand held 90 MB at 2,000,000 hands)."""
    rows = []
    for folder in sorted((store.root / "hands").glob("site=*/month=*")):
        site, month = folder.parent.name.partition("=")[2], folder.name.partition("=")[2]
        paths = store.partition_files("hands", (site, month))
        hands = sum(pq.ParquetFile(path).metadata.num_rows for path in paths)
        if hands:
            rows.append((site, month, hands))
    return rows


_READS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "hands": (
        ("hand_id", "game", "button_seat", "total_pot", "rake", "jackpot_fee", "added_money",
         "main_pot", "side_pots", "cancelled", "started_at", "chips_consistent", "inconsistency",
         "structure", "big_blind", "small_bet"),
        (),
    ),
    "seats": (("hand_id", "player", "seat"), ("hand_id", "player")),
    "actions": (("hand_id", "player", "kind", "amount"), ("hand_id", "player", "kind")),
    "returned": (("hand_id", "player", "amount"), ("hand_id", "player")),
    "collections": (
        ("hand_id", "sequence", "player", "amount", "pot", "board"), ("hand_id", "player")
    ),
    "cards": (
        ("hand_id", "player", "sequence", "source", "card_indexes"),
        ("hand_id", "player", "source"),
    ),
    "boards": (("hand_id", "board", "card_indexes"), ("hand_id",)),
}  # fmt: skip
"""Per table the audit reads: its columns, and those read dictionary-encoded (codes)."""
TABLES_READ = tuple(_READS)
"""The tables the audit reads, `hands` first."""

_BETTING_READS = {
    **_READS,
    "hands": (tuple(dict.fromkeys((*_READS["hands"][0], *STAKE_FIELDS))), ()),
    "actions": (
        ("hand_id", "sequence", "street", "player", "kind", "amount", "to_amount", "all_in"),
        ("hand_id", "player", "kind", "street"),
    ),
    "cards": (
        ("hand_id", "player", "sequence", "street", "source", "card_indexes"),
        ("hand_id", "player", "street", "source"),
    ),
}
"""What the audit reads with the betting rows of the legality audit: in the same reads
of `actions` and `cards`, the columns of the betting and the stud up cards."""


def load_batch(
    store: Store,
    site: str,
    month: str,
    *,
    betting: bool = True,
    files: Mapping[str, Sequence[str]] | None = None,
) -> Batch:
    """Read one partition's hands (see `Batch`); with `betting`, their betting rows too
    (`Batch.betting`, for the legality audit). `files` names, per table, the partition's
    files to read (none of a table not named; `tracker.audit.pieces`), else all are."""
    # Only cards that can make a showdown hand, and with the betting the stud up cards of
    # third and fourth street (not those seen later on the way).
    reads = _BETTING_READS if betting else _READS
    card_rows = _SHOWDOWN_CARDS | _UP_CARDS if betting else _SHOWDOWN_CARDS
    tables = {
        name: store.read(
            name,
            list(columns),
            card_rows if name == "cards" else None,
            encoded,
            partition=(site, month),
            files=None if files is None else files.get(name, ()),
        )
        for name, (columns, encoded) in reads.items()
    }
    hands = tables["hands"].sort_by("hand_id")
    keys = _PlayerKeys(hands, tables)
    # The kind codes, hands and players of the action rows, once for both audits.
    actions = _ActionCodes(
        *keys.place(tables["actions"]), _codes(tables["actions"].column("kind"), _KIND_TEXTS)
    )
    people = _people(hands, tables, keys, actions)
    if betting:
        people["betting"] = _betting_rows(hands, tables, keys, actions)
    side_starts, side_values = _lists(hands.column("side_pots"))
    return Batch(
        site=site,
        month=month,
        hand_id=_column(hands, "hand_id"),
        game=_game_codes(hands).astype(np.int8),
        total_pot=_ints(hands, "total_pot", missing=-1),
        rake=_ints(hands, "rake", -1),  # -1: no rake line (a cut-off or cancelled hand)
        jackpot_fee=_ints(hands, "jackpot_fee"),
        added_money=_ints(hands, "added_money"),  # null in folders written before it
        main_pot=_ints(hands, "main_pot", missing=-1),
        side_pot_starts=side_starts,
        side_pot_values=side_values,
        cancelled=_flags(hands, "cancelled"),
        started_at=_column(hands, "started_at"),
        chips_consistent=_flags(hands, "chips_consistent"),
        inconsistency=_column(hands, "inconsistency"),
        **people,
        **_boards_columns(tables["boards"], keys, hands.num_rows),
        **_collection_columns(tables["collections"], keys),
    )


def _boards_columns(boards: pa.Table, keys: _PlayerKeys, hands: int) -> dict[str, Any]:
    """The board columns of `Batch`: boards in hand then run order."""
    board_hand = keys.hand_index(boards)
    order = sort_order((_ints(boards, "board"), board_hand))
    board_hand = board_hand[order]
    board_of = np.full(hands, -1, dtype=np.int64)
    first = np.flatnonzero(np.r_[True, board_hand[1:] != board_hand[:-1]][: len(board_hand)])
    board_of[board_hand[first]] = first
    return {
        "board_hand": board_hand,
        "board_number": _ints(boards, "board")[order],
        "board_cards": _board_rows(boards.take(order)),
        "board_of": board_of,
        "boards_per_hand": np.bincount(board_hand, minlength=hands).astype(np.int64),
    }


def _collection_columns(paid: pa.Table, keys: _PlayerKeys) -> dict[str, Any]:
    """The collection columns of `Batch`: payments in hand order, then the hand's order."""
    hand, player = keys.place(paid)
    order = sort_order((_ints(paid, "sequence"), hand))
    return {
        "collection_hand": hand[order],
        "collection_player": player[order],
        "collection_amount": _ints(paid, "amount")[order],
        "collection_pot": _ints(paid, "pot")[order],
        "collection_board": _ints(paid, "board")[order],
    }


class _PlayerKeys:
    """Numbers for hands (their place in hand-id order) and for the players of a batch
    (their place in hand order, then odd-chip order), from the text keys of the rows.

    A player's key is hand * names + name (names numbered in text order); the players of
    a batch are those who acted, posted or collected."""

    def __init__(self, hands: pa.Table, tables: dict[str, pa.Table]) -> None:
        self.hand_ids = hands.column("hand_id").combine_chunks()
        dictionaries = [
            _encoded(chunk).dictionary
            for name in ("seats", "actions", "collections")
            for chunk in tables[name].column("player").chunks
        ]
        names = pc.unique(pa.concat_arrays([pa.array([], pa.string()), *dictionaries]))
        self.names = names.take(pc.sort_indices(names))
        self.name_count = max(len(self.names), 1)
        self._keys: dict[int, Ints] = {}
        # Every table's codes at once: each set of values is hashed once, not per table.
        children = [table for name, table in tables.items() if name != "hands"]
        hand_codes = _codes_together([t.column("hand_id") for t in children], self.hand_ids)
        self._hands = {id(t): codes for t, codes in zip(children, hand_codes, strict=True)}
        named = [table for table in children if "player" in table.column_names]
        name_codes = _codes_together([t.column("player") for t in named], self.names)
        self._names = {id(t): codes for t, codes in zip(named, name_codes, strict=True)}
        seats = tables["seats"]
        seat_order = sort_order((self.key(seats),))
        seat_keys = self.key(seats)[seat_order]
        taking_part = np.zeros(len(seat_keys), dtype=np.bool_)
        unseated, found = [], {}
        for name in ("actions", "collections"):
            keys = self.key(tables[name])
            at, hit = _find(seat_keys, keys)
            taking_part[at[hit]] = True
            unseated.append(keys[~hit])
            found[id(tables[name])] = at
        extra = np.unique(np.concatenate(unseated))
        seated = seat_keys[taking_part]  # sorted, and one per seat
        self.universe = np.union1d(seated, extra) if len(extra) else seated
        # Without unseated players, a seat's place among the players is a running count.
        self._seat_places = {} if len(extra) else found
        self._universe_of_seat = np.cumsum(taking_part) - 1
        at, matched = _find(seat_keys, self.universe)
        self.seated = matched
        self.seat = np.where(matched, _ints(seats, "seat")[seat_order][at], 0)
        owner = self.universe // self.name_count
        button = _ints(hands, "button_seat", missing=-1)[owner]
        chip_order = np.where(
            ~matched, 1_000_000,
            np.where((button < 0) | (self.seat > button), self.seat, self.seat + 1000),
        )  # fmt: skip
        # Keys are in hand then name order, so a stable sort breaks ties by name.
        self.order = sort_order((chip_order, owner))
        self.position = np.empty(len(self.universe), dtype=np.int64)
        self.position[self.order] = np.arange(len(self.universe))

    def hand_index(self, table: pa.Table) -> Ints:
        """Each row's hand number."""
        cached = self._hands.get(id(table))
        return cached if cached is not None else _codes(table.column("hand_id"), self.hand_ids)

    def key(self, table: pa.Table) -> Ints:
        """Each row's (hand, player) as one number (computed once per table)."""
        cached = self._keys.get(id(table))
        if cached is None:
            names = self._names.get(id(table))
            if names is None:
                names = _codes(table.column("player"), self.names)
            cached = self.hand_index(table) * self.name_count + names
            self._keys[id(table)] = cached
        return cached

    def place(self, table: pa.Table) -> tuple[Ints, Ints]:
        """Each row's hand number and player number (the row's player must take part)."""
        keys = self.key(table)
        seat_rows = self._seat_places.get(id(table))
        if seat_rows is not None:
            places: Ints = self.position[self._universe_of_seat[seat_rows]]
        else:
            places = self.position[np.searchsorted(self.universe, keys)]
        return keys // self.name_count, places


def _find(sorted_keys: Ints, keys: Ints) -> tuple[Ints, Flags]:
    """Where each key is in `sorted_keys`, and whether it is there at all."""
    if not len(sorted_keys):
        return np.zeros(len(keys), dtype=np.int64), np.zeros(len(keys), dtype=np.bool_)
    at = np.minimum(np.searchsorted(sorted_keys, keys), len(sorted_keys) - 1)
    found: Flags = sorted_keys[at] == keys
    return at, found


@dataclass(frozen=True, slots=True)
class _ActionCodes:
    """Per action row: its hand number, its player number and its kind's code."""

    hand: Ints
    player: Ints
    kind: Ints


def _people(
    hands: pa.Table, tables: dict[str, pa.Table], keys: _PlayerKeys, actions: _ActionCodes
) -> dict[str, Any]:
    """The players' columns of `Batch`, summed from the actions, returns and collections."""
    players = len(keys.universe)
    ordered = keys.order
    owner = (keys.universe // keys.name_count)[ordered]
    columns: dict[str, Any] = {
        "player_hand": owner,
        "player_starts": np.searchsorted(owner, np.arange(hands.num_rows + 1)).astype(np.int64),
        "player": keys.names.take(keys.universe[ordered] % keys.name_count),
        "seat": keys.seat[ordered],
    }
    action_hand, place, kind = actions.hand, actions.player, actions.kind
    amount = _ints(tables["actions"], "amount")
    slot = _SLOT_OF_KIND[kind]
    chips = slot >= 0
    flat = np.zeros(players * len(_SLOTS), dtype=np.int64)
    # On one flat axis: numpy's fast path of `add.at` takes a single index array.
    np.add.at(flat, place[chips] * len(_SLOTS) + slot[chips], amount[chips])
    # A "small & big blinds" post: the big blind live, the small blind's part dead
    # (`contributions.small_and_big_live`).
    both = np.flatnonzero(kind == _SMALL_AND_BIG_CODE)
    if len(both):
        big = _live_blind(hands)[action_hand[both]]
        dead = np.where(big > 0, np.maximum(amount[both] - big, 0), 0)
        np.add.at(flat, place[both] * len(_SLOTS), -dead)
        np.add.at(flat, place[both] * len(_SLOTS) + _SLOTS.index("dead"), dead)
    totals = flat.reshape(players, len(_SLOTS))
    for number, name in enumerate(_SLOTS):
        columns[name] = np.ascontiguousarray(totals[:, number])
    for flag, code in (("folded", _FOLD_CODE), ("cashed_out", _CASH_OUT_CODE)):
        marked = np.zeros(players, dtype=np.bool_)
        marked[place[kind == code]] = True
        columns[flag] = marked
    for column, table in (("returned", "returned"), ("collected", "collections")):
        total = np.zeros(players, dtype=np.int64)
        _, place = keys.place(tables[table])
        np.add.at(total, place, _ints(tables[table], "amount"))
        columns[column] = total
    starts, values = _showdown_cards(hands, tables, keys, owner)
    columns["card_starts"], columns["card_values"] = starts, values
    return columns


def _betting_rows(
    hands: pa.Table, tables: dict[str, pa.Table], keys: _PlayerKeys, codes: _ActionCodes
) -> BettingRows:
    """The betting rows of the batch (`tracker.audit.betting_rows`), players in the
    batch's order: hand order, then clockwise from the button's left (odd-chip order)."""
    actions = tables["actions"]
    columns = {
        "row_hand": codes.hand,
        "row_player": codes.player,
        "row_street": _codes(actions.column("street"), _STREET_TEXTS),
        "row_kind": codes.kind,
        "row_amount": _ints(actions, "amount"),
        "row_to_amount": _ints(actions, "to_amount", missing=-1),
    }
    all_in = _flags(actions, "all_in")
    order = in_play_order(codes.hand, _ints(actions, "sequence"))
    if order is not None:
        columns = {name: values[order] for name, values in columns.items()}
        all_in = all_in[order]
    games = _game_codes(hands)
    owner = (keys.universe // keys.name_count)[keys.order]
    door = fourth = np.full(len(owner), -1, dtype=np.int64)
    if np.isin(games, _STUD_CODES).any():
        door, fourth = _up_cards(tables["cards"], keys)
    return BettingRows(
        game=games,
        structure=_array_ints(pc.index_in(hands.column("structure"), value_set=_STRUCTURES)),
        stakes={name: _ints(hands, name, missing=-1) for name in STAKE_FIELDS},
        cut_off=(_ints(hands, "total_pot", missing=-1) < 0) & ~_flags(hands, "cancelled"),
        added_money=_ints(hands, "added_money"),
        button_known=_ints(hands, "button_seat", missing=-1) >= 0,
        player_starts=np.searchsorted(owner, np.arange(hands.num_rows + 1)).astype(np.int64),
        player=keys.names.take(keys.universe[keys.order] % keys.name_count),
        seated=keys.seated[keys.order],
        door_card=door,
        fourth_card=fourth,
        row_all_in=all_in,
        **columns,
    )


def _up_cards(cards: pa.Table, keys: _PlayerKeys) -> tuple[Ints, Ints]:
    """Per player, the index of their third and fourth street up card (stud), or -1:
    the last card of the first row dealt to them on the street ("Dealt to Hero
    [Td 8d Qh]" shows the door card last)."""
    place = _places_or_minus_one(cards, keys)
    starts, values = _lists(cards.column("card_indexes"))
    last = starts[1:] - 1
    source = _codes(cards.column("source"), _UP_SOURCES)
    has = (starts[1:] > starts[:-1]) & (place >= 0) & (source >= 0)
    street = _codes(cards.column("street"), _STREET_TEXTS)
    found = []
    for name in (Street.THIRD, Street.FOURTH):
        # A hand's rows are stored in its order: the first row written last, so it wins.
        rows = np.flatnonzero(has & (street == STREET_CODES.index(name)))[::-1]
        card = np.full(len(keys.universe), -1, dtype=np.int64)
        card[place[rows]] = values[last[rows]]
        found.append(card)
    return found[0], found[1]


def _showdown_cards(
    hands: pa.Table, tables: dict[str, pa.Table], keys: _PlayerKeys, owner: Ints
) -> tuple[Ints, Ints]:
    """Per player, the cards of `contributions.showdown_cards`: the last whole hand shown,
    mucked or summarised, else every card dealt face up to them, if that makes a hand
    (one card fewer in a stud hand with a card dealt face up to all)."""
    cards = tables["cards"]
    players = len(owner)
    hole_count = np.array([game.hole_card_count for game in GAMES], dtype=np.int64)
    games = _game_codes(hands)
    wanted_per_hand = hole_count[games]
    stud = np.array([game.is_stud for game in GAMES], dtype=np.bool_)[games]
    shared = np.zeros(len(games), dtype=np.bool_)
    shared[keys.hand_index(tables["boards"])] = True
    wanted_per_hand = wanted_per_hand - (stud & shared)
    wanted = wanted_per_hand[owner] if players else np.zeros(0, dtype=np.int64)
    row_starts, row_values = _lists(cards.column("card_indexes"))
    lengths = row_starts[1:] - row_starts[:-1]
    source = _codes(cards.column("source"), _CARD_SOURCE_TEXTS)
    whole_source = (source >= 0) & (source < len(_WHOLE_SOURCES))
    place = _places_or_minus_one(cards, keys)
    known = (place >= 0) & (source >= 0)  # not the stud up cards read for the betting
    sequence = _ints(cards, "sequence")
    order = sort_order((sequence, place))
    order = order[known[order]]
    whole = order[whole_source[order] & (lengths[order] == wanted[place[order]])]
    last_whole = np.full(players, -1, dtype=np.int64)
    last_whole[place[whole]] = whole  # later rows overwrite earlier ones: the last wins
    dealt = order[~whole_source[order]]
    dealt_total = np.zeros(players, dtype=np.int64)
    np.add.at(dealt_total, place[dealt], lengths[dealt])
    use_dealt = (last_whole < 0) & (dealt_total == wanted)
    dealt = dealt[use_dealt[place[dealt]]]
    # One list of rows per player, in player order: its whole hand, or its dealt pieces.
    rows = np.r_[last_whole[last_whole >= 0], dealt]
    row_owner = np.r_[np.flatnonzero(last_whole >= 0), place[dealt]]
    by_player = sort_order((sequence[rows], row_owner))
    rows, row_owner = rows[by_player], row_owner[by_player]
    per_player = np.zeros(players, dtype=np.int64)
    np.add.at(per_player, row_owner, lengths[rows])
    starts = np.zeros(players + 1, dtype=np.int64)
    np.cumsum(per_player, out=starts[1:])
    take = _ranges(row_starts[rows], lengths[rows])
    return starts, row_values[take]


def _places_or_minus_one(table: pa.Table, keys: _PlayerKeys) -> Ints:
    """Like `_PlayerKeys.place`, with -1 for rows of players who did not take part."""
    if not len(keys.universe):
        return np.full(table.num_rows, -1, dtype=np.int64)
    row_keys = keys.key(table)
    at = np.minimum(np.searchsorted(keys.universe, row_keys), len(keys.universe) - 1)
    place: Ints = np.where(keys.universe[at] == row_keys, keys.position[at], -1)
    return place


def _ranges(starts: Ints, lengths: Ints) -> Ints:
    """The indexes of the ranges [start, start + length), one after the other."""
    total = int(lengths.sum())
    ends = np.cumsum(lengths)
    steps: Ints = np.arange(total) - np.repeat(ends - lengths, lengths) + np.repeat(starts, lengths)
    return steps


def _board_rows(boards: pa.Table) -> Ints:
    """(n, 5) card indexes of each board, -1 past a board's last card."""
    starts, values = _lists(boards.column("card_indexes"))
    rows = np.full((boards.num_rows, 5), -1, dtype=np.int64)
    for column in range(5):
        has = starts[1:] - starts[:-1] > column
        rows[has, column] = values[starts[:-1][has] + column]
    return rows


_GAME_TEXTS = pa.array([game.value for game in GAMES])
_STUD_CODES = [code for code, game in enumerate(GAMES) if game.is_stud]
_STREET_TEXTS = pa.array([street.value for street in STREET_CODES])
_STRUCTURES = pa.array([structure.value for structure in Structure])
_KIND_TEXTS = pa.array([kind.value for kind in ActionKind])
_KIND_CODE = {kind: code for code, kind in enumerate(ActionKind)}
_SLOTS = ("blinds", "antes", "dead", "bring_in", "bets")
_SLOT_OF_KIND = np.array(
    [
        0 if kind in BLIND_KINDS
        else 1 if kind is ActionKind.POST_ANTE
        else 2 if kind is ActionKind.POST_DEAD
        else 3 if kind is ActionKind.BRING_IN
        else 4 if kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
        else -1
        for kind in ActionKind
    ],
    dtype=np.int64,
)  # fmt: skip
"""Per action kind code, the `PlayerLedger` field (in `_SLOTS`) it adds to, or -1."""
_FOLD_CODE = _KIND_CODE[ActionKind.FOLD]
_SMALL_AND_BIG_CODE = _KIND_CODE[ActionKind.POST_SMALL_AND_BIG_BLIND]
_CASH_OUT_CODE = _KIND_CODE[ActionKind.CASH_OUT]
_WHOLE_SOURCES = pa.array(sorted(source.value for source in FULL_HAND_SOURCES))
_CARD_SOURCES = [*_WHOLE_SOURCES.to_pylist(), CardSource.DEALT.value]
_CARD_SOURCE_TEXTS = pa.array(_CARD_SOURCES)
_UP_SOURCES = pa.array([CardSource.UP.value, CardSource.DEALT.value])
_SHOWDOWN_CARDS = pc.field("source").isin(_CARD_SOURCES)
_UP_CARDS = pc.field("source").isin(_UP_SOURCES) & pc.field("street").isin(
    [Street.THIRD.value, Street.FOURTH.value]
)


def _live_blind(hands: pa.Table) -> Ints:
    """Per hand, the live part of a "small & big blinds" post at most: the big blind, a
    limit game's small bet (0: the stakes say neither)."""
    structure = _array_ints(pc.index_in(hands.column("structure"), value_set=_STRUCTURES))
    limit = structure == list(Structure).index(Structure.LIMIT)
    small_bet, big_blind = _ints(hands, "small_bet"), _ints(hands, "big_blind")
    big: Ints = np.where(limit & (small_bet > 0), small_bet, big_blind)
    return big


def _column(table: pa.Table, name: str) -> pa.Array[Any]:
    return table.column(name).combine_chunks()


def _ints(table: pa.Table, name: str, missing: int = 0) -> Ints:
    column = _column(table, name)
    if column.null_count:  # most columns have none: no copy to fill them
        column = column.fill_null(missing)
    values: Ints = column.to_numpy(zero_copy_only=False).astype(np.int64, copy=False)
    return values


def _flags(table: pa.Table, name: str) -> Flags:
    column = _column(table, name)
    if column.null_count:
        column = column.fill_null(False)
    values: Flags = column.to_numpy(zero_copy_only=False).astype(np.bool_, copy=False)
    return values


def _codes(column: pa.ChunkedArray[Any], values: pa.Array[Any]) -> Ints:
    """Each value of a dictionary-encoded column as its place in `values` (-1 when not
    there): the dictionaries are looked up, not the rows."""
    chunks = [_encoded(chunk) for chunk in column.chunks]
    if not chunks:
        return np.zeros(0, dtype=np.int64)
    dictionaries = pa.concat_arrays([chunk.dictionary for chunk in chunks])
    places = _array_ints(pc.index_in(dictionaries, value_set=values).fill_null(-1))
    starts = np.cumsum([0] + [len(chunk.dictionary) for chunk in chunks])
    pieces = zip(starts[:-1], chunks, strict=True)
    return np.concatenate([places[start + _array_ints(chunk.indices)] for start, chunk in pieces])


def _codes_together(columns: Sequence[pa.ChunkedArray[Any]], values: pa.Array[Any]) -> list[Ints]:
    """`_codes` of several columns, their dictionaries looked up in one go."""
    chunks = [[_encoded(chunk) for chunk in column.chunks] for column in columns]
    dictionaries = [chunk.dictionary for column in chunks for chunk in column]
    if not dictionaries:
        return [np.zeros(0, dtype=np.int64) for _ in columns]
    places = _array_ints(
        pc.index_in(pa.concat_arrays(dictionaries), value_set=values).fill_null(-1)
    )
    start, result = 0, []
    for column in chunks:
        pieces = []
        for chunk in column:
            pieces.append(places[start + _array_ints(chunk.indices)])
            start += len(chunk.dictionary)
        result.append(np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.int64))
    return result


def _encoded(chunk: pa.Array[Any]) -> pa.DictionaryArray[Any, Any]:
    """A chunk of a column read dictionary-encoded (`Store.read(dictionary_columns=...)`)."""
    if not isinstance(chunk, pa.DictionaryArray):
        raise TypeError(f"expected a dictionary-encoded column, not {chunk.type}")
    return chunk


def _game_codes(hands: pa.Table) -> Ints:
    """Each hand's game as its place in `GAMES`."""
    return _array_ints(pc.index_in(hands.column("game"), value_set=_GAME_TEXTS))


def _array_ints(array: Any) -> Ints:
    values: Ints = np.asarray(array.to_numpy(zero_copy_only=False), dtype=np.int64)
    return values


def _lists(column: pa.ChunkedArray[Any]) -> tuple[Ints, Ints]:
    """Offsets (n + 1) and flat values of a list column, nulls as empty lists."""
    array = column.combine_chunks()
    lengths = pc.fill_null(pc.list_value_length(array), 0).to_numpy(zero_copy_only=False)
    starts = np.zeros(len(array) + 1, dtype=np.int64)
    np.cumsum(lengths, out=starts[1:])
    values = pc.list_flatten(array).to_numpy(zero_copy_only=False).astype(np.int64)
    return starts, values
