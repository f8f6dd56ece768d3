"""Full Tilt: its words for halves and pots, run it twice, and bad input (a cut-off hand,
an unknown line) that names the file, the hand and the line while the other hands of
the file still read. Every hand here is written for the test."""

from __future__ import annotations

from parsers import detect_site, parse_text
from parsers.fulltilt import FullTiltParser
from tracker.bookkeeping import inconsistency_or_none
from tracker.errors import HandHistoryError, MalformedHandError, UnsupportedGameError
from tracker.model import CardSource, Collection, Game, Hand, Structure

HAND = (
    "Full Tilt Poker Game #{id}: Table Testa (6 max) - $1/$2 - Limit Omaha Hi/Lo"
    " - 10:00:00 ET - 2010/03/03\n"
    """\
Seat 1: Ann ($20)
Seat 2: Ben Big ($30)
Ann posts the small blind of $0.50
Ben Big posts the big blind of $1
The button is in seat #1
*** HOLE CARDS ***
Dealt to Ann [Ah 2h 3c Kd]
Ann raises to $2
Kibitz (Observer): nice
Ben Big calls $1
*** FLOP *** [7h 8s 4s]
Ben Big checks
Ann bets $1
Ben Big: hmm
Ben Big calls $1
*** TURN *** [7h 8s 4s] [Ks]
Ben Big has 15 seconds left to act
Ben Big checks
Ann checks
*** RIVER *** [7h 8s 4s Ks] [Qd]
Ben Big checks
Ann checks
*** SHOW DOWN ***
Ann shows [Ah 2h 3c Kd] (a pair of Kings)
Ben Big shows [Kc Qc 9d 9h] (two pair, Kings and Queens)
Ben Big wins the high pot ($2.90) with two pair, Kings and Queens
Ann wins the low pot ($2.90) with 8,7,4,2,A
*** SUMMARY ***
Total pot $6 | Rake $0.20
Board: [7h 8s 4s Ks Qd]
Seat 1: Ann (small blind) showed [Ah 2h 3c Kd] and won ($2.90) with LO: 8,7,4,2,A
Seat 2: Ben Big (big blind) showed [Kc Qc 9d 9h] and won ($2.90) with HI: two pair
"""
)

SIDE_POTS = (
    "Full Tilt Poker Game #500: Table Testa (6 max) - $2.50/$5 Ante $0.40 - Limit Stud H/L"
    " - 20:18:30 CET - 2011/04/07 [14:18:30 ET - 2011/04/07]\n"
    """\
Seat 1: Ann ($2.90)
Seat 2: Ben ($50)
Seat 3: Cy ($50)
Ann antes $0.40
Ben antes $0.40
Cy antes $0.40
*** 3RD STREET ***
Dealt to Ann [2c]
Dealt to Ben [Ks]
Dealt to Cy [5d]
Ann is low with [2c]
Ann brings in for $1
Ben completes it to $2.50
Cy raises to $5
Ann calls $1.50, and is all in
Ben calls $2.50
*** 4TH STREET ***
Dealt to Ann [2c] [Kd]
Dealt to Ben [Ks] [Qs]
Dealt to Cy [5d] [6d]
*** 5TH STREET ***
Dealt to Ann [2c Kd] [9s]
Dealt to Ben [Ks Qs] [Js]
Dealt to Cy [5d 6d] [7c]
*** 6TH STREET ***
Dealt to Ann [2c Kd 9s] [9c]
Dealt to Ben [Ks Qs Js] [Ts]
Dealt to Cy [5d 6d 7c] [Tc]
*** 7TH STREET ***
*** SHOW DOWN ***
Ben shows [As 3h Ks Qs Js Ts 8h] a flush, Ace high, for high
Cy shows [3d 4c 5d 6d 7c Tc Jd] a straight, Seven high, for high and 7,6,5,4,3, for low
Ben wins the high side pot ($2.50) with a flush, Ace high
Cy wins the low side pot ($2.50) with 7,6,5,4,3
Ann shows [Ac 8c 2c Kd 9s 9c 4h] a pair of Nines, for high and 9,8,4,2,A, for low
Ben wins the high main pot ($4.05) with a flush, Ace high
Cy wins the low main pot ($4.05) with 7,6,5,4,3
*** SUMMARY ***
Total pot $13.70 Main pot $8.70. Side pot $5. | Rake $0.60
Seat 1: Ann showed [Ac 8c 2c Kd 9s 9c 4h] and lost with HI: a pair of Nines
Seat 2: Ben showed [As 3h Ks Qs Js Ts 8h] and won ($6.55) with HI: a flush, Ace high
Seat 3: Cy showed [3d 4c 5d 6d 7c Tc Jd] and won ($6.55) with HI: a straight; LO: 7,6,5,4,3
"""
)

