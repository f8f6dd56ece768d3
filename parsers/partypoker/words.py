"""PartyPoker's patterns and words: the lines before a hand's header, the header's
stakes, game and date, the table and seat lines, and the payments ("wins Lo ($90.50 USD)
from the main pot"). docs/sites/partypoker.md describes each line.
"""

from __future__ import annotations

import re

from parsers._base.text import read_cards
from tracker.cards import Card
from tracker.model import Game, Street, Structure

HAND_START = re.compile(r"Game \#\w+ starts\.|\#Game No : \w+|\*{5} Hand History [Ff]or Game ")
"""The start of any line that opens a hand: "Game #9581478205 starts.", "#Game No :
9581478205" (the preamble, when the site writes it) or the header itself."""

HISTORY = re.compile(r"(?:^|\n)\x00?\*{5} Hand History [Ff]or Game \w+ \*{5}")
"""The header every hand has, which tells the site's files: "***** Hand History for Game
11354414824 *****", the new format "***** Hand History For Game 1770659766668adeb0h5qfm
*****"."""

PREAMBLE = re.compile(r"Game \#(?P<hand_id>\w+) starts\.$|\#Game No : (?P<number>\w+)$")
"""The lines before the header: "Game #11354414824 starts.", "#Game No : 11354414824"."""

HEADER = re.compile(r"\*{5} Hand History [Ff]or Game (?P<hand_id>\w+) \*{5}$")

DATE = re.compile(
    r"""
    (?:
        # "Thursday, January 26, 18:13:53 EST 2012", "Saturday,February 18, 01:10:59 EST 2012"
        [A-Z][a-z]+,\s*(?P<month>[A-Z][a-z]+)\ (?P<day>\d{1,2}),
      | # the new format "Mon Feb 09 12:55:26 EST 2026"
        [A-Z][a-z]{2}\ (?P<short_month>[A-Z][a-z]{2})\ (?P<short_day>\d{1,2})
    )
    \ (?P<hour>\d\d):(?P<minute>\d\d):(?P<second>\d\d)
    \ (?P<zone>[A-Z]{2,5})\ (?P<year>\d{4})$
    """,
    re.VERBOSE,
)
"""The date that ends the header line (after " - ", or straight after "Omaha Hi-")."""

GAME_LINE = re.compile(
    r"""
    (?:(?P<first>\$?[\d.,]+)/(?P<second>\$?[\d.,]+)\s+)?  # "$20/$40 ", "0.10/0.25 ": stakes
    (?:\$[\d.,]+\s+)?                                     # "$200 ": the table's buy-in
    (?:(?P<currency>[A-Z]{3})\s+)?                        # "USD "
    (?:(?P<structure>FL|PL|NL)\s+)?                       # "FL ", "PL  "
    (?P<game>[0-9A-Za-z' ]+?(?:\ Hi-Lo)?)                 # "Omaha Hi-Lo", "7 Card Stud"
    (?:\ Game\ Table\ \((?P<table_structure>FL|PL|NL)\))?  # the new format "Game Table (PL)"
    (?:\ (?P<buy_in>\$[\d.,]+)\ (?P<buy_in_currency>[A-Z]{3})\ Buy-in  # "$22 USD Buy-in"
       \ Trny:\ (?P<tournament>\d+)\ Level:\ (?P<level>\d+)            # "Trny: 105411156 Level: 2"
       \s+Blinds\((?P<small_blind>[\d,]+)/(?P<big_blind>[\d,]+)\))?   # "Blinds(20/40)"
    \s*-?\s*$
    """,
    re.VERBOSE,
)
"""The header line before its date: "$20/$40 USD FL Omaha Hi-Lo - ", "$200 USD PL Omaha
Hi-Lo - ", "PL Omaha Hi-Lo $22 USD Buy-in Trny: 105411156 Level: 2  Blinds(20/40) - ",
"0.10/0.25 Omaha Hi Game Table (PL) - ", "$1,000 USD PL  Omaha Hi-"."""

GAMES: dict[str, Game] = {
    "Omaha Hi-Lo": Game.OMAHA_HILO,
    "Omaha Hi": Game.OMAHA_HI,
    "Omaha": Game.OMAHA_HI,
    "7 Card Stud Hi-Lo": Game.STUD_HILO,
    "7 Card Stud": Game.STUD_HI,
}
"""The header's game names the tracker covers; any other name is skipped as unsupported."""

STRUCTURES: dict[str, Structure] = {
    "FL": Structure.LIMIT,
    "PL": Structure.POT_LIMIT,
    "NL": Structure.NO_LIMIT,
}

ZONES: dict[str, str] = {"EEST": "EET"}
"""Zone abbreviations the site writes that `parsers._base.text.SITE_TIMEZONES` knows by
their standard-time name ("EEST" in August 2010: Europe/Helsinki, whose rules give the
summer offset)."""

MONTHS: dict[str, int] = {
    name: number
    for number, names in enumerate(
        (
            ("January", "Jan"),
            ("February", "Feb"),
            ("March", "Mar"),
            ("April", "Apr"),
            ("May", "May"),
            ("June", "Jun"),
            ("July", "Jul"),
            ("August", "Aug"),
            ("September", "Sep"),
            ("October", "Oct"),
            ("November", "Nov"),
            ("December", "Dec"),
        ),
        start=1,
    )
    for name in names
}

