"""Bovada's format, on hands written here in its words: halves and pots, the old format
without street lines, the site's odd-chip convention, and bad input (a hand cut off, an
unknown line) reported with the file, the hand id and the line, the file's other hands
read as if nothing had happened."""

from __future__ import annotations

import pytest

from parsers import detect_site, parse_text
from tracker.audit.conventions import SiteConvention
from tracker.audit.verdict import Status, audit_hand
from tracker.bookkeeping import inconsistency_or_none
from tracker.engine.rules import ODD_CHIP_RULES, RAKE_RULES, Half
from tracker.engine.split import Strengths, split_pot
from tracker.errors import HandHistoryError, MalformedHandError, UnsupportedGameError
from tracker.model import ActionKind, CardSource, Collection, Game, Hand, Street

SPLIT_POT = """\
Bovada Hand #{id} TBL#555 OMAHA HiLo Pot Limit - 2014-08-05 00:56:59
Seat 1: Dealer ($5 in chips)
Seat 2: Small Blind ($5 in chips)
Seat 3: Big Blind [ME] ($5 in chips)
Seat 4: UTG ($5 in chips)
Dealer : Set dealer/Bring in spot [1]
Small Blind : Ante/Small Blind $0.02
Big Blind  [ME] : Big blind/Bring in $0.05
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Kc Kd 9s 9h]
Small Blind : Card dealt to a spot [As 2s Qh Jd]
Big Blind  [ME] : Card dealt to a spot [Ts Td 3c 3d]
UTG : Card dealt to a spot [7h 7c 4s 5d]
UTG : Folds
Table enter user
Dealer : Calls $0.05
Small Blind : Calls $0.03
Big Blind  [ME] : Checks
*** FLOP *** [Ks 4h 6c]
Small Blind : Bets $0.15
Big Blind  [ME] : Folds
Dealer : Calls $0.15
*** TURN *** [Ks 4h 6c] [8d]
Small Blind : Checks
Dealer : Checks
*** RIVER *** [Ks 4h 6c 8d] [Jc]
Small Blind : Checks
Dealer : Checks
Dealer : Showdown [Kc Kd Ks Jc 8d] (Three of a kind)
Small Blind : Showdown [As Jd Ks Jc 8d As 2s 4h 6c 8d] (One pair)
Dealer : Hand result $0.22
Small Blind : Hand result $0.21
*** SUMMARY ***
Total Pot($0.45)
Board [Ks 4h 6c 8d Jc]
Seat+1: Dealer HI $0.22  with Three of a kind [Kc Kd 9s 9h-Kc Kd Ks Jc 8d]
Seat+2: Small Blind  with One pair [As 2s Qh Jd-As Jd Ks Jc 8d] {low} $0.21
Seat+3: Big Blind Folded on the FLOP
Seat+4: UTG Folded before the FLOP
"""

QUARTERED = """\
Bovada Hand #1000000002 TBL#555 OMAHA HiLo Pot Limit - 2014-08-05 01:00:00
Seat 1: Dealer ($5 in chips)
Seat 2: Small Blind ($5 in chips)
Seat 3: Big Blind ($5 in chips)
Seat 4: UTG [ME] ($5 in chips)
Dealer : Set dealer/Bring in spot [1]
Small Blind : Ante/Small Blind $0.02
Big Blind : Big blind/Bring in $0.05
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Kc Qd Jd Ts]
Small Blind : Card dealt to a spot [As 4s 9c 9d]
Big Blind : Card dealt to a spot [Ah 4h Tc Td]
UTG  [ME] : Card dealt to a spot [8c 8d 6s 5s]
UTG  [ME] : Calls $0.05
Dealer : Calls $0.05
Small Blind : Calls $0.03
Big Blind : Checks
*** FLOP *** [2c 3d 7h]
Small Blind : Checks
Big Blind : Checks
UTG  [ME] : Checks
Dealer : Checks
*** TURN *** [2c 3d 7h] [Kh]
Small Blind : Checks
Big Blind : Checks
UTG  [ME] : Checks
Dealer : Checks
*** RIVER *** [2c 3d 7h Kh] [Ks]
Small Blind : Checks
Big Blind : Checks
UTG  [ME] : Checks
Dealer : Checks
Dealer : Showdown [Kc Qd Kh Ks 7h] (Three of a kind)
Small Blind : Showdown [9c 9d Kh Ks 7h As 4s 2c 3d 7h] (Two pair)
Big Blind : Showdown [Tc Td Kh Ks 7h Ah 4h 2c 3d 7h] (Two pair)
UTG  [ME] : Showdown [8c 8d Kh Ks 7h 6s 5s 2c 3d 7h] (Two pair)
Dealer : Hand result $0.11
Small Blind : Hand result $0.04
Big Blind : Hand result $0.04
*** SUMMARY ***
Total Pot($0.20)
Board [2c 3d 7h Kh Ks]
Seat+1: Dealer HI $0.11  with Three of a kind [Kc Qd Jd Ts-Kc Qd Kh Ks 7h]
Seat+2: Small Blind  with Two pair [As 4s 9c 9d-9c 9d Kh Ks 7h] LO $0.04
Seat+3: Big Blind  with Two pair [Ah 4h Tc Td-Tc Td Kh Ks 7h] LO $0.04 [Ah 4h Tc Td-Ah 4h 2c 3d 7h]
Seat+4: UTG  lost with Two pair [8c 8d 6s 5s-8c 8d Kh Ks 7h]
"""

