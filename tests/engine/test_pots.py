"""Main and side pots, worked by hand."""

from __future__ import annotations

import pytest

from tracker.engine.pots import Pot, build_pots, uncalled_returns
from tracker.errors import ShowdownError


def test_equal_contributions_make_one_pot() -> None:
    built = build_pots([200, 200, 200], [False, False, False])
    assert built.pots == (Pot(600, (0, 1, 2)),)
    assert built.returned == (0, 0, 0)


def test_uncalled_bet_is_returned_and_in_no_pot() -> None:
    # Bob bets 300 into Alice, who calls all-in for 100: 200 goes back to Bob.
    built = build_pots([100, 300], [False, False])
    assert built.returned == (0, 200)
    assert built.pots == (Pot(200, (0, 1)),)
    assert built.total + sum(built.returned) == 400


def test_one_side_pot_per_all_in_level() -> None:
    # Three all-in levels below the top: 50, 120, 300; the top two players match 500.
    built = build_pots([50, 120, 300, 500, 500], [False] * 5)
    assert built.pots == (
        Pot(250, (0, 1, 2, 3, 4)),
        Pot(280, (1, 2, 3, 4)),
        Pot(540, (2, 3, 4)),
        Pot(400, (3, 4)),
    )
    assert built.returned == (0, 0, 0, 0, 0)


def test_dead_blinds_stay_in_the_main_pot() -> None:
    # Small blind 5 and big blind 10 fold; the other two put in 100 each.
    built = build_pots([5, 10, 100, 100], [True, True, False, False])
    assert built.pots == (Pot(215, (2, 3)),)


def test_folded_player_who_put_in_more_than_the_all_in_player_feeds_the_side_pot() -> None:
    # Alice all-in for 50; Bob calls 100 then folds; Carol put in 200, 100 of it uncalled.
    built = build_pots([50, 100, 200], [False, True, False])
    assert built.returned == (0, 0, 100)
    # Main pot: 50 from each. Side pot: Bob's other 50 and Carol's matching 50.
    assert built.pots == (Pot(150, (0, 2)), Pot(100, (2,)))


def test_folded_chips_above_the_top_live_level_join_the_last_pot() -> None:
    # Only player 0 is still in, all-in for 50; two folded players put in 120 each.
    built = build_pots([50, 120, 120], [False, True, True])
    assert built.returned == (0, 0, 0)
    assert built.pots == (Pot(290, (0,)),)


def test_folded_chips_between_levels_go_to_the_pot_of_their_band() -> None:
    # All-in levels 100 and 400; the folded player's 250 is split 100 / 150.
    built = build_pots([100, 250, 400, 400], [False, True, False, False])
    assert built.pots == (Pot(400, (0, 2, 3)), Pot(750, (2, 3)))


def test_live_player_who_put_in_nothing_is_eligible_for_no_pot() -> None:
    built = build_pots([0, 60, 60], [False, False, False])
    assert built.pots == (Pot(120, (1, 2)),)


def test_no_chips_no_pots() -> None:
    assert build_pots([0, 0], [False, False]).pots == ()


def test_uncalled_returns_ties_at_the_top_return_nothing() -> None:
    assert uncalled_returns([70, 70, 10]) == (0, 0, 0)
    assert uncalled_returns([]) == ()


@pytest.mark.parametrize(
    ("contributions", "folded", "message"),
    [
        ([10, -5], [False, False], "negative"),
        ([10, 10], [False], "folded flags"),
        ([10, 10], [True, True], "no player still in"),
    ],
)
def test_bad_input_raises_showdown_error(
    contributions: list[int], folded: list[bool], message: str
) -> None:
    with pytest.raises(ShowdownError, match=message):
        build_pots(contributions, folded)
