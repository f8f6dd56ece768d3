"""Winning Poker Network (ACR)'s patterns and words, for both of its formats.

The current format starts a hand with "Hand #78708209 - Omaha H/L(Fixed Limit) - ..."
(tournaments "Game Hand #82980175 - Tournament #11212445 - ..."); the old one (to 2016)
with "Game started at: 2016/8/2 11:16:59" and lists Bets/Collects/Wins per player.
"""

from __future__ import annotations

import re

from tracker.cards import Card, parse_cards
from tracker.model import Game, Street, Structure

HAND_START = re.compile(r"(?:Game )?Hand #\d+ - |Game started at: \d")
"""The start of a hand in either format."""

HEADER = re.compile(
    r"""(?:Game\ )?Hand\ \#(?P<hand_id>\d+)\ -[ ]
    (?:Tournament\ \#(?P<tournament>\d+)\ -\ )?      # "Tournament #11212445 - "
    (?P<game>[^(]+)\((?P<structure>[^)]+)\)\ -\     # "Omaha H/L(Pot Limit) - "
    (?:Level\ (?P<level>\d+)\ \()?                  # "Level 1 (250.00/500.00)"
    (?P<small>[$\d.,]+)/(?P<big>[$\d.,]+)\)?\s*-[ ]
    (?P<date>\d{4}/\d\d/\d\d\ \d\d:\d\d:\d\d)\ UTC$""",
    re.VERBOSE,
)
"""'Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC'"""

TABLE = re.compile(r"(?P<table>.+?) (?P<max>\d+)-max Seat #(?P<button>\d+) is the button$")
"""'St. Lucie 6-max Seat #1 is the button', "Table '1' 9-max Seat #3 is the button" """

SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<player>.+) \((?P<stack>[$\d.,]+)\)\.?$")
"""'Seat 1: Hero ($200.00)'; the old format 'Seat 1: fullstacker (37.15).'"""

RAISE = re.compile(r"raises (?P<put>[$\d.,]+) to (?P<to>[$\d.,]+)(?P<all_in> and is all-in)?$")
"""'raises $30.00 to $40.00', 'raises $134.00 to $134.00 and is all-in'"""

COLLECTED = re.compile(r"(?P<amount>[$\d.,]+) from (?P<pot>main|side) pot(?:[- ](?P<n>\d+))?$")
"""After 'collected': '$199.00 from main pot'; run it twice: '$92.25 from main pot 1'"""

TOTAL_POT = re.compile(
    r"Total pot (?P<pot>[$\d.,]+)(?: \| Rake (?P<rake>[$\d.,]+))?(?: \| JP Fee (?P<fee>[$\d.,]+))?$"
)
"""'Total pot $199.00 | Rake $0.96 | JP Fee $0.04'; tournaments 'Total pot 60600.00'"""

SUMMARY_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<rest>.+)$")
"""'Seat 4: Player0 (big blind) showed [Tc 4s 3h Qd] and won $199.00 with HI - ...'"""

WON = re.compile(r" and won (?P<amount>[$\d.,]+)")

GAMES: dict[str, Game] = {
    "Omaha H/L": Game.OMAHA_HILO,
    "Omaha": Game.OMAHA_HI,
    "Omaha HiLow": Game.OMAHA_HILO,
    "Seven Cards Stud HiLow": Game.STUD_HILO,
    "Seven Cards Stud": Game.STUD_HI,
}
"""The games as both formats name them ("Omaha H/L(...)", old "(Omaha HiLow)")."""

STRUCTURES: dict[str, Structure] = {
    "Fixed Limit": Structure.LIMIT,
    "Pot Limit": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
}

STREETS: dict[str, Street] = {
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
}

# The old format names each stud street by the one before it: the betting after the
# bring-in has no line, and "*** Third street ***" deals the fourth card.
OLD_STUD_STREETS: dict[str, Street] = {
    "Third": Street.FOURTH,
    "Fourth": Street.FIFTH,
    "Fifth": Street.SIXTH,
    "Sixth": Street.SEVENTH,
}

OLD_HEADER = re.compile(
    r"""Game\ ID:\ (?P<hand_id>\d+)\ (?P<small>[\d.]+)/(?P<big>[\d.]+)[ ]
    (?:\(PRR\)\ )?(?P<table>.+)\ \((?P<game>[^()]+)\)$""",
    re.VERBOSE,
)
"""'Game ID: 693977531 0.10/0.25 (PRR) Elepaio (Omaha HiLow)'"""

OLD_STARTED = re.compile(r"Game started at: (\d{4})/(\d\d?)/(\d\d?) (\d\d?):(\d\d?):(\d\d?)$")
"""'Game started at: 2016/8/2 11:16:59' (no zone: read as UTC)"""

OLD_POT = re.compile(r"Pot: (?P<pot>[\d.]+)\. Rake (?P<rake>[\d.]+)(?:\. JP fee (?P<fee>[\d.]+))?$")
"""'Pot: 3.99. Rake 0.15. JP fee 0.06'"""

OLD_RESULT = re.compile(
    r"""(?P<said>.*?)\ ?Bets:\ (?P<bets>[\d.]+)\.\ Collects:\ (?P<collects>[\d.]+)\.
    \ (?:Wins|Loses):\ [\d.]+\.$""",
    re.VERBOSE,
)
"""'... does not show cards.Bets: 0.10. Collects: 0. Loses: 0.10.'"""

DISCONNECTED_ALL_IN = "is disconnected and ALL IN."
"""Old format: a disconnected player kept in the hand for what they have put in."""
OLD_NEWS = ("is timed out.", "sitting out", "mucks cards", "allin")
"""Old-format lines that move no chips ("Player Player0 allin" after a disconnection)."""


def bracket_cards(text: str) -> tuple[Card, ...]:
    """All the cards of the bracketed groups of `text`.

    >>> [str(card) for card in bracket_cards("[5d 4h As] [Js]")]
    ['5d', '4h', 'As', 'Js']
    """
    inside = [part.partition("]")[0] for part in text.split("[")[1:]]
    return parse_cards(" ".join(inside)) if inside else ()
