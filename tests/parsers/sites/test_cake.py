"""Cake Poker: hands written in the site's format, read into the right chips, cards,
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
Hand#3389E587C7{id} - $5 PL Omaha Hi-Lo Turbo T777 -- CASH -- $5 + $0.25 -- 3 Max \
-- Table 2 -- 0/15/30 PL OmahaHiLo -- 2013/07/16 - 10:38:40
Dealer: Seat 8
Seat 1: Cat (1,000 in chips)
Seat 3: Ann (1,640 in chips)
Seat 8: Ben (1,360 in chips)
Cat: posts small blind 15
Ann: posts big blind 30
Dealt to Ben [5s,3c,4s,5c]
Ben: raises to 90
Cat: folds
Ann: calls 60
*** FLOP *** [4d,2h,Jc]
Ann: checks
Ben: bets 100
Ann: calls 100
*** TURN *** [8h]
Ann: checks
Ben: checks
*** RIVER *** [Qs]
Ann: checks
Ben: checks
***SHOW DOWN***
Ben: shows [5s 3c 4s 5c] (Pair of Fives  )
Ann: shows [As Kh Ah Ac] (Pair of Aces  )
Ann wins high pot 198 with Pair of Aces
Ben wins low pot 197 with
"""
"""A sit & go pot of 395 chips (Cat's small blind dead), halved: Ann's high with the odd
chip, Ben's low."""

LINES_PER_HAND = SPLIT_POT.count("\n") + 2  # with the two blank lines between hands


def three_hands(middle: str | None = None) -> str:
    return around(SPLIT_POT, middle, "\n\n")


def test_the_site_is_detected_by_content() -> None:
    assert detect_site(three_hands()).site == "cake"


def test_a_sit_and_go_hand_is_in_chips_with_its_buy_in() -> None:
    hand = only_hand(SPLIT_POT.format(id=301))
    assert (hand.site, hand.hand_id, hand.game, hand.structure) == (
        "cake",
        "3389E587C7301",
        Game.OMAHA_HILO,
        Structure.POT_LIMIT,
    )
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.buy_in, hand.tournament.fee) == (
        "777",
        500,
        25,
    )
    assert (hand.currency, hand.tournament.currency) == (None, "USD")
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.stakes.ante) == (15, 30, None)
    assert (hand.table_name, hand.max_seats, hand.button_seat) == ("777 Table 2", 3, 8)
    assert hand.started_at.isoformat() == "2013-07-16T14:38:40+00:00"  # read as ET
    assert [seat.stack for seat in hand.seats] == [1000, 1640, 1360]  # "1,640": thousands
    raise_ = next(action for action in hand.actions if action.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.to_amount) == (90, 90)
    assert [card.text for card in hand.boards[0]] == ["4d", "2h", "Jc", "8h", "Qs"]
    assert hand.hero == "Ben"
    shown = [(k.player, k.source, k.street) for k in hand.known_cards]
    assert ("Ann", CardSource.SHOWN, Street.SHOWDOWN) in shown


def test_halves_are_named_and_the_pot_is_what_was_put_in() -> None:
    hand = only_hand(SPLIT_POT.format(id=301))
    assert [(c.player, c.amount, c.pot, c.half) for c in hand.collections] == [
        ("Ann", 198, 0, "hi"),
        ("Ben", 197, 0, "lo"),
    ]
    # no total pot nor rake written; a tournament takes none
    assert (hand.total_pot, hand.rake) == (395, 0)
    assert inconsistency_or_none(hand) is None


def test_the_split_pot_audits_ok_and_the_odd_chip_goes_high() -> None:
    assert audit_hand(only_hand(SPLIT_POT.format(id=301))).status is Status.OK
    swapped = SPLIT_POT.replace("pot 198", "pot X").replace("pot 197", "pot 198")
    verdict = audit_hand(only_hand(swapped.replace("pot X", "pot 197").format(id=301)))
    assert verdict.status is Status.MISMATCH
    assert verdict.reason is not None
    assert verdict.reason.startswith("odd chip")


def test_a_tournament_paying_less_than_the_pot_is_inconsistent() -> None:
    hand = only_hand(SPLIT_POT.replace("pot 197", "pot 190").format(id=301))
    assert hand.rake == 0
    assert inconsistency_or_none(hand) is not None


CONVERTED = """\
Hand#2999013495000096 - Testa (6-Max) 13495 -- €0,04/€0,08 PL Omaha -- 2012-06-21 - 05:30:58
Dealer: Seat 3
Seat 1: Ann ($21,89 in chips)  (EUR €17,29)
Seat 3: Ben ($9,68 in chips)  (EUR €7,65)
Seat 8: Cat ($22,50 in chips)  (EUR €17,78)
Cat: posts small blind $0,05 (EUR €0,04)
Ann: posts big blind $0,10 (EUR €0,08)
Dealt to Ben [3c,5d,Ks,6h]
Ben: raises to $0,30 (EUR €0,24)
Cat: folds
Ann: calls $0,20 (EUR €0,16)
*** FLOP *** [3d,Qs,8d]
Ann: bets $1 (EUR €0,79)
Ben: raises to $4 (EUR €3,16)
Ann: folds
Ben: returns uncalled bet $3 (EUR €2,37)
***SHOW DOWN***
Ben: mucks
Ben wins $2,55 (EUR €2,01)
"""
"""A hand seen in euros at a dollar table: every amount in dollars, then in euros."""


