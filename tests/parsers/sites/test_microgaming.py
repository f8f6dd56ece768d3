"""Microgaming: its winner records (`lowhandwin`, `pot`), its unwritten uncalled bets,
its base64 UTF-16LE table names and currency, its posts, and bad input (errors naming
file, hand and element line; the other hands of the file still read). Every hand is
written here, except the check of every real file's end balances."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from parsers import decode, detect_site, parse_file, parse_text
from parsers._base.text import to_minor_units
from tracker.audit.verdict import Status, audit_hand
from tracker.bookkeeping import inconsistency_or_none
from tracker.errors import HandHistoryError, MalformedHandError, UnsupportedGameError
from tracker.model import ActionKind, Collection, Game, Hand, Returned


def utf16(text: str) -> str:
    return base64.b64encode(text.encode("utf-16-le")).decode("ascii")


def game(hand_id: str, gameplay: str, *, gametype: str = "Omaha H/L", rake: int = 0) -> str:
    """A v2-style `<Game>` of two seats (Ann, button and small blind; Bob, big blind)
    at 1/2 euros, with `gameplay` as its actions."""
    return f"""\
<Game hhversion="2" id="{hand_id}" date="2012-09-27 16:45:13" \
unicodetablename="{utf16("Cut-Off – €200")}" tablename="Cut-Off" stakes="1|2" betlimit="PL" \
tabletype="Cash Game" gametype="{gametype}" realmoney="true" currencysymbol="{utf16("€")}" \
playerseat="1" betamount="0" istournament="0" rake="{rake}">
   <Seats>
      <Seat num="1" alias="Ann" balance="100.00" endbalance="0" dealer="true"/>
      <Seat num="3" alias="Bob" balance="100.00" endbalance="0"/>
   </Seats>
   <Gameplay>
      <Action seq="1" type="SmallBlind" seat="1" value="1.00"/>
      <Action seq="2" type="BigBlind" seat="3" value="2.00"/>
{gameplay}   </Gameplay>
</Game>
"""


def file_of(*games: str) -> str:
    return "----PRIMA.DAT----\n\n" + "".join(games) + "\nExtendedTableName: Cut-Off [1]\n"


TO_SHOWDOWN = """\
      <Action seq="3" type="DealCards" seat="1">
         <Card value="A" suit="s" id="0"/><Card value="2" suit="s" id="1"/>
         <Card value="K" suit="d" id="38"/><Card value="K" suit="c" id="25"/>
      </Action>
      <Action seq="4" type="Call" seat="1" value="1.00"/>
      <Action seq="5" type="Check" seat="3"/>
      <Action seq="6" type="DealFlop">
         <Card value="3" suit="d" id="28"/><Card value="4" suit="c" id="16"/>
         <Card value="K" suit="h" id="51"/>
      </Action>
      <Action seq="7" type="DealTurn"><Card value="9" suit="c" id="21"/></Action>
      <Action seq="8" type="DealRiver"><Card value="10" suit="h" id="48"/></Action>
      <Action seq="9" type="ShowCards" seat="1">
         <Card value="A" suit="s" id="0"/><Card value="2" suit="s" id="1"/>
         <Card value="K" suit="d" id="38"/><Card value="K" suit="c" id="25"/>
      </Action>
      <Action seq="10" type="ShowCards" seat="3">
         <Card value="A" suit="h" id="39"/><Card value="5" suit="d" id="30"/>
         <Card value="6" suit="s" id="5"/><Card value="7" suit="h" id="45"/>
      </Action>
"""
"""Four euros in; no low (the board has two low cards); Ann's three kings win it all."""


def only_hand(text: str) -> Hand:
    (item,) = parse_text(text, file="test.txt")
    assert isinstance(item, Hand), item
    return item


