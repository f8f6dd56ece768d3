"""Splitting pots, worked by hand on hand-made strengths (higher is better; no low = None)."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import tracker.engine.pots as pots_module
import tracker.engine.rules as rules_module
import tracker.engine.settle as settle_module
import tracker.engine.split as split_module
from tracker.cards import parse_cards
from tracker.engine.pots import Pot, build_pots
from tracker.engine.rules import (
    ODD_CHIP_RULES,
    RAKE_RULES,
    Half,
    odd_chip_rule,
    rake_rule,
    stud_high_order,
    stud_low_order,
)
from tracker.engine.split import (
    Award,
    Strengths,
    deduct_rake,
    split_pot,
    split_pots,
    won_by_player,
)
from tracker.errors import ShowdownError

HI, LO, WHOLE = Half.HIGH, Half.LOW, Half.WHOLE


def shares(awards: tuple[Award, ...]) -> list[tuple[int, int, str, int]]:
    """(pot, player, half, amount) of each award, for comparing with worked figures."""
    return [(a.pot, a.player, a.half.value, a.amount) for a in awards]


def test_quartered_pot_with_an_odd_unit() -> None:
    # 1203: high half 602 (the odd unit goes high), low half 601 tied by players 1 and 2;
    # the odd unit of the low half goes to player 1, first of the two left of the button.
    board = Strengths(high=(900, 200, 300), low=(None, 40, 40))
    assert shares(split_pot(1203, (0, 1, 2), board)) == [
        (0, 0, "hi", 602),
        (0, 1, "lo", 301),
        (0, 2, "lo", 300),
    ]


def test_scoop_both_ways_gives_two_awards_to_one_player() -> None:
    board = Strengths(high=(900, 200), low=(50, 40))
    assert shares(split_pot(1000, (0, 1), board)) == [(0, 0, "hi", 500), (0, 0, "lo", 500)]


def test_side_pot_where_only_the_main_pot_has_a_low() -> None:
    # Player 0 is all-in for 100 with the only low; players 1 and 2 put in 300 each.
    built = build_pots([100, 300, 300], [False, False, False])
    board = Strengths(high=(100, 500, 400), low=(30, None, None))
    awards = split_pots(built.pots, [board])
    # Main pot 300 halves: high 150 to player 1, low 150 to player 0.
    # Side pot 400 (players 1 and 2, no low among them): all of it to player 1.
    assert shares(awards) == [(0, 1, "hi", 150), (0, 0, "lo", 150), (1, 1, "whole", 400)]
    assert won_by_player(awards, 3) == (150, 550, 0)


def test_odd_chip_with_dead_money_goes_left_of_the_button() -> None:
    # Player 0 folded the small blind (5); players 1 and 2 put in 100 each and tie high.
    built = build_pots([5, 100, 100], [True, False, False])
    assert built.pots == (Pot(205, (1, 2)),)
    no_low = Strengths(high=(0, 700, 700), low=(None, None, None))
    assert shares(split_pots(built.pots, [no_low])) == [(0, 1, "whole", 103), (0, 2, "whole", 102)]
    # Same pot, player 2 alone has a low: high half 103 split 52/51, low half 102.
    low_for_2 = Strengths(high=(0, 700, 700), low=(None, None, 20))
    assert shares(split_pots(built.pots, [low_for_2])) == [
        (0, 1, "hi", 52),
        (0, 2, "hi", 51),
        (0, 2, "lo", 102),
    ]


def test_three_way_tie_for_low() -> None:
    # 1000: high half 500 to player 3; low half 500 as 167 / 167 / 166 in seat order.
    board = Strengths(high=(10, 20, 30, 900), low=(45, 45, 45, None))
    assert shares(split_pot(1000, (0, 1, 2, 3), board)) == [
        (0, 3, "hi", 500),
        (0, 0, "lo", 167),
        (0, 1, "lo", 167),
        (0, 2, "lo", 166),
    ]


def test_identical_hands_both_ways_split_evenly_tda_19f() -> None:
    board = Strengths(high=(800, 800), low=(50, 50))
    awards = split_pot(66, (0, 1), board)
    assert won_by_player(awards, 2) == (33, 33)
    # Each half still adds up: 33 high (17 + 16) and 33 low (16 + 17).
    assert sum(a.amount for a in awards if a.half is HI) == 33
    assert sum(a.amount for a in awards if a.half is LO) == 33
    # Dividing half by half would have given 34 / 32.
    by_halves = split_pot(66, (0, 1), board, odd_chip_rule=ODD_CHIP_RULES["half-by-half"])
    assert won_by_player(by_halves, 2) == (34, 32)


def test_identical_hands_both_ways_odd_pot_gives_one_unit_left_of_the_button() -> None:
    board = Strengths(high=(800, 800), low=(50, 50))
    assert won_by_player(split_pot(67, (0, 1), board), 2) == (34, 33)


def test_tied_high_but_not_low_divides_half_by_half() -> None:
    # Players 0 and 1 tie high; only 0 wins the low: three-quarters against a quarter.
    board = Strengths(high=(800, 800), low=(50, 40))
    assert shares(split_pot(400, (0, 1), board)) == [
        (0, 0, "hi", 100),
        (0, 1, "hi", 100),
        (0, 0, "lo", 200),
    ]


def test_low_of_an_ineligible_player_does_not_halve_the_pot() -> None:
    # Player 0 holds a low but is not eligible for this side pot.
    board = Strengths(high=(100, 500, 400), low=(30, None, None))
    assert shares(split_pot(400, (1, 2), board)) == [(0, 1, "whole", 400)]


def test_run_it_twice_with_an_odd_unit() -> None:
    # Pot 101: board 0 takes 51 (the odd unit goes to the first board), board 1 takes 50.
    first = Strengths(high=(900, 100), low=(50, None))  # player 0 scoops
    second = Strengths(high=(100, 900), low=(50, None))  # player 1 high, player 0 low
    awards = split_pots([Pot(101, (0, 1))], [first, second])
    assert [(a.board, a.player, a.half.value, a.amount) for a in awards] == [
        (0, 0, "hi", 26),
        (0, 0, "lo", 25),
        (1, 1, "hi", 25),
        (1, 0, "lo", 25),
    ]
    assert won_by_player(awards, 2) == (76, 25)


def test_rake_main_pot_first_then_split() -> None:
    pots = [Pot(300, (0, 1, 2)), Pot(400, (1, 2))]
    net = deduct_rake(pots, 30)
    assert [pot.amount for pot in net] == [270, 400]
    board = Strengths(high=(100, 500, 400), low=(30, None, None))
    awards = split_pots(net, [board])
    assert sum(a.amount for a in awards) == 670
    assert shares(awards) == [(0, 1, "hi", 135), (0, 0, "lo", 135), (1, 1, "whole", 400)]


def test_rake_larger_than_the_main_pot_moves_to_the_side_pot() -> None:
    net = deduct_rake([Pot(20, (0, 1, 2)), Pot(400, (1, 2))], 30)
    assert [pot.amount for pot in net] == [0, 390]
    board = Strengths(high=(1, 2, 3), low=(None, None, None))
    assert shares(split_pots(net, [board])) == [(1, 2, "whole", 390)]


def test_proportional_rake() -> None:
    rule = rake_rule("proportional")
    # 25 over 300 and 100: 18 and 6 rounded down; the unit left over comes off the main pot.
    assert rule.take([300, 100], 25) == (19, 6)
    # More units left over than the main pot holds: the next pots take the rest.
    assert rule.take([1, 1, 1], 2) == (1, 1, 0)
    assert RAKE_RULES["main-pot-first"].take([1, 1, 1], 2) == (1, 1, 0)


@pytest.mark.parametrize("rake", [-1, 701])
def test_impossible_rake_raises(rake: int) -> None:
    with pytest.raises(ShowdownError, match="rake"):
        deduct_rake([Pot(300, (0, 1)), Pot(400, (1,))], rake)


def test_stud_high_odd_chip_goes_to_the_highest_card_by_suit() -> None:
    # Both players make kings up with the same kickers; player 1 holds the king of spades.
    high_hands = (parse_cards("Kd Kc 9h 5s 2d"), parse_cards("Ks Kh 9c 5d 2c"))
    order = stud_high_order(high_hands)
    assert order == (1, 0)
    board = Strengths(high=(3000, 3000), low=(None, None), high_order=order)
    assert shares(split_pot(7, (0, 1), board)) == [(0, 1, "whole", 4), (0, 0, "whole", 3)]


def test_stud_low_odd_chip_goes_to_the_lowest_card_by_suit() -> None:
    # Both players make 7-4-3-2-A; player 1 holds the ace of clubs, the lowest card.
    low_hands = (parse_cards("As 2d 3h 4s 7d"), parse_cards("Ac 2c 3d 4h 7c"))
    order = stud_low_order(low_hands)
    assert order == (1, 0)
    board = Strengths(
        high=(5000, 100, 100), low=(None, 30, 30), low_order=(0, *(p + 1 for p in order))
    )
    # 203: high half 102 to player 0; low half 101, the odd unit to player 2.
    assert shares(split_pot(203, (0, 1, 2), board)) == [
        (0, 0, "hi", 102),
        (0, 2, "lo", 51),
        (0, 1, "lo", 50),
    ]


def test_stud_order_puts_unknown_hands_last() -> None:
    assert stud_high_order([None, parse_cards("2c 3d 4h 5s 7c"), None]) == (1, 0, 2)
    assert stud_low_order([None, None]) == (0, 1)


def test_low_first_rule_moves_the_odd_unit() -> None:
    rule = ODD_CHIP_RULES["rules"]
    low_first = type(rule)(name="low-first", description="odd unit low", odd_unit_half=LO)
    board = Strengths(high=(900, 100), low=(None, 50))
    assert shares(split_pot(5, (0, 1), board, odd_chip_rule=low_first)) == [
        (0, 0, "hi", 2),
        (0, 1, "lo", 3),
    ]


def test_last_board_rule_moves_the_odd_board_unit() -> None:
    rule = type(ODD_CHIP_RULES["rules"])(name="last", description="", odd_board_first=False)
    assert rule.board_shares(101, 2) == (50, 51)


def test_unknown_rule_names_raise() -> None:
    with pytest.raises(ShowdownError, match="unknown odd-chip rule 'nope'"):
        odd_chip_rule("nope")
    with pytest.raises(ShowdownError, match="unknown rake rule"):
        rake_rule("nope")


@pytest.mark.parametrize(
    ("amount", "eligible", "message"),
    [(-1, (0,), "negative pot"), (10, (), "no eligible"), (10, (5,), "not one of")],
)
def test_bad_pot_raises(amount: int, eligible: tuple[int, ...], message: str) -> None:
    board = Strengths(high=(1, 2), low=(None, None))
    with pytest.raises(ShowdownError, match=message):
        split_pot(amount, eligible, board)


def test_mismatched_strengths_raise() -> None:
    with pytest.raises(ShowdownError, match="low ranks"):
        Strengths(high=(1, 2), low=(None,))
    with pytest.raises(ShowdownError, match="odd-chip order"):
        Strengths(high=(1, 2), low=(None, None), high_order=(0, 0))


def test_whole_pot_label_when_no_low_qualifies() -> None:
    awards = split_pot(10, (0, 1), Strengths(high=(5, 9), low=(None, 0)))
    assert [a.half for a in awards] == [WHOLE]


@pytest.mark.parametrize(
    "module", [pots_module, rules_module, split_module, settle_module], ids=lambda m: m.__name__
)
def test_doctests(module: ModuleType) -> None:
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0
    assert failures == 0
