"""Boss Media: its numbered cards, its street-total amounts, its halves (`WINTYPE_HI`),
its rake at the showdown, the uncalled bets it never writes, and bad input (errors
naming file, hand and line; the other hands still read). Every hand here is written for
the test (cards: `LINK` = 13 x suit + rank, the ace 0: 3h is 28, 4c is 3)."""

from __future__ import annotations

import pytest

from parsers import detect_site, parse_text
from tests.parsers.sites.site_checks import the_middle_hand_fails
from tracker.audit.verdict import Status, audit_hand
from tracker.bookkeeping import inconsistency_or_none
from tracker.errors import UnsupportedGameError
from tracker.model import ActionKind, Collection, Game, Hand, Returned, Street

# Split at the showdown: 1.40 in, 0.07 rake, the odd cent of 1.33 to the high half.
SPLIT = """\
<HISTORY ID="{hand_id}" SESSION="session1.xml" TABLE="Table OH 1" GAME="GAME_OMAHL" \
GAMETYPE="GAMETYPE_REAL" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="PL" \
STAKES="0.05/0.10" DATE="1341335256" TABLETOURNEYID="" WIN="0.00" LOSS="0.10">
<PLAYER NAME="ann" SEAT="1" AMOUNT="10.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
<PLAYER NAME="" SEAT="2" AMOUNT="0.00" STATE="STATE_RESERVED" DEALER="N"></PLAYER>
<PLAYER NAME="bob" SEAT="3" AMOUNT="10.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<ACTION TYPE="HAND_BLINDS" PLAYER="ann" KIND="HAND_SB" VALUE="0.05"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="bob" KIND="HAND_BB" VALUE="0.10"></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="ann">
<CARD LINK="43"></CARD>
<CARD LINK="24"></CARD>
<CARD LINK="40"></CARD>
<CARD LINK="41"></CARD></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="bob">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="ann" VALUE="0.10"></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="bob"></ACTION>
<ACTION TYPE="HAND_BOARD" VALUE="BOARD_FLOP" POT="0.20" RAKE="0.00" MAINPOT="0.20" LEFTPOT="" \
RIGHTPOT="">
<CARD LINK="28"></CARD>
<CARD LINK="42"></CARD>
<CARD LINK="30"></CARD></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="bob"></ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="ann" VALUE="0.20"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="bob" VALUE="0.20"></ACTION>
<ACTION TYPE="HAND_BOARD" VALUE="BOARD_TURN" POT="0.60" RAKE="0.00" MAINPOT="0.60" LEFTPOT="" \
RIGHTPOT="">
<CARD LINK="28"></CARD>
<CARD LINK="42"></CARD>
<CARD LINK="30"></CARD>
<CARD LINK="6"></CARD></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="bob"></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="ann"></ACTION>
<ACTION TYPE="HAND_BOARD" VALUE="BOARD_RIVER" POT="0.60" RAKE="0.00" MAINPOT="0.60" LEFTPOT="" \
RIGHTPOT="">
<CARD LINK="28"></CARD>
<CARD LINK="42"></CARD>
<CARD LINK="30"></CARD>
<CARD LINK="6"></CARD>
<CARD LINK="3"></CARD></ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="bob" VALUE="0.40"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="ann" VALUE="0.40"></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="1.33" RAKE="0.07" MAINPOT="1.33" LEFTPOT="" RIGHTPOT="">
<RESULT WINTYPE="WINTYPE_LO" PLAYER="ann" WIN="0.66" HAND="" WINCARDS="" HANDEXT="">
<CARD LINK="43"></CARD>
<CARD LINK="24"></CARD>
<CARD LINK="40"></CARD>
<CARD LINK="41"></CARD></RESULT>
<RESULT WINTYPE="WINTYPE_HI" PLAYER="bob" WIN="0.67" HAND="" WINCARDS="" HANDEXT="">
<CARD LINK="23"></CARD>
<CARD LINK="45"></CARD>
<CARD LINK="49"></CARD>
<CARD LINK="7"></CARD></RESULT></SHOWDOWN></HISTORY>
"""


def one_hand(text: str) -> Hand:
    items = list(parse_text(f"<ROOT>\n{text}</ROOT>\n", file="test.xml"))
    assert len(items) == 1
    assert isinstance(items[0], Hand), items[0]
    return items[0]


def _river(bet: str, answer: str) -> str:
    """SPLIT with bob's river bet and ann's answer replaced."""
    return SPLIT.format(hand_id="7-2").replace(
        '<ACTION TYPE="ACTION_BET" PLAYER="bob" VALUE="0.40"></ACTION>\n'
        '<ACTION TYPE="ACTION_CALL" PLAYER="ann" VALUE="0.40"></ACTION>\n',
        bet + answer,
    )


