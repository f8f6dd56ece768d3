"""Five-card high ranks: order, categories, names, and errors."""

from __future__ import annotations

from itertools import pairwise

import pytest

from tracker.cards import format_cards, parse_cards
from tracker.engine.high import (
    HighCategory,
    arrange_high,
    describe_high,
    describe_high_rank,
    high_category,
    high_rank,
    high_rank_of_indexes,
)
from tracker.errors import CardError, ShowdownError

# From the worst to the best; each hand strictly beats the one before it.
ASCENDING = [
    "7c 5d 4c 3c 2d",
    "8c 5d 4c 3c 2d",
    "Ac Kd Qc Jc 9d",
    "2c 2d 5c 4c 3d",
    "2c 2d Ac Kc Qd",
    "3c 3d 5c 4c 2d",
    "Ac Ad Kc Qc Jd",
    "3c 3d 2c 2h 4d",
    "3c 3d 2c 2h Ad",
    "Ac Ad Kc Kh Qd",
    "2c 2d 2h 4c 3d",
    "Ac Ad Ah Kc Qd",
    "Ac 2d 3h 4s 5c",
    "6c 2d 3h 4s 5c",
    "Ac Kd Qh Js Tc",
    "7c 5c 4c 3c 2c",
    "Ac Kc Qc Jc 9c",
    "2c 2d 2h 3c 3d",
    "2c 2d 2h Ac Ad",
    "3c 3d 3h 2c 2d",
    "Ac Ad Ah Kc Kd",
    "2c 2d 2h 2s 3c",
    "2c 2d 2h 2s Ac",
    "Ac Ad Ah As Kc",
    "5d 4d 3d 2d Ad",
    "6d 5d 4d 3d 2d",
    "Kd Qd Jd Td 9d",
    "Ad Kd Qd Jd Td",
]


def test_extremes() -> None:
    assert high_rank(parse_cards(ASCENDING[0])) == 1
    assert high_rank(parse_cards(ASCENDING[-1])) == 7462


@pytest.mark.parametrize(("worse", "better"), list(pairwise(ASCENDING)))
def test_each_hand_beats_the_one_before(worse: str, better: str) -> None:
    assert high_rank(parse_cards(worse)) < high_rank(parse_cards(better))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ac Kd Qh Js 9c", "As Kh Qd Jc 9s"),
        ("Ac Ad Kh Ks 9c", "Ah As Kc Kd 9d"),
        ("Ac Kc Qc Jc 9c", "Ad Kd Qd Jd 9d"),
        ("5c 4d 3h 2s Ac", "5h 4h 3d 2c As"),
    ],
)
def test_suits_never_break_a_tie(first: str, second: str) -> None:
    assert high_rank(parse_cards(first)) == high_rank(parse_cards(second))


def test_the_order_of_the_cards_does_not_matter() -> None:
    cards = parse_cards("Jc Js 5d 5h 9c")
    assert high_rank(cards) == high_rank(cards[::-1]) == high_rank(cards[2:] + cards[:2])


def test_index_fast_path_matches() -> None:
    for text in ASCENDING:
        cards = parse_cards(text)
        a, b, c, d, e = (card.index for card in cards)
        assert high_rank_of_indexes(a, b, c, d, e) == high_rank(cards)


@pytest.mark.parametrize(
    ("text", "category", "name"),
    [
        ("Ac Kd 9h 4s 2c", HighCategory.HIGH_CARD, "high card Ace"),
        ("9c 9d Ah 4s 2c", HighCategory.PAIR, "a pair of Nines"),
        ("6c 6d Ah 4s 2c", HighCategory.PAIR, "a pair of Sixes"),
        ("Jc Js 5d 5h 9c", HighCategory.TWO_PAIR, "two pair, Jacks and Fives"),
        ("Jc Js Jd 5h 9c", HighCategory.THREE_OF_A_KIND, "three of a kind, Jacks"),
        ("Ac 2d 3h 4s 5c", HighCategory.STRAIGHT, "a straight, Ace to Five"),
        ("8c 7d 6h 5s 4c", HighCategory.STRAIGHT, "a straight, Eight high"),
        ("Ac Kd Qh Js Tc", HighCategory.STRAIGHT, "a straight, Ace high"),
        ("Ah 9h 7h 4h 2h", HighCategory.FLUSH, "a flush, Ace high"),
        ("7h 7d 7s 5c 5d", HighCategory.FULL_HOUSE, "a full house, Sevens full of Fives"),
        ("Ah Ad As Ac 5d", HighCategory.FOUR_OF_A_KIND, "four of a kind, Aces"),
        ("Ks Qs Js Ts 9s", HighCategory.STRAIGHT_FLUSH, "a straight flush, King high"),
        ("5s 4s 3s 2s As", HighCategory.STRAIGHT_FLUSH, "a straight flush, Ace to Five"),
        ("As Ks Qs Js Ts", HighCategory.STRAIGHT_FLUSH, "a royal flush"),
    ],
)
def test_categories_and_names(text: str, category: HighCategory, name: str) -> None:
    cards = parse_cards(text)
    assert high_category(high_rank(cards)) is category
    assert describe_high(cards) == name


def test_names_say_the_category_and_its_leading_ranks() -> None:
    names = {describe_high_rank(rank) for rank in range(1, 7463)}
    # High card and flush: top card 7..A (8 each); pair, trips, quads: 13 each; two pair:
    # C(13, 2); straight: 10; full house: 13 * 12; straight flush: 9 plus the royal.
    assert len(names) == 8 + 13 + 78 + 13 + 10 + 8 + 156 + 13 + 10


@pytest.mark.parametrize("rank", [0, -1, 7463])
def test_ranks_outside_the_range_raise(rank: int) -> None:
    with pytest.raises(ShowdownError, match="no high hand has rank"):
        high_category(rank)
    with pytest.raises(ShowdownError, match="no high hand has rank"):
        describe_high_rank(rank)


@pytest.mark.parametrize("text", ["Ac Kd 9h 4s", "Ac Kd 9h 4s 2c 3c", ""])
def test_five_cards_exactly(text: str) -> None:
    with pytest.raises(ShowdownError, match="a high hand is five cards"):
        high_rank(parse_cards(text))


def test_duplicates_raise() -> None:
    with pytest.raises(CardError, match="duplicate card Ac"):
        high_rank(parse_cards("Ac Ac 9h 4s 2c", allow_duplicates=True))


@pytest.mark.parametrize(
    ("text", "arranged"),
    [
        ("5c 9d 5h Jc Js", "Js Jc 5h 5c 9d"),
        ("5d 7h 7d 5c 7s", "7s 7h 7d 5d 5c"),
        ("As 2d 4c 3h 5s", "5s 4c 3h 2d As"),
        ("Ts As Js Ks Qs", "As Ks Qs Js Ts"),
    ],
)
def test_arrange_high(text: str, arranged: str) -> None:
    assert format_cards(arrange_high(parse_cards(text))) == arranged
