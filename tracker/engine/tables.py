"""The lookup tables behind every evaluator, built once at import (a few milliseconds).

High hands. The 7,462 high classes are listed from the worst (7-5-4-3-2 offsuit) to the
best (the royal flush); a class's rank is its position in that list, from 1, so a HIGHER
rank is a BETTER hand. A class is the hand's ranks in order of significance (the "pattern":
`(7, 7, 7, 5, 5)` for sevens full of fives; a straight lists its cards from the top, the
wheel as `(5, 4, 3, 2, 14)`) plus whether it is suited.

Five cards find their class by one of two keys:
- suited hands: the 13-bit mask of their ranks (bit `r - 2` for rank `r`);
- every other hand: the sum of one weight per card's rank (`RANK_WEIGHTS_5`). The weights are
  the smallest increasing integers for which no two five-card rank multisets have the same
  sum, so the sum is a perfect hash of the ranks (at most 360,918).

Low hands (ace-to-five, 8 or better). A low is five different ranks from A (as 1) to 8; the
8-bit mask of those ranks (bit `v - 1` for value `v`, the ace being 1) is its key. The 56 lows
are ranked like the high classes: 1 = 8-7-6-5-4, 56 = 5-4-3-2-A; 0 means "no low".

>>> len(HIGH_PATTERNS) - 1, HIGH_PATTERNS[1], HIGH_PATTERNS[7462]
(7462, ((7, 5, 4, 3, 2), False), ((14, 13, 12, 11, 10), True))
>>> LOW_PATTERNS[56], LOW_PATTERNS[1]
((5, 4, 3, 2, 1), (8, 7, 6, 5, 4))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import Final

import numpy as np
import numpy.typing as npt

RANK_WEIGHTS_5: Final = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
"""Weight of ranks 2..A in the non-flush key of five cards (see the module docstring)."""

RANK_WEIGHTS_7: Final = (
    *(0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181),
)
"""Weights for seven cards: no two seven-card rank multisets share a sum (max 7,825,759)."""

HIGH_CLASS_COUNT: Final = 7462
LOW_CLASS_COUNT: Final = 56

Pattern = tuple[int, ...]
"""Ranks (2..14) in order of significance, e.g. `(11, 11, 5, 5, 9)` for two pair."""

# Categories 1..9 as HighCategory numbers them (high card .. straight flush).
_HIGH_CARD, _PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH, _FULL_HOUSE, _QUADS, _SF = range(1, 10)


def straight_top_or_none(ranks: Sequence[int]) -> int | None:
    """The top card of the straight five distinct ranks make (5 for the wheel), or None.

    >>> straight_top_or_none([14, 2, 3, 4, 5]), straight_top_or_none([9, 8, 7, 6, 4])
    (5, None)
    """
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct == [14, 5, 4, 3, 2]:
        return 5
    return distinct[0] if distinct[0] - distinct[4] == 4 else None


def _pattern_and_sort_key(ranks: Sequence[int], suited: bool) -> tuple[Pattern, tuple[int, ...]]:
    """The class pattern of five ranks and a key that sorts classes from worst to best."""
    top = straight_top_or_none(ranks)
    if top is not None:
        pattern = (5, 4, 3, 2, 14) if top == 5 else tuple(range(top, top - 5, -1))
        return pattern, (_SF if suited else _STRAIGHT, top)
    counts = Counter(ranks)
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    pattern = tuple(rank for rank in order for _ in range(counts[rank]))
    shape = tuple(sorted(counts.values(), reverse=True))
    category = {
        (4, 1): _QUADS,
        (3, 2): _FULL_HOUSE,
        (3, 1, 1): _TRIPS,
        (2, 2, 1): _TWO_PAIR,
        (2, 1, 1, 1): _PAIR,
    }.get(shape, _FLUSH if suited else _HIGH_CARD)
    return pattern, (category, *order)


def rank_multisets(size: int) -> list[tuple[int, ...]]:
    """Every multiset of `size` ranks (2..14) with at most four of a rank, ascending."""
    return [
        combo
        for combo in combinations_with_replacement(range(2, 15), size)
        if max(Counter(combo).values()) <= 4
    ]


def _high_classes() -> list[tuple[Pattern, bool, int]]:
    """The 7,462 (pattern, suited, category) classes from the worst to the best."""
    keyed = []
    for ranks in rank_multisets(5):
        keyed.append((*_pattern_and_sort_key(ranks, False), False))
        if len(set(ranks)) == 5:
            keyed.append((*_pattern_and_sort_key(ranks, True), True))
    keyed.sort(key=lambda item: item[1])
    return [(pattern, suited, sort_key[0]) for pattern, sort_key, suited in keyed]


def rank_mask(ranks: Sequence[int]) -> int:
    """The 13-bit mask of ranks 2..14 (bit `rank - 2`).

    >>> rank_mask([2, 3, 14])
    4099
    """
    mask = 0
    for rank in ranks:
        mask |= 1 << (rank - 2)
    return mask


def high_key_5(ranks: Sequence[int]) -> int:
    """The non-flush key of five ranks: the sum of their `RANK_WEIGHTS_5`.

    >>> high_key_5([2, 2, 2, 2, 3])
    1
    """
    return sum(RANK_WEIGHTS_5[rank - 2] for rank in ranks)


_CLASSES: Final = _high_classes()

HIGH_PATTERNS: Final[tuple[tuple[Pattern, bool], ...]] = (
    ((), False),
    *((pattern, suited) for pattern, suited, _ in _CLASSES),
)
"""`HIGH_PATTERNS[rank]` is the (pattern, suited) of high rank 1..7462 (index 0 is unused)."""

HIGH_CATEGORY_STARTS: Final[tuple[int, ...]] = tuple(
    next(rank for rank, (*_, category) in enumerate(_CLASSES, 1) if category == wanted)
    for wanted in range(_HIGH_CARD, _SF + 1)
)
"""The lowest rank of each category, high card first: (1, 1278, 4138, ..., 7453)."""

HIGH_BY_KEY: Final[dict[int, int]] = {
    high_key_5(pattern): rank
    for rank, (pattern, suited) in enumerate(HIGH_PATTERNS)
    if pattern and not suited
}
"""Non-flush key of five cards -> high rank (6,175 entries)."""

HIGH_BY_FLUSH_MASK: Final[dict[int, int]] = {
    rank_mask(pattern): rank for rank, (pattern, suited) in enumerate(HIGH_PATTERNS) if suited
}
"""13-bit rank mask of five suited cards -> high rank (1,287 entries)."""


def _low_classes() -> list[Pattern]:
    """The 56 lows as descending values (ace = 1), from the worst to the best."""
    lows = [tuple(sorted(combo, reverse=True)) for combo in combinations(range(1, 9), 5)]
    return sorted(lows, reverse=True)


LOW_PATTERNS: Final[tuple[Pattern, ...]] = ((), *_low_classes())
"""`LOW_PATTERNS[rank]` is the low of rank 1..56 as values, highest first, ace = 1."""


def low_mask(values: Sequence[int]) -> int:
    """The 8-bit mask of low values 1..8 (bit `value - 1`).

    >>> low_mask([1, 2, 8])
    131
    """
    mask = 0
    for value in values:
        mask |= 1 << (value - 1)
    return mask


LOW_BY_MASK: Final[tuple[int, ...]] = tuple(
    {low_mask(pattern): rank for rank, pattern in enumerate(LOW_PATTERNS) if rank}.get(mask, 0)
    for mask in range(256)
)
"""8-bit mask of exactly five low values -> low rank 1..56; every other mask -> 0."""


# ---- numpy tables for the batch evaluators ------------------------------------------------


def _dense(entries: dict[int, int], size: int) -> npt.NDArray[np.int16]:
    """An int16 array of `size` zeros with the key -> value entries filled in."""
    table = np.zeros(size, dtype=np.int16)
    table[list(entries)] = list(entries.values())
    return table


HIGH_BY_KEY_ARRAY: Final = _dense(HIGH_BY_KEY, high_key_5([14] * 4 + [13]) + 1)
"""`HIGH_BY_KEY` as a dense int16 array (0 where no hand has that key)."""

HIGH_BY_FLUSH_MASK_ARRAY: Final = _dense(HIGH_BY_FLUSH_MASK, 1 << 13)
"""`HIGH_BY_FLUSH_MASK` as a dense int16 array over all 8,192 masks (0 unless five bits)."""

LOW_BY_MASK_ARRAY: Final = np.array(LOW_BY_MASK, dtype=np.int8)
"""`LOW_BY_MASK` as an int8 array."""

CARD_RANK_WEIGHT_5: Final = np.repeat(np.array(RANK_WEIGHTS_5, dtype=np.int32), 4)
"""Card index (0..51) -> its rank's `RANK_WEIGHTS_5`."""

