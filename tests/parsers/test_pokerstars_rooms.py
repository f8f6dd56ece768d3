"""Issue 14, part A: headers the PokerStars parser misread or refused, and rooms that
write PokerStars' format under their own name. Every hand is written for the test."""

from __future__ import annotations

import pytest
from test_read_rows import assert_same_rows

import parsers
from parsers.pokerstars.header import read_terms, room_of
from tracker.audit.conventions import convention_for
from tracker.audit.verdict import Status, audit_hand
from tracker.model import Game, Hand, Structure

BODY = """Table '{table}' 6-max Seat #1 is the button
Seat 1: ann ({stack} in chips)
Seat 2: bob ({stack} in chips)
bob: posts small blind {small}
ann: posts big blind {big}
*** HOLE CARDS ***
bob: folds
Uncalled bet ({small}) returned to ann
ann collected {pot} from pot
*** SUMMARY ***
Total pot {pot} | Rake {no_rake}
Seat 1: ann (button) (big blind) collected ({pot})
Seat 2: bob (small blind) folded before Flop
"""


def _one_hand(text: str) -> Hand:
    [hand] = parsers.parse_text(text)
    assert isinstance(hand, Hand), hand
    return hand


def test_a_zoom_mixed_omaha_tournament_header_is_a_tournament() -> None:
    # Read until now as a play-money cash game: no tournament id, blinds as cents.
    header = (
        "PokerStars Hand #153368694602: Zoom Tournament #1537004521, $24.55+$2.45 USD Mixed "
        "Omaha (Omaha Pot Limit) - Level III (20/40) - 2016/05/16 0:10:00 ET"
    )
    body = BODY.format(table="1537004521 12", stack="1500", small="20", big="40", pot="40",
                       no_rake="0")  # fmt: skip
    hand = _one_hand(header + "\n" + body)
    assert (hand.game, hand.structure) == (Game.OMAHA_HI, Structure.POT_LIMIT)
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.buy_in, hand.tournament.fee) == (
        "1537004521",
        2455,
        245,
    )
    assert (hand.tournament.currency, hand.tournament.level) == ("USD", "III")
    assert hand.currency is None
    assert not hand.play_money
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (20, 40)


def test_omaha_fixed_limit_of_converted_files_is_omaha_limit() -> None:
    terms = read_terms(
        "PokerStars Hand #3434271432: Omaha Fixed Limit ($30/$60.00) - 2017/03/08 20:45:32"
    )
    assert (terms.game, terms.structure, terms.first, terms.second) == (
        Game.OMAHA_HI,
        Structure.LIMIT,
        3000,
        6000,
    )


RUN_IT_ONCE = (
    "Run It Once Poker Hand #36197999:  Omaha Pot Limit (€0.25/€0.50) - 2019/08/14 17:55 UTC "
    "[2019/08/14 18:55 CET]\n"
    + BODY.format(
        table="ignored", stack="€50", small="€0.25", big="€0.50", pot="€0.50", no_rake="€0"
    )
).replace("Table 'ignored' 6-max", "Table ID '36197292' 6-Max")


@pytest.mark.parametrize(
    ("room", "site"), [("Run It Once Poker", "runitonce"), ("PokerMaster", "pokermaster")]
)
def test_a_room_writing_pokerstars_format_is_read_as_its_own_site(room: str, site: str) -> None:
    text = RUN_IT_ONCE.replace("Run It Once Poker", room)
    assert parsers.detect_site(text).site == "pokerstars"
    hand = _one_hand(text)
    assert hand.site == site == room_of(text)
    assert (hand.table_name, hand.max_seats, hand.button_seat) == ("36197292", 6, 1)
    assert hand.started_at.isoformat() == "2019-08-14T17:55:00+00:00"
    assert hand.currency == "EUR"
    # audited under PokerStars' conventions, which its parser declares for the room
    assert convention_for(site) == convention_for("pokerstars")
    assert audit_hand(hand).status is Status.OK


def test_a_file_mixing_rooms_is_cut_at_every_room_header() -> None:
    # The column-wise reader leaves a chunk holding another room's hands to the line
    # reader, which cuts the file at every header.
    pokerstars = "PokerStars Hand #1:  Omaha Pot Limit ($0.25/$0.50 USD) - 2019/08/14 17:55:00 ET\n"
    pokerstars += BODY.format(table="T", stack="$50", small="$0.25", big="$0.50", pot="$0.50",
                              no_rake="$0")  # fmt: skip
    hands = list(
        parsers.parse_text(
            pokerstars + "\n\n" + RUN_IT_ONCE + "\n\n" + pokerstars.replace("#1:", "#2:")
        )
    )
    assert [(hand.site, hand.hand_id) for hand in hands if isinstance(hand, Hand)] == [
        ("pokerstars", "1"),
        ("runitonce", "36197999"),
        ("pokerstars", "2"),
    ]


INFORMATION = """PokerStars Hand #900000000030:  Omaha Pot Limit ($0.25/$0.50 USD) - \
2019/08/14 17:55:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: ann ($50 in chips)
Seat 2: bob ($50 in chips)
Seat 3: Hero ($50 in chips)
bob: posts small blind $0.25
Hero: posts big blind $0.50
*** HOLE CARDS ***
Dealt to Hero [8h 3c 2d 9s]
ann: folds (disconnected)
ann has been disconnected
bob: folds [Ks Kd 2c 3c]
Hero: checks (timed out)
Uncalled bet ($0.25) returned to Hero
Hero collected $0.50 from pot
ann wins an entry to tournament #2988412
bob wins $2.50 for eliminating cat and their own bounty increases by $2.50 to $7.50
*** SUMMARY ***
Total pot $0.50 | Rake $0
Seat 1: ann (button) folded before Flop (didn't bet)
Seat 2: bob (small blind) folded before Flop
Seat 3: Hero (big blind) collected ($0.50)
"""


def test_information_lines_never_fail_the_hand() -> None:
    # notes after a fold or a check, a folding player's cards, disconnections, bounty
    # and satellite news: passed over as information, by both readers alike
    hand = _one_hand(INFORMATION)
    assert [action.kind.value for action in hand.actions][-3:] == ["fold", "fold", "check"]
    assert audit_hand(hand).status is Status.OK
    assert assert_same_rows(INFORMATION, file="information.txt") == 1


def test_an_unknown_text_after_a_fold_still_fails_the_hand() -> None:
    [item] = parsers.parse_text(INFORMATION.replace("ann: folds (disconnected)", "ann: folds 3"))
    assert not isinstance(item, Hand)
