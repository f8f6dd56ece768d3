"""Winning (ACR)'s formats, on hands written here in its words: a split pot with the
jackpot fee apart, run it twice, the old format's Bets/Collects lines, and bad input (a
hand cut off, an unknown line) reported with the file, the hand id and the line, the
file's other hands read as if nothing had happened."""

from __future__ import annotations

from parsers import detect_site, parse_text
from tracker.bookkeeping import inconsistency_or_none
from tracker.errors import HandHistoryError, MalformedHandError
from tracker.model import ActionKind, Collection, Game, Hand, Structure

SPLIT_POT = """\
Hand #{id} - Omaha H/L(Pot Limit) - $0.25/$0.50 - 2021/04/16 19:14:14 UTC
Lake 6-max Seat #1 is the button
Seat 1: ann ($50.00)
Seat 2: bob ($50.00)
Seat 3: cy d ($50.00)
bob posts the small blind $0.25
cy d posts the big blind $0.50
*** HOLE CARDS ***
Dealt to ann [Ah 2h Kc Qd]
ann raises $1.50 to $1.50
bob folds
cy d calls $1.00
*** FLOP *** [3c 4d 9s]
Main pot $3.15 | Rake $0.10
cy d checks
ann bets $2.00
cy d calls $2.00
*** TURN *** [3c 4d 9s] [Kd]
cy d checks
ann checks
*** RIVER *** [3c 4d 9s Kd] [Jh]
cy d checks
ann checks
*** SHOW DOWN ***
ann shows [Ah 2h Kc Qd] (HI - a pair of Kings [Kd Kc Qd Jh 9s] | LO - [9,4,3,2,1])
cy d shows [Ks Js 5c 6c] (HI - two pair, Kings and Jacks [Ks Kd Js Jh 9s] | LO - [])
ann collected $3.51 from main pot
cy d collected $3.51 from main pot
*** SUMMARY ***
Total pot $7.02 | Rake $0.20 | JP Fee $0.03
Board [3c 4d 9s Kd Jh]
Seat 1: ann (button) showed [Ah 2h Kc Qd] and won $3.51 with HI - a pair
Seat 2: bob (small blind) folded on the Pre-Flop
Seat 3: cy d (big blind) showed [Ks Js 5c 6c] and won $3.51 with HI - two pair
"""

OLD_FORMAT = (
    """\
Game started at: 2016/8/2 11:19:5
Game ID: 1000 0.10/0.25 (PRR) Elepaio (Omaha HiLow)
Seat 3 is the button
Seat 1: ann (38.13).
Seat 3: bob (9.40).
Player bob has small blind (0.10)
Player ann has big blind (0.25)
Player ann received card: [2s]
Player ann received card: [8h]
Player ann received card: [2h]
Player ann received card: [Jd]
Player bob received a card.
Player bob received a card.
Player bob received a card.
Player bob received a card.
Player bob raises (0.30)
Player ann calls (0.15)
*** FLOP ***: [5s 7h 4d]
Player ann checks
Player bob checks
------ Summary ------
Pot: 0.76. Rake 0.03. JP fee 0.01
Board: [5s 7h 4d]
"""
    "*Player ann shows: Flush, A high [2s 8h 2h Jd] Low hand (A A 2 3 4 8 )."
    """Bets: 0.40. Collects: 0.76. Wins: 0.36.
Player bob mucks (does not show cards). Bets: 0.40. Collects: 0. Loses: 0.40.
Game ended at: 2016/8/2 11:19:41
"""
)


def read(text: str) -> list[Hand | HandHistoryError]:
    return list(parse_text(text, file="hands.txt"))


def test_a_split_pot_reads_into_one_collection_each_and_balances() -> None:
    text = SPLIT_POT.format(id=1)
    assert detect_site(text).site == "winning"
    [hand] = read(text)
    assert isinstance(hand, Hand)
    assert hand.game is Game.OMAHA_HILO
    assert hand.structure is Structure.POT_LIMIT
    assert hand.collections == (Collection("ann", 351), Collection("cy d", 351))
    # "Total pot" leaves out the rake and the jackpot fee
    assert (hand.total_pot, hand.rake, hand.jackpot_fee) == (725, 20, 3)
    assert inconsistency_or_none(hand) is None
    assert hand.actions[2].kind is ActionKind.RAISE
    assert hand.actions[2].to_amount == 150


def test_the_old_format_reads_bets_and_collects() -> None:
    [hand] = read(OLD_FORMAT)
    assert isinstance(hand, Hand)
    assert hand.hand_id == "1000"
    assert hand.structure is Structure.POT_LIMIT
    assert hand.collections == (Collection("ann", 76),)
    assert (hand.total_pot, hand.rake, hand.jackpot_fee) == (80, 3, 1)
    assert hand.hero == "ann"
    assert inconsistency_or_none(hand) is None


def test_a_cut_off_hand_names_file_hand_and_line_and_the_others_still_read() -> None:
    cut = "\n".join(SPLIT_POT.format(id=2).splitlines()[:12]) + "\n"
    items = read(SPLIT_POT.format(id=1) + "\n" + cut + "\n" + SPLIT_POT.format(id=3))
    assert [type(item) for item in items] == [Hand, MalformedHandError, Hand]
    error = items[1]
    assert isinstance(error, MalformedHandError)
    assert error.hand_id == "2"
    assert str(error.file).endswith("hands.txt")
    assert error.reason == "hand cut off: it ends before its summary"
    first = len(SPLIT_POT.format(id=1).splitlines())
    assert error.line_number == first + 1 + 12


def test_an_unknown_line_names_file_hand_and_line() -> None:
    text = SPLIT_POT.format(id=4).replace("bob folds", "bob dances")
    items = read(text + "\n" + SPLIT_POT.format(id=5))
    error = items[0]
    assert isinstance(error, MalformedHandError)
    assert (error.hand_id, error.reason, error.line_number) == ("4", "unknown line", 11)
    assert error.line == "bob dances"
    assert isinstance(items[1], Hand)
