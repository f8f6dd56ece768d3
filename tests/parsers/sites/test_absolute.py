"""Absolute Poker: hands written in the site's format, read into the right chips, cards,
halves and payments; bad input gives clear errors naming the file, hand and line, and the
other hands of the file still import."""

from __future__ import annotations

import pytest

from parsers import detect_site
from tests.parsers.sites.site_checks import around, only_error, only_hand, read
from tracker.audit.verdict import Status, audit_hand
from tracker.bookkeeping import inconsistency_or_none
from tracker.errors import UnsupportedGameError
from tracker.model import ActionKind, CardSource, Game, Hand, Street, Structure

SPLIT_POT = """\
Stage #{id}: Omaha Hi/Lo  Pot Limit $0.50/$1 - 2010-06-15 20:00:00.123 (ET) [ 2010-06-15 20:00:00 ]
Table: Testa (Real Money) Seat #1 is the dealer
Seat 1 - Ann ($20 in chips)
Seat 2 - Ben ($30.50 in chips)
Seat 4 - Cat ($1,000 in chips)
Ben - Posts small blind $0.50
Cat - Posts big blind $1
*** POCKET CARDS ***
Dealt to Ann [Qh Qd Kc Kd]
Ann - Raises $2 to $3
Ben - Calls $2.50
Cat - Folds
*** FLOP *** [3c 4d Ks]
Ben - Checks
Ann - Bets $4
Ben - Calls $4
*** TURN *** [3c 4d Ks] [7h]
Ben - Checks
Ann - Checks
*** RIVER *** [Qs]
Ben - Bets $2
Ann - Calls $2
*** SHOW DOWN ***
Ann - Shows [Qh Qd Kc Kd] (Three of a kind, kings)
Ben - Shows [2c 8c Js Jd] (One pair, jacks)
Ann Collects $9.45 from main pot
Ben Collects $9.44 from main pot
*** SUMMARY ***
Total Pot($19) | Rake ($0.11)
Board [3c 4d Ks 7h Qs]
Seat 1: Ann (dealer) won Total ($9.45) HI:($9.45) with Three of a kind, kings \
[Qh Qd Kc Kd - P:Kc,P:Kd,B:Ks,B:Qs,B:7h]
Seat 2: Ben (small blind) won Total ($9.44) HI:lost with One pair, jacks \
[2c 8c Js Jd - P:Js,P:Jd,B:Ks,B:Qs,B:7h] LO:($9.44) [P:2c,B:3c,B:4d,B:7h,P:8c]
Seat 4: Cat (big blind) Folded on the POCKET CARDS
"""
"""A pot of $19 less $0.11 rake, halved: Ann's high (with the odd cent), Ben's low."""

LINES_PER_HAND = SPLIT_POT.count("\n") + 1  # with the blank line between hands


def three_hands(middle: str | None = None) -> str:
    return around(SPLIT_POT, middle, "\n")


def test_the_site_is_detected_by_content() -> None:
    assert detect_site(three_hands()).site == "absolute"


def test_a_split_pot_is_read_into_halves_from_the_summary() -> None:
    hand = only_hand(SPLIT_POT.format(id=301))
    assert (hand.site, hand.hand_id, hand.game, hand.structure) == (
        "absolute",
        "301",
        Game.OMAHA_HILO,
        Structure.POT_LIMIT,
    )
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.currency) == (50, 100, "USD")
    assert (hand.table_name, hand.button_seat, hand.site_timezone) == ("Testa", 1, "ET")
    assert hand.started_at.isoformat() == "2010-06-16T00:00:00+00:00"  # 20:00 EDT
    assert [seat.stack for seat in hand.seats] == [2000, 3050, 100000]
    raise_ = next(action for action in hand.actions if action.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.to_amount) == (300, 300)
    # the turn written with the board so far, the river with its new card alone
    assert [card.text for card in hand.boards[0]] == ["3c", "4d", "Ks", "7h", "Qs"]
    # "Collects" says the pot; the summary's "HI:($9.45)" and "LO:($9.44)" the halves
    assert [(c.player, c.amount, c.pot, c.half) for c in hand.collections] == [
        ("Ann", 945, 0, "hi"),
        ("Ben", 944, 0, "lo"),
    ]
    assert (hand.total_pot, hand.rake) == (1900, 11)
    assert inconsistency_or_none(hand) is None
    assert [s.won for s in hand.summaries] == [945, 944, None]
    shown = [(k.player, k.source, k.street) for k in hand.known_cards]
    assert ("Ben", CardSource.SHOWN, Street.SHOWDOWN) in shown
    assert ("Ann", CardSource.DEALT, Street.PREFLOP) in shown
    assert hand.hero == "Ann"


