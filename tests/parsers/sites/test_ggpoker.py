"""GGPoker: its fees ("Rake", "Jackpot", "Bingo"), its house money ("Cash Drop"),
straddles, boards run two and three times, all-in insurance, tournaments, detection
beside PokerStars, and bad input (errors naming file, hand and line; the other hands of
the file still read). Every hand text is written here."""

from __future__ import annotations

import doctest

import pytest

from parsers import decode, detect_site, parse_text
from parsers.ggpoker import lines as ggpoker_lines
from parsers.registry import site_parser
from tests.parsers.sites.site_checks import the_middle_hand_fails
from tracker.audit.verdict import Status, audit_hand
from tracker.bookkeeping import inconsistency_or_none
from tracker.cards import parse_cards
from tracker.errors import MalformedHandError, UnsupportedGameError
from tracker.model import ActionKind, Collection, Game, Hand, Returned, Stakes, Structure

# A raise, a call, a bet not called: the rake and both fees come out of a gross total.
FOLDED = """\
Poker Hand #OM{hand_id}: PLO ($0.5/$1) - 2021/06/21 03:13:16
Table 'PLOBronze1' 6-max Seat #1 is the button
Seat 1: a1b2c3d4 ($100 in chips)
Seat 2: Hero ($50 in chips)
Seat 3: 0f0f0f0f ($1,200.5 in chips)
a1b2c3d4: posts small blind $0.5
Hero: posts big blind $1
*** HOLE CARDS ***
Dealt to a1b2c3d4
Dealt to Hero [As Kd 7h 2c]
Dealt to 0f0f0f0f
0f0f0f0f: raises $2 to $3
a1b2c3d4: folds
Hero: calls $2
*** FLOP *** [9c 8d Qh]
Hero: checks
0f0f0f0f: bets $4.5
Hero: folds
Uncalled bet ($4.5) returned to 0f0f0f0f
*** SHOWDOWN ***
0f0f0f0f collected $6.15 from pot
*** SUMMARY ***
Total pot $6.5 | Rake $0.3 | Jackpot $0.04 | Bingo $0.01
Board [9c 8d Qh]
Seat 1: a1b2c3d4 (button) (small blind) folded before Flop
Seat 2: Hero (big blind) folded on the Flop
Seat 3: 0f0f0f0f won ($6.15)
"""

# All in on the flop, the turn and river run three times; each board pays a third.
THRICE = """\
Poker Hand #OM77: PLO-5 ($2/$5) - 2021/06/21 03:13:16
Table 'PLO-5Gold1' 6-max Seat #2 is the button
Seat 1: ead75598 ($100 in chips)
Seat 2: Hero ($100 in chips)
ead75598: posts small blind $2
Hero: posts big blind $5
*** HOLE CARDS ***
Dealt to ead75598
Dealt to Hero [Kh 8s 6h Ks 2d]
ead75598: calls $3
Hero: checks
*** FLOP *** [Js 5s Jd]
ead75598: bets $95 and is all-in
Hero: calls $95 and is all-in
ead75598: shows [Ac Ad 3c 3d 9h] (Pair of Aces and Pair of Jacks)
Hero: shows [Kh 8s 6h Ks 2d] (Pair of Kings and Pair of Jacks)
*** FIRST TURN *** [Js 5s Jd] [7s]
*** FIRST RIVER *** [Js 5s Jd 7s] [2s]
*** SECOND TURN *** [Js 5s Jd] [4d]
*** SECOND RIVER *** [Js 5s Jd 4d] [Qh]
*** THIRD TURN *** [Js 5s Jd] [Ah]
*** THIRD RIVER *** [Js 5s Jd Ah] [Tc]
*** FIRST SHOWDOWN ***
Hero collected $64 from pot
*** SECOND SHOWDOWN ***
ead75598 collected $64 from pot
*** THIRD SHOWDOWN ***
ead75598 collected $64 from pot
*** SUMMARY ***
Total pot $200 | Rake $7.5 | Jackpot $0.5 | Bingo $0
Hand was run three times
FIRST Board [Js 5s Jd 7s 2s]
SECOND Board [4d Qh]
THIRD Board [Ah Tc]
Seat 1: ead75598 (small blind) showed [Ac Ad 3c 3d 9h] and lost with Pair of Aces and \
Pair of Jacks, and won ($64) with Pair of Aces, and won ($64) with Aces Full
Seat 2: Hero (button) (big blind) showed [Kh 8s 6h Ks 2d] and won ($64) with King High \
Flush, and lost with Pair of Kings, and lost with Pair of Kings
"""


def one_hand(text: str) -> Hand:
    items = list(parse_text(text, file="test.txt"))
    assert len(items) == 1
    assert isinstance(items[0], Hand), items[0]
    return items[0]


