"""Each bookkeeping rule and each verdict of the audit, on small hands written by hand.

Cards: ann's Ad Kd 3s 2s makes a flush and the wheel on the board Jd 4d 3c Qd 5h; bob's
7c 6s 7h As makes a seven-high straight and 6,5,4,3,A; cat's Kh Kc Ts 9s only kings.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from audit_hands import hand

from tracker.audit.contributions import ledger_of
from tracker.audit.conventions import RULES_CONVENTION
from tracker.audit.verdict import Reason, Status, audit_hand
from tracker.engine.rules import ODD_CHIP_RULES
from tracker.model import Game

BOARD = "Jd 4d 3c Qd 5h"
ANN, BOB, CAT = "ann: Ad Kd 3s 2s", "bob: 7c 6s 7h As", "cat: Kh Kc Ts 9s"
HEADS_UP = ["ann sb 100", "bob bb 100"]


def audited(**parts: object) -> tuple[Status, str | None]:
    verdict = audit_hand(hand(**parts), RULES_CONVENTION)  # type: ignore[arg-type]
    return verdict.status, verdict.reason


def test_a_showdown_paid_right_is_ok() -> None:
    status, reason = audited(
        seats=["ann:1", "bob:2"], actions=HEADS_UP, shown=[ANN, BOB], boards=[BOARD],
        collections=["ann 100", "ann 100"],
    )  # fmt: skip
    assert (status, reason) == (Status.OK, None)


def test_a_hand_won_without_a_showdown_pays_the_pot_less_rake() -> None:
    parts = {
        "seats": ["ann:1", "bob:2"],
        "actions": ["ann sb 50", "bob bb 100", "ann raise 250", "bob fold"],
        "returned": ["ann 200"],
        "rake": 5,
    }
    assert audited(**parts, collections=["ann 195"])[0] is Status.OK
    status, reason = audited(**parts, collections=["ann 194"], total_pot=200)
    assert status is Status.INCONSISTENT  # 194 + rake 5 is not the total pot
    assert reason is not None
    assert "collected 194 + rake 5" in reason


def test_contributions_less_returned_bets_must_be_the_total_pot() -> None:
    status, reason = audited(
        seats=["ann:1", "bob:2"], actions=HEADS_UP, shown=[ANN, BOB], boards=[BOARD],
        collections=["ann 100", "ann 110"], total_pot=210,
    )  # fmt: skip
    assert status is Status.INCONSISTENT
    assert reason is not None
    assert "players put in 200 less 0 returned = 200, but the total pot is 210" in reason


def test_total_pot_must_be_collected_plus_rake() -> None:
    status, reason = audited(
        seats=["ann:1", "bob:2"], actions=HEADS_UP, shown=[ANN, BOB], boards=[BOARD],
        collections=["ann 100", "ann 90"], rake=5,
    )  # fmt: skip
    assert status is Status.INCONSISTENT
    assert reason is not None
    assert "collected 190 + rake 5 + jackpot fee 0 = 195, but the total pot is 200" in reason


def test_nobody_who_folded_collects() -> None:
    status, reason = audited(
        seats=["ann:1", "bob:2", "cat:3"],
        actions=[*HEADS_UP, "cat call 100", "cat fold"],
        shown=[ANN, BOB], boards=[BOARD], collections=["ann 150", "cat 150"],
    )  # fmt: skip
    assert status is Status.INCONSISTENT
    assert reason == "cat folded but collected 150"


def test_nobody_collects_from_a_side_pot_they_did_not_cover() -> None:
    # ann is all in for 100: main pot 300 (all three), side pot 400 (bob and cat).
    parts = {
        "seats": ["ann:1", "bob:2", "cat:3"],
        "actions": ["ann call 100", "bob call 300", "cat call 300"],
        "shown": [ANN, BOB, CAT],
        "boards": [BOARD],
    }
    assert audited(**parts, collections=["ann 150", "ann 150", "bob 400 1"])[0] is Status.OK
    status, reason = audited(**parts, collections=["ann 150", "ann 150", "ann 400 1"])
    assert status is Status.INCONSISTENT
    assert reason == "ann collected 400 from side pot-1 without being eligible for it"


def test_without_pot_names_nobody_collects_more_than_their_pots_hold() -> None:
    status, reason = audited(
        seats=["ann:1", "bob:2", "cat:3"],
        actions=["ann call 100", "bob call 300", "cat call 300"],
        shown=[ANN, BOB, CAT], boards=[BOARD], collections=["ann 700"],
        main_pot=300, side_pots=[400],
    )  # fmt: skip
    assert status is Status.INCONSISTENT
    assert reason == "ann collected 700, more than the 300 of the pots they were eligible for"


def test_the_uncalled_bet_returned_must_be_the_engines() -> None:
    status, reason = audited(
        seats=["ann:1", "bob:2"], actions=["ann sb 50", "bob bb 100", "ann raise 250", "bob fold"],
        returned=["ann 150"], collections=["ann 250"],
    )  # fmt: skip
    assert status is Status.INCONSISTENT
    assert reason is not None
    assert "the uncalled bet of ann is 200, but the site returned 150" in reason


def test_a_cut_off_hand_is_unverifiable() -> None:
    cut_off = replace(hand(seats=["ann:1", "bob:2"], actions=HEADS_UP), total_pot=None)
    verdict = audit_hand(cut_off)
    assert (verdict.status, verdict.reason) == (
        Status.UNVERIFIABLE,
        "cut-off hand: it gives no total pot",
    )


def test_a_cancelled_hand_nobody_collected_in_is_ok_with_a_note() -> None:
    status, reason = audited(seats=["ann:1", "bob:2"], actions=HEADS_UP, cancelled=True)
    assert (status, reason) == (Status.OK, "the site cancelled the hand: nothing paid")


def test_a_short_board_at_a_showdown_is_unverifiable() -> None:
    status, reason = audited(
        seats=["ann:1", "bob:2"], actions=HEADS_UP, shown=[ANN, BOB], boards=["Jd 4d 3c"],
        collections=["ann 200"],
    )  # fmt: skip
    assert status is Status.UNVERIFIABLE
    assert reason == "a board has 3 cards: the hand is cut short"


def test_a_winner_whose_cards_nobody_saw_is_unverifiable() -> None:
    status, reason = audited(
        seats=["ann:1", "bob:2"], actions=HEADS_UP, shown=[BOB], boards=[BOARD],
        collections=["ann 200"],
    )  # fmt: skip
    assert status is Status.UNVERIFIABLE
    assert reason == "ann collected 200 at the showdown, but their cards are unknown (mucked)"


def test_a_mucked_hand_that_collects_nothing_is_dead() -> None:
    # cat mucks and collects nothing: the pot is ann's and bob's to split.
    status, _ = audited(
        seats=["ann:1", "bob:2", "cat:3"], actions=[*HEADS_UP, "cat call 100"],
        shown=[ANN, BOB], boards=[BOARD], collections=["ann 150", "ann 150"],
    )  # fmt: skip
    assert status is Status.OK


def test_a_cash_out_is_unverifiable() -> None:
    status, reason = audited(
        seats=["ann:1", "bob:2"], actions=[*HEADS_UP, "ann cashout"], shown=[ANN, BOB],
        boards=[BOARD], collections=["ann 200"],
    )  # fmt: skip
    assert (status, reason) == (Status.UNVERIFIABLE, "a player cashed out all in")


def test_the_same_card_twice_is_inconsistent() -> None:
    status, reason = audited(
        seats=["ann:1", "bob:2"], actions=HEADS_UP, shown=[ANN, "bob: Ad 6s 7h As"],
        boards=[BOARD], collections=["ann 200"],
    )  # fmt: skip
    assert (status, reason) == (Status.INCONSISTENT, "duplicate card Ad")


@pytest.mark.parametrize(
    ("paid", "reason"),
    [
        # bob gets the low ann won
        (["ann 100", "bob 100"], "wrong winner in the main pot: bob expected 0, paid 100; "
         "ann expected 200, paid 100"),
        # one unit astray
        (["ann 199", "bob 1"], "odd chip in the main pot: bob expected 0, paid 1; "
         "ann expected 200, paid 199"),
    ],
)  # fmt: skip
def test_mismatch_reasons(paid: list[str], reason: str) -> None:
    status, said = audited(
        seats=["ann:1", "bob:2"], actions=HEADS_UP, shown=[ANN, BOB], boards=[BOARD],
        collections=paid,
    )  # fmt: skip
    assert (status, said) == (Status.MISMATCH, reason)


def test_a_quartered_pot_paid_as_a_half_is_quartering() -> None:
    # cat's king-high flush wins the high half; ann and dan both make the wheel and
    # share the low: 300 each. The site paid ann the whole low half.
    status, reason = audited(
        seats=["ann:1", "cat:2", "dan:3"],
        actions=["ann call 400", "cat call 400", "dan call 400"],
        shown=["ann: Ac 2c 9s 8h", "cat: Kd Td 9c 9h", "dan: Ah 2h Ts 7s"], boards=[BOARD],
        collections=["cat 600", "ann 600"],
    )  # fmt: skip
    assert status is Status.MISMATCH
    assert reason == (
        f"{Reason.QUARTERING} in the main pot: dan expected 300, paid 0; ann expected 300, paid 600"
    )


def test_a_side_pot_paid_to_a_player_not_in_it_is_a_side_pot_error() -> None:
    # The site names no pot (one "pot" line), so the totals show it: the short stack ann
    # got bob's side pot of 400 as well as the main pot.
    status, reason = audited(
        seats=["ann:1", "bob:2", "cat:3"],
        actions=["ann call 100", "bob call 300", "cat call 300"],
        shown=["ann: Ah 2h 9c 9h", "bob: Kh Kc Ts 9s", "cat: 7c 7d 8c 8d"], boards=[BOARD],
        collections=["ann 300", "cat 400"],
    )  # fmt: skip
    assert status is Status.MISMATCH
    assert reason is not None
    assert reason.startswith(f"{Reason.SIDE_POT}: the site pays one pot")


def test_the_listed_pots_must_be_the_engines() -> None:
    status, reason = audited(
        seats=["ann:1", "bob:2", "cat:3"],
        actions=["ann call 100", "bob call 300", "cat call 300"],
        shown=[ANN, BOB, CAT], boards=[BOARD],
        collections=["ann 150", "ann 150", "bob 400 1"], main_pot=310, side_pots=[390],
    )  # fmt: skip
    assert (status, reason) == (
        Status.MISMATCH,
        "side pot: the site lists pots 310, 390, the engine builds 300, 400",
    )


def test_players_are_listed_left_of_the_button_first() -> None:
    built = hand(seats=["ann:1", "bob:2", "cat:3"], actions=["ann call 1", "bob call 1",
                 "cat call 1"], button=2)  # fmt: skip
    assert [player.player for player in ledger_of(built).players] == ["cat", "ann", "bob"]


def test_stud_players_are_in_seat_order_and_pay_antes_and_bring_ins() -> None:
    built = hand(
        game=Game.STUD_HILO, seats=["bob:4", "ann:2"],
        actions=["ann ante 5", "bob ante 5", "ann bring 10", "bob call 10"],
    )  # fmt: skip
    players = ledger_of(built).players
    assert [(p.player, p.antes, p.bring_in, p.bets) for p in players] == [
        ("ann", 5, 10, 0),
        ("bob", 5, 0, 10),
    ]


def test_by_seat_number_gives_a_tied_halfs_odd_unit_to_the_lowest_seat() -> None:
    # OnGame (R5-81867677-657): the button (seat 3) and seat 8 tie; the odd cent goes to
    # seat 3, where RULES.md gives it to seat 8, the first of them left of the button.
    parts = {
        "seats": ["ann:3", "bob:8", "cat:4"],
        "button": 3,
        "game": Game.OMAHA_HI,
        "actions": ["cat ante 1", "cat fold", "ann bb 50", "bob bb 50"],
        "shown": ["ann: 2c 3c 4d 5d", "bob: 2h 3h 4s 5s"],
        "boards": ["Ac Kd Qh 9s 8c"],
    }
    by_seat = replace(RULES_CONVENTION, odd_chip_rule=ODD_CHIP_RULES["by-seat-number"])
    lowest_seat_first = hand(**parts, collections=["ann 51", "bob 50"])  # type: ignore[arg-type]
    left_of_button = hand(**parts, collections=["bob 51", "ann 50"])  # type: ignore[arg-type]
    assert audit_hand(lowest_seat_first, by_seat).status is Status.OK
    assert audit_hand(left_of_button, RULES_CONVENTION).status is Status.OK
    assert audit_hand(left_of_button, by_seat).status is Status.MISMATCH
    assert audit_hand(lowest_seat_first, RULES_CONVENTION).status is Status.MISMATCH
