"""PartyPoker's format, on hands written here in its words: the halves ("wins Lo (..)
from the main pot"), the uncalled bet the site counts in its "wins", the new format's
summary, and bad input (a hand cut off, an unknown line, a player without a seat)
reported with the file, the hand id and the line, the file's other hands read."""

from __future__ import annotations

from parsers import detect_site, parse_text
from tracker.bookkeeping import inconsistency_or_none
from tracker.errors import HandHistoryError, MalformedHandError
from tracker.model import ActionKind, Collection, Game, Hand, Returned, Structure

SPLIT_POT = """\
Game #{id} starts.

#Game No : {id}
***** Hand History for Game {id} *****
$200 USD PL Omaha Hi-Lo - Monday, January 04, 13:33:15 EST 2016
Table Cairo (Real Money)
Seat 3 is the button
Total number of players : 3/6
Seat 1: Ann Lee ( $60 USD )
Seat 2: Bob ( $100 USD )
Seat 3: Cy ( $80.50 USD )
Ann Lee posts small blind [$1 USD].
Bob posts big blind [$2 USD].
** Dealing down cards **
Dealt to Bob [  Ah 2h Kc Kd ]
Cy raises [$6 USD]
Ann Lee folds
Bob calls [$4 USD]
Bob: nice raise
** Dealing Flop ** [ 3c, 7d, Ks ]
Bob bets [$10 USD]
Cy calls [$10 USD]
** Dealing Turn ** [ 8h ]
Bob checks
Cy checks
** Dealing River ** [ Qs ]
Bob bets [$5 USD]
Cy calls [$5 USD]
Bob shows [ Ah, 2h, Kc, Kd ]three of a kind, Kings.
Bob shows8,7,3,2,A  for low.
Cy shows [ As, 4s, Qd, Jh ]a pair of Queens.
Cy shows8,7,4,3,A  for low.
Bob wins $21.50 USD from the main pot with three of a kind, Kings.
Bob wins Lo ($21.50 USD) from the main pot with 8,7,3,2,A.
"""

FOLDED_TO = """\
***** Hand History for Game {id} *****
$20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 EST 2012
Table Table  125516 (Real Money)
Seat 2 is the button
Total number of players : 2/10
Seat 1: Ann ( $200 USD )
Seat 2: Bob ( $300 USD )
Bob posts small blind [$10 USD].
Ann posts big blind [$20 USD].
** Dealing down cards **
Dealt to Ann [  7d Ah 6s 2h ]
Bob raises [$30 USD]
Ann calls [$20 USD]
** Dealing Flop ** [ Qh, Kd, 6d ]
Ann checks
Bob bets [$20 USD]
Ann folds
Bob does not show cards.
Bob wins $99 USD
"""

NEW_FORMAT = """\
***** Hand History For Game 177abc{id} *****
0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26 EST 2026
Table Table 7488952 (Real Money) -- Seat 1 is the button
Total number of players : 3/6
Seat 1: Ann ($20)
Seat 2: Bob ($20)
Seat 3: Hero ($25)
Bob posts small blind (0.10)
Hero posts big blind (0.25)
** Dealing down cards **
Dealt to Hero [ 9c, 7h, 8h, 4d ]
Ann raises 0.75 to 0.75
Bob folds
Hero calls (0.50)
** Dealing Flop ** :  [ Jc, 7d, 6c ]
Hero bets (1.50)
Ann folds
** Summary **
Main Pot: $1.55 Rake: $0.05
Board: [ Jc, 7d, 6c ]
Ann balance $19.25, lost $0.75 (folded)
Bob balance $19.90, lost $0.10 (folded)
Hero balance $25.85, bet $2.25, collected $3.05, net +$0.85"""


def hands_of(text: str) -> list[Hand | HandHistoryError]:
    return list(parse_text(text, file="party.txt"))


def only_hand(text: str) -> Hand:
    items = hands_of(text)
    assert len(items) == 1
    assert isinstance(items[0], Hand), items[0]
    return items[0]


def test_the_site_is_detected_by_its_header() -> None:
    assert detect_site(SPLIT_POT.format(id=1)).site == "partypoker"
    assert detect_site(NEW_FORMAT.format(id=1)).site == "partypoker"


