"""888 Poker's (Pacific Poker's, "Cassava" network's) patterns and words: the header, the
table line, the seat lines, the street lines, and the words of the games, the betting
structures and the card ranks (English and Swedish).

Every amount is written in square brackets after the verb ("calls [30]", "raises
[$60]"), the summary's payments too ("collected [ $100 ]"); cards are written
"[ 7c, Ah, 2c ]". Swedish files write amounts "5 000 $" (a no-break space between the
thousands and before the currency) and the ranks in Swedish ("Kn" knekt for the jack,
"D" dam for the queen, "E" ess for the ace).
"""

from __future__ import annotations

import re

from tracker.cards import DECK, Card
from tracker.model import Game, Street, Structure

HAND_START = re.compile(r"#Game No : \d+")
"""The start of a hand's first line: "#Game No : 362978981"."""

GAME_NUMBER = re.compile(r"#Game No : (?P<hand_id>\d+)\s*$")
"""The first line: "#Game No : 362978981"."""

BANNER = re.compile(
    r"""
    \*{5}\ (?:Cassava|888poker|888\.\w+|Pacific\ Poker)   # the room: "Cassava", "888poker"
    \ Hand\ History\ for\ Game\ (?P<hand_id>\d+)\ \*{5}\s*$
    """,
    re.VERBOSE,
)
"""The second line: "***** Cassava Hand History for Game 362978981 *****" (older files,
and play money), "***** 888poker Hand History for Game 385494443 *****"."""

HEADER = re.compile(
    r"""
    (?P<small_blind>[^/]+)/(?P<big_blind>.+?)\ Blinds\ # "15/30", "$25/$50", "25 $/50 $"
    (?P<structure>Fix\ Limit|Pot\ Limit|No\ Limit)\ # "Fix Limit"
    (?P<game>.+)$                                    # "Omaha", "OmahaHL"
    """,
    re.VERBOSE,
)
"""The header before its date: "15/30 Blinds Fix Limit Omaha - *** 11 03 2011
15:43:24", "$25/$50 Blinds Pot Limit Omaha - *** ...", "25 $/50 $ Blinds Pot Limit Omaha
- *** 21 04 2016 16:34:37" (no-break spaces before the "$")."""

DATE = re.compile(
    r"""
    (?P<day>\d\d)\ (?P<month>\d\d)\ (?P<year>\d{4})\      # "11 03 2011": the day first
    (?P<hour>\d\d):(?P<minute>\d\d):(?P<second>\d\d)\s*$   # "15:43:24"
    """,
    re.VERBOSE,
)
"""The header's date after " - *** ": "11 03 2011 15:43:24", the day first."""

TOURNAMENT_TABLE = re.compile(
    r"""
    Tournament\ \#(?P<tournament>\d+)\ +             # "Tournament #48749889"
    (?P<buy_in>[^+]+?)\ *\+\ *(?P<fee>.+?)\ +-\ +    # "$1.80 + $0.20 - "
    Table\ (?P<table>.+?)\ +\((?P<money>Real\ Money|Practice\ Play|Play\ Money)\)\s*$
    """,
    re.VERBOSE,
)
"""A tournament's table line: "Tournament #48749889 $1.80 + $0.20 - Table #19 (Real
Money)"."""

CASH_TABLE = re.compile(
    r"""
    Table\ (?P<table>.+?)                            # "Table Helmond 6 Max"
    \ +\((?P<money>Real\ Money|Practice\ Play|Play\ Money)\)\s*$
    """,
    re.VERBOSE,
)
"""A cash game's table line: "Table Bratislava (Practice Play)", "Table Helmond 6 Max
(Real Money)"."""

MAX_SEATS = re.compile(r"\b(?P<seats>\d+) Max\b")
"""A table name's size: "Helmond 6 Max"; a name without it says no size."""

PLAY_MONEY = frozenset({"Practice Play", "Play Money"})
"""The table line's words for play money (the others are "Real Money")."""

BUTTON = re.compile(r"Seat (?P<seat>\d+) is the button\s*$")
"""The button: "Seat 1 is the button"."""

PLAYER_COUNT = re.compile(r"Total number of players : (?P<count>\d+)\s*$")
"""The number of seat lines that follow: "Total number of players : 5"."""

SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<player>.+?) \( (?P<stack>[^()]+?) \)\s*$")
"""A seat: "Seat 1: CARNERA4 ( 4,202.50 )", "Seat 4: Player0 ( 5 000 $ )"."""

DEAD_BLIND = re.compile(r"\[(?P<posted>[^+\]]+?) \+ (?P<dead>[^+\]]+?)\]\s*$")
"""The amounts of "posts dead blind [$25 + $0]": the blind posted out of turn, then the
dead small blind owed with it."""

AMOUNT_END = "]"
"""Every amount of an action line ends the line in a bracket: "calls [$250]"."""

HALF_LINE = re.compile(r"\((?:Hi|Lo): [^()]+\)\s*$")
"""The best five of a player who won a half, after their "shows" line: "(Hi: Jd, Jc,
2d, 2s, Ks)", "(Lo: 2s, 4d, 5h, 6c, Ac)". It says nothing the cards do not."""

STREETS: dict[str, Street] = {
    "** Dealing down cards **": Street.PREFLOP,
    "** Dealing flop **": Street.FLOP,
    "** Dealing turn **": Street.TURN,
    "** Dealing river **": Street.RIVER,
}
"""The street lines, before their cards: "** Dealing flop ** [ 7c, Ah, 2c ]"."""

SUMMARY = "** Summary **"
"""The line after the betting: the shown hands and the payments follow it."""

GAMES: dict[str, Game] = {
    "Omaha": Game.OMAHA_HI,
    "OmahaHL": Game.OMAHA_HILO,
}
"""The header's game words; any other game ("Texas Hold'em") is not covered."""

STRUCTURES: dict[str, Structure] = {
    "Fix Limit": Structure.LIMIT,
    "Pot Limit": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
}
"""The header's betting structures."""

TIMEZONE = "UTC"
"""The header's times carry no zone. They are read as UTC (888's server time): the files
give no evidence either way (docs/sites/888.md)."""

SWEDISH_MARK = "\u00a0$"
"""A Swedish file's amounts end with a no-break space and the currency ("25 $"): the
hand's amounts then take a decimal comma."""

_RANK_WORDS: dict[str, str] = {
    **{symbol: symbol for symbol in "23456789TJQKA"},
    "Kn": "J",  # knekt
    "D": "Q",  # dam
    "E": "A",  # ess
}
"""The ranks as written, to the English symbols: English, and Swedish ("Knh", "Dd",
"Ec"; Swedish writes the king "K" and the ten "T" as English does)."""

CARDS: dict[str, Card] = {
    written + card.suit.symbol: card
    for card in DECK
    for written, symbol in _RANK_WORDS.items()
    if symbol == card.rank.symbol
}
"""Every card as 888 writes it ("Ah", "Knh", "Ec"), for one look-up per card."""
