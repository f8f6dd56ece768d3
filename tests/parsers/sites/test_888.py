"""888 Poker (Pacific Poker): hands written in the site's format, read into the right
chips, cards and payments; bad input gives clear errors naming the file, hand and line,
and the other hands of the file still import."""

from __future__ import annotations

import pytest

from parsers import detect_site
from tests.parsers.sites.site_checks import around, only_error, only_hand, read
from tracker.audit.verdict import Status, audit_hand
from tracker.bookkeeping import inconsistency_or_none
from tracker.errors import UnsupportedGameError
from tracker.model import ActionKind, CardSource, Game, Hand, Street, Structure

SPLIT_POT = """\
#Game No : {id}
***** 888poker Hand History for Game {id} *****
$0.50/$1 Blinds Pot Limit OmahaHL - *** 04 03 2021 10:00:00
Table Testa 6 Max (Real Money)
Seat 1 is the button
Total number of players : 3
Seat 1: Ann ( $20 )
Seat 2: Ben ( $30.50 )
Seat 4: Cat ( $1,000 )
Ben posts small blind [$0.50]
Cat posts big blind [$1]
** Dealing down cards **
Dealt to Ann [ Qh, Qd, Kc, Kd ]
Ann raises [$3]
Ben calls [$2.50]
Cat folds
** Dealing flop ** [ 3c, 4d, Ks ]
Ben checks
Ann bets [$4]
Ben calls [$4]
** Dealing turn ** [ 7h ]
Ben checks
Ann checks
** Dealing river ** [ Qs ]
Ben bets [$2]
Ann calls [$2]
** Summary **
Ann shows [ Qh, Qd, Kc, Kd ]
(Hi: Kc, Kd, Ks, Qs, 7h)
Ben shows [ 2c, 8c, Js, Jd ]
(Lo: 8c, 7h, 4d, 3c, 2c)
Ann collected [ $9.45 ]
Ben collected [ $9.44 ]
"""
"""A pot of $19 less $0.11 rake, halved: Ann's high (with the odd cent), Ben's low."""

LINES_PER_HAND = SPLIT_POT.count("\n") + 1  # with the blank line between hands


def three_hands(middle: str | None = None) -> str:
    return around(SPLIT_POT, middle, "\n")


def test_the_site_is_detected_by_content() -> None:
    assert detect_site(three_hands()).site == "888"


def test_a_split_pot_is_read_into_the_players_collections() -> None:
    hand = only_hand(SPLIT_POT.format(id=301))
    assert (hand.site, hand.hand_id, hand.game, hand.structure) == (
        "888",
        "301",
        Game.OMAHA_HILO,
        Structure.POT_LIMIT,
    )
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.currency) == (50, 100, "USD")
    assert (hand.table_name, hand.max_seats, hand.button_seat) == ("Testa 6 Max", 6, 1)
    assert hand.started_at.isoformat() == "2021-03-04T10:00:00+00:00"
    assert [seat.stack for seat in hand.seats] == [2000, 3050, 100000]
    # "raises [$3]" is what the raise puts in: Ann's street total 300
    raise_ = next(action for action in hand.actions if action.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.to_amount) == (300, 300)
    assert [card.text for card in hand.boards[0]] == ["3c", "4d", "Ks", "7h", "Qs"]
    # 888 writes one "collected" per half, labelled by neither pot nor half
    assert [(c.player, c.amount, c.pot, c.half) for c in hand.collections] == [
        ("Ann", 945, 0, None),
        ("Ben", 944, 0, None),
    ]
    # no total pot nor rake written: the pot is what was put in, the rake what is left
    assert (hand.total_pot, hand.rake) == (1900, 11)
    assert inconsistency_or_none(hand) is None
    shown = [(k.player, k.source, k.street) for k in hand.known_cards]
    assert ("Ann", CardSource.SHOWN, Street.SHOWDOWN) in shown
    assert ("Ann", CardSource.DEALT, Street.PREFLOP) in shown
    assert hand.hero == "Ann"