def test_the_file_is_detected_as_microgaming_and_its_header_read() -> None:
    text = file_of(game("1", TO_SHOWDOWN + WIN_ANN))
    assert detect_site(text).site == "microgaming"
    hand = only_hand(text)
    assert (hand.site, hand.hand_id, hand.game) == ("microgaming", "1", Game.OMAHA_HILO)
    assert hand.table_name == "Cut-Off – €200"  # from unicodetablename, not tablename
    assert hand.currency == "EUR"
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (100, 200)
    assert hand.button_seat == 1
    assert hand.started_at.isoformat() == "2012-09-27T16:45:13+00:00"
    assert hand.hero == "Ann"


WIN_ANN = """\
      <Action type="Win">
         <Seat num="1" amount="3.90" pot="0" type="" lowhandwin="0"/>
      </Action>
"""


def test_rake_in_cents_and_the_total_pot_is_what_was_paid_plus_the_rake() -> None:
    hand = only_hand(file_of(game("2", TO_SHOWDOWN + WIN_ANN, rake=10)))
    assert (hand.rake, hand.total_pot) == (10, 400)
    assert hand.collections == (Collection("Ann", 390),)
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_a_wrong_rake_is_flagged_not_fixed() -> None:
    hand = only_hand(file_of(game("3", TO_SHOWDOWN + WIN_ANN, rake=20)))
    assert inconsistency_or_none(hand) is not None


def test_a_player_with_a_record_of_each_kind_in_one_pot_is_paid_both_halves() -> None:
    win = """\
      <Action type="Win">
         <Seat num="1" amount="1.95" pot="0" type="" lowhandwin="0"/>
         <Seat num="1" amount="1.95" pot="0" type="" lowhandwin="1"/>
      </Action>
"""
    hand = only_hand(file_of(game("4", TO_SHOWDOWN + win, rake=10)))
    assert hand.collections == (
        Collection("Ann", 195, half="hi"),
        Collection("Ann", 195, half="lo"),
    )


def test_a_single_record_with_lowhandwin_names_no_half() -> None:
    # Hand 4577018979 of the real files: one record of the whole pot, lowhandwin 1.
    win = WIN_ANN.replace('lowhandwin="0"', 'lowhandwin="1"')
    hand = only_hand(file_of(game("5", TO_SHOWDOWN + win, rake=10)))
    assert hand.collections == (Collection("Ann", 390, half=None),)
    assert audit_hand(hand).status is Status.OK


def test_the_uncalled_bet_in_the_winner_record_is_returned() -> None:
    # Bob bets 5.00, Ann folds: the record pays 9.00 = the 4.00 pot + the 5.00 back.
    gameplay = """\
      <Action seq="3" type="Call" seat="1" value="1.00"/>
      <Action seq="4" type="Check" seat="3"/>
      <Action seq="5" type="DealFlop">
         <Card value="3" suit="d" id="28"/><Card value="4" suit="c" id="16"/>
         <Card value="K" suit="h" id="51"/>
      </Action>
      <Action seq="6" type="Bet" seat="3" value="5.00"/>
      <Action seq="7" type="Fold" seat="1"/>
      <Action seq="8" type="MuckCards" seat="3"/>
      <Action type="Win"><Seat num="3" amount="9.00" pot="0" type="" lowhandwin="0"/></Action>
"""
    hand = only_hand(file_of(game("6", gameplay)))
    assert hand.returned == (Returned("Bob", 500),)
    assert hand.collections == (Collection("Bob", 400),)
    assert hand.total_pot == 400
    assert inconsistency_or_none(hand) is None


def test_values_are_what_each_action_adds_and_a_bet_over_the_blind_raises() -> None:
    # "PostedToPlay" is live; "Bet" facing the big blind raises; "AllIn" calls when it
    # does not go over the bet (values are always what the player adds).
    gameplay = """\
      <Action seq="3" type="Bet" seat="1" value="5.00"/>
      <Action seq="4" type="AllIn" seat="3" value="4.00"/>
"""
    text = file_of(game("7", gameplay + WIN_ANN.replace("3.90", "12.00")))
    hand = only_hand(text)
    kinds = [(action.player, action.kind, action.amount) for action in hand.actions[2:]]
    assert kinds == [("Ann", ActionKind.RAISE, 500), ("Bob", ActionKind.CALL, 400)]
    assert hand.actions[-1].all_in
    posted = text.replace(
        '<Action seq="3" type="Bet" seat="1" value="5.00"/>',
        '<Action seq="3" type="PostedToPlay" seat="1" value="1.00"/>\n'
        '      <Action seq="4" type="Raise" seat="1" value="4.00"/>',
    ).replace('seq="4" type="AllIn"', 'seq="5" type="AllIn"')
    hand = only_hand(posted)
    assert [action.kind for action in hand.actions[2:4]] == [
        ActionKind.POST_SMALL_BLIND,
        ActionKind.RAISE,
    ]
    assert hand.actions[3].to_amount == 600


