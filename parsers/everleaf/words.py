"""Everleaf's words: its header, seat and street lines, its verbs, posts, halves and pots.

Everything here is Everleaf's own; the reading steps are in `parsers.everleaf.lines`.
docs/sites/everleaf.md describes the format line by line.
"""

from __future__ import annotations

import re

from tracker.model import ActionKind, Game, Street, Structure

HAND_START = re.compile(r"Everleaf Gaming Game #")
"""The start of every hand's first line: "Everleaf Gaming Game #148735443"."""

HAND_ID = re.compile(r"Everleaf Gaming Game #(?P<hand_id>\d+)\s*$")
"""The first line: the hand id alone."""

BANNER = "***** Hand history for game #{hand_id} *****"
"""The second line, which repeats the id."""

# "$0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:00:02"
# "€0.05/€0.10 7 Card Stud - 2011/08/12 - 13:09:06"
# "$1/$2 PL Omaha Hi/Lo - ..." (the structure word; none for fixed limit)
STAKES_LINE = re.compile(
    r"""(?:Blinds\s)?                                       # "Blinds " (older headers)
    (?P<currency>[$€]?)(?P<small>[\d.,]+)/[$€]?(?P<big>[\d.,]+)\s   # "$0.50/$1 "
    (?:(?P<structure>NL|PL)\s)?                             # "PL ", none for limit
    (?P<game>.+?)\s-\s                                      # "Omaha Hi/Lo - "
    (?P<date>\d{4}/\d\d/\d\d)\s-\s(?P<time>\d\d?:\d\d:\d\d)\s*$     # "2010/03/01 - 11:00:02"
    """,
    re.VERBOSE,
)
"""The third line: the stakes, the game and the start time (no zone written)."""

TIMEZONE = "UTC"
"""Everleaf writes no zone: its times are read as UTC (as FPDB's converter reads them;
nothing in the files says otherwise, nothing confirms it)."""

GAMES: dict[str, Game] = {
    "Omaha Hi/Lo": Game.OMAHA_HILO,
    "Omaha": Game.OMAHA_HI,
    "7 Card Stud Hi/Lo": Game.STUD_HILO,
    "7 Card Stud": Game.STUD_HI,
}
"""Everleaf's game names and the games they are. Other names (Hold'em, Razz) are games
the tracker does not cover."""

STRUCTURES: dict[str | None, Structure] = {
    None: Structure.LIMIT,
    "PL": Structure.POT_LIMIT,
    "NL": Structure.NO_LIMIT,
}
"""The structure word before the game; a fixed-limit header writes none."""

CURRENCIES: dict[str, str] = {"$": "USD", "€": "EUR"}
"""The header's currency symbol, as `Hand.currency`."""

CURRENCY_WORDS = frozenset({"$", "€", "USD", "EURO"})
"""What an amount may carry besides its number: "[$ 0.25 USD]", "( € 2.50 EURO )"."""

# "Seat 6: Villain (  $ 25 USD )", "Seat 5: MOURINHO_ (  € 2.50 EURO )"
SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<player>.+?) \(\s*(?P<stack>[^()]*?)\s*\)\s*$")
"""A seat line, before the posts."""

BUTTON = re.compile(r"Seat (?P<seat>\d+) is the button\s*$")
"""The button's seat (flop games)."""

IS_BUTTON = " is the button"
"""The end of the button's line (tried before its pattern)."""

TABLE = "Table "
"""'Table Kentfield I': the table's name follows."""

PLAYER_COUNT = "Total number of players: "
"""'Total number of players: 2': says nothing the seat lines do not."""

MARKER = "** Dealing "
"""'** Dealing Flop ** [ 2s, Ad, 8d ]', '** Dealing 4th Street **'."""

FIRST_MARKER = "down cards"
"""'** Dealing down cards **': after the posts, before the first betting round."""

FLOP_STREETS: dict[str, Street] = {
    "Flop": Street.FLOP,
    "Turn": Street.TURN,
    "River": Street.RIVER,
}
"""The street markers of a flop game; each gives only its new board cards."""

STUD_STREETS: dict[str, Street] = {
    "4th Street": Street.FOURTH,
    "5th Street": Street.FIFTH,
    "6th Street": Street.SIXTH,
    "River": Street.SEVENTH,
}
"""The street markers of stud ("** Dealing River **" is seventh street)."""

POSTS: dict[str, ActionKind] = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "both blinds": ActionKind.POST_SMALL_AND_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
}
"""What "posts ... [amount]" posts ("Hero: posts big blind [$ 0.50 USD]")."""

BRING_IN = "bring-in "
"""'EricBlade posts bring-in €0.02.': stud's bring-in, written without brackets."""

COMPLETES = "to "
"""'MOURINHO_ completes to €0.05.': stud's completion of the bring-in, to a total."""

NOT_SHOWN = "not show cards"
"""'Villain does not show cards': a winner or loser who keeps the cards hidden."""

HALVES: dict[str, str] = {"high": "hi", "low": "lo"}
"""Everleaf's half words ("wins  high ($ 2.57 USD)", "wins  low ($2.56)"), as
`Collection.half`."""

POTS: dict[str, int] = {"main pot": 0}
"""The pots a payment names ("from main pot"), as `Collection.pot`: no file shows a
side pot, so no side pot's words are known."""