CARD_RANK_WEIGHT_7: Final = np.repeat(np.array(RANK_WEIGHTS_7, dtype=np.int32), 4)
"""Card index (0..51) -> its rank's `RANK_WEIGHTS_7`."""

CARD_SUIT_RANK_BIT: Final = np.array(
    [1 << (13 * (index & 3) + (index >> 2)) for index in range(52)], dtype=np.int64
)
"""Card index -> one bit of a 52-bit word: 13 bits per suit (clubs lowest), rank order within."""


def low_value_or_none(rank: int) -> int | None:
    """The value a rank (2..14) has in an 8-or-better low: the ace is 1; 9 and up have none.

    >>> low_value_or_none(14), low_value_or_none(8), low_value_or_none(9)
    (1, 8, None)
    """
    if rank == 14:
        return 1
    return rank if rank <= 8 else None


def _card_low_bit(index: int) -> int:
    value = low_value_or_none((index >> 2) + 2)
    return 0 if value is None else 1 << (value - 1)


CARD_LOW_BIT: Final = np.array([_card_low_bit(index) for index in range(52)], dtype=np.uint8)
"""Card index -> its bit in the 8-bit low mask (ace bit 0, 2 bit 1 ... 8 bit 7; 9..K none)."""


def _lowest_five(mask: int) -> int:
    """The mask of the five lowest values in an 8-bit low mask (or 0 when fewer than five)."""
    bits = [bit for bit in range(8) if mask >> bit & 1]
    return sum(1 << bit for bit in bits[:5]) if len(bits) >= 5 else 0


LOW_BEST_OF_MASK_ARRAY: Final = np.array(
    [LOW_BY_MASK[_lowest_five(mask)] for mask in range(256)], dtype=np.int8
)
"""Any 8-bit low mask -> the rank of the best low its values make (0 if fewer than five)."""
