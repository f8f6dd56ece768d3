"""Absolute Poker's patterns and words: the header, the table and seat lines, the street
markers, the games and betting structures, and the summary's pot and seat lines.

Every player line is "<player> - <Verb> ..." ("Hero - Calls $30"), with the verb
capitalised; the payments alone are written without the dash ("Player0 Collects $119.25
from main pot"). Everything here is Absolute's own; the reading steps are in
`parsers.absolute.lines`.
"""

from __future__ import annotations

import re

from tracker.model import ActionKind, Game, Street, Structure

HAND_START = re.compile(r"Stage #\d+: ")
"""The start of every hand's first line: "Stage #1828549717: Omaha Hi/Lo ..."."""

# "Stage #1828549717: Omaha Hi/Lo (1 on 1)  Normal $30/$60 - 2009-12-31 18:23:36.005 (ET)
#  [ 2009-12-31 18:23:36 ]"
# "Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)"
HEADER = re.compile(
    r"""Stage\s\#(?P<hand_id>\d+):\s
    (?P<game>.+?)                                           # "Omaha Hi/Lo"
    (?:\s\((?P<table_size>[^)]*)\))?\s+                     # " (1 on 1)"
    (?P<structure>Normal|Pot\sLimit|No\sLimit)\s            # "Normal"
    (?P<stakes>[^\s/]+/[^\s/]+)\s-\s                        # "$30/$60 - "
    (?P<date>\d{4}-\d\d-\d\d\s\d\d:\d\d:\d\d)(?:\.\d+)?\s   # "2009-12-31 18:23:36.005"
    \((?P<zone>[A-Z]{2,5})\)                                # "(ET)"
    (?:\s\[[^\]]*\])?\s*$                                   # " [ 2009-12-31 18:23:36 ]"
    """,
    re.VERBOSE,
)
"""The hand's header line."""

GAME_WORDS = re.compile(r"Stage #(?P<hand_id>\d+): (?P<game>.+?)(?:  | \(| - |$)")
"""The hand id and the game words alone, for a header `HEADER` does not read: a game
not covered is skipped whatever its structure is written as."""

# "Table: Linden Ct (Real Money) Seat #6 is the dealer"
TABLE = re.compile(
    r"""Table:\s(?P<name>.+?)\s\(Real\sMoney\)
    (?:\sSeat\s\#(?P<button>\d+)\sis\sthe\sdealer)?\s*$
    """,
    re.VERBOSE,
)
"""The table line, after the header (the stud file has none). Only real-money tables
are read: no file shows another."""

# "Seat 6 - Player0 ($1,195.50 in chips)"
SEAT = re.compile(r"Seat (?P<seat>\d+) - (?P<player>.+) \((?P<stack>[^()]+) in chips\)\s*$")
"""A seat line."""

TABLE_SIZES: dict[str, int] = {"1 on 1": 2}
"""The header's table size words ("Omaha Hi/Lo (1 on 1)") and the seats they mean."""

GAMES: dict[str, Game] = {
    "Omaha Hi/Lo": Game.OMAHA_HILO,
    "Omaha": Game.OMAHA_HI,
    "Seven Card Hi/Lo": Game.STUD_HILO,
    "Seven Card": Game.STUD_HI,
}
"""Absolute's game names (header) and the games they are. Other names ("Holdem",
"Razz", ...) are games the tracker does not cover."""

STRUCTURES: dict[str, Structure] = {
    "Normal": Structure.LIMIT,
    "Pot Limit": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
}
"""The betting structures as the header writes them: "Normal" is fixed limit (the bets
of hand 1828549717 are the $30 small bet and the $60 raise of its "$30/$60")."""

CURRENCIES: dict[str, str] = {"$": "USD", "€": "EUR", "£": "GBP"}
"""The currency symbols of the header's stakes."""

STREETS: dict[str, Street] = {
    "POCKET CARDS": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
    "3RD STREET": Street.THIRD,
    "4TH STREET": Street.FOURTH,
    "5TH STREET": Street.FIFTH,
    "6TH STREET": Street.SIXTH,
    "SHOW DOWN": Street.SHOWDOWN,
}
"""The street markers, upper-cased ("*** 3rd STREET ***", "*** 4TH STREET ***"). In
stud "*** RIVER ***" is seventh street."""

FLOP_STREETS = frozenset({Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER})
STUD_STREETS = frozenset({Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH})

POSTS: dict[str, ActionKind] = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
}
"""What "Posts ..." posts ("Player0 - Posts small blind $15")."""

RETURNED = " : not called"
"""The end of an uncalled bet's line: "Player0 - returned ($30) : not called"."""

# "Player0 Collects $119.25 from main pot"
COLLECTS = re.compile(r"Collects (?P<amount>\S+) from main pot\s*$")
"""A payment: the rest of "<player> Collects ...". Only the main pot is read: no file
shows how Absolute names a side pot."""

# "Total Pot($120) | Rake ($0.75)"
TOTAL_POT = re.compile(r"Total Pot\((?P<total>[^)]+)\)(?: \| Rake \((?P<rake>[^)]+)\))?\s*$")
"""The summary's pot line: the total before the rake, and the rake."""

WON = re.compile(r"(?:won|collected) Total \((?P<amount>[^)]+)\)")
"""What a summary seat line says the player won: "won Total ($0.19)", "collected Total
($119.25)"."""

HALF_WON = re.compile(r"\b(?P<half>HI|LO):\((?P<amount>[^)]+)\)")
"""A half a summary seat line says the player won: "HI:($0.20)", "LO:($0.19)"; a half
lost is "HI:lost with ..." or "HI:with ..." (no amount)."""

HALVES: dict[str, str] = {"HI": "hi", "LO": "lo"}
"""The summary's half words, as `Collection.half`."""

NOT_SHOWN = "Does not show"
"""The summary's bracket for a winner who showed nothing: "[Does not show]"."""