TABLE = re.compile(
    r"""
    Table\ (?P<name>.+?)\s*\(\s*(?P<money>Real|Play)\ Money\s*\)  # "Table Cairo (Real Money)"
    (?:\s*--\s*Seat\ (?P<button>\d+)\ is\ the\ button)?$          # new: "-- Seat 1 is the button"
    """,
    re.VERBOSE,
)

BUTTON = re.compile(r"Seat (?P<button>\d+) is the button$")
PLAYERS = re.compile(r"Total number of players : (?P<playing>\d+)/(?P<max_seats>\d+)$")

SEAT = re.compile(r"[Ss]eat ?(?P<seat>\d+): (?P<player>.+?) \(\s*(?P<stack>[^()]*?)\s*\)$")
"""A seat: "Seat 10: Player0 ( $200 USD )", "seat1: Player0 ( $664.25 USD )", "Seat 2:
Player0 ( 2,910 )", the new format "Seat 1: Player4 ($56.64)"."""

TOURNAMENT_NEWS = ("Trny: ", "Blinds(")
"""Lines after a tournament's seats that repeat its header: "Trny: 105411156 Level: 2",
"Blinds(20/40)"."""

AMOUNT = re.compile(r"\d[\d,]*(?:\.\d+)?")
"""An amount in an action line: "[$10 USD].", "[80]", "[ $25 USD ]", "(0.10)", "0.85"."""

WINS = re.compile(
    r"""
    (?:(?P<low>Lo)\ \()?                                  # "Lo (": the low half
    \$?(?P<amount>[\d.,]+)(?:\ [A-Z]{3}|\ chips)?\)?      # "$239 USD", "640 chips)"
    (?:\ from\ the\ (?:main\ pot|side\ pot(?:\ \#?(?P<side>\d+))?))?  # "from the main pot"
    (?:\ with\ .*)?\.?$                                   # "with a flush, King high."
    """,
    re.VERBOSE,
)
"""What follows "wins": "wins $239 USD", "wins 640 chips from the main pot with a flush,
King high.", "wins Lo (640 chips) from the main pot with 6,5,3,2,A."."""

STREETS: dict[str, Street] = {
    "Flop": Street.FLOP,
    "Turn": Street.TURN,
    "River": Street.RIVER,
    "Fourth street": Street.FOURTH,
    "Fifth street": Street.FIFTH,
    "Sixth street": Street.SIXTH,
}
"""The streets of "** Dealing Flop ** [ Qh, Kd, 6d ]", "** Dealing Fourth street **";
stud's "** Dealing River **" is seventh street."""

SUMMARY_POTS = re.compile(r"(?P<pot>Main|Side) Pot(?: (?P<number>\d+))?: \$?(?P<amount>[\d.,]+)")
"""The new format's pots: "Main Pot: $38.50 Rake: $2.0"."""

SUMMARY_RAKE = re.compile(r"Rake: \$?(?P<rake>[\d.,]+)")

SUMMARY_SEAT = re.compile(
    r"""
    (?P<cashed_out>Cashed\ out\s+)?balance\ \$?[\d.,]+,\s        # "Cashed out  balance $23.01, "
    (?:didn't\ bet                                               # "didn't bet (folded)"
      | lost\ \$?[\d.,]+                                         # "lost $0.10 (folded)"
      | bet\ \$?(?P<bet>[\d.,]+),                                 # "bet $23.17,"
        \ collected\ \$?(?P<collected>[\d.,]+),                   # " collected $41.47,"
        \ (?:net|lost)\ [+-]?\$?[\d.,]+                          # " net +$18.30"
    )
    (?:\s*\(folded\))?
    (?:\s*\[(?P<cards>[^\]]*)\])?                                # "[ 9c, 7h, 8h, 4d ]"
    (?:\s*\[[^\]]*\])?                                           # "[ a straight, ..]"
    \s*$
    """,
    re.VERBOSE,
)
"""A seat's summary line after the name, the new format: "Hero balance $44.16, bet
$23.17, collected $41.47, net +$18.30[ 9c, 7h, 8h, 4d ] [ a straight, ... ]"."""

CASH_OUT = "Cashout Amount is "
"""The cash-out paid: "Player2 Cashout Amount is 23.01"."""

CASH_OUT_NEWS = ("Cash-out Premium % is ", "opted for cash-out", "probabilty is ")
"""The other lines of a cash-out ("Player2 opted for cash-out"): nothing is paid there."""

TABLE_NEWS = (
    " has joined the table.",
    " has left the table.",
    " is sitting out",
    " is disconnected",
    " has been reconnected",
)
"""Ends of lines that say nothing of the game."""

ACTION_WORD = re.compile(
    r"(?P<player>.+?) (?:folds|checks|calls|bets|raises|posts|completes|bring-ins|shows|wins)\b"
)
"""A betting line of a player the seats do not name (the hand is then malformed)."""


def bracket_cards(text: str) -> tuple[Card, ...]:
    """The cards in the first brackets of `text`: "[  7d Ah 6s 2h ]", "[ 9c, 7h, 8h, 4d ]".

    >>> [card.text for card in bracket_cards("Dealt to Hero [ 9c, 7h ]")]
    ['9c', '7h']

    Raises:
        ValueError: no brackets, or a card that does not read.
    """
    start = text.find("[")
    end = text.find("]", start + 1)
    if start < 0 or end < 0:
        raise ValueError(f"no cards in {text!r}")
    return read_cards(text[start + 1 : end].replace(",", " ").split())