def test_holdem_is_skipped_as_a_game_not_covered() -> None:
    (item,) = parse_text(file_of(game("8", WIN_ANN, gametype="Hold&apos;em")), file="t.txt")
    assert isinstance(item, UnsupportedGameError)
    assert "Hold'em" in item.reason


def three_games(middle: str) -> str:
    return file_of(game("10", WIN_ANN), middle, game("12", WIN_ANN))


def test_an_unknown_action_names_file_hand_and_line_and_the_rest_reads() -> None:
    middle = game("11", '      <Action seq="3" type="Dance" seat="1" value="1.00"/>\n' + WIN_ANN)
    items = list(parse_text(three_games(middle), file="bad.txt"))
    assert [type(item) for item in items] == [Hand, MalformedHandError, Hand]
    error = items[1]
    assert isinstance(error, HandHistoryError)
    assert (error.file, error.hand_id) == ("bad.txt", "11")
    assert error.line is not None
    assert 'type="Dance"' in error.line
    text = three_games(middle)
    assert text.split("\n")[error.line_number - 1] == error.line  # type: ignore[operator]


def test_a_truncated_hand_names_file_hand_and_line_and_the_rest_reads() -> None:
    middle = game("11", WIN_ANN).split("   <Gameplay>")[0]  # stops after its seats
    items = list(parse_text(three_games(middle), file="cut.txt"))
    assert [type(item) for item in items] == [Hand, MalformedHandError, Hand]
    error = items[1]
    assert isinstance(error, HandHistoryError)
    assert (error.file, error.hand_id) == ("cut.txt", "11")
    assert error.line_number is not None
    assert error.line is not None


def test_a_hand_that_ends_before_its_winners_is_cut_off() -> None:
    items = list(parse_text(file_of(game("13", "")), file="t.txt"))
    assert isinstance(items[0], MalformedHandError)
    assert "no winners" in items[0].reason


def test_a_seat_that_does_not_exist_is_an_error() -> None:
    gameplay = '      <Action seq="3" type="Call" seat="5" value="1.00"/>\n' + WIN_ANN
    (item,) = parse_text(file_of(game("14", gameplay)), file="t.txt")
    assert isinstance(item, MalformedHandError)
    assert "seat 5" in item.reason


_SEAT = re.compile(r'<Seat num="(\d+)" alias="([^"]*)".*?endbalance="([\d.]+)"')


def test_every_real_hand_ends_with_the_balances_the_site_wrote(histories: Path) -> None:
    # The reading of every action (what "Raise" and "PostedToPlay" add, the uncalled
    # bets) against the site's own end balances.
    folder = histories / "Microgaming"
    if not folder.is_dir():
        pytest.skip(f"no folder {folder}")
    checked = 0
    for path in sorted(folder.rglob("*.txt")):
        text = decode(path.read_bytes())
        ends = {name: to_minor_units(end, decimals=2) for _, name, end in _SEAT.findall(text)}
        for item in parse_file(path):
            if not isinstance(item, Hand):
                continue
            for seat in item.seats:
                put_in = sum(a.amount for a in item.actions if a.player == seat.player)
                back = sum(r.amount for r in item.returned if r.player == seat.player)
                won = sum(c.amount for c in item.collections if c.player == seat.player)
                assert seat.stack - put_in + back + won == ends[seat.player], (path, seat)
            checked += 1
    assert checked == 5