def test_a_split_pot_is_read_into_its_halves() -> None:
    hand = only_hand(SPLIT_POT.format(id=11))
    assert hand.hand_id == "11"
    assert hand.game is Game.OMAHA_HILO
    assert hand.structure is Structure.POT_LIMIT
    assert hand.stakes.small_blind == 100
    assert hand.stakes.big_blind == 200
    assert hand.hero == "Bob"
    assert [seat.player for seat in hand.seats] == ["Ann Lee", "Bob", "Cy"]
    assert hand.collections == (
        Collection("Bob", 2150, 0, 0, "hi"),
        Collection("Bob", 2150, 0, 0, "lo"),
    )
    # Ann 1, Bob 2 + 4 + 10 + 5, Cy 6 + 10 + 5: 43, all paid (no rake)
    assert hand.total_pot == 4300
    assert hand.rake == 0
    assert inconsistency_or_none(hand) is None


def test_the_uncalled_bet_counted_in_the_wins_is_returned() -> None:
    hand = only_hand(FOLDED_TO.format(id=12))
    assert hand.structure is Structure.LIMIT
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (2000, 4000)
    raises = [action for action in hand.actions if action.kind is ActionKind.RAISE]
    assert [(action.amount, action.to_amount) for action in raises] == [(3000, 4000)]
    assert hand.returned == (Returned("Bob", 2000),)
    # 80 in the pot, "wins $99": 20 of it the bet back, 79 the pot, 1 the rake
    assert hand.collections == (Collection("Bob", 7900),)
    assert (hand.total_pot, hand.rake) == (8000, 100)
    assert inconsistency_or_none(hand) is None


def test_the_new_format_summary_pays_the_collected_less_the_return() -> None:
    hand = only_hand(NEW_FORMAT.format(id=13))
    assert hand.hand_id == "177abc13"
    assert hand.game is Game.OMAHA_HI
    assert hand.button_seat == 1
    assert hand.returned == (Returned("Hero", 150),)
    assert hand.collections == (Collection("Hero", 155),)
    assert (hand.total_pot, hand.main_pot, hand.rake) == (160, 155, 5)
    assert inconsistency_or_none(hand) is None


SECOND_HAND_START = SPLIT_POT.count("\n") + 2
"""The file line of the second hand of `three_hands` (a blank line before it)."""


def three_hands(middle: str) -> str:
    return "\n".join([SPLIT_POT.format(id=21), middle, SPLIT_POT.format(id=23)])


def the_error(items: list[Hand | HandHistoryError]) -> MalformedHandError:
    assert [item.hand_id for item in items] == ["21", "22", "23"]
    assert isinstance(items[0], Hand)
    assert isinstance(items[2], Hand)
    error = items[1]
    assert isinstance(error, MalformedHandError)
    assert error.file == "party.txt"
    return error


def test_a_truncated_hand_is_reported_and_the_others_read() -> None:
    cut = "\n".join(SPLIT_POT.format(id=22).splitlines()[:12])
    error = the_error(hands_of(three_hands(cut)))
    assert error.reason == "hand cut off: nobody wins a pot"
    assert error.line_number == SECOND_HAND_START + 11  # the hand's last line


def test_an_unknown_line_is_reported_with_its_line_number() -> None:
    lines = SPLIT_POT.format(id=22).splitlines()
    lines.insert(20, "Cy dances on the table")
    error = the_error(hands_of(three_hands("\n".join(lines))))
    assert error.reason == "unknown line"
    assert error.line == "Cy dances on the table"
    assert error.line_number == SECOND_HAND_START + 20


def test_a_player_without_a_seat_who_acts_is_an_error() -> None:
    text = SPLIT_POT.format(id=22).replace("Ann Lee folds", "holdem_AA folds")
    error = the_error(hands_of(three_hands(text)))
    assert error.reason == "'holdem_AA' has no seat in this hand but acts in it"
    assert error.line == "holdem_AA folds"


def test_a_preamble_alone_at_the_end_is_a_hand_cut_off() -> None:
    items = hands_of(SPLIT_POT.format(id=31) + "Game #32 starts.\n")
    assert isinstance(items[0], Hand)
    error = items[1]
    assert isinstance(error, MalformedHandError)
    assert (error.hand_id, error.reason) == ("32", "hand cut off: it ends before its header")