RUN_TWICE = (
    "Full Tilt Poker Game #600: Table Testa (6 max, shallow) - $2/$4 - Pot Limit Omaha Hi"
    " - 17:00:14 CET - 2012/11/06 [11:00:14 ET - 2012/11/06]\n"
    """\
Seat 1: Ann ($20)
Seat 2: Ben ($40)
Ann posts the small blind of $2
Ben posts the big blind of $4
The button is in seat #1
*** HOLE CARDS ***
Ann raises to $20, and is all in
Ben calls $16
Players agree to Run It Twice
Ann shows [Ah Ad 4h 5c]
Ben shows [Kh Kd Qc Jc]
*** FLOP 1 *** [2c 7s 9h] (Total Pot: $40, 2 Players, 1 All-In)
*** TURN 1 *** [2c 7s 9h] [3d] (Total Pot: $40, 2 Players, 1 All-In)
*** RIVER 1 *** [2c 7s 9h 3d] [Ts] (Total Pot: $40, 2 Players, 1 All-In)
*** FLOP 2 *** [Kc 8d 6h] (Total Pot: $40, 2 Players, 1 All-In)
*** TURN 2 *** [Kc 8d 6h] [2d] (Total Pot: $40, 2 Players, 1 All-In)
*** RIVER 2 *** [Kc 8d 6h 2d] [Qh] (Total Pot: $40, 2 Players, 1 All-In)
*** SHOW DOWN 1 ***
Ann shows a pair of Aces
Ben shows a pair of Kings
*** SHOW DOWN 2 ***
Ann shows a pair of Aces
Ben shows three of a kind, Kings
Ann wins pot 1 ($19) with a pair of Aces
Ben wins pot 2 ($19) with three of a kind, Kings
*** SUMMARY ***
Total pot $40 | Rake $2
*** SUMMARY 1 ***
Pot 1 $19
Board: [2c 7s 9h 3d Ts]
Seat 1: Ann (button) showed [Ah Ad 4h 5c] and won ($19) with a pair of Aces
Seat 2: Ben (big blind) showed [Kh Kd Qc Jc] and lost with a pair of Kings
*** SUMMARY 2 ***
Pot 2 $19
Board: [Kc 8d 6h 2d Qh]
Seat 1: Ann (button) showed [Ah Ad 4h 5c] and lost with a pair of Aces
Seat 2: Ben (big blind) showed [Kh Kd Qc Jc] and won ($19) with three of a kind, Kings
"""
)

RAZZ = (
    "Full Tilt Poker Game #700: Table Testa (6 max) - $2.50/$5 Ante $0.40 - Limit Razz"
    " - 20:43:55 CET - 2011/04/07 [14:43:55 ET - 2011/04/07]\n"
    "Seat 1: Ann ($20)\n"
)


SECOND_HAND_LINE = len(HAND.splitlines()) + 2
"""The file line of the second hand of hands joined by a blank line."""


def hand_text(id_: int) -> str:
    return HAND.format(id=id_)


def read(text: str, file: str = "ft.txt") -> list[Hand | HandHistoryError]:
    return list(parse_text(text, file=file))


def only_hand(text: str) -> Hand:
    items = read(text)
    assert len(items) == 1
    hand = items[0]
    assert isinstance(hand, Hand), hand
    return hand


def test_a_split_pot_reads_its_high_and_low_halves() -> None:
    hand = only_hand(hand_text(101))
    assert (hand.site, hand.hand_id, hand.game) == ("fulltilt", "101", Game.OMAHA_HILO)
    assert hand.structure is Structure.LIMIT
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (100, 200)
    assert hand.collections == (
        Collection("Ben Big", 290, half="hi"),
        Collection("Ann", 290, half="lo"),
    )
    assert (hand.total_pot, hand.rake) == (600, 20)
    assert hand.hero == "Ann"
    assert hand.started_at.isoformat() == "2010-03-03T15:00:00+00:00"
    assert inconsistency_or_none(hand) is None


def test_the_high_and_low_halves_of_the_main_and_side_pots() -> None:
    hand = only_hand(SIDE_POTS)
    assert hand.game is Game.STUD_HILO
    assert hand.collections == (
        Collection("Ben", 250, pot=1, half="hi"),
        Collection("Cy", 250, pot=1, half="lo"),
        Collection("Ben", 405, pot=0, half="hi"),
        Collection("Cy", 405, pot=0, half="lo"),
    )
    assert (hand.main_pot, hand.side_pots, hand.rake) == (870, (500,), 60)
    assert hand.stakes.ante == 40
    # the CET header's ET time in brackets is the one read
    assert hand.started_at.isoformat() == "2011-04-07T18:18:30+00:00"
    up = [known for known in hand.known_cards if known.source is CardSource.UP]
    assert len(up) == 12
    assert [action.all_in for action in hand.actions if action.player == "Ann"][-1]
    assert inconsistency_or_none(hand) is None