def test_the_split_pot_audits_ok_and_the_odd_cent_goes_high() -> None:
    assert audit_hand(only_hand(SPLIT_POT.format(id=301))).status is Status.OK
    swapped = SPLIT_POT.replace("$9.45", "$X").replace("$9.44", "$9.45").replace("$X", "$9.44")
    verdict = audit_hand(only_hand(swapped.format(id=301)))
    assert verdict.status is Status.MISMATCH
    assert verdict.reason is not None
    assert verdict.reason.startswith("odd chip")


def test_a_payment_the_summary_does_not_halve_keeps_no_half() -> None:
    text = SPLIT_POT.replace(" LO:($9.44)", " LO:($9.40)").format(id=301)
    hand = only_hand(text)
    assert [(c.player, c.half) for c in hand.collections] == [("Ann", "hi"), ("Ben", None)]


STUD = """\
Stage #600: Seven Card Hi/Lo  Normal $0.10/$0.20 - 2009-07-01 12:00:00 (ET)
Seat 1 - Ann ($5 in chips)
Seat 2 - Hero ($5 in chips)
Seat 3 - Cat ($5 in chips)
Ann - Ante $0.02
Hero - Ante $0.02
Cat - Ante $0.02
*** 3rd STREET ***
Ann - Pocket [H H 2s]
Hero - Pocket [Ah 3d Kc]
Cat - Pocket [H H 9d]
Ann - Bring-In $0.05
Hero - Raises $0.05 to $0.10
Cat - Folds
Ann - Calls $0.05
*** 4TH STREET ***
Ann - Pocket [H H 2s 5s]
Hero - Pocket [Ah 3d Kc 4h]
Cat - Pocket [H H 9d]
Ann - Checks
Hero - Bets $0.10
Ann - Calls $0.10
*** 5TH STREET ***
Ann - Pocket [H H 2s 5s 7c]
Hero - Pocket [Ah 3d Kc 4h 6d]
Ann - Bets $0.20
Hero - Calls $0.20
*** 6TH STREET ***
Ann - Pocket [H H 2s 5s 7c Jh]
Hero - Pocket [Ah 3d Kc 4h 6d Qs]
Ann - Checks
Hero - Checks
*** RIVER ***
Ann - Pocket [H H 2s 5s 7c Jh H]
Hero - Pocket [Ah 3d Kc 4h 6d Qs 8c]
Ann - Bets $0.20
Hero - Raises $0.20 to $0.40
Ann - Folds
Hero - returned ($0.20) : not called
*** SHOW DOWN ***
Hero - Does not show
Hero Collects $1.20 from main pot
*** SUMMARY ***
Total Pot($1.26) | Rake ($0.06)
Seat 1: Ann Folded on the RIVER
Seat 2: Hero won Total ($1.20) HI:($1.20) [Does not show]
Seat 3: Cat Folded on the 3rd STREET
"""
"""A stud hand with no table line: the bring-in completed, the river raise not called."""


def test_stud_pockets_give_each_new_card_once() -> None:
    hand = only_hand(STUD)
    assert (hand.game, hand.structure, hand.table_name, hand.button_seat) == (
        Game.STUD_HILO,
        Structure.LIMIT,
        "",
        None,
    )
    stakes = hand.stakes
    assert (stakes.small_bet, stakes.big_bet, stakes.ante, stakes.bring_in) == (10, 20, 2, 5)
    ann = [(k.street, k.source, [c.text for c in k.cards]) for k in hand.known_cards
           if k.player == "Ann"]  # fmt: skip
    assert ann == [
        (Street.THIRD, CardSource.UP, ["2s"]),
        (Street.FOURTH, CardSource.UP, ["5s"]),
        (Street.FIFTH, CardSource.UP, ["7c"]),
        (Street.SIXTH, CardSource.UP, ["Jh"]),
    ]  # the "H" of seventh street is face down: not known
    hero = [(k.street, [c.text for c in k.cards]) for k in hand.known_cards
            if k.player == "Hero" and k.source is CardSource.DEALT]  # fmt: skip
    assert hero[0] == (Street.THIRD, ["Ah", "3d", "Kc"])
    assert hero[-1] == (Street.SEVENTH, ["8c"])
    assert hand.hero == "Hero"


