"""Bovada's (and Bodog's) patterns and words: the header, the seat lines, the street
lines, the summary lines, and the words of the games and betting structures.

Bovada's tables are anonymous: a player is named by the position of the seat in the hand
("Dealer", "Small Blind", "UTG+2"; in stud "Seat+3"), and the file's owner is marked
" [ME]" (with one or two spaces before it) beside that name.
"""

from __future__ import annotations

import re

from parsers._base.text import read_cards
from tracker.cards import Card
from tracker.model import Game, Street, Structure

HAND_START = re.compile(r"(?:Bovada|Bodog) Hand #")
"""The start of a hand's header line: "Bovada Hand #2902233667 ..."."""

HEADER = re.compile(
    r"""
    (?:Bovada|Bodog)\ Hand\ \#(?P<hand_id>\d+):?\s+
    (?:TBL\#(?P<table>\S+)\s+)?                    # cash: "TBL#8747464 " before the game
    (?P<game>[0-9A-Z][0-9A-Z ]*?(?:\ HiLo)?)\s+    # "OMAHA HiLo", "7CARD HiLo", "OMAHA"
    (?:Tournament\ \#(?P<tournament>\d+)\s+        # "Tournament #1909784 TBL#19, "
       TBL\#(?P<tournament_table>\d+),\s+)?
    (?P<structure>Pot\ Limit|No\ Limit|Fixed\ Limit)
    (?:-?\s*Level\ (?P<level>\d+)\s*               # "- Level 5 (50/100)"
       \((?P<small_blind>[$\d,.]+)/(?P<big_blind>[$\d,.]+)\))?
    \s*-\s*(?P<date>\d{4}-\d\d-\d\d\ \d\d:\d\d:\d\d)\s*$
    """,
    re.VERBOSE,
)
"""The header line, in its three shapes:
"Bovada Hand #2902233667 TBL#8747464 OMAHA HiLo Pot Limit - 2014-08-05 00:56:59";
"Bovada Hand #2645486142: OMAHA HiLo Tournament #1909784 TBL#19, Pot Limit- Level 5
(50/100) - 2012-07-23 20:53:32"; "Bovada Hand #2844383701 TBL#7794710 7CARD HiLo Fixed
Limit - 2014-04-06 19:50:19"."""

GAMES: dict[str, Game] = {
    "OMAHA HiLo": Game.OMAHA_HILO,
    "OMAHA": Game.OMAHA_HI,
    "7CARD HiLo": Game.STUD_HILO,
    "7CARD": Game.STUD_HI,
    "7 CARD STUD HiLo": Game.STUD_HILO,
    "7 CARD STUD": Game.STUD_HI,
}
"""The header's game words; any other game ("HOLDEM") is not covered."""

STRUCTURES: dict[str, Structure] = {
    "Pot Limit": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
    "Fixed Limit": Structure.LIMIT,
}

TIMEZONE = "ET"
"""The header's times carry no zone; Bovada writes them in US Eastern time."""

SEAT = re.compile(
    r"""
    Seat\ (?P<seat>\d+):\ (?P<name>.+?)            # "Seat 9: UTG+5"
    (?P<me>\s+\[ME\])?                             # " [ME]": the file's owner
    \ \((?P<stack>\$?[\d,]+(?:\.\d+)?)\ in\ chips\)$   # " ($5 in chips)", " (3,000 in chips)"
    """,
    re.VERBOSE,
)
"""A flop game's seat line: "Seat 9: UTG+5 [ME] ($5 in chips)"."""

STUD_SEAT = re.compile(
    r"""
    Seat\+(?P<seat>\d+)(?P<me>\ \[ME\])?:\           # "Seat+5 [ME]: "
    (?P<stack>\$?[\d,]+(?:\.\d+)?)\ in\ chips$       # "$200 in chips"
    """,
    re.VERBOSE,
)
"""A stud seat line, where the seat is the player's name: "Seat+5 [ME]: $200 in chips"."""

ME = " [ME]"
"""The mark of the file's owner beside a position."""

STREETS: dict[str, Street] = {
    "HOLE CARDS": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "3RD STREET": Street.THIRD,
    "4TH STREET": Street.FOURTH,
    "5TH STREET": Street.FIFTH,
    "6TH STREET": Street.SIXTH,
}
"""The street lines ("*** FLOP *** [9d 7c 4c]", "*** 4TH STREET ***"); "RIVER" is the
river of a flop game and seventh street of stud."""

NEXT_STREET: dict[Street, Street] = {
    Street.PREFLOP: Street.FLOP,
    Street.FLOP: Street.TURN,
    Street.TURN: Street.RIVER,
}
"""The street after each betting round of a flop game (for the old format, which writes
no street lines between the hole cards and the summary)."""

TABLE_NEWS = (
    "Table enter user",
    "Table leave user",
    "Table deposit",
    "Seat sit down",
    "Seat sit out",
    "Seat stand",
    "Seat re-join",
    "Set dealer/Bring in spot",
)
"""Lines that say nothing of the game and name no player ("Table deposit $1.50", "Seat
sit down", "Set dealer/Bring in spot" with no button): the site writes them, without
the player's position, for players coming and going (the folder's "corrupted lines")."""

SIDE_POT = "-Side"
"""What turns a "Hand result $3.21" into a side pot's: "Hand result-Side pot $0.60",
"Hand Result-Side Pot 2190" (the site names one side pot only)."""

TOTAL_POT = re.compile(
    r"""
    Total\ Pot\((?P<total>\$?[\d,]+(?:\.\d+)?)\)        # "Total Pot($930)"
    (?:\s*\|\s*Rake\s*\((?P<rake>\$?[\d,]+(?:\.\d+)?)\))?  # " | Rake ($3)", old format only
    \s*$
    """,
    re.VERBOSE,
)
"""The summary's pot: "Total Pot($1.80)"; the old format also "Total Pot($930) | Rake ($3)"."""

WON = re.compile(r"(?:^|\s)(?P<half>HI|LOW?) (?P<amount>\$?[\d,]+(?:\.\d+)?)")
"""An amount won in a summary seat line, with its half: "HI $3.21", "LO $6.40" (also
written "LOW")."""

WON_WHOLE = re.compile(r"\s*(?P<amount>\$?[\d,]+(?:\.\d+)?)\s")
"""The old high-only summary's amount won, first after the position: "Dealer $376.78  with
Flush [..]"."""


def bracket_cards(text: str) -> tuple[Card, ...]:
    """The cards of the first bracket in `text`: "[8h Ac 3h 3c] (Two pair)".

    >>> bracket_cards("[8h Ac 3h   ] (Two pair)")
    (Card('8h'), Card('Ac'), Card('3h'))
    """
    start = text.find("[")
    end = text.find("]", start + 1)
    if start < 0 or end < 0:
        raise ValueError(f"no cards in {text!r}")
    return read_cards(text[start + 1 : end].split())
