"""KingsClub's words: its header, table, seat and summary lines, its game names, street
markers and payments.

Everything here is KingsClub's own; the reading steps are in `parsers.kingsclub.lines`.
docs/sites/kingsclub.md describes the format line by line.
"""

from __future__ import annotations

import re

from tracker.model import ActionKind, Game, Street, Structure

HAND_START = re.compile(r"#\d+: [^\n]*? - [\d,.]+/[\d,.]+[ \t]*(?=\n|\Z)")
"""A hand's first line, all of it: "#37580598: Pot Limit Big O - 11/22"."""

# "#37580598: Pot Limit Big O - 11/22", "#3969308: Limit Omaha Hi-Lo - 500/1,000"
HEADER = re.compile(
    r"""\#(?P<hand_id>\d+):\s
    (?P<game>.+?)\s-\s                              # "Pot Limit Big O"
    (?P<small>[\d,.]+)/(?P<big>[\d,.]+)\s*$         # "11/22": blinds, or limit bets
    """,
    re.VERBOSE,
)
"""The hand's header line."""

TIMEZONE = "ET"
"""The zone the start times ("2020-10-26 18:36:41") are read in: the files write none."""

STRUCTURES: tuple[tuple[str, Structure], ...] = (
    ("Pot Limit ", Structure.POT_LIMIT),
    ("No Limit ", Structure.NO_LIMIT),
    ("Limit ", Structure.LIMIT),
)
"""The structure words that start the header's game ("Pot Limit Omaha Hi-Lo")."""

GAMES: dict[str, Game] = {
    "Omaha": Game.OMAHA_HI,
    "Omaha Hi-Lo": Game.OMAHA_HILO,
    "Omaha 5 Card": Game.OMAHA5_HI,
    "Big O": Game.OMAHA5_HILO,
    "Seven Card Stud": Game.STUD_HI,
    "Seven Card Stud Hi-Lo": Game.STUD_HILO,
}
"""KingsClub's game names after the structure. "Big O" is 5-card Omaha hi/lo (hand
37580598 splits its pot hi/lo). Other names are games the tracker does not cover."""

# "Table 'Real Deal Mix' Seat 2 is the button"; stud "Table '8 Game Mix'"
TABLE = re.compile(r"Table '(?P<name>.*)'(?: Seat (?P<button>\d+) is the button)?\s*$")
"""The table line, the hand's third."""

# "Seat 7: Player4 (2,975.96)"
SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<player>.+) \((?P<stack>[\d,.]+)\)\s*$")
"""A seat line and its starting stack."""

# "Seat 4: Player2 (932.50) +52.50", "Seat 1: Hero (32,500)" (nothing won or lost)
FINAL_STACK = re.compile(
    r"Seat (?P<seat>\d+): (?P<player>.+) \((?P<stack>[\d,.]+)\)(?: (?P<net>[+-][\d,.]+))?\s*$"
)
"""A summary seat line: the stack the hand ends with, and what it won or lost."""

POSTS: dict[str, ActionKind] = {
    "posts the small blind ": ActionKind.POST_SMALL_BLIND,
    "posts the big blind ": ActionKind.POST_BIG_BLIND,
    "posts ante ": ActionKind.POST_ANTE,
}
"""The posts, after "<player>: " ("Player2: posts the small blind 11")."""

STREETS: dict[str, Street] = {
    "HOLE CARDS": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
}
"""The street markers of the flop games."""

STUD_STREETS: dict[str, Street] = {
    "3RD STREET": Street.FOURTH,
    "4TH STREET": Street.FIFTH,
    "5TH STREET": Street.SIXTH,
    "6TH STREET": Street.SEVENTH,
}
"""The stud street markers. They name the street just played: "*** 3RD STREET
***" comes after third street's betting and before the fourth card (hand 39969428:
one card is dealt after it, and its betting is at the small bet; "*** 6TH STREET ***"
deals the last card face down, "[X]")."""

BOARD_RUN = re.compile(r"BOARD (?P<board>[12]) - (?P<street>FLOP|TURN|RIVER)$")
"""A board of a hand run twice: "*** BOARD 2 - RIVER *** [- - - 5d] [3h]"."""

SHARED_CARD = "-"
"""A card of a board run again that is the first board's: "[- - - 5d]"."""

ALL_IN = ", and is all in"
"""The end of an action that puts a player all in ("calls 836, and is all in")."""

# "Player0 wins (279.50) from pot", "Player0 wins pot (85.50)"
WINS = re.compile(r"wins (?:pot \((?P<amount>[\d,.]+)\)|\((?P<from_pot>[\d,.]+)\) from pot)\s*$")
"""A payment: the rest of "<player> wins ..."; the site never names a half."""

RAKE = "Rake "
"""The summary's rake line: "Rake 4.50"."""
