"""The five cards of best hands, for many players at once, and the names of ranks.

`tracker.engine.batch` gives the rank of each player's best high and low; the `awards`
table also stores the five cards that make them. These functions find those five cards
for rows of players whose best rank is known, choosing the same five as the scalar
engine (`tracker.engine.hands`: the first combination, in `itertools.combinations`
order of two hole cards then three board cards, or of five of seven, that makes the
rank), and put them in the order the hand reads (`arrange_high`, `arrange_low`).

>>> import numpy as np
>>> from tracker.cards import format_cards, card_from_index, parse_cards
>>> def rows(text):
...     return np.array([[card.index for card in parse_cards(text)]])
>>> hole, board = rows("Ad Kd 3s 2s"), rows("Jd 4d 3c Qd 5h")
>>> five = omaha_high_cards(hole, board, np.array([7135]))
>>> format_cards(card_from_index(int(index)) for index in five[0])
'Ad Kd Qd Jd 4d'
>>> five = omaha_low_cards(hole, board, np.array([56]))
>>> format_cards(card_from_index(int(index)) for index in five[0])
'5h 4d 3c 2s Ad'
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from tracker.engine.batch import high_ranks_5, omaha_high_ranks_by_pair
from tracker.engine.high import describe_high_rank
from tracker.engine.low8 import describe_low_rank
from tracker.engine.tables import CARD_LOW_BIT, HIGH_CLASS_COUNT, LOW_CLASS_COUNT, LOW_PATTERNS

Rows = npt.NDArray[np.int64]

_TRIPLES = np.array(list(combinations(range(5), 3)), dtype=np.intp)
_STUD_FIVES = np.array(list(combinations(range(7), 5)), dtype=np.intp)
_WHEEL_RANKS = (1 << 12) | 0b1111  # A, 2, 3, 4, 5 as bits of rank - 2
_LOW_BITS = np.asarray(CARD_LOW_BIT, dtype=np.int64)


@cache
def high_names() -> tuple[str, ...]:
    """`high_names()[rank]`: the name of each high rank (index 0 is empty)."""
    return ("", *(describe_high_rank(rank) for rank in range(1, HIGH_CLASS_COUNT + 1)))


@cache
def low_names() -> tuple[str, ...]:
    """`low_names()[rank]`: the name of each low rank (index 0 is empty)."""
    return ("", *(describe_low_rank(rank) for rank in range(1, LOW_CLASS_COUNT + 1)))


@cache
def _low_targets() -> Rows:
    """Low rank -> the 8-bit mask of its five values (ace = bit 0)."""
    masks = np.zeros(LOW_CLASS_COUNT + 1, dtype=np.int64)
    for rank, values in enumerate(LOW_PATTERNS):
        for value in values:
            masks[rank] |= 1 << (value - 1)
    return masks


def omaha_high_cards(hole: Rows, board: Rows, ranks: npt.ArrayLike) -> Rows:
    """The five cards (two hole, three board) of each row's best high of rank `ranks`,
    shapes (n, k), (n, 5), (n,) -> (n, 5), arranged."""
    target = np.asarray(ranks)
    pairs = list(combinations(range(hole.shape[1]), 2))
    by_pair = omaha_high_ranks_by_pair(hole, board, check=False)
    pair = np.array(pairs, dtype=np.intp)[np.argmax(by_pair == target[:, None], axis=1)]
    rows = np.arange(len(hole))
    two = np.stack([hole[rows, pair[:, 0]], hole[rows, pair[:, 1]]], axis=1)
    fives = [np.concatenate([two, board[:, triple]], axis=1) for triple in _TRIPLES]
    by_triple = np.stack([high_ranks_5(five, check=False) for five in fives], axis=1)
    chosen = np.argmax(by_triple == target[:, None], axis=1)
    return arrange_high(np.stack(fives, axis=1)[rows, chosen])


def omaha_low_cards(hole: Rows, board: Rows, ranks: npt.ArrayLike) -> Rows:
    """The five cards (two hole, three board) of each row's best low of rank `ranks`
    (every rank a qualifying low), shapes (n, k), (n, 5), (n,) -> (n, 5), arranged."""
    target = _low_targets()[np.asarray(ranks)]
    hole_bits, board_bits = _LOW_BITS[hole], _LOW_BITS[board]
    board_mask = np.bitwise_or.reduce(board_bits, axis=1)
    pairs = list(combinations(range(hole.shape[1]), 2))
    fits = []
    for first, second in pairs:
        a, b = hole_bits[:, first], hole_bits[:, second]
        both = a | b
        fits.append(
            (a != 0) & (b != 0) & (a != b) & (both & ~target == 0)
            & (target & ~both & ~board_mask == 0)
        )  # fmt: skip
    pair = np.array(pairs, dtype=np.intp)[np.argmax(np.stack(fits, axis=1), axis=1)]
    rows = np.arange(len(hole))
    two = np.stack([hole[rows, pair[:, 0]], hole[rows, pair[:, 1]]], axis=1)
    needed = target & ~(_LOW_BITS[two[:, 0]] | _LOW_BITS[two[:, 1]])
    three = _first_of_each(board, board_bits, needed, 3)
    return arrange_low(np.concatenate([two, three], axis=1))


def stud_high_cards(cards: Rows, ranks: npt.ArrayLike) -> Rows:
    """The five of each row's seven cards that make its best high of rank `ranks`,
    shapes (n, 7), (n,) -> (n, 5), arranged."""
    target = np.asarray(ranks)
    by_five = np.stack([high_ranks_5(cards[:, five], check=False) for five in _STUD_FIVES], axis=1)
    chosen = _STUD_FIVES[np.argmax(by_five == target[:, None], axis=1)]
    return arrange_high(np.take_along_axis(cards, chosen, axis=1))


def stud_low_cards(cards: Rows, ranks: npt.ArrayLike) -> Rows:
    """The five of each row's seven cards that make its best low of rank `ranks` (every
    rank a qualifying low), shapes (n, 7), (n,) -> (n, 5), arranged."""
    target = _low_targets()[np.asarray(ranks)]
    return arrange_low(_first_of_each(cards, _LOW_BITS[cards], target, 5))


def _first_of_each(cards: Rows, bits: Rows, needed: Rows, count: int) -> Rows:
    """For each row, the first card (left to right) of each low value in `needed`:
    `count` cards, in their order in the row."""
    taken = np.zeros(len(cards), dtype=np.int64)
    chosen = np.zeros(cards.shape, dtype=np.bool_)
    for column in range(cards.shape[1]):
        bit = bits[:, column]
        new = (bit & needed & ~taken) != 0
        chosen[:, column] = new
        taken |= np.where(new, bit, 0)
    order = np.argsort(~chosen, axis=1, kind="stable")[:, :count]
    picked: Rows = np.take_along_axis(cards, order, axis=1)
    return picked


def arrange_high(five: Rows) -> Rows:
    """Rows of five cards in the order their high hand reads (`engine.high.arrange_high`):
    groups first, then kickers from the top, each by rank then suit; a five-high straight
    puts its ace last."""
    ranks, suits = five >> 2, five & 3
    counts = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    present = np.bitwise_or.reduce(np.left_shift(1, ranks), axis=1)
    wheel = (present == _WHEEL_RANKS)[:, None]
    values = np.where(wheel & (ranks == 12), 1, ranks + 2)
    key = counts * 1000 + values * 4 + suits
    arranged: Rows = np.take_along_axis(five, np.argsort(-key, axis=1, kind="stable"), axis=1)
    return arranged


def arrange_low(five: Rows) -> Rows:
    """Rows of five cards in the order a low reads (`engine.low8.arrange_low`): the
    highest first, the ace last, each by value then suit."""
    ranks, suits = five >> 2, five & 3
    values = np.where(ranks == 12, 1, ranks + 2)
    key = values * 4 + suits
    arranged: Rows = np.take_along_axis(five, np.argsort(-key, axis=1, kind="stable"), axis=1)
    return arranged