def test_the_split_pot_audits_ok_and_the_odd_cent_goes_high() -> None:
    # 1900 less 11 rake: 1889 halved, the odd cent to the high half (Ann)
    assert audit_hand(only_hand(SPLIT_POT.format(id=301))).status is Status.OK
    swapped = SPLIT_POT.replace("$9.45", "$X").replace("$9.44", "$9.45").replace("$X", "$9.44")
    verdict = audit_hand(only_hand(swapped.format(id=301)))
    assert verdict.status is Status.MISMATCH
    assert verdict.reason is not None
    assert verdict.reason.startswith("odd chip")


SIDE_POT = """\
#Game No : 77
***** Cassava Hand History for Game 77 *****
15/30 Blinds Fix Limit Omaha - *** 11 03 2011 15:43:46
Table Bratislava (Practice Play)
Seat 2 is the button
Total number of players : 3
Seat 1: Ann ( 1,000 )
Seat 2: Ben ( 60 )
Seat 3: Cat ( 725.50 )
Cat posts small blind [15]
Ann posts big blind [30]
** Dealing down cards **
Ben calls [30]
Cat calls [15]
Ann checks
** Dealing flop ** [ Js, 8c, 9s ]
Cat bets [30]
Ann calls [30]
Ben calls [30]
** Dealing turn ** [ Ks ]
Cat bets [60]
Ann calls [60]
** Dealing river ** [ Qh ]
Cat checks
Ann checks
** Summary **
Ann shows [ 7s, Jc, 5s, 4s ]
Ben mucks [ Ah, 9h, Td, 5d ]
Cat shows [ 3h, 8s, Th, Qs ]
Cat collected [ 177.50 ]
Cat collected [ 120 ]
"""
"""Ben all in for 60 on the flop; Cat wins the main pot (180, less 2.50 rake) and the
side pot (120)."""


def test_payments_fill_the_pots_in_order_main_pot_first() -> None:
    hand = only_hand(SIDE_POT)
    assert hand.play_money
    assert hand.currency is None
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (3000, 6000)
    assert [(c.player, c.amount, c.pot) for c in hand.collections] == [
        ("Cat", 17750, 0),
        ("Cat", 12000, 1),
    ]
    assert (hand.total_pot, hand.rake) == (30000, 250)
    ben_call = [a for a in hand.actions if a.player == "Ben" and a.street is Street.FLOP]
    assert ben_call[0].all_in
    assert audit_hand(hand).status is Status.OK


WALK = """\
#Game No : 88
***** 888poker Hand History for Game 88 *****
$25/$50 Blinds Pot Limit Omaha - *** 21 08 2015 15:17:55
Table Helmond 6 Max (Real Money)
Seat 2 is the button
Total number of players : 3
Seat 1: Ann ( $3,000 )
Seat 2: Ben ( $6,922 )
Seat 4: Cat ( $7,703 )
Ben posts small blind [$25]
Cat posts big blind [$50]
Ann posts dead blind [$25 + $0]
** Dealing down cards **
Ann folds
Ben folds
** Summary **
Cat did not show his hand
Cat collected [ $100 ]
"""


def test_a_big_blind_nobody_called_is_paid_back_inside_collected() -> None:
    hand = only_hand(WALK)
    dead = [a for a in hand.actions if a.player == "Ann" and a.amount]
    assert [(a.kind, a.amount) for a in dead] == [(ActionKind.POST_DEAD, 2500)]
    assert [(r.player, r.amount) for r in hand.returned] == [("Cat", 2500)]
    assert [(c.player, c.amount) for c in hand.collections] == [("Cat", 7500)]
    assert (hand.total_pot, hand.rake) == (7500, 0)
    assert audit_hand(hand).status is Status.OK


SWEDISH = """\
#Game No : 99
***** 888poker Hand History for Game 99 *****
25\u00a0$/50\u00a0$ Blinds Pot Limit Omaha - *** 21 04 2016 16:35:46
Table Kumanovo 6 Max (Real Money)
Seat 9 is the button
Total number of players : 2
Seat 4: Ann ( 1\u00a0625\u00a0$ )
Seat 9: Ben ( 9\u00a0871,50\u00a0$ )
Ben posts small blind [25\u00a0$]
Ann posts big blind [50\u00a0$]
** Dealing down cards **
Dealt to Ben [ Dd, Eh, 4d, Knh ]
Ben raises [125\u00a0$]
Ann raises [400\u00a0$]
Ben calls [300\u00a0$]
** Dealing flop ** [ 6h, Kns, 7s ]
Ann bets [900\u00a0$]
Ben folds
** Summary **
Ann did not show his hand
Ann collected [ 899\u00a0$ ]
"""


