"""iPoker: its session files (many games under one `<general>`), its per-player `win`
totals, its unwritten uncalled bets (in the win in older sessions, not in newer ones),
its game line with and without a game name, its amounts and dates, actions written out
of play order, and bad input (errors naming file, hand and element line; the other
games of the session still read). Every session is written here."""

from __future__ import annotations

import pytest

from parsers import decode, detect_site, parse_text
from tracker.audit.verdict import Status, audit_hand
from tracker.bookkeeping import inconsistency_or_none
from tracker.errors import HandHistoryError, MalformedHandError, UnsupportedGameError
from tracker.model import ActionKind, CardSource, Collection, Game, Hand, Returned


def session(*games: str, gametype: str = "Omaha Hi-Lo PL €1/€2", new: bool = True) -> str:
    version = "<client_version>21.1.1.9</client_version>" if new else ""
    return f"""\
<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
 <general>
  {version}
  <mode>real</mode>
  <gametype>{gametype}</gametype>
  <tablename>Vantaa 11, 488785164</tablename>
  <tablecurrency>EUR</tablecurrency>
  <currency>CAD</currency>
  <nickname>Ann</nickname>
 </general>
{"".join(games)}</session>
"""


def game(code: str, ann: tuple[str, str], bob: tuple[str, str], rounds: str) -> str:
    """A game of Ann (seat 1, button, small blind) and Bob (seat 5, big blind); `ann`
    and `bob` are each one's (win, bet)."""
    return f"""\
 <game gamecode="{code}">
  <general>
   <startdate>18.05.2021 18:26:13</startdate>
   <players>
    <player seat="1" win="€{ann[0]}" name="Ann" bet="€{ann[1]}" dealer="1" chips="€100"/>
    <player seat="5" win="€{bob[0]}" name="Bob" bet="€{bob[1]}" dealer="0" chips="€1,50"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="Ann" type="1" cards="" sum="€1"/>
   <action no="2" player="Bob" type="2" cards="" sum="€2"/>
  </round>
{rounds} </game>
"""


# Ann raises to 6, Bob calls; flop checked; Bob bets 5 on the turn, Ann folds.
FOLD_TO_A_BET = """\
  <round no="1">
   <cards player="Ann" type="Pocket">S9 HK H6 S5</cards>
   <cards player="Bob" type="Pocket">X X X X</cards>
   <action no="4" player="Bob" type="3" cards="" sum="€4"/>
   <action no="3" player="Ann" type="23" cards="" sum="€6"/>
  </round>
  <round no="2">
   <cards player="" type="Flop">D2 H8 S10</cards>
   <action no="5" player="Bob" type="4" cards="" sum="€0"/>
   <action no="6" player="Ann" type="4" cards="" sum="€0"/>
  </round>
  <round no="3">
   <cards player="" type="Turn">C9</cards>
   <action no="7" player="Bob" type="5" cards="" sum="€5"/>
   <action no="8" player="Ann" type="0" cards="" sum="€0"/>
  </round>
"""

# To the river: Ann takes the low, Bob (three kings) the high: 12 euros, 0.50 rake.
SPLIT = """\
  <round no="1">
   <cards player="Ann" type="Pocket">SA S2 HQ DJ</cards>
   <cards player="Bob" type="Pocket">CK DK H9 C9</cards>
   <action no="3" player="Ann" type="3" cards="" sum="€1"/>
   <action no="4" player="Bob" type="4" cards="" sum="€0"/>
  </round>
  <round no="2">
   <cards player="" type="Flop">D3 C4 HK</cards>
   <action no="5" player="Bob" type="5" cards="" sum="€4"/>
   <action no="6" player="Ann" type="3" cards="" sum="€4"/>
  </round>
  <round no="3">
   <cards player="" type="Turn">C7</cards>
   <action no="7" player="Bob" type="4" cards="" sum="€0"/>
   <action no="8" player="Ann" type="4" cards="" sum="€0"/>
  </round>
  <round no="4">
   <cards player="" type="River">H10</cards>
   <action no="9" player="Bob" type="4" cards="" sum="€0"/>
   <action no="10" player="Ann" type="4" cards="" sum="€0"/>
  </round>
"""