def test_the_fees_come_out_of_a_gross_total_pot() -> None:
    hand = one_hand(FOLDED.format(hand_id="1"))
    assert detect_site(FOLDED.format(hand_id="1")).site == "ggpoker"
    assert (hand.game, hand.structure, hand.currency) == (
        Game.OMAHA_HI,
        Structure.POT_LIMIT,
        "USD",
    )
    assert hand.stakes == Stakes(50, 100)
    assert hand.seats[2].stack == 120050
    assert hand.hero == "Hero"
    assert hand.returned == (Returned("0f0f0f0f", 450),)
    assert hand.collections == (Collection("0f0f0f0f", 615),)
    assert (hand.total_pot, hand.rake, hand.jackpot_fee) == (650, 30, 5)
    assert hand.summaries[2].won == 615
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_a_total_pot_without_a_rake_part_gives_no_rake() -> None:
    # The 2020 format: "Total pot $14" and payments of all of it.
    text = (
        FOLDED.format(hand_id="1")
        .replace(" | Rake $0.3 | Jackpot $0.04 | Bingo $0.01", "")
        .replace("$6.15", "$6.5")
    )
    hand = one_hand(text)
    assert (hand.total_pot, hand.rake, hand.jackpot_fee) == (650, None, 0)
    assert inconsistency_or_none(hand) is None


def test_house_money_is_in_the_total_pot_and_paid_with_the_main_pot() -> None:
    text = (
        FOLDED.format(hand_id="1")
        .replace(
            "a1b2c3d4: posts small blind",
            "Cash Drop to Pot : total $0.2\na1b2c3d4: posts small blind",
        )
        .replace("$6.5 |", "$6.7 |")
        .replace("$6.15", "$6.35")
    )
    hand = one_hand(text)
    assert (hand.total_pot, hand.added_money) == (670, 20)
    assert hand.collections == (Collection("0f0f0f0f", 635),)
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_boards_run_three_times_pay_a_third_each() -> None:
    hand = one_hand(THRICE)
    assert hand.game is Game.OMAHA5_HI
    assert hand.boards == (
        parse_cards("Js 5s Jd 7s 2s"),
        parse_cards("Js 5s Jd 4d Qh"),
        parse_cards("Js 5s Jd Ah Tc"),
    )
    assert hand.collections == (
        Collection("Hero", 6400, 0, 0),
        Collection("ead75598", 6400, 0, 1),
        Collection("ead75598", 6400, 0, 2),
    )
    assert [summary.won for summary in hand.summaries] == [12800, 6400]
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_a_summary_board_run_again_must_be_the_cards_dealt() -> None:
    (item,) = parse_text(THRICE.replace("THIRD Board [Ah Tc]", "THIRD Board [Ah Td]"))
    assert isinstance(item, MalformedHandError)
    assert "board 3 differs" in item.reason


def test_a_straddle_and_a_straddle_over_it_are_live_blinds() -> None:
    text = """\
Poker Hand #OM9: PLO-5 ($0.1/$0.25) - 2021/04/13 10:03:48
Table 'PLO-5Red7' 6-max Seat #3 is the button
Seat 1: f279d709 ($5 in chips)
Seat 3: 9e7f64d4 ($10 in chips)
Seat 4: Hero ($20 in chips)
Hero: posts small blind $0.1
f279d709: posts big blind $0.25
9e7f64d4: straddle $0.5
9e7f64d4: straddle $10 and is all-in
*** HOLE CARDS ***
Dealt to f279d709
Dealt to 9e7f64d4
Dealt to Hero [2s 3c 9d 9h Ad]
Hero: folds
f279d709: folds
Uncalled bet ($9.75) returned to 9e7f64d4
*** SHOWDOWN ***
9e7f64d4 collected $0.6 from pot
*** SUMMARY ***
Total pot $0.6 | Rake $0 | Jackpot $0 | Bingo $0
Seat 1: f279d709 (big blind) folded before Flop
Seat 3: 9e7f64d4 (button) collected ($0.6)
Seat 4: Hero (small blind) folded before Flop
"""
    hand = one_hand(text)
    straddles = [action for action in hand.actions if action.player == "9e7f64d4"]
    assert [(a.kind, a.amount, a.all_in) for a in straddles] == [
        (ActionKind.POST_BIG_BLIND, 50, False),
        (ActionKind.POST_BIG_BLIND, 950, True),
    ]
    assert hand.returned == (Returned("9e7f64d4", 975),)
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_all_in_insurance_is_a_deal_with_the_house_and_the_pot_is_paid_as_dealt() -> None:
    text = THRICE.replace(
        "*** FIRST TURN ***",
        "Hero: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0) - "
        "(Mandatory/Main/Sub))\n*** FIRST TURN ***",
    ).replace(
        "*** FIRST SHOWDOWN ***",
        "Hero: pay premium of all-in insurance ($4)\n*** FIRST SHOWDOWN ***",
    )
    hand = one_hand(text)
    assert not any(action.kind is ActionKind.CASH_OUT for action in hand.actions)
    assert audit_hand(hand).status is Status.OK
    broken = text.replace("- (Mandatory/Main/Sub))", "- (Main))")
    (item,) = parse_text(broken)
    assert isinstance(item, MalformedHandError)


