"""Five-card 8-or-better lows (ace-to-five): their rank and their name.

A low rank is 0 when five cards make no qualifying low (a pair, or a card above 8), else a
number from 1 to 56 where a HIGHER rank is a BETTER low: 1 is 8-7-6-5-4, 56 the wheel
5-4-3-2-A. Straights and flushes do not count against a low.

>>> from tracker.cards import parse_cards
>>> low_rank(parse_cards("5d 4d 3d 2d Ad")), low_rank(parse_cards("8c 7d 6h 5s 4c"))
(56, 1)
>>> describe_low(parse_cards("3h 8c Ad 5s 7h"))
'8,7,5,3,A'
"""

from __future__ import annotations

from collections.abc import Sequence

from tracker.cards import Card, ensure_distinct
from tracker.engine.tables import LOW_BY_MASK, LOW_CLASS_COUNT, LOW_PATTERNS, low_value_or_none
from tracker.errors import ShowdownError

__all__ = ["arrange_low", "describe_low", "describe_low_rank", "low_rank", "low_rank_of_indexes"]

# Card index -> its bit in the 8-bit low mask (0 for 9 to K): five cards qualify exactly when
# their bits are five different ones.
_LOW_BIT = [
    0 if (value := low_value_or_none((index >> 2) + 2)) is None else 1 << (value - 1)
    for index in range(52)
]


def low_rank_of_indexes(a: int, b: int, c: int, d: int, e: int) -> int:
    """The low rank of five cards given as indexes (0 = 2c ... 51 = As); 0 = no low.

    The fast path: no checks (five distinct indexes in 0..51 are the caller's duty).

    >>> low_rank_of_indexes(48, 1, 6, 11, 12)  # Ac 2d 3h 4s 5c
    56
    >>> low_rank_of_indexes(48, 1, 6, 11, 28)  # Ac 2d 3h 4s 9c
    0
    """
    mask = _LOW_BIT[a] | _LOW_BIT[b] | _LOW_BIT[c] | _LOW_BIT[d] | _LOW_BIT[e]
    # Fewer than five bits (a pair, or a card above 8) leaves LOW_BY_MASK at 0.
    return LOW_BY_MASK[mask]


def low_rank(cards: Sequence[Card]) -> int:
    """The low rank of exactly five distinct cards: 0 for no low, else 1..56 (higher is better).

    >>> from tracker.cards import parse_cards
    >>> low_rank(parse_cards("8s 5h 4d 3c 2c")) > low_rank(parse_cards("8d 6c 3s 2h Ah"))
    True
    >>> low_rank(parse_cards("6s 5h 4d 3c 2c")) > low_rank(parse_cards("7d 4c 3s 2h Ah"))
    True

    Raises:
        ShowdownError: unless there are exactly five cards.
        CardError: when a card appears twice.
    """
    if len(cards) != 5:
        raise ShowdownError(f"a low hand is five cards, not {len(cards)}")
    ensure_distinct(cards)
    a, b, c, d, e = (card.index for card in cards)
    return low_rank_of_indexes(a, b, c, d, e)


def describe_low_rank(rank: int) -> str:
    """A qualifying low rank written as its values, highest first, the ace as "A".

    >>> describe_low_rank(56), describe_low_rank(1)
    ('5,4,3,2,A', '8,7,6,5,4')

    Raises:
        ShowdownError: for a number outside 1..56 (0, "no low", has no name).
    """
    if not 1 <= rank <= LOW_CLASS_COUNT:
        raise ShowdownError(f"no qualifying low has rank {rank} (ranks run 1..{LOW_CLASS_COUNT})")
    return ",".join("A" if value == 1 else str(value) for value in LOW_PATTERNS[rank])


def describe_low(cards: Sequence[Card]) -> str:
    """The low five cards make, written like "8,7,5,3,A".

    >>> from tracker.cards import parse_cards
    >>> describe_low(parse_cards("2c 4d As 6h 7c"))
    '7,6,4,2,A'

    Raises:
        ShowdownError: unless there are five cards, or when they make no qualifying low.
        CardError: when a card appears twice.
    """
    rank = low_rank(cards)
    if rank == 0:
        raise ShowdownError("these five cards make no 8-or-better low")
    return describe_low_rank(rank)


def arrange_low(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards in the order a low reads: the highest first, the ace last (it counts as 1).

    >>> from tracker.cards import format_cards, parse_cards
    >>> format_cards(arrange_low(parse_cards("Ad 3c 8h 2s 5d")))
    '8h 5d 3c 2s Ad'
    """

    def value(card: Card) -> tuple[int, int]:
        return (1 if card.rank == 14 else int(card.rank), int(card.suit))

    return tuple(sorted(cards, key=value, reverse=True))
