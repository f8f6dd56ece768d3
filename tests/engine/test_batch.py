"""The batch evaluators: every five-card hand, agreement with the scalar API, and errors."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from itertools import combinations

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tracker.cards import DECK, RANK_SYMBOLS, Card, parse_cards
from tracker.engine.batch import (
    CHUNK_DEALS,
    high_ranks_5,
    low_ranks_5,
    omaha_high_ranks,
    omaha_hilo_ranks,
    omaha_low_ranks,
    stud_high_ranks,
    stud_low_ranks,
)
from tracker.engine.hands import best_oklahoma, best_omaha, best_stud
from tracker.engine.high import HighCategory, high_category, high_rank
from tracker.engine.low8 import low_rank
from tracker.engine.tables import HIGH_CATEGORY_STARTS
from tracker.errors import CardError, ShowdownError

# sha256 of the lines "<rank> <ranks high to low> <1 if suited else 0>", one per high class
# in rank order: any change to the ordering of the 7,462 classes changes it.
HIGH_ORDER_DIGEST = "dfdb4dab6e13d2a81bb33f04f79d4c4ab5503d9379b1a666784d1ea00fe183a0"

# Hands per category among all C(52, 5), and classes per category (standard figures).
HANDS_PER_CATEGORY = {
    HighCategory.HIGH_CARD: 1_302_540,
    HighCategory.PAIR: 1_098_240,
    HighCategory.TWO_PAIR: 123_552,
    HighCategory.THREE_OF_A_KIND: 54_912,
    HighCategory.STRAIGHT: 10_200,
    HighCategory.FLUSH: 5_108,
    HighCategory.FULL_HOUSE: 3_744,
    HighCategory.FOUR_OF_A_KIND: 624,
    HighCategory.STRAIGHT_FLUSH: 40,
}
CLASSES_PER_CATEGORY = {
    HighCategory.HIGH_CARD: 1277,
    HighCategory.PAIR: 2860,
    HighCategory.TWO_PAIR: 858,
    HighCategory.THREE_OF_A_KIND: 858,
    HighCategory.STRAIGHT: 10,
    HighCategory.FLUSH: 1277,
    HighCategory.FULL_HOUSE: 156,
    HighCategory.FOUR_OF_A_KIND: 156,
    HighCategory.STRAIGHT_FLUSH: 10,
}


@pytest.fixture(scope="module")
def all_fives() -> npt.NDArray[np.int8]:
    """Every five-card hand, one per row (2,598,960 rows)."""
    dtype = np.dtype((np.int8, 5))
    return np.fromiter(combinations(range(52), 5), dtype=dtype, count=2_598_960)


@pytest.fixture(scope="module")
def all_high_ranks(all_fives: npt.NDArray[np.int8]) -> npt.NDArray[np.int32]:
    return high_ranks_5(all_fives)


def test_every_five_card_hand_has_one_of_7462_classes(
    all_high_ranks: npt.NDArray[np.int32],
) -> None:
    assert all_high_ranks.shape == (2_598_960,)
    assert len(np.unique(all_high_ranks)) == 7462
    assert (all_high_ranks.min(), all_high_ranks.max()) == (1, 7462)


def test_hands_and_classes_per_category(all_high_ranks: npt.NDArray[np.int32]) -> None:
    categories = np.searchsorted(HIGH_CATEGORY_STARTS, all_high_ranks, side="right")
    for category, hands in HANDS_PER_CATEGORY.items():
        in_category = all_high_ranks[categories == category]
        assert len(in_category) == hands, category
        assert len(np.unique(in_category)) == CLASSES_PER_CATEGORY[category], category


def test_the_ordering_of_the_classes_is_pinned(
    all_fives: npt.NDArray[np.int8], all_high_ranks: npt.NDArray[np.int32]
) -> None:
    ranks_high_first = np.sort(all_fives >> 2, axis=1)[:, ::-1]
    suits = all_fives & 3
    suited = (suits == suits[:, :1]).all(axis=1)
    pattern = (ranks_high_first * 13 ** np.arange(4, -1, -1)).sum(axis=1) * 2 + suited
    # Each class is one rank pattern (with or without a flush) and each pattern one class.
    pairs = np.unique(np.stack([all_high_ranks, pattern]), axis=1)
    assert pairs.shape[1] == 7462
    assert len(np.unique(pattern)) == 7462
    lines = []
    for rank, code in pairs.T:
        ranks = "".join(RANK_SYMBOLS[(code // 2) // 13**power % 13] for power in range(4, -1, -1))
        lines.append(f"{rank} {ranks} {code % 2}")
    assert lines[0] == "1 75432 0"
    assert lines[-1] == "7462 AKQJT 1"
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    assert digest == HIGH_ORDER_DIGEST


def test_scalar_agrees_on_one_hand_of_every_class(
    all_fives: npt.NDArray[np.int8], all_high_ranks: npt.NDArray[np.int32]
) -> None:
    _, first_rows = np.unique(all_high_ranks, return_index=True)
    for row in first_rows:
        cards = [DECK[index] for index in all_fives[row]]
        assert high_rank(cards) == all_high_ranks[row]


def test_every_five_card_low(all_fives: npt.NDArray[np.int8]) -> None:
    lows = low_ranks_5(all_fives)
    qualifying = lows[lows > 0]
    assert len(np.unique(qualifying)) == 56
    # 56 sets of five low values, any suits: 4 ** 5 hands each.
    assert len(qualifying) == 56 * 4**5
    assert (np.bincount(qualifying)[1:] == 4**5).all()
    _, first_rows = np.unique(lows, return_index=True)
    for row in first_rows:
        cards = [DECK[index] for index in all_fives[row]]
        assert low_rank(cards) == lows[row]


# ---- batch == scalar ------------------------------------------------------------------


def random_deals(seed: int, deals: int, cards: int) -> npt.NDArray[np.int8]:
    """`deals` rows of `cards` distinct card indexes."""
    shuffled = np.argsort(np.random.default_rng(seed).random((deals, 52)), axis=1)
    return shuffled[:, :cards].astype(np.int8)


def as_cards(row: npt.NDArray[np.int8]) -> list[Card]:
    return [DECK[index] for index in row]


def low_or_zero(low: object) -> int:
    return 0 if low is None else int(getattr(low, "rank", 0))


@pytest.mark.parametrize("hole_count", [2, 4, 5, 6])
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_omaha_batch_equals_scalar(hole_count: int, seed: int) -> None:
    dealt = random_deals(seed, 60, hole_count + 5)
    hole, board = dealt[:, :hole_count], dealt[:, hole_count:]
    highs, lows = omaha_hilo_ranks(hole, board)
    assert (highs == omaha_high_ranks(hole, board)).all()
    assert (lows == omaha_low_ranks(hole, board)).all()
    best = best_oklahoma if hole_count == 2 else best_omaha
    for row in range(len(dealt)):
        scalar = best(as_cards(hole[row]), as_cards(board[row]), hilo=True)
        assert (highs[row], lows[row]) == (scalar.high.rank, low_or_zero(scalar.low))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_stud_and_five_card_batch_equal_scalar(seed: int) -> None:
    dealt = random_deals(seed, 100, 7)
    highs, lows = stud_high_ranks(dealt), stud_low_ranks(dealt)
    fives_high, fives_low = high_ranks_5(dealt[:, :5]), low_ranks_5(dealt[:, :5])
    for row in range(len(dealt)):
        scalar = best_stud(as_cards(dealt[row]), hilo=True)
        assert (highs[row], lows[row]) == (scalar.high.rank, low_or_zero(scalar.low))
        five = as_cards(dealt[row, :5])
        assert (fives_high[row], fives_low[row]) == (high_rank(five), low_rank(five))


def test_rules_examples_in_batch() -> None:
    def rows(*texts: str) -> list[list[int]]:
        return [[card.index for card in parse_cards(text)] for text in texts]

    high, low = omaha_hilo_ranks(rows("Ad Kd 3s 2s", "Ah As Ad Ac"), rows(*["Jd 4d 3c Qd 5h"] * 2))
    assert high[0] == high_rank(parse_cards("Ad Kd Jd 4d Qd"))
    assert low.tolist() == [56, 0]
    assert high_category(int(high[1])) is HighCategory.PAIR
    royal_board = rows("Ah Kh Qh Jh Th")
    assert omaha_high_ranks(rows("2c 3d 7s 8c"), royal_board)[0] < 7462
    stud = stud_high_ranks(rows("Ks Qh 8s 7d 6c 5h 4c"))
    assert stud[0] == high_rank(parse_cards("8s 7d 6c 5h 4c"))
    assert stud_low_ranks(rows("Ks Qh 8s 7d 6c 5h 4c"))[0] == 1


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64, np.uint8])
def test_any_integer_dtype(dtype: type) -> None:
    dealt = random_deals(7, 50, 9)
    expected = omaha_hilo_ranks(dealt[:, :4], dealt[:, 4:])
    converted = dealt.astype(dtype)
    got = omaha_hilo_ranks(converted[:, :4], converted[:, 4:])
    assert all((left == right).all() for left, right in zip(expected, got, strict=True))
    assert got[0].dtype == np.int32


def test_empty_input_gives_empty_output() -> None:
    empty = np.zeros((0, 5), dtype=np.int8)
    assert omaha_high_ranks(np.zeros((0, 4), dtype=np.int8), empty).shape == (0,)
    assert high_ranks_5(empty).shape == (0,)
    assert stud_low_ranks(np.zeros((0, 7), dtype=np.int8)).shape == (0,)


def bad_inputs() -> Iterator[tuple[object, object, type[Exception], str]]:
    board = [[0, 1, 2, 3, 4]]
    yield [[5, 6, 7]], board, ShowdownError, r"hole must have shape \(n, 2 or 4 or 5 or 6\)"
    yield [5, 6, 7, 8], board, ShowdownError, "hole must have shape"
    yield [[5, 6, 7, 8]], [[0, 1, 2, 3]], ShowdownError, r"board must have shape \(n, 5\)"
    yield [[5, 6, 7, 8]], [[0, 1, 2, 3, 4]] * 2, ShowdownError, "hole and board differ in rows"
    yield [[5, 6, 7, 52]], board, CardError, "outside 0..51"
    yield [[5, 6, 7, -1]], board, CardError, "outside 0..51"
    yield [[5, 6, 7, 4]], board, CardError, "deal 0 holds the same card twice"
    yield [[5.0, 6.0, 7.0, 8.0]], board, CardError, "must be integer card indexes"


@pytest.mark.parametrize(("hole", "board", "error", "message"), list(bad_inputs()))
def test_bad_omaha_input(hole: object, board: object, error: type[Exception], message: str) -> None:
    for evaluate in (omaha_high_ranks, omaha_low_ranks, omaha_hilo_ranks):
        with pytest.raises(error, match=message):
            evaluate(hole, board)  # type: ignore[operator]


def test_bad_single_input() -> None:
    with pytest.raises(CardError, match="deal 1 holds the same card twice"):
        stud_high_ranks([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 5]])
    with pytest.raises(ShowdownError, match=r"cards must have shape \(n, 7\)"):
        stud_low_ranks([[0, 1, 2, 3, 4]])
    with pytest.raises(CardError, match=r"outside 0\.\.51"):
        high_ranks_5([[0, 1, 2, 3, 99]])
    # check=False trusts the caller: no error for the repeated card.
    assert low_ranks_5([[0, 0, 4, 8, 12]], check=False).shape == (1,)


def test_results_and_errors_across_chunks() -> None:
    deals = CHUNK_DEALS + 100
    dealt = random_deals(11, deals, 9)
    hole, board = dealt[:, :4], dealt[:, 4:]
    whole = omaha_high_ranks(hole, board)
    tail = omaha_high_ranks(hole[CHUNK_DEALS - 50 :], board[CHUNK_DEALS - 50 :])
    assert (whole[CHUNK_DEALS - 50 :] == tail).all()
    hole = hole.copy()
    hole[CHUNK_DEALS + 5, 0] = board[CHUNK_DEALS + 5, 0]
    with pytest.raises(CardError, match=f"deal {CHUNK_DEALS + 5} holds the same card twice"):
        omaha_low_ranks(hole, board)