def hands_of(text: str) -> list[Hand]:
    items = list(parse_text(text, file="test.xml"))
    assert all(isinstance(item, Hand) for item in items), items
    return [item for item in items if isinstance(item, Hand)]


def test_a_session_is_detected_and_each_game_is_a_hand_with_the_session_facts() -> None:
    text = session(
        game("7", ("5.75", "6"), ("0", "6"), SPLIT), game("8", ("0", "1"), ("2", "2"), "")
    )
    assert detect_site(text).site == "ipoker"
    first, second = hands_of(text)
    assert (first.site, first.hand_id, first.game) == ("ipoker", "7", Game.OMAHA_HILO)
    assert (second.hand_id, first.table_name, first.currency) == (
        "8",
        "Vantaa 11, 488785164",
        "EUR",
    )
    assert (first.stakes.small_blind, first.stakes.big_blind) == (100, 200)
    assert first.started_at.isoformat() == "2021-05-18T18:26:13+00:00"
    assert (first.hero, first.button_seat) == ("Ann", 1)
    assert first.seats[1].stack == 150  # "€1,50": a decimal comma


def test_the_wins_are_per_player_totals_and_the_rake_what_the_pot_holds_beyond() -> None:
    (hand,) = hands_of(session(game("7", ("5.75", "6"), ("5.75", "6"), SPLIT)))
    assert set(hand.collections) == {Collection("Ann", 575), Collection("Bob", 575)}
    assert (hand.total_pot, hand.rake) == (1200, 50)
    assert inconsistency_or_none(hand) is None
    shown = {(card.player, card.source) for card in hand.known_cards}
    assert ("Bob", CardSource.SHOWN) in shown
    assert ("Ann", CardSource.SHOWN) in shown
    assert audit_hand(hand).status is Status.OK


def test_the_audit_finds_a_win_paid_to_the_wrong_player() -> None:
    (hand,) = hands_of(session(game("7", ("11.50", "6"), ("0", "6"), SPLIT)))
    assert audit_hand(hand).status is Status.MISMATCH


def test_actions_are_read_in_play_order_and_raise_sums_are_totals() -> None:
    (hand,) = hands_of(session(game("9", ("0", "6"), ("11", "11"), FOLD_TO_A_BET)))
    preflop = [(a.player, a.kind, a.amount, a.to_amount) for a in hand.actions[2:4]]
    assert preflop == [("Ann", ActionKind.RAISE, 500, 600), ("Bob", ActionKind.CALL, 400, None)]


@pytest.mark.parametrize(("new", "bob_win"), [(True, "12"), (False, "17")])
def test_the_uncalled_bet_is_returned_and_out_of_the_win_in_older_sessions(
    new: bool, bob_win: str
) -> None:
    text = session(game("9", ("0", "6"), (bob_win, "11"), FOLD_TO_A_BET), new=new)
    (hand,) = hands_of(text)
    assert hand.returned == (Returned("Bob", 500),)
    assert hand.collections == (Collection("Bob", 1200),)
    assert (hand.total_pot, hand.rake) == (1200, 0)


def test_a_bet_that_does_not_match_the_actions_is_an_error() -> None:
    (item,) = parse_text(session(game("9", ("0", "7"), ("12", "11"), FOLD_TO_A_BET)), file="t.xml")
    assert isinstance(item, MalformedHandError)
    assert "Ann's actions put in 600, but the game says 700" in item.reason


def test_wins_above_the_pot_are_an_error() -> None:
    (item,) = parse_text(session(game("9", ("0", "6"), ("13", "11"), FOLD_TO_A_BET)), file="t.xml")
    assert isinstance(item, MalformedHandError)
    assert "more than the pot" in item.reason


