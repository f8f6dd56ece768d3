"""Our rankings against an independent oracle: pokerkit's hand classes.

pokerkit is slow (about two thousand Omaha evaluations a second), so the random deals are
few: 5,000 deals of two players per game, seeded so a failure can be replayed.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, pairwise

import numpy as np
import numpy.typing as npt
import pytest

from tracker.cards import DECK
from tracker.engine.batch import (
    high_ranks_5,
    low_ranks_5,
    omaha_high_ranks,
    omaha_low_ranks,
    stud_high_ranks,
    stud_low_ranks,
)
from tracker.engine.high import high_category

pokerkit = pytest.importorskip("pokerkit", reason="pokerkit (a dev dependency) is not installed")

DEALS_PER_GAME = 5_000
PLAYERS = 2

Deal = npt.NDArray[np.int8]
Ranks = npt.NDArray[np.int32]


def text(indexes: Deal) -> str:
    return "".join(DECK[index].text for index in indexes)


def order(left: object, right: object) -> int:
    """-1, 0 or 1 as pokerkit compares two hands (None, no hand, is below every hand)."""
    if left is None or right is None:
        return (left is not None) - (right is not None)
    return int(left > right) - int(left < right)  # type: ignore[operator]


def representatives(ranks: Ranks, hands: Deal) -> list[tuple[int, Deal]]:
    """One hand of each distinct rank, by rank."""
    values, first_rows = np.unique(ranks, return_index=True)
    return [(int(rank), hands[row]) for rank, row in zip(values, first_rows, strict=True)]


@pytest.fixture(scope="module")
def all_fives() -> Deal:
    dtype = np.dtype((np.int8, 5))
    return np.fromiter(combinations(range(52), 5), dtype=dtype, count=2_598_960)


def test_the_7462_high_classes_are_in_pokerkit_order(all_fives: Deal) -> None:
    classes = representatives(high_ranks_5(all_fives), all_fives)
    assert len(classes) == 7462
    hands = [pokerkit.StandardHighHand(text(cards)) for _, cards in classes]
    assert all(worse < better for worse, better in pairwise(hands))
    for (rank, _), hand in zip(classes, hands, strict=True):
        assert high_category(rank).name == hand.entry.label.name.replace("ONE_PAIR", "PAIR")


def test_the_56_lows_are_in_pokerkit_order(all_fives: Deal) -> None:
    ranks = low_ranks_5(all_fives)
    classes = representatives(ranks, all_fives)
    assert [rank for rank, _ in classes] == list(range(57))
    hands = [pokerkit.EightOrBetterLowHand.from_game_or_none(text(cards)) for _, cards in classes]
    assert hands[0] is None
    assert all(worse < better for worse, better in pairwise(hands[1:]))


def deal(seed: int, cards_per_player: int, board: int) -> tuple[Deal, Deal]:
    """DEALS_PER_GAME deals: (deals, PLAYERS, cards_per_player) hole cards and boards."""
    rng = np.random.default_rng(seed)
    needed = PLAYERS * cards_per_player + board
    dealt = np.argsort(rng.random((DEALS_PER_GAME, 52)), axis=1)[:, :needed].astype(np.int8)
    holes = dealt[:, : PLAYERS * cards_per_player].reshape(DEALS_PER_GAME, PLAYERS, -1)
    return holes, dealt[:, PLAYERS * cards_per_player :]


def compare(
    ours: Ranks, oracle: Callable[[int, int], object], *, what: str, low: bool = False
) -> None:
    """Our order of the two players in each deal == the oracle's; lows found alike."""
    wrong = []
    for row in range(DEALS_PER_GAME):
        first, second = hands = [oracle(row, player) for player in range(PLAYERS)]
        if low and [hand is None for hand in hands] != [rank == 0 for rank in ours[row]]:
            wrong.append((row, "low found by one side only"))
            continue
        ours_order = int(np.sign(int(ours[row, 0]) - int(ours[row, 1])))
        if ours_order != order(first, second):
            wrong.append((row, f"ours {ours_order}, pokerkit {order(first, second)}"))
    assert not wrong, f"{what}: {len(wrong)} deals disagree, first {wrong[:5]}"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "hole_count", "hilo"),
    [("omaha-hi", 4, False), ("omaha-hilo", 4, True), ("omaha5-hilo", 5, True)],
)
def test_omaha_against_pokerkit(game: str, hole_count: int, hilo: bool) -> None:
    holes, boards = deal(hole_count * 1000 + hilo, hole_count, 5)
    boards_each = np.repeat(boards[:, None, :], PLAYERS, axis=1).reshape(-1, 5)
    flat_holes = holes.reshape(-1, hole_count)
    high = omaha_high_ranks(flat_holes, boards_each).reshape(-1, PLAYERS)
    board_texts = [text(board) for board in boards]

    def oracle_high(row: int, player: int) -> object:
        return pokerkit.OmahaHoldemHand.from_game(text(holes[row, player]), board_texts[row])

    compare(high, oracle_high, what=f"{game} high")
    if hilo:
        low = omaha_low_ranks(flat_holes, boards_each).reshape(-1, PLAYERS)

        def oracle_low(row: int, player: int) -> object:
            hand = text(holes[row, player])
            return pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(hand, board_texts[row])

        compare(low, oracle_low, what=f"{game} low", low=True)
        assert 0 < (low > 0).mean() < 1, "the deals should hold lows and no-lows"


@pytest.mark.slow
@pytest.mark.parametrize(("game", "hilo"), [("stud-hi", False), ("stud-hilo", True)])
def test_stud_against_pokerkit(game: str, hilo: bool) -> None:
    holes, _ = deal(7000 + hilo, 7, 0)
    flat = holes.reshape(-1, 7)
    texts = [[text(cards) for cards in players] for players in holes]
    high = stud_high_ranks(flat).reshape(-1, PLAYERS)

    def oracle_high(row: int, player: int) -> object:
        return pokerkit.StandardHighHand.from_game(texts[row][player])

    compare(high, oracle_high, what=f"{game} high")
    if hilo:
        low = stud_low_ranks(flat).reshape(-1, PLAYERS)

        def oracle_low(row: int, player: int) -> object:
            return pokerkit.EightOrBetterLowHand.from_game_or_none(texts[row][player])

        compare(low, oracle_low, what=f"{game} low", low=True)
