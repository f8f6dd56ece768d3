"""The ledgers of chosen hands of a `Batch`, for the exact path.

The vectorised path reads a batch as arrays; the hands it leaves to the exact path
(`tracker.audit.verdict.audit_ledger`) are turned back into `HandLedger`s here, the same
ledgers `contributions.ledger_of` makes from parsed hands (the tests check they are).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from tracker.audit.contributions import HandLedger, PlayerLedger
from tracker.audit.loading import GAMES, Batch
from tracker.cards import DECK, Card
from tracker.model import Collection

Ints = npt.NDArray[np.int64]


def ledgers(batch: Batch, hands: Iterable[int]) -> list[HandLedger]:
    """The ledgers of the chosen hands of `batch`, for the exact path."""
    ledger_at = ledger_reader(batch)
    return [ledger_at(int(hand)) for hand in hands]


def ledger_reader(batch: Batch) -> Callable[[int], HandLedger]:
    """A function giving the ledger of one hand of `batch` (by its place in the batch),
    for a caller that builds them one at a time."""
    paid_starts = np.searchsorted(batch.collection_hand, np.arange(batch.hands + 1))
    return functools.partial(_ledger, batch, paid_starts=paid_starts)


def _ledger(batch: Batch, hand: int, *, paid_starts: Ints) -> HandLedger:
    first, last = int(batch.player_starts[hand]), int(batch.player_starts[hand + 1])
    names = [str(name) for name in batch.player[first:last].to_pylist()]
    people = tuple(_player(batch, names[index - first], index) for index in range(first, last))
    paid = range(int(paid_starts[hand]), int(paid_starts[hand + 1]))
    inconsistency = batch.inconsistency[hand].as_py()
    sides = batch.side_pot_values[batch.side_pot_starts[hand] : batch.side_pot_starts[hand + 1]]
    return HandLedger(
        site=batch.site,
        hand_id=str(batch.hand_id[hand].as_py()),
        game=GAMES[batch.game[hand]],
        started_at=batch.started_at[hand].as_py(),
        players=people,
        boards=_boards(batch, hand),
        collections=tuple(
            Collection(
                names[int(batch.collection_player[index]) - first],
                int(batch.collection_amount[index]),
                int(batch.collection_pot[index]),
                int(batch.collection_board[index]),
            )
            for index in paid
        ),
        total_pot=_or_none(batch.total_pot[hand]),
        rake=_or_none(batch.rake[hand]),
        jackpot_fee=int(batch.jackpot_fee[hand]),
        added_money=int(batch.added_money[hand]),
        main_pot=_or_none(batch.main_pot[hand]),
        side_pots=tuple(int(value) for value in sides),
        cancelled=bool(batch.cancelled[hand]),
        cashed_out=bool(batch.cashed_out[first:last].any()),
        chip_problems=tuple(inconsistency.split("; ")) if inconsistency else (),
    )


def _player(batch: Batch, name: str, index: int) -> PlayerLedger:
    cards = batch.card_values[batch.card_starts[index] : batch.card_starts[index + 1]]
    return PlayerLedger(
        player=name,
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