@pytest.mark.parametrize(
    ("pocket", "game_kind"),
    [("S9 HK H6 S5", Game.OMAHA_HI), ("S9 HK H6 S5 C2", Game.OMAHA5_HI)],
)
def test_a_game_line_without_a_game_name_is_read_from_the_pocket_cards(
    pocket: str, game_kind: Game
) -> None:
    rounds = FOLD_TO_A_BET.replace("S9 HK H6 S5", pocket).replace("X X X X", "X X X X X")
    text = session(game("9", ("0", "6"), ("12", "11"), rounds), gametype="PL €1/€2")
    (hand,) = hands_of(text)
    assert hand.game is game_kind


def test_holdem_is_skipped_as_a_game_not_covered() -> None:
    rounds = FOLD_TO_A_BET.replace("S9 HK H6 S5", "S9 HK").replace("X X X X", "X X")
    text = session(game("9", ("0", "6"), ("12", "11"), rounds), gametype="PL €1/€2")
    (item,) = parse_text(text, file="t.xml")
    assert isinstance(item, UnsupportedGameError)


def test_a_file_declared_utf8_that_is_cp1252_reads() -> None:
    text = session(game("9", ("0", "6"), ("17", "11"), FOLD_TO_A_BET), new=False)
    (hand,) = hands_of(decode(text.replace("Bob", "Präxn").encode("cp1252")))
    assert hand.collections == (Collection("Präxn", 1200),)
    assert hand.currency == "EUR"


def three_games(middle: str) -> str:
    return session(
        game("10", ("0", "1"), ("2", "2"), ""), middle, game("12", ("0", "1"), ("2", "2"), "")
    )


def test_an_unknown_action_names_file_hand_and_line_and_the_rest_reads() -> None:
    rounds = '  <round no="1">\n   <action no="3" player="Ann" type="99" sum="€1"/>\n  </round>\n'
    text = three_games(game("11", ("0", "1"), ("2", "2"), rounds))
    items = list(parse_text(text, file="bad.xml"))
    assert [type(item) for item in items] == [Hand, MalformedHandError, Hand]
    error = items[1]
    assert isinstance(error, HandHistoryError)
    assert (error.file, error.hand_id) == ("bad.xml", "11")
    assert error.line is not None
    assert 'type="99"' in error.line
    assert text.split("\n")[(error.line_number or 0) - 1] == error.line


def test_a_truncated_game_names_file_hand_and_line_and_the_rest_reads() -> None:
    middle = game("11", ("0", "1"), ("2", "2"), "").split("  <round")[0]
    items = list(parse_text(three_games(middle), file="cut.xml"))
    # The XML base also reports the session's end tag, left unmatched by the cut game.
    assert [type(item) for item in items[:3]] == [Hand, MalformedHandError, Hand]
    error = items[1]
    assert isinstance(error, HandHistoryError)
    assert (error.file, error.hand_id) == ("cut.xml", "11")
    assert error.line_number is not None
    assert "cut off" in error.reason


def test_a_session_cut_off_inside_its_last_game_reads_the_games_before() -> None:
    text = three_games(game("11", ("0", "1"), ("2", "2"), ""))
    cut = text[: text.rindex("<round")]
    items = list(parse_text(cut, file="cut.xml"))
    assert [type(item) for item in items] == [Hand, Hand, MalformedHandError]
    error = items[2]
    assert isinstance(error, HandHistoryError)
    assert (error.file, error.hand_id) == ("cut.xml", "12")
    assert error.line is not None
    assert 'gamecode="12"' in error.line
    assert cut.split("\n")[(error.line_number or 0) - 1] == error.line


def test_a_player_without_a_seat_is_an_error() -> None:
    rounds = '  <round no="1">\n   <action no="3" player="Cid" type="0" sum="€0"/>\n  </round>\n'
    (item,) = parse_text(session(game("11", ("0", "1"), ("2", "2"), rounds)), file="t.xml")
    assert isinstance(item, MalformedHandError)
    assert "'Cid' has no seat" in item.reason
