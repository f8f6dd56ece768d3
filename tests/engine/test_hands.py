"""Best hands per game: the worked examples of the rules, brute force, and errors."""

from __future__ import annotations

import doctest
import importlib
from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tracker.cards import DECK, Card, Suit, card_from_index, format_cards, parse_cards
from tracker.engine.hands import BestHands, best_hands, best_oklahoma, best_omaha, best_stud
from tracker.engine.high import HighCategory, high_category, high_rank
from tracker.engine.low8 import low_rank
from tracker.errors import CardError, ShowdownError
from tracker.model import Game

ENGINE_MODULES = ["tables", "high", "low8", "hands", "batch_tables", "batch"]


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"tracker.engine.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0, f"tracker.engine.{name} has no doctest"
    assert result.failed == 0


def test_omaha_worked_example_high_and_low_use_different_cards() -> None:
    best = best_omaha(parse_cards("Ad Kd 3s 2s"), parse_cards("Jd 4d 3c Qd 5h"), hilo=True)
    assert best.high.name == "a flush, Ace high"
    assert set(best.high.cards) == set(parse_cards("Ad Kd Jd 4d Qd"))
    assert best.low is not None
    assert best.low.name == "5,4,3,2,A"
    assert set(best.low.cards) == set(parse_cards("Ad 2s 4d 3c 5h"))
    assert format_cards(best.low.cards) == "5h 4d 3c 2s Ad"


def test_stud_worked_example_flush_and_wheel() -> None:
    best = best_stud(parse_cards("Kh 8h 5c 4h 3h 2s Ah"), hilo=True)
    assert format_cards(best.high.cards) == "Ah Kh 8h 4h 3h"
    assert best.high.name == "a flush, Ace high"
    assert best.low is not None
    assert best.low.name == "5,4,3,2,A"


def test_stud_worked_example_straight_and_eight_low() -> None:
    best = best_stud(parse_cards("Ks Qh 8s 7d 6c 5h 4c"), hilo=True)
    assert best.high.name == "a straight, Eight high"
    assert best.low is not None
    assert best.low.name == "8,7,6,5,4"


def test_four_aces_in_an_omaha_hand_are_not_quads() -> None:
    best = best_omaha(parse_cards("Ah As Ad Ac"), parse_cards("Kc 9d 7h 4s 2c"), hilo=True)
    assert high_category(best.high.rank) is HighCategory.PAIR
    assert best.high.name == "a pair of Aces"


def test_a_royal_flush_board_plays_for_nobody() -> None:
    board = parse_cards("Ah Kh Qh Jh Th")
    best = best_omaha(parse_cards("2c 3d 7s 8c"), board, hilo=False)
    assert best.high.rank < high_rank(board)
    assert best.high.name == "high card Ace"
    # One heart in the hand is not enough for a straight flush; two are.
    nine = best_omaha(parse_cards("9h 3d 7s 8c"), board, hilo=False)
    assert nine.high.name == "a straight, Queen high"
    suited = best_omaha(parse_cards("9h 8h 7s 2c"), board, hilo=False)
    assert suited.high.name == "a straight flush, Queen high"


def test_omaha_low_needs_two_hole_cards_of_new_ranks() -> None:
    # The only low hole card is an ace; the board's ace does not make a second.
    board = parse_cards("Ac 2d 3h Kd Qs")
    assert best_omaha(parse_cards("As Kc 9d 9h"), board, hilo=True).low is None
    assert best_omaha(parse_cards("4s 5c 9d 9h"), board, hilo=True).low is not None
    # Three low board cards of distinct ranks are needed.
    paired = parse_cards("Ac Ad 3h Kd Qs")
    assert best_omaha(parse_cards("4s 5c 2d 6h"), paired, hilo=True).low is None


def test_high_only_games_have_no_low() -> None:
    best = best_hands(Game.OMAHA_HI, parse_cards("Ad Kd 3s 2s"), parse_cards("Jd 4d 3c Qd 5h"))
    assert best.low is None
    assert best_stud(parse_cards("Kh 8h 5c 4h 3h 2s Ah"), hilo=False).low is None


@pytest.mark.parametrize(
    ("game", "hole", "board"),
    [
        (Game.OMAHA_HILO, "Ad Kd 3s 2s", "Jd 4d 3c Qd 5h"),
        (Game.OMAHA5_HILO, "Ad Kd 3s 2s 9c", "Jd 4d 3c Qd 5h"),
        (Game.COURCHEVEL_HILO, "Ad Kd 3s 2s 9c", "Jd 4d 3c Qd 5h"),
        (Game.OMAHA5_HI, "Ad Kd 3s 2s 9c", "Jd 4d 3c Qd 5h"),
        (Game.COURCHEVEL_HI, "Ad Kd 3s 2s 9c", "Jd 4d 3c Qd 5h"),
    ],
)
def test_dispatcher_flop_games(game: Game, hole: str, board: str) -> None:
    best = best_hands(game, parse_cards(hole), parse_cards(board))
    assert best == best_omaha(parse_cards(hole), parse_cards(board), hilo=game.is_hilo)


def test_dispatcher_stud_and_the_shared_seventh_card() -> None:
    cards = parse_cards("Kh 8h 5c 4h 3h 2s Ah")
    assert best_hands(Game.STUD_HILO, cards) == best_stud(cards, hilo=True)
    assert best_hands(Game.STUD_HI, cards[:6], cards[6:]) == best_stud(cards, hilo=False)


