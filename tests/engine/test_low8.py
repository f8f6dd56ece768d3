"""Five-card 8-or-better lows: qualification, order, names, and errors."""

from __future__ import annotations

import pytest

from tracker.cards import format_cards, parse_cards
from tracker.engine.low8 import (
    arrange_low,
    describe_low,
    describe_low_rank,
    low_rank,
    low_rank_of_indexes,
)
from tracker.errors import CardError, ShowdownError


def test_extremes() -> None:
    assert low_rank(parse_cards("5d 4c 3h 2s Ad")) == 56
    assert low_rank(parse_cards("8c 7d 6h 5s 4c")) == 1


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        # RULES.md: compare from the highest card down.
        ("8s 5h 4d 3c 2c", "8d 6c 3s 2h Ah"),
        ("6s 5h 4d 3c 2c", "7d 4c 3s 2h Ah"),
        ("5d 4c 3h 2s Ad", "6d 4c 3h 2s Ad"),
        ("7d 6c 5h 4s 2d", "7d 6c 5h 4s 3d"),
        ("8d 7c 6h 5s 3d", "8d 7c 6h 5s 4d"),
    ],
)
def test_order(better: str, worse: str) -> None:
    assert low_rank(parse_cards(better)) > low_rank(parse_cards(worse)) > 0


@pytest.mark.parametrize(
    "text",
    [
        "9c 5d 4h 3s 2c",  # a nine
        "Kc 5d 4h 3s 2c",
        "5c 5d 4h 3s 2c",  # a pair
        "Ac As 4h 3s 2c",  # a pair of aces
        "8c 8d 7h 7s 6c",
    ],
)
def test_no_qualifying_low(text: str) -> None:
    assert low_rank(parse_cards(text)) == 0


def test_straights_and_flushes_do_not_count_against_a_low() -> None:
    wheel = low_rank(parse_cards("5d 4c 3h 2s Ad"))
    assert low_rank(parse_cards("5d 4d 3d 2d Ad")) == wheel
    assert low_rank(parse_cards("8h 7h 5h 3h 2h")) == low_rank(parse_cards("8h 7c 5h 3h 2h"))


def test_index_fast_path_matches() -> None:
    for text in ["5d 4c 3h 2s Ad", "8c 7d 6h 5s 4c", "9c 5d 4h 3s 2c", "Ac As 4h 3s 2c"]:
        cards = parse_cards(text)
        a, b, c, d, e = (card.index for card in cards)
        assert low_rank_of_indexes(a, b, c, d, e) == low_rank(cards)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("3h 8c Ad 5s 7h", "8,7,5,3,A"),
        ("2c 4d As 3h 5c", "5,4,3,2,A"),
        ("8c 7d 6h 5s 4c", "8,7,6,5,4"),
    ],
)
def test_describe_low(text: str, name: str) -> None:
    assert describe_low(parse_cards(text)) == name


def test_every_low_rank_has_its_own_name() -> None:
    names = [describe_low_rank(rank) for rank in range(1, 57)]
    assert len(set(names)) == 56
    assert names[0] == "8,7,6,5,4"
    assert names[-1] == "5,4,3,2,A"


def test_describe_no_low_raises() -> None:
    with pytest.raises(ShowdownError, match="no 8-or-better low"):
        describe_low(parse_cards("9c 5d 4h 3s 2c"))


@pytest.mark.parametrize("rank", [0, 57, -3])
def test_ranks_outside_the_range_raise(rank: int) -> None:
    with pytest.raises(ShowdownError, match="no qualifying low has rank"):
        describe_low_rank(rank)


def test_five_cards_exactly_and_distinct() -> None:
    with pytest.raises(ShowdownError, match="a low hand is five cards"):
        low_rank(parse_cards("5d 4c 3h 2s"))
    with pytest.raises(CardError, match="duplicate card 5d"):
        low_rank(parse_cards("5d 5d 3h 2s Ad", allow_duplicates=True))


def test_arrange_low() -> None:
    assert format_cards(arrange_low(parse_cards("Ad 3c 8h 2s 5d"))) == "8h 5d 3c 2s Ad"
