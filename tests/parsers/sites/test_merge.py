"""Merge: its pot numbers and halves, its two ways of giving an uncalled bet back, its
inferred rake, its game codes (HORSE's `multigametype`), its posts and all-ins, and bad
input (errors naming file, hand and line; the other hands of the file still read).
Every hand here is written for the test."""

from __future__ import annotations

import re

import pytest

from parsers import detect_site, parse_text
from tests.parsers.sites.site_checks import the_middle_hand_fails
from tracker.audit.verdict import Status, audit_hand
from tracker.bookkeeping import inconsistency_or_none
from tracker.errors import UnsupportedGameError
from tracker.model import ActionKind, Collection, Game, Hand, Returned, Street, Structure

DESCRIPTION = '<description type="Omaha H/L8" stakes="Limit $1/$2"/>\n'

# A hi/lo hand split at the showdown: $8 in, $0.39 rake (not written), the odd cent of
# the $7.61 left to the high half.
SPLIT = """\
<game id="{hand_id}" starttime="20111220050117" numholecards="4" gametype="35" seats="9" \
realmoney="true" data="20111220|Testville (500)|500|{hand_id}|false">
\t<players dealer="1">
\t\t<player seat="0" nickname="ann" balance="$20.00" dealtin="true" />
\t\t<player seat="1" nickname="bob" balance="$20.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1324375277698" player="1" amount="0.50"/>
\t\t<event sequence="2" type="BIG_BLIND" timestamp="1324375277995" player="0" amount="1.00"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="CALL" timestamp="1324375289671" player="1" amount="0.50"/>
\t\t<event sequence="4" type="CHECK" timestamp="1324375291470" player="0"/>
\t\t<cards type="HOLE" cards="5s,Qd,2s,3s" player="0" hand="Queen High"/>
\t</round>
\t<round id="POSTFLOP" sequence="3">
\t\t<event sequence="5" type="CHECK" timestamp="1324375294013" player="0"/>
\t\t<event sequence="6" type="BET" timestamp="1324375296064" player="1" amount="1.00"/>
\t\t<event sequence="7" type="CALL" timestamp="1324375298963" player="0" amount="1.00"/>
\t\t<cards type="COMMUNITY" cards="3h,4s,5h" hand="Pair of Fives"/>
\t</round>
\t<round id="POSTTURN" sequence="4">
\t\t<event sequence="8" type="CHECK" timestamp="1324375300950" player="0"/>
\t\t<event sequence="9" type="CHECK" timestamp="1324375301950" player="1"/>
\t\t<cards type="COMMUNITY" cards="3h,4s,5h,7c" hand="Pair of Fives"/>
\t</round>
\t<round id="POSTRIVER" sequence="5">
\t\t<event sequence="10" type="BET" timestamp="1324375302950" player="0" amount="2.00"/>
\t\t<event sequence="11" type="CHAT" timestamp="1324375302960" player="kibitzer" text="gl"/>
\t\t<event sequence="12" type="CALL" timestamp="1324375303950" player="1" amount="2.00"/>
\t\t<cards type="COMMUNITY" cards="3h,4s,5h,7c,4c" hand="Two Pair Fives and Fours"/>
\t</round>
\t<round id="SHOWDOWN" sequence="6">
\t\t<event sequence="13" type="SHOW" timestamp="1324375304950" player="0"/>
\t\t<event sequence="14" type="SHOW" timestamp="1324375305950" player="1"/>
\t\t<cards type="SHOWN" cards="5s,Qd,2s,3s" player="0"/>
\t\t<cards type="SHOWN" cards="Jd,7s,Js,8c" player="1"/>
\t</round>
\t<round id="END_OF_GAME" sequence="7">
\t\t<winner amount="3.81" uncalled="false" potnumber="1" player="1" \
hand="Two Pair Jacks and Fours" pottype="h"/>
\t\t<winner amount="3.80" uncalled="false" potnumber="1" player="0" hand="7-5-4-3-2" \
pottype="l"/>
\t</round>
</game>
"""