def test_a_tournament_hand_is_in_chips_with_its_level_and_antes() -> None:
    text = """\
Poker Hand #TM5: Tournament #5948181, High Rollers PLO Main Event $1K Omaha Pot Limit \
- Level4 (90/180) - 2020/06/23 19:21:09
Table '1' 6-max Seat #2 is the button
Seat 1: 442b49d7 (27,617 in chips)
Seat 2: 2a1934a5 (6,402 in chips)
442b49d7: posts the ante 30
2a1934a5: posts the ante 30
2a1934a5: posts small blind 90
442b49d7: posts big blind 180
*** HOLE CARDS ***
Dealt to 442b49d7
Dealt to 2a1934a5
2a1934a5: folds
Uncalled bet (90) returned to 442b49d7
*** SHOWDOWN ***
442b49d7 collected 240 from pot
*** SUMMARY ***
Total pot 240
Seat 1: 442b49d7 (big blind) collected (240)
Seat 2: 2a1934a5 (button) (small blind) folded before Flop
"""
    hand = one_hand(text)
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.level) == ("5948181", "4")
    assert hand.currency is None
    assert hand.seats[0].stack == 27617
    assert [a.kind for a in hand.actions[:2]] == [ActionKind.POST_ANTE] * 2
    assert hand.started_at.isoformat() == "2020-06-23T23:21:09+00:00"  # ET, summer time
    assert inconsistency_or_none(hand) is None
    holdem = text.replace("Omaha Pot Limit", "Hold'em No Limit")
    (item,) = parse_text(holdem)
    assert isinstance(item, UnsupportedGameError)
    (item,) = parse_text(FOLDED.format(hand_id="1").replace(": PLO (", ": PLO-6 ("))
    assert isinstance(item, UnsupportedGameError)
    (item,) = parse_text(FOLDED.format(hand_id="1").replace(": PLO (", ": PLO Hi/Lo ("))
    assert isinstance(item, MalformedHandError)
    assert "hi/lo game name" in item.reason


def test_ggpoker_and_pokerstars_do_not_claim_each_others_files() -> None:
    ggpoker, pokerstars = site_parser("ggpoker"), site_parser("pokerstars")
    assert ggpoker is not None
    assert pokerstars is not None
    stars = "PokerStars Hand #1234: Omaha Pot Limit ($0.01/$0.02 USD) - 2025/12/03 8:59:34 ET"
    run_it_once = "Run It Once Poker Hand #36197946: Omaha Pot Limit (€1/€2) - 2019/08/14"
    for text in (stars, run_it_once):
        assert not ggpoker.detect(text + "\n")
    assert not pokerstars.detect(FOLDED.format(hand_id="1"))
    assert ggpoker.detect("\n\n" + FOLDED.format(hand_id="1"))


def three_hands(middle: str) -> str:
    return "\n\n".join([FOLDED.format(hand_id="1"), middle, FOLDED.format(hand_id="3")])


@pytest.mark.parametrize(
    ("middle", "line_number", "reason"),
    [
        ("\n".join(FOLDED.format(hand_id="2").splitlines()[:9]), 38, "cut off"),
        (
            FOLDED.format(hand_id="2").replace("a1b2c3d4: folds\n", "a1b2c3d4: dances\n"),
            42,
            "unknown line",
        ),
        (
            FOLDED.format(hand_id="2").replace("Hero: checks\n", "Zed: checks\n"),
            45,
            "no seated player",
        ),
        (
            FOLDED.format(hand_id="2").replace("| Bingo $0.01", "| Fortune $0.01"),
            52,
            "pot line",
        ),
    ],
    ids=["truncated", "unknown-verb", "unseated-player", "unknown-fee"],
)
def test_bad_hands_are_errors_naming_file_hand_and_line(
    middle: str, line_number: int, reason: str
) -> None:
    the_middle_hand_fails(
        three_hands(middle), hand_id="OM2", line_number=line_number, reason=reason
    )


def test_utf8_with_bom_and_crlf_line_ends() -> None:
    data = b"\xef\xbb\xbf" + FOLDED.format(hand_id="1").replace("\n", "\r\n").encode("utf-8")
    hand = one_hand(decode(data))
    assert hand.collections == (Collection("0f0f0f0f", 615),)


def test_docstring_examples() -> None:
    result = doctest.testmod(ggpoker_lines)
    assert result.attempted > 0
    assert result.failed == 0