def test_numbered_cards_halves_and_the_rake_at_the_showdown() -> None:
    text = SPLIT.format(hand_id="7-1")
    assert detect_site(text).site == "boss"
    hand = one_hand(text)
    assert (hand.game, hand.currency, hand.button_seat) == (Game.OMAHA_HILO, "EUR", 1)
    assert [seat.player for seat in hand.seats] == ["ann", "bob"]  # the reserved seat: none
    assert [card.text for card in hand.boards[0]] == ["3h", "4s", "5h", "7c", "4c"]
    assert hand.hero == "ann"
    assert hand.collections == (
        Collection("ann", 66, 0, 0, "lo"),
        Collection("bob", 67, 0, 0, "hi"),
    )
    assert (hand.total_pot, hand.rake) == (140, 7)
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_amounts_are_street_totals() -> None:
    # ann raises to 0.30 and bob re-raises to 0.90: 0.80 more; ann calls to 0.90
    text = SPLIT.format(hand_id="7-3").replace(
        '<ACTION TYPE="ACTION_CALL" PLAYER="ann" VALUE="0.10"></ACTION>\n'
        '<ACTION TYPE="ACTION_CHECK" PLAYER="bob"></ACTION>\n',
        '<ACTION TYPE="ACTION_RAISE" PLAYER="ann" VALUE="0.30"></ACTION>\n'
        '<ACTION TYPE="ACTION_RAISE" PLAYER="bob" VALUE="0.90"></ACTION>\n'
        '<ACTION TYPE="ACTION_CALL" PLAYER="ann" VALUE="0.90"></ACTION>\n',
    )
    preflop = [action for action in one_hand(text).actions if action.street is Street.PREFLOP]
    assert [(action.kind, action.amount) for action in preflop[2:]] == [
        (ActionKind.RAISE, 25),
        (ActionKind.RAISE, 80),
        (ActionKind.CALL, 60),
    ]


def test_an_all_in_for_less_and_the_uncalled_rest_goes_back() -> None:
    # bob bets 9.80; ann, all in to 9.70, calls for less: bob's 0.10 goes back
    text = _river(
        '<ACTION TYPE="ACTION_BET" PLAYER="bob" VALUE="9.80"></ACTION>\n',
        '<ACTION TYPE="ACTION_ALLIN" PLAYER="ann" VALUE="9.70"></ACTION>\n',
    ).replace('POT="1.33" RAKE="0.07"', 'POT="19.40" RAKE="0.60"')
    text = text.replace('WIN="0.66"', 'WIN="9.70"').replace('WIN="0.67"', 'WIN="9.70"')
    hand = one_hand(text)
    river = [action for action in hand.actions if action.street is Street.RIVER]
    assert [(action.kind, action.amount, action.all_in) for action in river] == [
        (ActionKind.BET, 980, False),
        (ActionKind.CALL, 970, True),
    ]
    assert hand.returned == (Returned("bob", 10),)
    assert (hand.total_pot, hand.rake) == (2000, 60)
    assert inconsistency_or_none(hand) is None


def test_a_bet_folded_to_paid_inside_the_winnings_is_taken_out() -> None:
    text = _river(
        '<ACTION TYPE="ACTION_BET" PLAYER="bob" VALUE="0.40"></ACTION>\n',
        '<ACTION TYPE="ACTION_FOLD" PLAYER="ann"></ACTION>\n',
    )
    showdown = text[text.index("<SHOWDOWN") :]
    text = text.replace(
        showdown,
        '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="0.57" RAKE="0.03">\n'
        '<RESULT PLAYER="ann" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT>\n'
        '<RESULT PLAYER="bob" WIN="0.97" HAND=""></RESULT></SHOWDOWN></HISTORY>\n',
    )
    hand = one_hand(text)
    assert hand.returned == (Returned("bob", 40),)
    assert hand.collections == (Collection("bob", 57),)
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_a_game_not_covered_is_skipped() -> None:
    text = SPLIT.format(hand_id="7-4").replace('GAME="GAME_OMAHL"', 'GAME="GAME_THM"')
    (item,) = parse_text(f"<ROOT>\n{text}</ROOT>\n", file="holdem.xml")
    assert isinstance(item, UnsupportedGameError)
    assert "GAME_THM" in item.reason


def _with(old: str, new: str) -> str:
    text = SPLIT.format(hand_id="2-2")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("middle", "marker", "reason"),
    [
        (
            "\n".join(SPLIT.format(hand_id="2-2").splitlines()[:14]) + "\n",
            '<HISTORY ID="2-2"',
            "cut off",
        ),
        (
            _with('TYPE="ACTION_CHECK" PLAYER="bob"', 'TYPE="ACTION_DANCE" PLAYER="bob"'),
            "DANCE",
            "unknown action type",
        ),
        (
            _with(
                '<ACTION TYPE="ACTION_BET" PLAYER="ann"', '<ACTION TYPE="ACTION_BET" PLAYER="zed"'
            ),
            "zed",
            "no seat",
        ),
        (_with('<CARD LINK="28"></CARD>', '<CARD LINK="52"></CARD>'), 'LINK="52"', "unknown card"),
        (_with('LIMIT="PL"', 'LIMIT="XL"'), '<HISTORY ID="2-2"', "unknown limit"),
    ],
    ids=["truncated", "unknown-action", "unseated-player", "unknown-card", "unknown-limit"],
)
def test_bad_hands_are_errors_naming_file_hand_and_line(
    middle: str, marker: str, reason: str
) -> None:
    text = (
        "<ROOT>\n"
        + SPLIT.format(hand_id="1-1")
        + middle
        + SPLIT.format(hand_id="3-3")
        + "</ROOT>\n"
    )
    lines = text.split("\n")
    second = next(index for index, line in enumerate(lines) if '<HISTORY ID="2-2"' in line)
    line_number = 1 + next(index for index in range(second, len(lines)) if marker in lines[index])
    error = the_middle_hand_fails(
        text, hand_id="2-2", line_number=line_number, reason=reason, file="bad.xml"
    )
    assert error.line is not None
    assert marker in error.line


def test_session_files_whose_root_is_never_closed_can_be_concatenated() -> None:
    """The real files open `<ROOT>` and never close it: 100 of them, one after another,
    nest 100 roots, which are documents one after another, not a nesting to refuse."""
    text = "".join("<ROOT>\n" + SPLIT.format(hand_id=f"9-{number}") for number in range(100))
    items = list(parse_text(text, file="sessions.xml"))
    assert len(items) == 100
    assert all(isinstance(item, Hand) for item in items)