# Everyone folds to a bet: the older files pay the uncalled $2 inside the winnings
# ($7.90 = the $6 pot less $0.10 rake, plus the $2); the newer write it apart.
FOLDED = """\
<game id="{hand_id}" starttime="20111220050117" numholecards="4" gametype="35" \
realmoney="true" data="20111220|Testville (500)|500|{hand_id}|false">
\t<players dealer="1">
\t\t<player seat="0" nickname="ann" balance="$20.00" dealtin="true" />
\t\t<player seat="1" nickname="bob" balance="$20.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1324375277698" player="1" amount="0.50"/>
\t\t<event sequence="2" type="BIG_BLIND" timestamp="1324375277995" player="0" amount="1.00"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="RAISE" timestamp="1324375289671" player="1" amount="2.00"/>
\t\t<event sequence="4" type="RAISE" timestamp="1324375291470" player="0" amount="3.00"/>
\t\t<event sequence="5" type="CALL" timestamp="1324375291570" player="1" amount="1.00"/>
\t</round>
\t<round id="POSTFLOP" sequence="3">
\t\t<event sequence="6" type="BET" timestamp="1324375294013" player="0" amount="2.00"/>
\t\t<event sequence="7" type="FOLD" timestamp="1324375296064" player="1"/>
\t\t<cards type="COMMUNITY" cards="3h,4s,5h" hand="Ace High"/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="4">
\t\t<event sequence="8" type="MUCK" timestamp="1324375300950" player="0"/>
{winners}
\t</round>
\t<round id="END_OF_GAME" sequence="5">
\t</round>
</game>
"""
INSIDE = '\t\t<winner amount="7.90" uncalled="false" potnumber="1" player="0" pottype="n"/>'
APART = (
    '\t\t<winner amount="5.90" uncalled="false" potnumber="1" player="0" pottype="n"/>\n'
    '\t\t<winner amount="2.00" uncalled="true" potnumber="2" player="0" pottype="n"/>'
)


def one_hand(text: str) -> Hand:
    items = list(parse_text(DESCRIPTION + text, file="test.xml"))
    assert len(items) == 1
    assert isinstance(items[0], Hand), items[0]
    return items[0]


def test_the_halves_are_read_from_pottype_and_the_rake_is_inferred() -> None:
    text = SPLIT.format(hand_id="500-1")
    assert detect_site(DESCRIPTION + text).site == "merge"
    hand = one_hand(text)
    assert (hand.game, hand.structure, hand.currency) == (Game.OMAHA_HILO, Structure.LIMIT, "USD")
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (100, 200)
    assert hand.collections == (
        Collection("bob", 381, 0, 0, "hi"),
        Collection("ann", 380, 0, 0, "lo"),
    )
    assert (hand.total_pot, hand.rake) == (800, 39)
    assert hand.hero == "ann"
    assert hand.boards == (tuple(card for card in hand.boards[0]),)
    assert [card.text for card in hand.boards[0]] == ["3h", "4s", "5h", "7c", "4c"]
    assert hand.started_at.isoformat() == "2011-12-20T10:01:17.698000+00:00"
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


@pytest.mark.parametrize("winners", [INSIDE, APART], ids=["inside-the-winnings", "apart"])
def test_an_uncalled_bet_is_returned_either_way(winners: str) -> None:
    hand = one_hand(FOLDED.format(hand_id="500-2", winners=winners))
    assert hand.returned == (Returned("ann", 200),)
    assert hand.collections == (Collection("ann", 590),)
    assert (hand.total_pot, hand.rake) == (600, 10)
    # "RAISE" amounts are street totals: ann's re-raise to $3 puts in $2 more
    raises = [action for action in hand.actions if action.kind is ActionKind.RAISE]
    assert [(action.amount, action.to_amount) for action in raises] == [(150, 200), (200, 300)]
    assert audit_hand(hand).status is Status.OK


def test_all_in_events_are_bets_raises_or_calls_by_the_street() -> None:
    """bob (a $3.50 stack) is all in for $1.50 on the river, ann raises to $3: her $1.50
    no one can call comes back apart."""
    text = SPLIT.format(hand_id="500-3").replace(
        'nickname="bob" balance="$20.00"', 'nickname="bob" balance="$3.00"'
    )
    text = text.replace(
        '<event sequence="10" type="BET" timestamp="1324375302950" player="0" amount="2.00"/>',
        '<event sequence="10" type="ALL_IN" timestamp="1324375302950" player="1" amount="1.50"/>',
    ).replace(
        '<event sequence="12" type="CALL" timestamp="1324375303950" player="1" amount="2.00"/>',
        '<event sequence="12" type="RAISE" timestamp="1324375303950" player="0" amount="3.00"/>',
    )
    text = text.replace('amount="3.81"', 'amount="3.41"').replace(
        'amount="3.80" uncalled="false" potnumber="1" player="0" hand="7-5-4-3-2" pottype="l"/>',
        'amount="3.40" uncalled="false" potnumber="1" player="0" hand="7-5-4-3-2" pottype="l"/>\n'
        '\t\t<winner amount="1.50" uncalled="true" potnumber="2" player="0" pottype="n"/>',
    )
    hand = one_hand(text)
    river = [action for action in hand.actions if action.street is Street.RIVER]
    assert [(action.kind, action.amount, action.all_in) for action in river] == [
        (ActionKind.BET, 150, True),
        (ActionKind.RAISE, 300, False),
    ]
    assert hand.returned == (Returned("ann", 150),)
    assert (hand.total_pot, hand.rake) == (700, 19)
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_a_side_pot_is_numbered_from_potnumber() -> None:
    text = SPLIT.format(hand_id="500-4").replace(
        'potnumber="1" player="0" hand="7-5-4-3-2"', 'potnumber="2" player="0" hand="7-5-4-3-2"'
    )
    hand = one_hand(text)
    assert [(payment.player, payment.pot) for payment in hand.collections] == [
        ("bob", 0),
        ("ann", 1),
    ]