def test_a_converted_hand_is_read_in_the_tables_currency() -> None:
    hand = only_hand(CONVERTED)
    assert (hand.game, hand.tournament, hand.currency) == (Game.OMAHA_HI, None, "USD")
    # the header's "€0,04/€0,08" is the conversion of the $0,05/$0,10 blinds
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (5, 10)
    assert [seat.stack for seat in hand.seats] == [2189, 968, 2250]  # "$21,89": a comma
    assert (hand.table_name, hand.max_seats) == ("Testa (6-Max) 13495", 6)
    assert [(r.player, r.amount) for r in hand.returned] == [("Ben", 300)]
    assert [(c.player, c.amount, c.half) for c in hand.collections] == [("Ben", 255, None)]
    # put in 265 (the $3 returned), paid 255: the rake is the rest
    assert (hand.total_pot, hand.rake) == (265, 10)
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_a_cash_hand_in_dollars_reads_its_decimal_point() -> None:
    text = (
        CONVERTED.replace("€0,04/€0,08", "$0.05/$0.10")
        .replace(",", ".")
        .replace("[3c.5d.Ks.6h]", "[3c,5d,Ks,6h]")
        .replace("[3d.Qs.8d]", "[3d,Qs,8d]")
    )
    for line in ("  (EUR €17.29)", "  (EUR €7.65)", "  (EUR €17.78)"):
        text = text.replace(line, "")
    hand = only_hand(text)
    assert (hand.currency, hand.stakes.small_blind, hand.stakes.big_blind) == ("USD", 5, 10)
    assert [seat.stack for seat in hand.seats] == [2189, 968, 2250]
    assert (hand.total_pot, hand.rake) == (265, 10)


def test_a_hand_won_without_a_showdown() -> None:
    hand = only_hand(CONVERTED)
    assert not [k for k in hand.known_cards if k.player == "Ben" and k.source is not
                CardSource.DEALT]  # fmt: skip
    assert [a.kind for a in hand.actions if a.player == "Ann"][-1] is ActionKind.FOLD


def test_a_game_not_covered_is_skipped() -> None:
    holdem = SPLIT_POT.replace("PL OmahaHiLo", "NL Holdem")
    items = read(three_hands(holdem.format(id=302)))
    assert [type(item) for item in items] == [Hand, UnsupportedGameError, Hand]
    assert items[1].hand_id == "3389E587C7302"


def test_a_truncated_hand_names_file_hand_and_line_and_the_others_still_read() -> None:
    cut = "\n".join(SPLIT_POT.format(id=302).splitlines()[:18]) + "\n"
    items = read(three_hands(cut))
    assert [item.hand_id for item in items if isinstance(item, Hand)] == [
        "3389E587C7301",
        "3389E587C7303",
    ]
    error = only_error(items)
    assert (error.file, error.hand_id) == ("test.txt", "3389E587C7302")
    assert "cut off" in error.reason
    assert error.line_number == LINES_PER_HAND + 18


@pytest.mark.parametrize(
    ("after", "line"),
    [
        ("Ben: raises to 90", "Ann: dances 40"),
        ("Cat: folds", "Somebody Else: folds"),
        ("*** FLOP *** [4d,2h,Jc]", "*** 3rd STREET ***"),
        ("Ann wins high pot 198 with Pair of Aces", "Ann waves"),
        ("Ann wins high pot 198 with Pair of Aces", "Ann wins the jackpot"),
    ],
)
def test_an_unknown_line_names_file_hand_and_line(after: str, line: str) -> None:
    hand = SPLIT_POT.format(id=302).replace(after + "\n", after + "\n" + line + "\n")
    items = read(three_hands(hand))
    assert [item.hand_id for item in items if isinstance(item, Hand)] == [
        "3389E587C7301",
        "3389E587C7303",
    ]
    error = only_error(items)
    assert (error.file, error.hand_id, error.line) == ("test.txt", "3389E587C7302", line)
    where = SPLIT_POT.splitlines().index(after) + 2
    assert error.line_number == LINES_PER_HAND + where
    assert "unknown" in error.reason


def test_an_unknown_card_is_an_error() -> None:
    hand = SPLIT_POT.format(id=302).replace("[8h]", "[9x]")
    error = only_error(read(three_hands(hand)))
    assert "unknown card '9x'" in error.reason
    assert error.line == "*** TURN *** [9x]"


def test_a_wrong_hole_card_count_is_an_error() -> None:
    hand = SPLIT_POT.format(id=302).replace("[5s,3c,4s,5c]", "[5s,3c,4s]")
    error = only_error(read(three_hands(hand)))
    assert "3 hole cards" in error.reason


def test_a_hilo_hand_cut_between_its_halves_is_an_error() -> None:
    cut = SPLIT_POT.replace("Ben wins low pot 197 with\n", "").format(id=302)
    error = only_error(read(three_hands(cut)))
    assert "before the low half" in error.reason
    assert error.line == "Ann wins high pot 198 with Pair of Aces"
    no_low = cut.replace("Ann wins high pot 198", "Ann wins high pot 395")
    no_low += "There is no low hand\n"
    hand = only_hand(no_low)
    assert [(c.player, c.amount, c.half) for c in hand.collections] == [("Ann", 395, "hi")]


def test_an_uncalled_bet_not_written_is_returned_at_the_end_of_its_round() -> None:
    unwritten = CONVERTED.replace("Ben: returns uncalled bet $3 (EUR €2,37)\n", "")
    hand = only_hand(unwritten)
    assert [(r.player, r.amount) for r in hand.returned] == [("Ben", 300)]
    assert (hand.total_pot, hand.rake) == (265, 10)
    # written after the showdown marker instead: the same return, not a second one
    late = unwritten.replace("Ben: mucks\n", "Ben: returns uncalled bet $3 (EUR €2,37)\n")
    assert [(r.player, r.amount) for r in only_hand(late).returned] == [("Ben", 300)]
