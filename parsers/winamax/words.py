"""Winamax's words: its header and table lines, its game names, its posts and pots.

Everything here is Winamax's own; the reading steps are in `parsers.winamax.lines`.
docs/sites/winamax.md describes the format line by line.
"""

from __future__ import annotations

import re

from tracker.model import ActionKind, Game, Street, Structure

HAND_START = re.compile(r"Winamax Poker - ")
"""The start of every hand's first line: "Winamax Poker - CashGame - HandId: ..."."""

# "Winamax Poker - CashGame - HandId: #9273404-970-1479780841 - 5 Card Omaha Hi/Lo pot
#  limit (2€/4€) - 2016/11/22 02:14:01 UTC"
# "Winamax Poker - Tournament "Freeroll" buyIn: 0.90€ + 0.10€ level: 3 - HandId:
#  #1-2-3 - Omaha8 pot limit (10/20/40) - 2016/10/10 12:30:47 UTC"
HEADER = re.compile(
    r"""Winamax\sPoker\s-\s
    (?:
        (?:CashGame|Go\sFast\s"[^"]*")                      # "CashGame", 'Go Fast "Tahiti"'
      | Tournament\s"(?P<tournament>[^"]*)"\s               # 'Tournament "Freeroll" '
        buyIn:\s(?P<buy_in>[^\s+]+)                         # "buyIn: 0.90€"
        (?:\s\+\s(?P<fee>[^\s+]+))?                         # " + 0.10€"
        (?:\s(?:level:\s)?(?P<level>\d+))?                  # " level: 3"
    )
    \s-\sHandId:\s\#(?P<hand_id>[\d-]+)\s-\s                # " - HandId: #9273404-970-1479780841"
    (?P<game>.+?)\s                                         # "5 Card Omaha Hi/Lo "
    (?P<structure>pot\slimit|no\slimit|fixed\slimit)\s      # "pot limit "
    \((?P<stakes>[^)]*)\)\s-\s                              # "(2€/4€) - "
    (?P<date>\d{4}/\d\d/\d\d\s\d\d?:\d\d:\d\d)              # "2016/11/22 02:14:01"
    (?:\s(?P<zone>[A-Z]{2,5}))?\s*$                         # " UTC"
    """,
    re.VERBOSE,
)
"""The hand's header line."""

# "Table: 'Karlsruhe' 6-max (real money) Seat #5 is the button"
# "Table 'Nagoya' 5-max (real money) Seat #3 is the button" (2021: no colon)
# "Table: 'Pampelune' 6-max (real money)" (stud: no button)
TABLE = re.compile(
    r"""Table:?\s'(?P<name>.*)'\s
    (?P<max_seats>\d+)-max\s
    \((?P<money>real|play)\smoney\)
    (?:\sSeat\s\#(?P<button>\d+)\sis\sthe\sbutton)?\s*$
    """,
    re.VERBOSE,
)
"""The table line, the hand's second."""

# "Seat 3: Hero (415.55€)"; play money "Seat 1: Hero (4)"
SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<player>.+) \((?P<stack>[\d.,]+)(?:€|\$|£)?\)\s*$")
"""A seat line before "*** ANTE/BLINDS ***"."""

GAMES: dict[str, Game] = {
    "Omaha": Game.OMAHA_HI,
    "Omaha8": Game.OMAHA_HILO,
    "Omaha Hi/Lo": Game.OMAHA_HILO,
    "Omaha5": Game.OMAHA5_HI,
    "5 Card Omaha": Game.OMAHA5_HI,
    "5 Card Omaha Hi/Lo": Game.OMAHA5_HILO,
    "Omaha5 Hi/Lo": Game.OMAHA5_HILO,
    "7-Card Stud": Game.STUD_HI,
    "7-Card Stud Hi/Lo": Game.STUD_HILO,
}
"""Winamax's game names (header) and the games they are. Other names (Holdem, Razz,
2-7 Triple Draw, ...) are games the tracker does not cover."""

DOUBTFUL_HILO = frozenset({"5 Card Omaha Hi/Lo"})
"""Header names Winamax also writes on plain 5-card Omaha high tables: the hand itself
says which game it is (halves labelled "(HI)"/"(LO)", or not at all)."""

STRUCTURES: dict[str, Structure] = {
    "pot limit": Structure.POT_LIMIT,
    "no limit": Structure.NO_LIMIT,
    "fixed limit": Structure.LIMIT,
}
"""The betting structures as the header writes them."""

STREETS: dict[str, Street] = {
    "PRE-FLOP": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
    "3rd STREET": Street.THIRD,
    "4th STREET": Street.FOURTH,
    "5th STREET": Street.FIFTH,
    "6th STREET": Street.SIXTH,
    "7th STREET": Street.SEVENTH,
}
"""The street markers: "*** FLOP *** [Ts 8d Td]", "*** 4th STREET ***"."""

MARKERS_WITHOUT_BETTING = frozenset({"ANTE/BLINDS", "SHOW DOWN"})
"""Markers that start no betting round: the posts, the showdown."""

FIRST_MARKERS = frozenset({"ANTE/BLINDS", "PRE-FLOP", "3rd STREET"})
"""Markers that end no betting round (the posts come before them): every other marker
ends one, and its uncalled bet goes back."""

POSTS: dict[str, ActionKind] = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
    "small & big blind": ActionKind.POST_SMALL_AND_BIG_BLIND,
    "small & big blinds": ActionKind.POST_SMALL_AND_BIG_BLIND,
}
"""What "posts ..." posts ("Player4 posts small blind 2€")."""

OUT_OF_POSITION = " out of position"
"""A post a player makes to come in away from the blinds ("posts small blind 2€ out of
position"): the small blind so posted is dead, the big blind live (hand
#9273404-970-1479780841: the poster then "calls 4€" to a 4€ big blind)."""

ALL_IN = " and is all-in"
"""The end of an action that puts a player all in ("calls 24€ and is all-in")."""

# "collected 471.48€ from pot", "from main pot", "from side pot 1", "from pot(HI)",
# "from pot (LO)"
COLLECTED = re.compile(
    r"""collected\s(?P<amount>[\d.,]+)(?:€|\$|£)?\sfrom\s
    (?:(?:main\s)?pot|side\spot\s(?P<side_pot>\d+))          # "pot", "side pot 2"
    \s?(?:\((?P<half>HI|LO)\))?\s*$                          # "(HI)", " (LO)"
    """,
    re.VERBOSE,
)
"""A payment: the rest of "<player> collected ..."."""

HALVES: dict[str, str] = {"HI": "hi", "LO": "lo"}
"""Winamax's half tags, as `Collection.half`."""

LABELLED_SHOWDOWN = ("(HI :", "(LO :")
"""How a hi/lo showdown line names its half: "shows [5s Qd 2s 3s] (HI : Two pairs : 5
and 4)"; high-only games write the hand alone: "(Straight Ace high)"."""

# "Total pot 471.48€ | Rake 3€", "Total pot 10€ | No rake"
TOTAL_POT = re.compile(
    r"""Total\spot\s(?P<total>[\d.,]+)(?:€|\$|£)?
    (?:\s\|\s(?:Rake\s(?P<rake>[\d.,]+)(?:€|\$|£)?|No\srake))?\s*$
    """,
    re.VERBOSE,
)
"""The summary's pot line; Winamax's total is net of the rake."""

WON = re.compile(r"\bwon (?P<amount>[\d.,]+)(?:€|\$|£)?")
"""What a summary seat line says the player won ("and won 471.48€ with ...")."""