def _in_chips(text: str) -> str:
    """A cash hand made a tournament hand: every amount in whole chips (x 100)."""
    return re.sub(
        r'(amount|balance)="\$?(\d+)\.(\d\d)"',
        lambda match: f'{match[1]}="{int(match[2] + match[3])}.00"',
        text,
    )


def test_the_game_comes_from_multigametype_and_games_not_covered_are_skipped() -> None:
    horse = '<description type="HORSE Tournament" stakes="Limit"/>\n'
    razz = SPLIT.format(hand_id="500-5").replace(
        'gametype="35"', 'gametype="77" multigametype="49"'
    )
    omaha = SPLIT.format(hand_id="500-6").replace(
        'gametype="35"', 'gametype="77" multigametype="37"'
    )
    omaha = omaha.replace('amount="3.81"', 'amount="4.00"').replace(
        'amount="3.80"', 'amount="4.00"'
    )
    items = list(parse_text(horse + _in_chips(razz + omaha), file="horse.xml"))
    assert isinstance(items[0], UnsupportedGameError)
    assert "Razz" in items[0].reason
    assert isinstance(items[1], Hand)
    assert items[1].game is Game.OMAHA_HILO
    # a tournament: chips, no currency, no rake
    assert (items[1].currency, items[1].rake, items[1].total_pot) == (None, 0, 800)
    assert items[1].collections == (
        Collection("bob", 400, 0, 0, "hi"),
        Collection("ann", 400, 0, 0, "lo"),
    )


def test_a_returning_player_posting_both_blinds() -> None:
    text = FOLDED.format(hand_id="500-7", winners=INSIDE).replace(
        'type="BIG_BLIND" timestamp="1324375277995" player="0" amount="1.00"',
        'type="RETURN_BLIND" timestamp="1324375277995" player="0" amount="1.50"',
    )
    post = one_hand(text).actions[1]
    assert (post.player, post.kind, post.amount) == (
        "ann",
        ActionKind.POST_SMALL_AND_BIG_BLIND,
        150,
    )


def test_the_first_format_balances_are_after_the_blinds() -> None:
    hand = one_hand(SPLIT.format(hand_id="500-8"))
    assert [(seat.player, seat.stack) for seat in hand.seats] == [("ann", 2100), ("bob", 2050)]


def _three_hands(middle: str) -> str:
    return DESCRIPTION + SPLIT.format(hand_id="1-1") + middle + SPLIT.format(hand_id="3-3")


def _with(old: str, new: str) -> str:
    text = SPLIT.format(hand_id="2-2")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("middle", "marker", "reason"),
    [
        (
            "\n".join(SPLIT.format(hand_id="2-2").splitlines()[:12]) + "\n",
            '<game id="2-2"',
            "cut off",
        ),
        (
            _with('type="CHECK" timestamp="1324375291470"', 'type="DANCE" timestamp="1"'),
            "DANCE",
            "unknown event type",
        ),
        (
            _with('player="1" amount="1.00"/>', 'player="5" amount="1.00"/>'),
            'player="5"',
            "no player in seat 5",
        ),
        (_with('amount="2.00"/>', 'amount="2.001"/>'), "2.001", "finer than"),
        (_with("<players ", "<players\x01"), '<game id="2-2"', "not well-formed"),
        (_with('<round id="POSTTURN"', '<round id="POSTTOURNE"'), "POSTTOURNE", "unknown round"),
    ],
    ids=[
        "truncated",
        "unknown-event",
        "unseated-player",
        "bad-amount",
        "broken-xml",
        "unknown-round",
    ],
)
def test_bad_hands_are_errors_naming_file_hand_and_line(
    middle: str, marker: str, reason: str
) -> None:
    text = _three_hands(middle)
    lines = text.split("\n")
    second = next(index for index, line in enumerate(lines) if '<game id="2-2"' in line)
    line_number = 1 + next(index for index in range(second, len(lines)) if marker in lines[index])
    error = the_middle_hand_fails(
        text, hand_id="2-2", line_number=line_number, reason=reason, file="bad.xml"
    )
    assert error.line is not None
    assert marker in error.line