def test_swedish_amounts_and_ranks() -> None:
    hand = only_hand(SWEDISH)
    assert [seat.stack for seat in hand.seats] == [162500, 987150]
    dealt = [k.cards for k in hand.known_cards if k.source is CardSource.DEALT]
    assert [card.text for card in dealt[0]] == ["Qd", "Ah", "4d", "Jh"]
    assert [card.text for card in hand.boards[0]] == ["6h", "Js", "7s"]
    # the flop bet nobody called is given back silently; collected is the pot less rake
    assert [(r.player, r.amount) for r in hand.returned] == [("Ann", 90000)]
    assert (hand.total_pot, hand.rake) == (90000, 100)
    assert inconsistency_or_none(hand) is None


TOURNAMENT = """\
#Game No : 55
***** Cassava Hand History for Game 55 *****
$125/$250 Blinds Pot Limit OmahaHL - *** 16 06 2013 13:52:20
Tournament #48749889 $1.80 + $0.20 - Table #19 (Real Money)
Seat 8 is the button
Total number of players : 2
Seat 1: Ann ( $2,000 )
Seat 8: Ben ( $2,000 )
Ben posts small blind [$125]
Ann posts big blind [$250]
** Dealing down cards **
Ben folds
** Summary **
Ann did not show his hand
Ann collected [ $375 ]
"""


def test_a_tournament_is_in_chips_and_takes_no_rake() -> None:
    hand = only_hand(TOURNAMENT)
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.buy_in, hand.tournament.fee) == (
        "48749889",
        180,
        20,
    )
    assert (hand.currency, hand.stakes.big_blind, hand.seats[0].stack) == (None, 250, 2000)
    assert hand.table_name == "48749889 #19"
    assert (hand.total_pot, hand.rake) == (250, 0)
    assert inconsistency_or_none(hand) is None


def test_a_game_not_covered_is_skipped() -> None:
    holdem = SPLIT_POT.replace("Pot Limit OmahaHL", "No Limit Texas Hold'em")
    items = read(three_hands(holdem.format(id=302)))
    assert [type(item) for item in items] == [Hand, UnsupportedGameError, Hand]
    assert items[1].hand_id == "302"


def test_a_truncated_hand_names_file_hand_and_line_and_the_others_still_read() -> None:
    cut = "\n".join(SPLIT_POT.format(id=302).splitlines()[:18]) + "\n"
    items = read(three_hands(cut))
    assert [item.hand_id for item in items if isinstance(item, Hand)] == ["301", "303"]
    error = only_error(items)
    assert (error.file, error.hand_id) == ("test.txt", "302")
    assert "cut off" in error.reason
    assert error.line_number == LINES_PER_HAND + 18


def test_a_hand_cut_after_its_seats_is_an_error() -> None:
    cut = "\n".join(SPLIT_POT.format(id=302).splitlines()[:8]) + "\n"
    error = only_error(read(three_hands(cut)))
    assert error.hand_id == "302"
    assert "2 seat lines, but the hand says 3 players" in error.reason


@pytest.mark.parametrize(
    ("after", "line"),
    [
        ("Ann raises [$3]", "Ann dances [$3]"),
        ("** Summary **", "Ann waves"),
        ("Cat folds", "Somebody Else folds"),
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
    assert "unknown" in error.reason


def test_an_unknown_card_is_an_error() -> None:
    hand = SPLIT_POT.format(id=302).replace("[ 7h ]", "[ 9x ]")
    error = only_error(read(three_hands(hand)))
    assert "unknown card '9x'" in error.reason
    assert error.line == "** Dealing turn ** [ 9x ]"


def test_names_with_spaces_are_matched_whole() -> None:
    text = SPLIT_POT.replace("Ann", "Ann Lee").replace("Ben", "Ann").format(id=301)
    hand = only_hand(text)
    assert [seat.player for seat in hand.seats] == ["Ann Lee", "Ann", "Cat"]
    raise_ = next(action for action in hand.actions if action.kind is ActionKind.RAISE)
    assert raise_.player == "Ann Lee"
    assert [(c.player, c.amount) for c in hand.collections] == [("Ann Lee", 945), ("Ann", 944)]