@pytest.mark.parametrize(
    ("game", "hole", "board", "message"),
    [
        (Game.OMAHA_HILO, "Ad Kd 3s", "Jd 4d 3c Qd 5h", "deals 4 hole cards, not 3"),
        (Game.OMAHA5_HILO, "Ad Kd 3s 2s", "Jd 4d 3c Qd 5h", "deals 5 hole cards, not 4"),
        (Game.OMAHA_HILO, "Ad Kd 3s 2s", "Jd 4d", "a board has 3 to 5 cards, not 2"),
        (Game.OMAHA_HILO, "Ad Kd 3s 2s", "Jd 4d 3c Qd 5h 6h", "a board has 3 to 5 cards, not 6"),
        (Game.STUD_HILO, "Kh 8h 5c 4h 3h 2s", "", "needs 7 cards per player"),
        (Game.STUD_HILO, "Kh 8h 5c 4h 3h", "2s Ah", "needs 7 cards per player"),
    ],
)
def test_dispatcher_rejects_wrong_counts(game: Game, hole: str, board: str, message: str) -> None:
    with pytest.raises(ShowdownError, match=message):
        best_hands(game, parse_cards(hole), parse_cards(board))


def test_counts_and_duplicates_are_checked() -> None:
    with pytest.raises(ShowdownError, match="4, 5 or 6 hole cards, not 3"):
        best_omaha(parse_cards("Ad Kd 3s"), parse_cards("Jd 4d 3c"), hilo=True)
    with pytest.raises(ShowdownError, match="2 hole cards, not 3"):
        best_oklahoma(parse_cards("Ad Kd 3s"), parse_cards("Jd 4d 3c"), hilo=True)
    with pytest.raises(ShowdownError, match="5 to 7 cards, not 8"):
        best_stud(parse_cards("Kh 8h 5c 4h 3h 2s Ah Ac"), hilo=True)
    with pytest.raises(CardError, match="duplicate card Jd"):
        best_omaha(parse_cards("Ad Kd 3s Jd"), parse_cards("Jd 4d 3c"), hilo=True)
    with pytest.raises(CardError, match="duplicate card Ah"):
        best_stud(parse_cards("Ah 8h 5c 4h 3h 2s Ah", allow_duplicates=True), hilo=True)


def test_oklahoma_both_hole_cards_play() -> None:
    best = best_oklahoma(parse_cards("Ah 2c"), parse_cards("Kh Qh Jh Th 3d"), hilo=True)
    # The board's straight flush is not the player's: A and 2 must both play.
    assert best.high.name == "high card Ace"
    assert best.low is None


def test_board_of_three_or_four_cards() -> None:
    flop = best_omaha(parse_cards("Ad Kd 3s 2s"), parse_cards("Jd 4d Qd"), hilo=True)
    assert flop.high.name == "a flush, Ace high"
    assert flop.low is None
    turn = best_omaha(parse_cards("Ad Kd 3s 2s"), parse_cards("Jd 4d 3c 5h"), hilo=True)
    assert turn.low is not None
    assert turn.low.name == "5,4,3,2,A"


# ---- properties -----------------------------------------------------------------------


def brute_force(
    hole: Sequence[Card], board: Sequence[Card], *, hilo: bool
) -> tuple[int, int | None]:
    """Every five of hole + board with exactly two hole cards: best high and best low."""
    fives = [five for five in combinations((*hole, *board), 5) if len(set(five) & set(hole)) == 2]
    best_low = max(low_rank(five) for five in fives) if hilo else 0
    return max(high_rank(five) for five in fives), best_low or None


def summary(best: BestHands) -> tuple[int, int | None]:
    return best.high.rank, None if best.low is None else best.low.rank


def deals(hole_count: int) -> st.SearchStrategy[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    cards = st.permutations(DECK).map(lambda deck: deck[: hole_count + 5])
    return cards.map(lambda dealt: (tuple(dealt[:hole_count]), tuple(dealt[hole_count:])))


@pytest.mark.parametrize("hole_count", [4, 5, 6])
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_omaha_equals_brute_force(hole_count: int, data: st.DataObject) -> None:
    hole, board = data.draw(deals(hole_count))
    best = best_omaha(hole, board, hilo=True)
    assert summary(best) == brute_force(hole, board, hilo=True)
    assert high_rank(best.high.cards) == best.high.rank
    assert len(set(best.high.cards) & set(hole)) == 2
    if best.low is not None:
        assert low_rank(best.low.cards) == best.low.rank
        assert len(set(best.low.cards) & set(board)) == 3


def permute_suits(cards: Sequence[Card], order: Sequence[Suit]) -> tuple[Card, ...]:
    return tuple(card_from_index(card.index - card.suit + order[card.suit]) for card in cards)


@settings(max_examples=150, deadline=None)
@given(deal=deals(4), order=st.permutations(list(Suit)))
def test_a_consistent_suit_permutation_changes_nothing(
    deal: tuple[tuple[Card, ...], tuple[Card, ...]], order: list[Suit]
) -> None:
    hole, board = deal
    before = best_omaha(hole, board, hilo=True)
    after = best_omaha(permute_suits(hole, order), permute_suits(board, order), hilo=True)
    assert summary(before) == summary(after)
    stud = hole + board[:3]
    assert summary(best_stud(stud, hilo=True)) == summary(
        best_stud(permute_suits(stud, order), hilo=True)
    )


@settings(max_examples=150, deadline=None)
@given(cards=st.permutations(DECK).map(lambda deck: tuple(deck[:7])))
def test_stud_is_the_best_five_of_seven(cards: tuple[Card, ...]) -> None:
    best = best_stud(cards, hilo=True)
    assert best.high.rank == max(high_rank(five) for five in combinations(cards, 5))
    best_low = max(low_rank(five) for five in combinations(cards, 5))
    assert summary(best)[1] == (best_low or None)