# The old format: no street lines; the board only in the summary; "Raises $3" is the
# street total; a side pot and a rake line.
OLD_FORMAT = """\
Bovada Hand #1000000003 TBL#777 OMAHA HiLo Pot Limit - 2012-05-14 00:54:46
Seat 1: Dealer ($10 in chips)
Seat 2: Small Blind ($2 in chips)
Seat 3: Big Blind [ME] ($10 in chips)
Dealer : Set dealer/Bring in spot [1]
Small Blind : Ante/Small Blind $0.25
Big Blind  [ME] : Big blind/Bring in $0.50
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Qd Qs 8h 8c]
Small Blind : Card dealt to a spot [Ac 4d Ts Th]
Big Blind  [ME] : Card dealt to a spot [Ks Kh Qc Jc]
Dealer : Calls $0.50
Small Blind : Calls $0.25
Big Blind  [ME] : Checks
Small Blind : Bets $1
Big Blind  [ME] : Raises $3
Dealer : Calls $3
Small Blind : All-in $0.50
Big Blind  [ME] : Bets $2
Dealer : Folds
Big Blind  [ME] : Return uncalled portion of bet $2
Big Blind  [ME] : Showdown [Ks Kh Kd 9d 7s] (Three of a kind)
Small Blind : Showdown [Ts Th Kd 9d 7s Ac 4d 2h 6c 7s] (One pair)
Big Blind  [ME] : Hand result-Side pot $2.87
Big Blind  [ME] : Hand result $2.87
Small Blind : Hand result $2.86
*** SUMMARY ***
Total Pot($9) | Rake ($0.40)
Board [2h 6c 9d Kd 7s]
Seat 1: Dealer Folded on the FLOP
Seat 2: Small Blind  with One pair [Ac 4d Ts Th-Ts Th Kd 9d 7s] LO $2.86
Seat 3: Big Blind HI $5.74  with Three of a kind [Ks Kh Qc Jc-Ks Kh Kd 9d 7s]
"""


def read(text: str, file: str = "bovada.txt") -> list[Hand | HandHistoryError]:
    return list(parse_text(text, file=file))


def one_hand(text: str) -> Hand:
    (hand,) = read(text)
    assert isinstance(hand, Hand), hand
    assert inconsistency_or_none(hand) is None
    return hand


def line_number(text: str, line: str) -> int:
    """The 1-based number of the first line of `text` that is `line`."""
    return text.split("\n").index(line) + 1


@pytest.mark.parametrize("low_word", ["LO", "LOW"])
def test_a_halved_pot_is_read_into_its_halves(low_word: str) -> None:
    hand = one_hand(SPLIT_POT.format(id=1000000001, low=low_word))
    assert detect_site(SPLIT_POT).site == "bovada"
    assert (hand.site, hand.hand_id, hand.game) == ("bovada", "1000000001", Game.OMAHA_HILO)
    assert hand.collections == (
        Collection("Dealer", 22, half="hi"),
        Collection("Small Blind", 21, half="lo"),
    )
    # no rake line: the rake is the total pot less the hand results
    assert (hand.total_pot, hand.rake) == (45, 2)
    assert hand.hero == "Big Blind"
    assert hand.button_seat == 1
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (2, 5)
    assert hand.started_at.isoformat() == "2014-08-05T04:56:59+00:00"  # ET in summer
    assert [summary.won for summary in hand.summaries] == [22, 21, None, None]
    shown = {known.player for known in hand.known_cards if known.source is CardSource.SHOWN}
    assert shown == {"Dealer", "Small Blind"}
    assert audit_hand(hand).status is Status.OK