def test_stud_completion_uncalled_bet_and_payment() -> None:
    hand = only_hand(STUD)
    complete = next(a for a in hand.actions if a.kind is ActionKind.COMPLETE)
    assert (complete.player, complete.amount, complete.to_amount) == ("Hero", 10, 10)
    river_raise = next(a for a in hand.actions if a.kind is ActionKind.RAISE)
    assert (river_raise.street, river_raise.to_amount) == (Street.SEVENTH, 40)
    assert [(r.player, r.amount) for r in hand.returned] == [("Hero", 20)]
    assert [(c.player, c.amount, c.half) for c in hand.collections] == [("Hero", 120, "hi")]
    assert (hand.total_pot, hand.rake) == (126, 6)
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_an_all_in_is_found_from_the_stack() -> None:
    text = SPLIT_POT.replace("Seat 2 - Ben ($30.50 in chips)", "Seat 2 - Ben ($9 in chips)")
    hand = only_hand(text.format(id=301))
    river = [a for a in hand.actions if a.player == "Ben" and a.street is Street.RIVER]
    assert river[0].all_in


def test_a_game_not_covered_is_skipped() -> None:
    holdem = SPLIT_POT.replace("Omaha Hi/Lo  Pot Limit", "Holdem  No Limit")
    items = read(three_hands(holdem.format(id=302)))
    assert [type(item) for item in items] == [Hand, UnsupportedGameError, Hand]
    assert items[1].hand_id == "302"
    razz = SPLIT_POT.replace("Omaha Hi/Lo  Pot Limit", "Razz  Fixed Limit")
    assert isinstance(read(three_hands(razz.format(id=302)))[1], UnsupportedGameError)


def test_a_truncated_hand_names_file_hand_and_line_and_the_others_still_read() -> None:
    cut = "\n".join(SPLIT_POT.format(id=302).splitlines()[:18]) + "\n"
    items = read(three_hands(cut))
    assert [item.hand_id for item in items if isinstance(item, Hand)] == ["301", "303"]
    error = only_error(items)
    assert (error.file, error.hand_id) == ("test.txt", "302")
    assert "cut off" in error.reason
    assert error.line_number == LINES_PER_HAND + 18


def test_a_hand_without_its_total_pot_is_cut_off() -> None:
    cut = SPLIT_POT.replace("Total Pot($19) | Rake ($0.11)\n", "").format(id=302)
    error = only_error(read(three_hands(cut)))
    assert "no total pot" in error.reason


@pytest.mark.parametrize(
    ("after", "line"),
    [
        ("Ann - Raises $2 to $3", "Ann - Dances $3"),
        ("*** POCKET CARDS ***", "*** 3rd STREET ***"),
        ("Cat - Folds", "Somebody Else - Folds"),
        ("Ben Collects $9.44 from main pot", "Ben Collects $1 from side pot 1"),
        ("Board [3c 4d Ks 7h Qs]", "Ann waves"),
    ],
)
def test_an_unknown_line_names_file_hand_and_line(after: str, line: str) -> None:
    hand = SPLIT_POT.format(id=302).replace(after + "\n", after + "\n" + line + "\n")
    items = read(three_hands(hand))
    assert [item.hand_id for item in items if isinstance(item, Hand)] == ["301", "303"]
    error = only_error(items)
    assert (error.file, error.hand_id, error.line) == ("test.txt", "302", line)
    where = SPLIT_POT.splitlines().index(after) + 2
    assert error.line_number == LINES_PER_HAND + where
    assert "unknown" in error.reason or "another game" in error.reason


def test_a_stud_pocket_that_changes_is_an_error() -> None:
    text = STUD.replace("Ann - Pocket [H H 2s 5s 7c]", "Ann - Pocket [H H 2s 4s 7c]")
    error = only_error(read(text))
    assert "differ" in error.reason
    assert error.line == "Ann - Pocket [H H 2s 4s 7c]"


def test_an_unknown_card_is_an_error() -> None:
    hand = SPLIT_POT.format(id=302).replace("[Qs]", "[9x]")
    error = only_error(read(three_hands(hand)))
    assert "unknown card '9x'" in error.reason
    assert error.line == "*** RIVER *** [9x]"


def test_a_summary_board_that_differs_is_an_error() -> None:
    hand = SPLIT_POT.format(id=302).replace("Board [3c 4d Ks 7h Qs]", "Board [3c 4d Ks 7h Qd]")
    error = only_error(read(three_hands(hand)))
    assert "differs" in error.reason


def test_names_with_spaces_are_matched_whole() -> None:
    text = SPLIT_POT.replace("Ann", "Ann Lee").replace("Ben", "Ann").format(id=301)
    hand = only_hand(text)
    assert [seat.player for seat in hand.seats] == ["Ann Lee", "Ann", "Cat"]
    raise_ = next(action for action in hand.actions if action.kind is ActionKind.RAISE)
    assert raise_.player == "Ann Lee"
    assert [(c.player, c.amount, c.half) for c in hand.collections] == [
        ("Ann Lee", 945, "hi"),
        ("Ann", 944, "lo"),
    ]
    assert [s.player for s in hand.summaries] == ["Ann Lee", "Ann", "Cat"]
