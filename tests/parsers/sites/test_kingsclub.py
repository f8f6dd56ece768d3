"""KingsClub: its payments that name no half ("wins (13.50) from pot" twice), its
boards run twice ("[- - - 7s]"), its stud markers one street behind, the uncalled bets
and the lone side pot it never writes, and bad input (errors naming file, hand and
line; the other hands of the file still read). Every hand text is written here; the
last test reads the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers import detect_site, parse_text
from tests.parsers.sites.site_checks import (
    final_stacks_are_what_each_hand_paid,
    real_hands,
    the_middle_hand_fails,
)
from tracker.audit.verdict import Status, audit_hand
from tracker.bookkeeping import inconsistency_or_none
from tracker.cards import parse_cards
from tracker.errors import MalformedHandError, UnsupportedGameError
from tracker.model import ActionKind, Collection, Game, Hand, Returned, Street, Structure

# Limit Omaha hi/lo split at the showdown: 28 in, 1 of rake, 13.50 a half.
SPLIT = """\
#{hand_id}: Limit Omaha Hi-Lo - 2/4
2021-01-02 15:39:12
Table 'Test Table' Seat 6 is the button
Seat 1: Big Al (100)
Seat 6: Hero (100)
Hero: posts the small blind 1
Big Al: posts the big blind 2
*** HOLE CARDS ***
Dealt to Big Al: [X X X X]
Dealt to Hero: [4d Kd Ac 5s]
Hero raises to 4
Big Al calls 4
*** FLOP *** [4s Td 6c]
Big Al checks
Hero bets 2
Big Al calls 2
*** TURN *** [4s Td 6c] [Th]
Big Al checks
Hero bets 4
Big Al calls 4
*** RIVER *** [4s Td 6c Th] [2h]
Big Al checks
Hero bets 4
Big Al calls 4
Hero shows [4d Kd Ac 5s]
Big Al shows [2d 2c 8d 6h]
*** SUMMARY ***
Seat 1: Big Al (99.50) -0.50
Seat 6: Hero (99.50) -0.50
Rake 1
Big Al wins (13.50) from pot
Hero wins (13.50) from pot
"""

# All in on the flop, the turn and river run twice: 200 in, 2 of rake, 99 a board.
TWICE = """\
#200: Pot Limit Omaha Hi-Lo - 1/2
2020-10-26 18:36:41
Table 'Twice' Seat 1 is the button
Seat 1: Ann (100)
Seat 2: Bob (100)
Ann: posts the small blind 1
Bob: posts the big blind 2
Dealt to Ann: [Ah 2d Kc Kd]
Dealt to Bob: [X X X X]
Ann raises to 6
Bob calls 6
*** FLOP *** [3c 4d Ks]
Bob bets 12
Ann raises to 94, and is all in
Bob calls 94, and is all in
Ann shows [Ah 2d Kc Kd]
Bob shows [Qs Qh 5c 6c]
*** BOARD 1 - RIVER *** [3c 4d Ks 9h] [Jd]
*** BOARD 2 - RIVER *** [- - - 7s] [8h]
*** SUMMARY ***
Seat 1: Ann (148.50) +48.50
Seat 2: Bob (49.50) -50.50
Rake 2
Ann wins (148.50) from pot
Bob wins (49.50) from pot
"""

# Stud: "*** 3RD STREET ***" comes after third street's betting; Ann's fold leaves
# Hero's 4 uncalled.
STUD = """\
#300: Limit Seven Card Stud Hi-Lo - 4/8
2021-01-02 15:52:36
Table 'Stud Table'
Seat 1: Ann (200)
Seat 6: Hero (200)
Ann: posts ante 1
Hero: posts ante 1
Dealt to Ann: [X X 2d]
Dealt to Hero: [Qh 4s Qs]
Ann brings in for 1
Hero bets 4
Ann calls 4
*** 3RD STREET ***
Dealt to Ann: [Ks]
Dealt to Hero: [3d]
Ann checks
Hero bets 4
Ann folds
*** SUMMARY ***
Seat 1: Ann (195) -5
Seat 6: Hero (205) +5
Hero wins pot (10)
"""

# Cid all in for 0.50, Ann's small blind folded: the side pot of Hero's 0.50 and Ann's
# 0.50 is Hero's alone, and the summary pays it only in Hero's stack.
LONE_SIDE_POT = """\
#400: Limit Omaha Hi-Lo - 2/4
2021-04-01 08:16:08
Table 'Room 2' Seat 5 is the button
Seat 1: Hero (100)
Seat 5: Cid (0.50)
Seat 7: Ann (100)
Ann: posts the small blind 1
Hero: posts the big blind 2
*** HOLE CARDS ***
Dealt to Hero: [Kh Kd Qd Qc]
Dealt to Cid: [X X X X]
Dealt to Ann: [X X X X]
Cid calls 0.50, and is all in
Ann folds
Hero shows [Kh Kd Qd Qc]
Cid shows [Ad 2h 4c 5c]
*** RIVER *** [3s Th 6h 7c] [Js]
*** SUMMARY ***
Seat 1: Hero (100)
Seat 5: Cid (1.50) +1
Seat 7: Ann (99) -1
Cid wins pot (1.50)
"""


def one_hand(text: str) -> Hand:
    items = list(parse_text(text, file="test.txt"))
    assert len(items) == 1
    assert isinstance(items[0], Hand), items[0]
    return items[0]


def test_payments_name_no_half_and_the_audit_splits_them() -> None:
    text = SPLIT.format(hand_id=100)
    assert detect_site(text).site == "kingsclub"
    hand = one_hand(text)
    assert (hand.game, hand.structure, hand.currency, hand.play_money) == (
        Game.OMAHA_HILO,
        Structure.LIMIT,
        None,
        False,
    )
    # Limit stakes: the header's bets, the posts' blinds.
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (200, 400)
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (100, 200)
    assert hand.collections == (Collection("Big Al", 1350), Collection("Hero", 1350))
    assert (hand.total_pot, hand.rake) == (2800, 100)
    # "Big Al calls 4" after his big blind of 2: a call to a street total of 4.
    call = next(action for action in hand.actions if action.kind is ActionKind.CALL)
    assert (call.player, call.amount) == ("Big Al", 200)
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_an_uncalled_bet_is_returned_though_not_written() -> None:
    river_call = "Big Al calls 4\nHero shows [4d Kd Ac 5s]\nBig Al shows [2d 2c 8d 6h]\n"
    text = SPLIT.format(hand_id=101).replace(river_call, "Big Al folds\n")
    text = text.replace(
        "(99.50) -0.50\nSeat 6: Hero (99.50) -0.50", "(90) -10\nSeat 6: Hero (109) +9"
    )
    text = text.replace(
        "Big Al wins (13.50) from pot\nHero wins (13.50) from pot", "Hero wins pot (19)"
    )
    hand = one_hand(text)
    assert hand.returned == (Returned("Hero", 400),)
    assert hand.collections == (Collection("Hero", 1900),)
    assert inconsistency_or_none(hand) is None


def test_a_board_run_twice_shares_the_cards_written_as_dashes() -> None:
    hand = one_hand(TWICE)
    assert hand.boards == (
        parse_cards("3c 4d Ks 9h Jd"),
        parse_cards("3c 4d Ks 7s 8h"),
    )
    assert hand.hero == "Ann"
    assert inconsistency_or_none(hand) is None
    # Board 1: Ann's kings scoop 99; board 2: Bob's straight 49.50, Ann's low 49.50.
    assert audit_hand(hand).status is Status.OK
    wrong = TWICE.replace("(148.50) +48.50", "(99) -1").replace("(49.50) -50.50", "(99) -1")
    wrong = wrong.replace("wins (148.50)", "wins (99)").replace("wins (49.50)", "wins (99)")
    assert audit_hand(one_hand(wrong)).status is Status.MISMATCH


def test_stud_markers_name_the_street_just_played() -> None:
    hand = one_hand(STUD)
    assert hand.game is Game.STUD_HILO
    assert hand.button_seat is None
    assert (hand.stakes.ante, hand.stakes.bring_in) == (100, 100)
    kinds = [(action.street, action.player, action.kind) for action in hand.actions]
    assert (Street.THIRD, "Hero", ActionKind.COMPLETE) in kinds
    assert (Street.FOURTH, "Hero", ActionKind.BET) in kinds
    up = [(known.street, known.cards) for known in hand.known_cards if known.player == "Ann"]
    assert up == [(Street.THIRD, parse_cards("2d")), (Street.FOURTH, parse_cards("Ks"))]
    assert hand.returned == (Returned("Hero", 400),)
    assert inconsistency_or_none(hand) is None
    flop_marker = STUD.replace("*** 3RD STREET ***", "*** FLOP *** [2c 3c 4c]")
    (item,) = parse_text(flop_marker, file="test.txt")
    assert isinstance(item, MalformedHandError)
    assert "street" in item.reason


def test_the_lone_side_pot_is_paid_from_the_final_stack() -> None:
    hand = one_hand(LONE_SIDE_POT)
    assert hand.returned == (Returned("Hero", 100),)
    assert hand.collections == (Collection("Cid", 150), Collection("Hero", 100, pot=1))
    assert hand.boards == (parse_cards("3s Th 6h 7c Js"),)
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_a_net_that_is_not_the_stacks_difference_is_an_error() -> None:
    text = SPLIT.format(hand_id=102).replace(
        "Seat 6: Hero (99.50) -0.50", "Seat 6: Hero (99.50) +1"
    )
    (item,) = parse_text(text, file="test.txt")
    assert isinstance(item, MalformedHandError)
    assert "net" in item.reason


def test_a_game_not_covered_is_skipped() -> None:
    text = SPLIT.format(hand_id=103).replace("Limit Omaha Hi-Lo", "No Limit Hold'em")
    (item,) = parse_text(text, file="test.txt")
    assert isinstance(item, UnsupportedGameError)


def three_hands(middle: str) -> str:
    return "\n".join([SPLIT.format(hand_id=1), middle, SPLIT.format(hand_id=3)])


@pytest.mark.parametrize(
    ("middle", "bad_line", "reason"),
    [
        ("\n".join(SPLIT.format(hand_id=2).splitlines()[:20]), 19, "cut off"),
        (SPLIT.format(hand_id=2).replace("Big Al checks", "Big Al dances", 1), 13, "unknown"),
        (SPLIT.format(hand_id=2).replace("Rake 1", "Rake one"), 29, "amount"),
    ],
    ids=["truncated", "unknown-line", "bad-amount"],
)  # fmt: skip
def test_bad_hands_are_errors_naming_file_hand_and_line(
    middle: str, bad_line: int, reason: str
) -> None:
    # `bad_line`: the place of the line the error names in the middle hand (0: its header)
    text = three_hands(middle)
    first = text.splitlines().index("#2: Limit Omaha Hi-Lo - 2/4")
    the_middle_hand_fails(text, hand_id="2", line_number=first + bad_line + 1, reason=reason)


def _written_stack(text: str) -> int:
    written = text[1 : text.index(")")]
    return int(written.replace(",", "").replace(".", "")) * (1 if "." in written else 100)


def test_the_real_files_final_stacks_are_what_each_hand_paid(histories: Path) -> None:
    hands = real_hands(histories / "KingsClub")
    assert len(hands) == 7
    final_stacks_are_what_each_hand_paid(hands, _written_stack)