def test_a_tied_low_leaves_its_odd_cent_to_the_high_half() -> None:
    hand = one_hand(QUARTERED)
    assert hand.collections == (
        Collection("Dealer", 11, half="hi"),
        Collection("Small Blind", 4, half="lo"),
        Collection("Big Blind", 4, half="lo"),
    )
    assert audit_hand(hand).status is Status.OK
    rules = SiteConvention("rules", RAKE_RULES["proportional"], ODD_CHIP_RULES["rules"])
    assert audit_hand(hand, rules).status is Status.MISMATCH


def test_the_low_remainder_rule_gives_the_high_half_what_tied_lows_leave() -> None:
    strengths = Strengths(high=(300, 100, 100), low=(None, 40, 40))
    rule = ODD_CHIP_RULES["low-remainder-to-high"]
    awards = split_pot(19, (0, 1, 2), strengths, odd_chip_rule=rule)
    assert [(award.player, award.half, award.amount) for award in awards] == [
        (0, Half.HIGH, 11),
        (1, Half.LOW, 4),
        (2, Half.LOW, 4),
    ]
    default = split_pot(19, (0, 1, 2), strengths)
    assert [award.amount for award in default] == [10, 5, 4]


def test_the_old_format_finds_its_streets_and_side_pot() -> None:
    hand = one_hand(OLD_FORMAT)
    streets = [(action.street, action.player, action.kind) for action in hand.actions]
    assert streets[5:] == [
        (Street.FLOP, "Small Blind", ActionKind.BET),
        (Street.FLOP, "Big Blind", ActionKind.RAISE),
        (Street.FLOP, "Dealer", ActionKind.CALL),
        (Street.FLOP, "Small Blind", ActionKind.CALL),
        (Street.TURN, "Big Blind", ActionKind.BET),
        (Street.TURN, "Dealer", ActionKind.FOLD),
    ]
    raised = hand.actions[6]
    assert (raised.amount, raised.to_amount) == (300, 300)
    assert hand.actions[8].all_in
    assert hand.collections == (
        Collection("Big Blind", 287, pot=1),
        Collection("Big Blind", 287),
        Collection("Small Blind", 286),
    )
    assert (hand.total_pot, hand.rake) == (900, 40)
    (board,) = hand.boards
    assert len(board) == 5
    assert audit_hand(hand).status is Status.OK


def test_a_hand_cut_off_is_an_error_at_its_last_line() -> None:
    cut = "\n".join(QUARTERED.split("\n")[:12]) + "\n"
    text = SPLIT_POT.format(id=1, low="LO") + "\n" + cut + "\n" + OLD_FORMAT
    items = read(text, "cut.txt")
    assert [item.hand_id for item in items] == ["1", "1000000002", "1000000003"]
    assert isinstance(items[0], Hand)
    assert isinstance(items[2], Hand)
    error = items[1]
    assert isinstance(error, MalformedHandError)
    assert "cut off" in error.reason
    assert error.file == "cut.txt"
    last = "Big Blind : Card dealt to a spot [Ah 4h Tc Td]"
    assert cut.split("\n")[11] == last
    assert (error.line, error.line_number) == (last, line_number(text, last))


@pytest.mark.parametrize("odd", ["Small Blind : Dances on the table", "Something happened"])
def test_an_unknown_line_is_an_error_naming_its_line(odd: str) -> None:
    lines = QUARTERED.split("\n")
    lines.insert(16, odd)
    text = SPLIT_POT.format(id=1, low="LO") + "\n" + "\n".join(lines) + "\n" + OLD_FORMAT
    items = read(text, "odd.txt")
    assert [type(item) for item in items] == [Hand, MalformedHandError, Hand]
    error = items[1]
    assert isinstance(error, MalformedHandError)
    assert (error.reason, error.hand_id, error.line) == ("unknown line", "1000000002", odd)
    assert error.line_number == line_number(text, odd)
    assert "odd.txt, hand 1000000002, line" in str(error)


def test_a_player_without_a_seat_is_an_error() -> None:
    text = QUARTERED.replace("UTG  [ME] : Calls $0.05", "UTG+3 : Calls $0.05")
    (error,) = read(text)
    assert isinstance(error, MalformedHandError)
    assert "'UTG+3' has no seat" in error.reason


def test_a_summary_that_disagrees_with_the_results_is_an_error() -> None:
    text = QUARTERED.replace("Dealer HI $0.11", "Dealer HI $0.12")
    (error,) = read(text)
    assert isinstance(error, MalformedHandError)
    assert "the summary says Dealer won 12, the hand results 11" in error.reason


def test_a_game_not_covered_is_skipped() -> None:
    text = SPLIT_POT.format(id=1, low="LO").replace("OMAHA HiLo Pot Limit", "HOLDEM No Limit")
    (skipped,) = read(text)
    assert isinstance(skipped, UnsupportedGameError)
    assert skipped.hand_id == "1"