def test_run_it_twice_pays_each_board() -> None:
    hand = only_hand(RUN_TWICE)
    assert len(hand.boards) == 2
    assert [str(card) for card in hand.boards[1]] == ["Kc", "8d", "6h", "2d", "Qh"]
    assert hand.collections == (Collection("Ann", 1900, board=0), Collection("Ben", 1900, board=1))
    assert inconsistency_or_none(hand) is None


def test_other_games_of_mixed_tables_are_skipped() -> None:
    items = read(hand_text(1) + "\n" + RAZZ)
    assert isinstance(items[0], Hand)
    assert isinstance(items[1], UnsupportedGameError)
    assert items[1].hand_id == "700"


def test_detected_by_content_under_both_spellings() -> None:
    assert isinstance(detect_site(hand_text(1)), FullTiltParser)
    older = hand_text(1).replace("Full Tilt Poker Game", "FullTiltPoker Game")
    assert isinstance(detect_site(older), FullTiltParser)


def test_a_cut_off_hand_names_file_hand_and_line_and_the_others_read() -> None:
    cut = "\n".join(hand_text(202).splitlines()[:14])
    text = "\n".join([hand_text(201), cut, hand_text(203)])
    items = read(text, "cut.txt")
    assert [item.hand_id for item in items] == ["201", "202", "203"]
    error = items[1]
    assert isinstance(error, MalformedHandError)
    assert "cut off" in error.reason
    assert error.file == "cut.txt"
    assert error.line_number == SECOND_HAND_LINE + 13  # the hand's last line in the file
    assert isinstance(items[0], Hand)
    assert isinstance(items[2], Hand)


def test_an_unknown_line_names_file_hand_and_line_and_the_others_read() -> None:
    lines = hand_text(302).splitlines()
    lines.insert(10, "Ann juggles $5")
    text = "\n".join([hand_text(301), "\n".join(lines), hand_text(303)])
    items = read(text, "odd.txt")
    error = items[1]
    assert isinstance(error, MalformedHandError)
    assert error.reason == "unknown line"
    assert (error.file, error.hand_id, error.line_number) == (
        "odd.txt",
        "302",
        SECOND_HAND_LINE + 10,
    )
    assert error.line == "Ann juggles $5"
    assert [type(item) for item in items] == [Hand, MalformedHandError, Hand]


NO_WIN_LINE = (
    "Full Tilt Poker Game #{id}: Table Testa (6 max, shallow) - {small}/{big}"
    " - PL 5 Card Omaha Hi - 14:39:50 ET - 2013/05/11\n"
    """\
Seat 1: Ann ({stack})
Seat 2: Ben ({stack}), is sitting out
Seat 3: Cy ({stack})
Ann posts the small blind of {small}
Cy posts the big blind of {big}
The button is in seat #1
*** HOLE CARDS ***
Ann raises to {raise_to}
Cy folds
Uncalled bet of {returned} returned to Ann
*** SUMMARY ***
Total pot {pot} | Rake 0
Seat 1: Ann (small blind) collected ({pot}), mucked
Seat 2: Ben is sitting out
Seat 3: Cy (big blind) folded before the Flop
"""
)


def test_a_summary_without_a_payment_line_pays_the_collector() -> None:
    # 2012-2013: no "wins the pot" line; the summary alone says who collected
    text = NO_WIN_LINE.format(
        id=401, small="$1", big="$2", stack="$100", raise_to="$6", returned="$4", pot="$4"
    )
    hand = only_hand(
        text.replace("PL 5 Card Omaha Hi - ", "").replace(" - 14:", " - Pot Limit Omaha Hi - 14:")
    )
    assert hand.collections == (Collection("Ann", 400),)
    assert hand.seats[1].sitting_out
    assert inconsistency_or_none(hand) is None


def test_play_money_counts_chips_and_reads_the_game_before_the_stakes() -> None:
    text = NO_WIN_LINE.format(
        id=402, small="5", big="10", stack="1,170", raise_to="30", returned="20", pot="20"
    )
    hand = only_hand(text)
    assert (hand.game, hand.structure) == (Game.OMAHA5_HI, Structure.POT_LIMIT)
    assert (hand.play_money, hand.currency, hand.total_pot) == (True, None, 20)
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.seats[0].stack) == (5, 10, 1170)
