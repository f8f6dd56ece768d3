"""Five-card high hands: their rank, their category and their name.

A high rank is a number from 1 to 7462, one per distinct high hand, and a HIGHER rank is a
BETTER hand: 1 is 7-5-4-3-2 of mixed suits, 7462 the royal flush. Two hands tie exactly
when their ranks are equal (suits never break a tie).

>>> from tracker.cards import parse_cards
>>> high_rank(parse_cards("Ah Kh Qh Jh Th"))
7462
>>> describe_high(parse_cards("Jc Js 5d 5h 9c"))
'two pair, Jacks and Fives'
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from enum import IntEnum

from tracker.cards import Card, Rank, ensure_distinct
from tracker.engine.tables import (
    HIGH_BY_FLUSH_MASK,
    HIGH_BY_KEY,
    HIGH_CATEGORY_STARTS,
    HIGH_CLASS_COUNT,
    HIGH_PATTERNS,
    RANK_WEIGHTS_5,
)
from tracker.errors import ShowdownError

__all__ = [
    "HighCategory",
    "arrange_high",
    "describe_high",
    "describe_high_rank",
    "high_category",
    "high_rank",
    "high_rank_of_indexes",
]


class HighCategory(IntEnum):
    """The nine kinds of high hand, valued from the worst to the best."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9


# Rank 2..14 -> its name at index rank - 2.
_SINGULAR = [rank.name.title() for rank in Rank]
_PLURAL = [name + ("es" if name == "Six" else "s") for name in _SINGULAR]

# Card index -> weight of its rank, and -> its bit in a 13-bit rank mask.
_WEIGHT = [RANK_WEIGHTS_5[index >> 2] for index in range(52)]
_BIT = [1 << (index >> 2) for index in range(52)]


def high_rank_of_indexes(a: int, b: int, c: int, d: int, e: int) -> int:
    """The high rank of five distinct cards given as indexes (0 = 2c ... 51 = As).

    The fast path: no checks, so five distinct indexes in 0..51 are the caller's duty.

    >>> high_rank_of_indexes(51, 47, 43, 39, 35)  # As Ks Qs Js Ts
    7462
    >>> high_rank_of_indexes(20, 13, 8, 4, 1)  # 7c 5d 4c 3c 2d
    1
    """
    suit = a & 3
    if b & 3 == suit and c & 3 == suit and d & 3 == suit and e & 3 == suit:
        return HIGH_BY_FLUSH_MASK[_BIT[a] | _BIT[b] | _BIT[c] | _BIT[d] | _BIT[e]]
    return HIGH_BY_KEY[_WEIGHT[a] + _WEIGHT[b] + _WEIGHT[c] + _WEIGHT[d] + _WEIGHT[e]]


def high_rank(cards: Sequence[Card]) -> int:
    """The high rank (1..7462, higher is better) of exactly five distinct cards.

    >>> from tracker.cards import parse_cards
    >>> high_rank(parse_cards("7c 5d 4c 3c 2d")), high_rank(parse_cards("5s 4s 3s 2s As"))
    (1, 7453)

    Raises:
        ShowdownError: unless there are exactly five cards.
        CardError: when a card appears twice.
    """
    if len(cards) != 5:
        raise ShowdownError(f"a high hand is five cards, not {len(cards)}")
    ensure_distinct(cards)
    a, b, c, d, e = (card.index for card in cards)
    return high_rank_of_indexes(a, b, c, d, e)


def high_category(rank: int) -> HighCategory:
    """The category of a high rank.

    >>> high_category(1), high_category(7462)
    (<HighCategory.HIGH_CARD: 1>, <HighCategory.STRAIGHT_FLUSH: 9>)

    Raises:
        ShowdownError: for a number outside 1..7462.
    """
    _check_rank(rank)
    return HighCategory(bisect_right(HIGH_CATEGORY_STARTS, rank))


def describe_high_rank(rank: int) -> str:
    """The name of a high rank, in words.

    >>> describe_high_rank(7462), describe_high_rank(5854)
    ('a royal flush', 'a straight, Ace to Five')

    Raises:
        ShowdownError: for a number outside 1..7462.
    """
    category = high_category(rank)
    pattern, _ = HIGH_PATTERNS[rank]
    top = _SINGULAR[pattern[0] - 2]
    group, last_group = _PLURAL[pattern[0] - 2], _PLURAL[pattern[-1] - 2]
    if category in (HighCategory.STRAIGHT, HighCategory.STRAIGHT_FLUSH):
        if rank == HIGH_CLASS_COUNT:
            return "a royal flush"
        kind = "a straight" if category is HighCategory.STRAIGHT else "a straight flush"
        return f"{kind}, Ace to Five" if pattern[0] == 5 else f"{kind}, {top} high"
    names = {
        HighCategory.HIGH_CARD: f"high card {top}",
        HighCategory.PAIR: f"a pair of {group}",
        HighCategory.TWO_PAIR: f"two pair, {group} and {_PLURAL[pattern[2] - 2]}",
        HighCategory.THREE_OF_A_KIND: f"three of a kind, {group}",
        HighCategory.FLUSH: f"a flush, {top} high",
        HighCategory.FULL_HOUSE: f"a full house, {group} full of {last_group}",
        HighCategory.FOUR_OF_A_KIND: f"four of a kind, {group}",
    }
    return names[category]


def describe_high(cards: Sequence[Card]) -> str:
    """The name of the high hand five cards make.

    >>> from tracker.cards import parse_cards
    >>> describe_high(parse_cards("7h 7d 7s 5c 5d"))
    'a full house, Sevens full of Fives'

    Raises:
        ShowdownError: unless there are exactly five cards.
        CardError: when a card appears twice.
    """
    return describe_high_rank(high_rank(cards))


def arrange_high(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Five cards in the order their high hand reads: the most significant first.

    Groups first (the trips of a full house, then its pair), then the kickers from the top;
    a five-high straight puts its ace last.

    >>> from tracker.cards import format_cards, parse_cards
    >>> format_cards(arrange_high(parse_cards("5c 9d 5h Jc Js")))
    'Js Jc 5h 5c 9d'
    >>> format_cards(arrange_high(parse_cards("As 2d 4c 3h 5s")))
    '5s 4c 3h 2d As'
    """
    counts = Counter(card.rank for card in cards)
    ranks = sorted(counts)
    wheel = len(cards) == 5 and ranks == [2, 3, 4, 5, 14]

    def significance(card: Card) -> tuple[int, int, int]:
        rank = 1 if wheel and card.rank == 14 else int(card.rank)
        return (counts[card.rank], rank, int(card.suit))

    return tuple(sorted(cards, key=significance, reverse=True))


def _check_rank(rank: int) -> None:
    if not 1 <= rank <= HIGH_CLASS_COUNT:
        raise ShowdownError(f"no high hand has rank {rank} (ranks run 1..{HIGH_CLASS_COUNT})")
