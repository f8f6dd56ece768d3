"""OnGame: its words for halves and pots ("Main pot: 6060 won by A (3030 High), B (3030
Low)"), its unprinted uncalled bets, its Java dates, stud's bring-in and completion, and
bad input (errors naming file, hand and line; the other hands of the file still read).
Every hand text is written here."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from parsers import decode, detect_site, parse_file, parse_text
from parsers._base.text import money_reader
from tests.parsers.sites.site_checks import the_middle_hand_fails
from tracker.audit.verdict import Status, audit_hand
from tracker.bookkeeping import inconsistency_or_none
from tracker.errors import UnsupportedGameError
from tracker.model import ActionKind, CardSource, Collection, Game, Hand, Returned, Street

# A tournament hi/lo hand, all in on the turn: a main pot and a side pot, each halved.
# Cid (all in for 300) ties the low with Ann; Bob's flush takes both high halves.
SPLIT = """\
***** History for hand T5-900-1 (TOURNAMENT: "PL Omaha HL", R-1-2, buy-in: $1.20) *****
Start hand: Fri Jun 28 18:54:24 GST 2013
Table: Table #3 [900] (POT_LIMIT OMAHA_HI_LO 10/20, Chips)
User: Ann Marie
Button: seat 3
Players in round: 3 (8)
Seat 1: Ann Marie (2000)
Seat 2: Bob (2000)
Seat 3: Cid (300)
Ann Marie posts small blind (10)
Bob posts big blind (20)
---
Dealing pocket cards
Dealing to Ann Marie: [As, 2d, Kc, Qc]
Cid calls 20
Ann Marie calls 10
Bob checks
--- Dealing flop [3h, 4h, 9h]
Ann Marie checks
Bob bets 60
Cid calls 60
Ann Marie calls 60
--- Dealing turn [Jc]
Ann Marie checks
Bob bets 400
Cid calls 220 [all in]
Ann Marie calls 400
--- Dealing river [5s]
Ann Marie checks
Bob checks
---
Summary:
Main pot: 900 won by Bob (450 High), Ann Marie (225 Low), Cid (225 Low)
Side pot 1: 360 won by Bob (180 High), Ann Marie (180 Low)
Rake taken: $0
Seat 1: Ann Marie (1925), net: -75, [As, 2d, Kc, Qc] (STRAIGHT FIVE)
Seat 2: Bob (2150), net: +150, [Ah, 7h, Kd, Kh] (FLUSH ACE)
Seat 3: Cid (225), net: -75, [Ac, 2h, 8d, 8s] (STRAIGHT FIVE)
***** End of hand T5-900-1 *****
"""

# A cash hand won without a showdown: Ann's $3 bet is not called and OnGame writes no
# return; its "Main pot: $6" leaves it out, and the winner is paid the pot less rake.
UNCALLED = """\
***** History for hand R5-100-{number} *****
Start hand: Sun Sep 11 17:58:25 EEST 2011
Table: Setif [100] (POT_LIMIT OMAHA_HI_LO $0.25/$0.50, Real money)
User: Hero
Button: seat 3
Players in round: 3
Seat 1: Hero ($50)
Seat 2: Ann ($20.36)
Seat 3: Bob ($29.35)
Hero posts small blind ($0.25)
Ann posts big blind ($0.50)
---
Dealing pocket cards
Dealing to Hero: [6h, 3s, 8s, 4s]
Bob raises $2.50 to $2.50
Hero folds
Ann calls $2
--- Dealing flop [Ts, Th, 3h]
Ann bets $3
Bob folds
---
Summary:
Main pot: $5.25 won by Ann ($4.99)
Rake taken: $0.26
Seat 1: Hero ($49.75), net: -$0.25
Seat 2: Ann ($22.85), net: +$2.49
Seat 3: Bob ($26.85), net: -$2.50
***** End of hand R5-100-{number} *****
"""

# Stud high: antes without brackets, "small bring in", a completion written "bets", the
# hero's three first cards (two down, the door card up), and the river dealt face down.
STUD = """\
***** History for hand R5-200-1 *****
Start hand: Mon Sep 13 22:33:42 GMT+0100 2010
Table: Milwaukee [200] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, Real money)
User: Hero
Players in round: 2
Seat 1: the bAAr ($5.19)
Seat 2: Hero ($4.09)
the bAAr posts ante $0.02
Hero posts ante $0.02
---
Dealing pocket cards
Dealing to the bAAr: [-, -, 5c]
Dealing to Hero: [Ad, As, Kh]
the bAAr small bring in $0.05
Hero bets $0.10
the bAAr calls $0.05
---
Dealing 4th street
Dealing to the bAAr: [Qd]
Dealing to Hero: [Ks]
Hero bets $0.10
the bAAr calls $0.10
---
Dealing 5th street
Dealing to the bAAr: [7s]
Dealing to Hero: [8c]
Hero checks
the bAAr checks
---
Dealing 6th street
Dealing to the bAAr: [5s]
Dealing to Hero: [7d]
Hero checks
the bAAr checks
---
Dealing river
Dealing to Hero: [7h]
Hero bets $0.20
the bAAr folds
---
Summary:
Main pot: $0.44 won by Hero ($0.42)
Rake taken: $0.02
Seat 1: the bAAr ($4.97), net: -$0.22
Seat 2: Hero ($4.29), net: +$0.20
***** End of hand R5-200-1 *****
"""


def one_hand(text: str) -> Hand:
    items = list(parse_text(text, file="test.txt"))
    assert len(items) == 1
    assert isinstance(items[0], Hand), items[0]
    return items[0]


def test_the_halves_and_pots_are_read_from_the_pot_lines() -> None:
    hand = one_hand(SPLIT)
    assert detect_site(SPLIT).site == "ongame"
    assert hand.game is Game.OMAHA_HILO
    assert hand.collections == (
        Collection("Bob", 450, 0, 0, "hi"),
        Collection("Ann Marie", 225, 0, 0, "lo"),
        Collection("Cid", 225, 0, 0, "lo"),
        Collection("Bob", 180, 1, 0, "hi"),
        Collection("Ann Marie", 180, 1, 0, "lo"),
    )
    assert (hand.total_pot, hand.main_pot, hand.side_pots, hand.rake) == (1260, 900, (360,), 0)
    assert hand.returned == ()
    assert hand.hero == "Ann Marie"
    assert hand.button_seat == 3
    shown = {cards.player for cards in hand.known_cards if cards.source is CardSource.SUMMARY}
    assert shown == {"Ann Marie", "Bob", "Cid"}
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_a_tournament_header_gives_chips_and_the_buy_in() -> None:
    hand = one_hand(SPLIT)
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.buy_in) == ("R-1-2", 120)
    assert hand.tournament.currency == "USD"
    assert hand.currency is None
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (10, 20)
    assert hand.seats[0].stack == 2000
    # "GST" (Gulf Standard Time, Java's name for Asia/Dubai) is UTC+4.
    assert hand.started_at == datetime(2013, 6, 28, 14, 54, 24, tzinfo=UTC)
    assert hand.site_timezone == "GST"


def test_a_pot_won_whole_names_no_half() -> None:
    # "Main pot: 790 won by KREST 78 (790)": no low, the pot is not halved.
    text = SPLIT.replace("Bob (450 High), Ann Marie (225 Low), Cid (225 Low)", "Bob (900)")
    text = text.replace("Bob (180 High), Ann Marie (180 Low)", "Bob (360)")
    hand = one_hand(text)
    assert hand.collections == (Collection("Bob", 900, 0), Collection("Bob", 360, 1))


def test_the_uncalled_bet_is_returned_though_the_site_does_not_write_it() -> None:
    hand = one_hand(UNCALLED.format(number=1))
    assert hand.returned == (Returned("Ann", 300),)
    assert hand.collections == (Collection("Ann", 499),)
    assert (hand.total_pot, hand.rake) == (525, 26)
    raise_ = next(action for action in hand.actions if action.player == "Bob")
    assert (raise_.kind, raise_.amount, raise_.to_amount) == (ActionKind.RAISE, 250, 250)
    # "EEST", summer time in Java's words, is UTC+3.
    assert hand.started_at == datetime(2011, 9, 11, 14, 58, 25, tzinfo=UTC)
    assert hand.currency == "USD"
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_stud_bring_in_completion_and_cards() -> None:
    hand = one_hand(STUD)
    assert hand.game is Game.STUD_HI
    assert hand.button_seat is None
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.stakes.ante) == (10, 20, 2)
    assert hand.stakes.bring_in == 5
    third = [action for action in hand.actions if action.street is Street.THIRD]
    assert [(action.player, action.kind, action.amount) for action in third] == [
        ("the bAAr", ActionKind.POST_ANTE, 2),
        ("Hero", ActionKind.POST_ANTE, 2),
        ("the bAAr", ActionKind.BRING_IN, 5),
        ("Hero", ActionKind.COMPLETE, 10),
        ("the bAAr", ActionKind.CALL, 5),
    ]
    hero = [(cards.street, cards.source, cards.cards) for cards in hand.known_cards
            if cards.player == "Hero"]  # fmt: skip
    assert [(street, source, len(cards)) for street, source, cards in hero] == [
        (Street.THIRD, CardSource.DEALT, 2),
        (Street.THIRD, CardSource.UP, 1),
        (Street.FOURTH, CardSource.UP, 1),
        (Street.FIFTH, CardSource.UP, 1),
        (Street.SIXTH, CardSource.UP, 1),
        (Street.SEVENTH, CardSource.DEALT, 1),
    ]
    assert hand.returned == (Returned("Hero", 20),)
    assert hand.total_pot == 44
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_a_game_not_covered_is_skipped() -> None:
    holdem = UNCALLED.format(number=2).replace("POT_LIMIT OMAHA_HI_LO", "NO_LIMIT HOLDEM")
    (item,) = parse_text(holdem, file="test.txt")
    assert isinstance(item, UnsupportedGameError)
    assert (item.hand_id, item.line_number) == ("R5-100-2", 3)


def three_hands(middle: str) -> str:
    return "".join([UNCALLED.format(number=1), middle, UNCALLED.format(number=3)])


@pytest.mark.parametrize(
    ("middle", "line_number", "reason"),
    [
        ("\n".join(UNCALLED.format(number=2).splitlines()[:20]) + "\n", 48, "cut off"),
        (
            "\n".join(UNCALLED.format(number=2).splitlines()[:-1]) + "\n",
            55,
            "ends before its end line",
        ),
        (UNCALLED.format(number=2).replace("Hero folds\n", "Hero dances\n"), 44, "unknown line"),
        (
            UNCALLED.format(number=2).replace("Bob folds\n", "Zed folds\n"),
            48,
            "no seated player",
        ),
        (
            UNCALLED.format(number=2).replace("won by Ann ($4.99)", "won by Ann $4.99"),
            51,
            "payment to a player without a seat",
        ),
    ],
    ids=["truncated", "no-end-line", "unknown-verb", "unseated-player", "bad-payment"],
)
def test_bad_hands_are_errors_naming_file_hand_and_line(
    middle: str, line_number: int, reason: str
) -> None:
    the_middle_hand_fails(
        three_hands(middle), hand_id="R5-100-2", line_number=line_number, reason=reason
    )


def test_utf8_with_bom_and_crlf_line_ends() -> None:
    data = b"\xef\xbb\xbf" + UNCALLED.format(number=4).replace("\n", "\r\n").encode("utf-8")
    hand = one_hand(decode(data))
    assert hand.collections == (Collection("Ann", 499),)


def test_every_real_summary_stack_is_what_the_reader_makes_of_the_hand(histories: Path) -> None:
    # "Seat 7: tsop13 (2170), net: +170": the stack after the hand, which OnGame writes
    # and the reader does not use, is the stack before it less what went in (uncalled
    # bets, never written, given back) plus what the pot lines paid.
    folder = histories / "OnGame"
    if not folder.is_dir():
        pytest.skip(f"no folder {folder}")
    checked = 0
    for path in sorted(folder.rglob("*.txt")):
        for hand in parse_file(path):
            assert isinstance(hand, Hand), hand
            amount = money_reader(0 if hand.currency is None else 2)
            after = {seat.player: seat.stack for seat in hand.seats}
            for action in hand.actions:
                after[action.player] -= action.amount
            for returned in hand.returned:
                after[returned.player] += returned.amount
            for collection in hand.collections:
                after[collection.player] += collection.amount
            for summary in hand.summaries:
                written = amount(summary.text[1 : summary.text.index(")")])
                assert written == after[summary.player], (hand.hand_id, summary.player)
                checked += 1
    assert checked > 100


def test_names_with_spaces_and_names_that_start_another() -> None:
    # "Big" and "Big Al" at one table: each line is read as the longest name that fits.
    text = UNCALLED.format(number=5).replace("Ann", "Big Al").replace("Bob", "Big")
    hand = one_hand(text)
    assert [seat.player for seat in hand.seats] == ["Hero", "Big Al", "Big"]
    assert hand.collections == (Collection("Big Al", 499),)
    assert hand.returned == (Returned("Big Al", 300),)
    assert [action.player for action in hand.actions if action.kind is ActionKind.FOLD] == [
        "Hero",
        "Big",
    ]
    assert inconsistency_or_none(hand) is None
