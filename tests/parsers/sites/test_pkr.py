"""PKR: its words for halves, pots and rake ("ties $5.75 with low hand", "from side pot
#1", "Taking Rake of $1 from pot 1"), its uncalled bets written or not, its table news,
and bad input (errors naming file, hand and line; the other hands of the file still
read). Every hand text is written here; the last test reads the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers import decode, detect_site, parse_text
from parsers.pkr import PkrParser
from tests.parsers.sites.site_checks import (
    final_stacks_are_what_each_hand_paid,
    real_hands,
    the_middle_hand_fails,
)
from tracker.audit.verdict import Status, audit_hand
from tracker.bookkeeping import inconsistency_or_none
from tracker.errors import UnsupportedGameError
from tracker.model import Collection, Game, Hand, Returned, Street

# A hi/lo cash hand: Ann Lee takes the high half and ties the low with Cid; $1 of rake
# from the $24 pot leaves halves of $11.50, the low one quartered.
TIED = """\
Table #{table} - Testtable
Starting Hand #{hand_id}
Start time of hand: 1 Jun 2012 10:00:00
Last Hand n/a
Game Type: OMAHA HI/LO
Limit Type: POT LIMIT
Table Type: RING
Money Type: REAL MONEY
Blinds are now $0.50 / $1
Button is at seat 2
Seat 1: Ann Lee - $50
Seat 2: Bob - $50
Seat 3: Cid - $50
Shuffling Deck
Moving Button to seat 3
Ann Lee posts small blind ($0.50)
Bob posts big blind ($1)
Dealing Cards
Dealing [A h][2 h][K s][Q d] to Cid
Cid raises to $3
Ann Lee calls $3
Bob calls $3
Pot sizes: $9
Dealing Flop [3 c][4 d][9 s]
Ann Lee checks
Bob bets $5
Cid calls $5
Ann Lee calls $5
Pot sizes: $24
Dealing Turn [K d]
Ann Lee checks
Bob checks
Cid checks
Pot sizes: $24
Dealing River [8 c]
Ann Lee checks
Bob has requested more time
Bob checks
Cid checks
Pot sizes: $24
Ann Lee shows [A s][2 c][9 h][9 c]
Bob shows [7 h][7 d][J c][J d]
Cid shows [A h][2 h][K s][Q d]
Taking Rake of $1 from pot 1
Ann Lee has Three of a Kind: 9s
Ann Lee has low hand: A2348
Cid has One Pair: Kings
Cid has low hand: A2348
Bob has One Pair: Jacks
Bob has no qualifying low hand
Ann Lee wins $11.50 with high hand: Three of a Kind: 9s
Ann Lee ties $5.75 with low hand: A2348
Cid ties $5.75 with low hand: A2348
Cid: nh
Bob yawns.
Zed brings $40 to table {table}
Seat 1: Ann Lee - $59.25
Seat 2: Bob - $42
Seat 3: Cid - $47.75
End of Hand #{hand_id}
"""

# Everyone folds to Bob's flop bet; PKR writes no return: the reader finds it.
FOLDED = """\
Table #7 - Testtable
Starting Hand #{hand_id}
Start time of hand: 1 Dec 2012 10:00:00
Last Hand n/a
Game Type: OMAHA
Limit Type: POT LIMIT
Table Type: RING
Money Type: REAL MONEY
Blinds are now $0.50 / $1
Button is at seat 3
Seat 1: Ann - $50
Seat 2: Bob - $50
Seat 3: Cid - $50 (away from table)
Moving Button to seat 3
Ann posts small blind ($0.50)
Bob posts big blind ($1)
Dealing Cards
Ann calls $1
Bob checks
Pot sizes: $2
Dealing Flop [3 c][4 d][9 s]
Ann checks
Bob bets $2
Ann did not respond in time and is folded
Ann folds
Bob wins $1.90
Seat 1: Ann - $49
Seat 2: Bob - $50.90
Seat 3: Cid - $50
End of Hand #{hand_id}
"""


def one_hand(text: str) -> Hand:
    items = list(parse_text(text, file="test.txt"))
    assert len(items) == 1
    assert isinstance(items[0], Hand), items[0]
    return items[0]


def test_halves_ties_and_the_rake_line() -> None:
    text = TIED.format(table=5, hand_id=100)
    assert detect_site(text).site == "pkr"
    hand = one_hand(text)
    assert (hand.game, hand.currency, hand.button_seat, hand.hero) == (
        Game.OMAHA_HILO,
        "USD",
        3,
        "Cid",
    )
    assert hand.collections == (
        Collection("Ann Lee", 1150, 0, 0, "hi"),
        Collection("Ann Lee", 575, 0, 0, "lo"),
        Collection("Cid", 575, 0, 0, "lo"),
    )
    # "Pot sizes: $24" then "Taking Rake of $1 from pot 1": the pot before the rake.
    assert (hand.total_pot, hand.rake, hand.main_pot) == (2400, 100, None)
    assert [summary.text for summary in hand.summaries] == ["- $59.25", "- $42", "- $47.75"]
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_calls_are_written_as_the_street_total() -> None:
    hand = one_hand(TIED.format(table=5, hand_id=101))
    calls = [(action.player, action.amount) for action in hand.actions if action.kind == "call"]
    # "Ann Lee calls $3" after her $0.50 small blind puts in $2.50 more.
    assert calls[:2] == [("Ann Lee", 250), ("Bob", 200)]


def test_a_side_pot_and_its_rake() -> None:
    # Cid is all in for $3: the $10 Ann Lee and Bob put in on the flop is a side pot.
    text = TIED.format(table=5, hand_id=102)
    text = text.replace("Seat 3: Cid - $50\n", "Seat 3: Cid - $3\n")
    text = text.replace("Cid raises to $3", "Cid raises to $3 (all-in)")
    text = text.replace("Cid calls $5\n", "").replace("Ann Lee calls $5\n", "Ann Lee calls $5\n")
    text = text.replace("Cid checks\n", "")
    text = text.replace("Pot sizes: $24\n", "Pot sizes: $9\nPot sizes: $10\n")
    text = text.replace(
        "Ann Lee wins $11.50 with high hand: Three of a Kind: 9s\n"
        "Ann Lee ties $5.75 with low hand: A2348\nCid ties $5.75 with low hand: A2348\n",
        "Ann Lee wins $10 from side pot #1 with high hand: Three of a Kind: 9s\n"
        "Ann Lee wins $4 with high hand: Three of a Kind: 9s\n"
        "Ann Lee ties $2 with low hand: A2348\nCid ties $2 with low hand: A2348\n",
    )
    hand = one_hand(text)
    assert (hand.total_pot, hand.main_pot, hand.side_pots, hand.rake) == (1900, 900, (1000,), 100)
    assert Collection("Ann Lee", 1000, 1, 0, "hi") in hand.collections
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_an_uncalled_bet_not_written_is_returned() -> None:
    hand = one_hand(FOLDED.format(hand_id=200))
    assert hand.returned == (Returned("Bob", 200),)
    assert hand.collections == (Collection("Bob", 190),)
    assert hand.game is Game.OMAHA_HI
    assert hand.seats[2].sitting_out
    assert (hand.total_pot, hand.rake) == (200, 0)  # no "Pot sizes" after the bet
    assert inconsistency_or_none(hand) is not None  # $0.10 of rake the hand never names


def test_a_written_return_is_not_returned_twice() -> None:
    text = FOLDED.format(hand_id=201).replace(
        "Ann folds\n", "Ann folds\nReturning $2 to Bob uncalled\nPot sizes: $2\n"
    )
    text = text.replace("Bob wins $1.90", "Bob wins $2").replace("$50.90", "$51")
    hand = one_hand(text)
    assert hand.returned == (Returned("Bob", 200),)
    assert inconsistency_or_none(hand) is None
    assert [action.street for action in hand.actions][-1] is Street.FLOP


def test_a_tournament_in_chips_and_a_game_not_covered() -> None:
    text = (
        FOLDED.format(hand_id=300)
        .replace("$", "")
        .replace("- 49", "- 480")
        .replace("- 50.90", "- 520")
        .replace(" - 50", " - 500")
        .replace("Table #7 - Testtable", "Table #7 - Tournament #123 Table #4")
        .replace("Money Type: REAL MONEY", "Money Type: TOURNAMENT CHIPS")
        .replace("Table Type: RING", "Table Type: TOURNAMENT")
        .replace("0.50 / 1", "10 / 20")
        .replace("(0.50)", "(10)")
        .replace("(1)", "(20)")
        .replace("calls 1", "calls 20")
        .replace("Pot sizes: 2", "Pot sizes: 40")
        .replace("bets 2", "bets 40")
        .replace("wins 1.90", "wins 40")
    )
    hand = one_hand(text)
    assert hand.tournament is not None
    assert hand.tournament.tournament_id == "123"
    assert (hand.currency, hand.stakes.big_blind, hand.seats[0].stack) == (None, 20, 500)
    assert hand.returned == (Returned("Bob", 40),)
    assert inconsistency_or_none(hand) is None
    holdem = TIED.format(table=5, hand_id=301).replace("OMAHA HI/LO", "TEXAS HOLD'EM")
    (item,) = parse_text(holdem, file="test.txt")
    assert isinstance(item, UnsupportedGameError)


def test_a_table_line_alone_is_not_pkr() -> None:
    assert not PkrParser().detect("Table #5 - Testtable\nSomething else\n")
    crlf = TIED.format(table=5, hand_id=400).replace("\n", "\r\n").encode("utf-8")
    assert PkrParser().detect(decode(crlf))


def three_hands(middle: str) -> str:
    return "\n".join([TIED.format(table=1, hand_id=1), middle, TIED.format(table=1, hand_id=3)])


@pytest.mark.parametrize(
    ("middle", "line_number", "reason"),
    [
        ("\n".join(TIED.format(table=1, hand_id=2).splitlines()[:30]), 91, "cut off"),
        (TIED.format(table=1, hand_id=2).replace("Bob checks\n", "Bob dances\n", 1), 93, "unknown"),
        (TIED.format(table=1, hand_id=2).replace("[K d]", "[K x]"), 91, "card"),
    ],
    ids=["truncated", "unknown-line", "bad-card"],
)
def test_bad_hands_are_errors_naming_file_hand_and_line(
    middle: str, line_number: int, reason: str
) -> None:
    the_middle_hand_fails(three_hands(middle), hand_id="2", line_number=line_number, reason=reason)


def test_the_real_files_final_stacks_are_what_each_hand_paid(histories: Path) -> None:
    hands = real_hands(histories / "PKR")
    assert len(hands) == 6
    final_stacks_are_what_each_hand_paid(
        hands, lambda text: int(text.strip("- $").replace(",", "").replace(".", ""))
    )
