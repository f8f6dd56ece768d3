"""settle() on real cards, worked by hand, and properties of every split (hypothesis)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tracker.cards import DECK, Card, parse_cards
from tracker.engine.pots import build_pots
from tracker.engine.rules import ODD_CHIP_RULES, RAKE_RULES, Half
from tracker.engine.settle import Entrant, Settlement, settle
from tracker.engine.split import Strengths, deduct_rake, split_pots
from tracker.errors import CardError, ShowdownError
from tracker.model import Game


def entrant(name: str, cards: str, contributed: int, folded: bool = False) -> Entrant:
    return Entrant(name, parse_cards(cards), contributed, folded)


def summary(settlement: Settlement, names: Sequence[str]) -> list[tuple[int, str, str, int]]:
    return [
        (award.pot, names[award.player], award.half.value, award.amount)
        for award in settlement.awards
    ]


def test_rules_worked_example_alice_scoops() -> None:
    # Alice: Ad Kd Qd Jd 4d flush beats Bob's 7-high straight; her wheel (Ad 2s + 3c 4d 5h)
    # beats Bob's 6-5-4-3-A (As 6s + 3c 4d 5h). Alice takes both halves: 1000.
    players = [entrant("Alice", "Ad Kd 3s 2s", 500), entrant("Bob", "7c 6s 7h As", 500)]
    result = settle(Game.OMAHA_HILO, players, [parse_cards("Jd 4d 3c Qd 5h")])
    assert result.won == (1000, 0)
    assert summary(result, ["Alice", "Bob"]) == [(0, "Alice", "hi", 500), (0, "Alice", "lo", 500)]
    alice, bob = result.hands[0]
    assert alice is not None
    assert bob is not None
    assert alice.high.name == "a flush, Ace high"
    assert bob.high.name == "a straight, Seven high"
    assert alice.low is not None
    assert alice.low.name == "5,4,3,2,A"
    assert bob.low is not None
    assert bob.low.name == "6,5,4,3,A"


def test_quartered_with_real_cards() -> None:
    # A: quad kings (Kh Kc + Ks Kd 7h), no low. B and C: 7-4-3-2-A (A4 + 2c 3d 7h).
    # 1203: high 602 to A; low 601 as 301 (B, first left of the button) and 300 (C).
    players = [
        entrant("A", "Kh Kc Qs Qc", 401),
        entrant("B", "Ah 4h Js Jc", 401),
        entrant("C", "Ad 4c Ts Tc", 401),
    ]
    result = settle(Game.OMAHA_HILO, players, [parse_cards("2c 3d 7h Ks Kd")])
    assert summary(result, "ABC") == [(0, "A", "hi", 602), (0, "B", "lo", 301), (0, "C", "lo", 300)]


def test_identical_hands_both_ways_tda_19f_with_real_cards() -> None:
    # Both make the wheel straight for high and the wheel for low: 33 each of 66.
    players = [entrant("A", "As 5s 9c 9d", 33), entrant("B", "Ah 5h Tc Td", 33)]
    board = [parse_cards("2c 3d 4h Ks Qd")]
    assert settle(Game.OMAHA_HILO, players, board).won == (33, 33)
    half_by_half = ODD_CHIP_RULES["half-by-half"]
    assert settle(Game.OMAHA_HILO, players, board, odd_chip_rule=half_by_half).won == (34, 32)


def test_stud_odd_chip_goes_to_the_king_of_spades() -> None:
    # Both play K-K-9-7-5; B holds the king of spades, so B gets the odd chip of 101
    # (50 each and C's folded ante of 1) although A sits first.
    players = [
        entrant("A", "Kd Kc 9h 5s 2d 3c 7c", 50),
        entrant("B", "Ks Kh 9c 5d 2h 3s 7d", 50),
        entrant("C", "", 1, folded=True),
    ]
    result = settle(Game.STUD_HI, players, [])
    assert summary(result, "ABC") == [(0, "B", "whole", 51), (0, "A", "whole", 50)]


def test_side_pot_without_low_and_folded_player_over_the_all_in() -> None:
    # A all-in for 100 with the only low; B folds after putting in 200; C and D put in 300.
    # Main pot 400 (A, C, D): high to C (trip kings), low to A. Side pot 400 (C, D):
    # B's other 100 and 150 each from C and D, no low: C takes it all.
    players = [
        entrant("A", "Ah 2h Qs Jc", 100),
        entrant("B", "", 200, folded=True),
        entrant("C", "Kh Kc 9s 9c", 300),
        entrant("D", "Qh Qd Ts Tc", 300),
    ]
    result = settle(Game.OMAHA_HILO, players, [parse_cards("3c 4d 8h Ks 6d")])
    assert [pot.amount for pot in result.pots] == [400, 500]
    assert summary(result, "ABCD") == [
        (0, "C", "hi", 200),
        (0, "A", "lo", 200),
        (1, "C", "whole", 500),
    ]


def test_run_it_twice_with_real_cards_and_rake() -> None:
    # Bob's uncalled unit goes back; the pot is 1000, less 1 rake: 999, shared 500 / 499
    # (the odd unit to the first board). Board 1: Alice scoops as in the worked example.
    # Board 2 pairs the nines and has no low: Bob's nines and sevens (7c 7h + 9s 9h Jd)
    # beat Alice's nines and threes (Ad 3s + 9s 9h 3c), so Bob takes 499.
    players = [entrant("Alice", "Ad Kd 3s 2s", 500), entrant("Bob", "7c 6s 7h As", 501)]
    boards = [parse_cards("Jd 4d 3c Qd 5h"), parse_cards("Jd 4d 3c 9s 9h")]
    result = settle(Game.OMAHA_HILO, players, boards, rake=1)
    assert result.returned == (0, 1)
    assert result.rake == (1,)
    assert [(a.board, a.player, a.half, a.amount) for a in result.awards] == [
        (0, 0, Half.HIGH, 250),
        (0, 0, Half.LOW, 250),
        (1, 1, Half.WHOLE, 499),
    ]
    assert result.won == (500, 499)


def test_lone_player_takes_the_pot_without_showing() -> None:
    players = [entrant("A", "", 30, folded=True), entrant("B", "", 90)]
    result = settle(Game.OMAHA_HILO, players, [])
    assert result.won == (0, 30 * 2)
    assert result.returned == (0, 60)
    assert result.received == (0, 120)
    assert result.hands == ((None, None),)


def test_player_still_in_without_cards_cannot_be_settled() -> None:
    players = [entrant("A", "Ad Kd 3s 2s", 10), entrant("B", "", 10)]
    with pytest.raises(ShowdownError, match="B is still in but has no cards"):
        settle(Game.OMAHA_HILO, players, [parse_cards("Jd 4d 3c Qd 5h")])


@pytest.mark.parametrize(
    ("players", "boards", "error", "message"),
    [
        ([("A", "Ad Kd 3s 2s"), ("B", "Ad 6s 7h 8s")], ["Jd 4d 3c Qd 5h"], CardError, "Ad"),
        ([("A", "Ad Kd 3s 2s"), ("B", "7c 6s 7h Jd")], ["Jd 4d 3c Qd 5h"], CardError, "Jd"),
        ([("A", "Ad Kd 3s"), ("B", "7c 6s 7h As")], ["Jd 4d 3c Qd 5h"], ShowdownError, "3 cards"),
        (
            [("A", "Ad Kd 3s 2s"), ("B", "7c 6s 7h As")],
            ["Jd 4d 3c Qd 5h", "Jd 4d 3c 5h 9s"],
            CardError,
            "5h",
        ),
        ([("A", "Ad Kd 3s 2s"), ("B", "7c 6s 7h As")], [], ShowdownError, "no board"),
    ],
)
def test_impossible_cards_raise(
    players: list[tuple[str, str]], boards: list[str], error: type[Exception], message: str
) -> None:
    entrants = [entrant(name, cards, 10) for name, cards in players]
    with pytest.raises(error, match=message):
        settle(Game.OMAHA_HILO, entrants, [parse_cards(board) for board in boards])


def test_everyone_folded_raises() -> None:
    with pytest.raises(ShowdownError, match="every player folded"):
        settle(Game.STUD_HI, [entrant("A", "", 5, folded=True)], [])


def test_stud_with_a_board_raises() -> None:
    players = [entrant("A", "Kd Kc 9h 5s 2d 3c 7c", 5), entrant("B", "Ks Kh 9c 5d 2h 3s 7d", 5)]
    with pytest.raises(ShowdownError, match="no board"):
        settle(Game.STUD_HILO, players, [parse_cards("As Ah")])


# --- properties ------------------------------------------------------------------------

HILO_AND_HI = [Game.OMAHA_HILO, Game.OMAHA5_HILO, Game.STUD_HILO, Game.OMAHA_HI, Game.STUD_HI]


@st.composite
def showdowns(draw: st.DrawFn) -> tuple[Game, list[Entrant], list[tuple[Card, ...]], int]:
    """A random showdown: game, 2-6 players (some folded), one or two boards, a rake."""
    game = draw(st.sampled_from(HILO_AND_HI))
    count = draw(st.integers(2, 6))
    deck = draw(st.permutations(DECK))
    hole = game.hole_card_count
    folded = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    contributed = draw(st.lists(st.integers(0, 2000), min_size=count, max_size=count))
    # Someone is still in, and has put chips in (else no pot has an eligible player).
    live = draw(st.integers(0, count - 1))
    folded[live] = False
    contributed[live] = max(contributed[live], 1)
    players = [
        Entrant(f"P{i}", tuple(deck[i * hole : (i + 1) * hole]), contributed[i], folded[i])
        for i in range(count)
    ]
    rest = deck[count * hole :]
    boards: list[tuple[Card, ...]] = []
    if not game.is_stud:
        boards.append(tuple(rest[:5]))
        if draw(st.booleans()):
            shared = draw(st.integers(0, 4))
            boards.append(tuple(rest[:shared]) + tuple(rest[5 : 10 - shared]))
    rake = draw(st.integers(0, build_pots(contributed, folded).total))
    return game, players, boards, rake


@settings(max_examples=150, deadline=None)
@given(showdowns(), st.sampled_from(sorted(RAKE_RULES)), st.sampled_from(sorted(ODD_CHIP_RULES)))
def test_settlement_properties(
    showdown: tuple[Game, list[Entrant], list[tuple[Card, ...]], int],
    rake_rule: str,
    odd_chip_rule: str,
) -> None:
    game, players, boards, rake = showdown
    result = settle(
        game,
        players,
        boards,
        rake=rake,
        rake_rule=RAKE_RULES[rake_rule],
        odd_chip_rule=ODD_CHIP_RULES[odd_chip_rule],
    )
    # Awards add up exactly to each pot less its rake; nothing is created or lost.
    for index, pot in enumerate(result.pots):
        paid = sum(award.amount for award in result.awards if award.pot == index)
        assert paid == pot.amount - result.rake[index]
        assert all(award.player in pot.eligible for award in result.awards if award.pot == index)
    assert sum(result.rake) == rake
    assert sum(result.won) + sum(result.returned) + rake == sum(p.contributed for p in players)
    for player, entered in enumerate(players):
        if entered.folded:
            assert result.won[player] == 0
    # A low award needs a qualifying low, held by the winner, on that board.
    for award in result.awards:
        if award.half is Half.LOW:
            hands = result.hands[award.board][award.player]
            assert game.is_hilo
            assert hands is not None
            assert hands.low is not None
            assert award.hand is hands.low
        if award.half is Half.WHOLE and len(players) - sum(p.folded for p in players) > 1:
            eligible = result.pots[award.pot].eligible
            lows = [result.hands[award.board][p] for p in eligible]
            assert all(hands is not None and hands.low is None for hands in lows)


@st.composite
def strengths_and_pots(draw: st.DrawFn) -> tuple[list[int], list[bool], list[Strengths], int]:
    """Random contributions, folds, and hand-made strengths on one or two boards."""
    count = draw(st.integers(1, 9))
    contributed = draw(st.lists(st.integers(1, 500), min_size=count, max_size=count))
    folded = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    folded[draw(st.integers(0, count - 1))] = False
    boards = [
        Strengths(
            high=tuple(draw(st.lists(st.integers(1, 6), min_size=count, max_size=count))),
            low=tuple(
                draw(st.lists(st.none() | st.integers(0, 4), min_size=count, max_size=count))
            ),
        )
        for _ in range(draw(st.integers(1, 2)))
    ]
    total = build_pots(contributed, folded).total
    return contributed, folded, boards, draw(st.integers(0, total))


@settings(max_examples=400, deadline=None)
@given(strengths_and_pots(), st.sampled_from(sorted(ODD_CHIP_RULES)))
def test_split_properties_on_hand_made_strengths(
    case: tuple[list[int], list[bool], list[Strengths], int], rule: str
) -> None:
    contributed, folded, boards, rake = case
    built = build_pots(contributed, folded)
    assert built.total + sum(built.returned) == sum(contributed)
    net = deduct_rake(built.pots, rake)
    awards = split_pots(net, boards, odd_chip_rule=ODD_CHIP_RULES[rule])
    assert sum(award.amount for award in awards) == built.total - rake
    for award in awards:
        pot = net[award.pot]
        assert award.player in pot.eligible
        assert not folded[award.player]
        if award.half is Half.LOW:
            assert boards[award.board].low[award.player]
        if award.half is Half.WHOLE:
            assert not any(boards[award.board].low[p] for p in pot.eligible)
    # Tied players' shares of one half differ by one unit at most.
    for key in {(a.pot, a.board, a.half) for a in awards}:
        parts = [a.amount for a in awards if (a.pot, a.board, a.half) == key]
        if key[2] is Half.WHOLE:
            assert max(parts) - min(parts) <= 1
