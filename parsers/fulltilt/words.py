"""Full Tilt Poker's words: its header, seat, street, payment and summary lines.

Every pattern here is compiled once, at import. The reader (`parsers.fulltilt.lines`)
picks a body line's handler by its first words; the patterns below are tried only on the
lines those words announce.
"""

from __future__ import annotations

import re

from tracker.model import ActionKind, Game, Street, Structure

HAND_START = re.compile("\ufeff?Full ?Tilt ?Poker Game #")
"""The start of a header, in its two spellings: "Full Tilt Poker Game #" (most years)
and "FullTiltPoker Game #" (2006 tournaments, 2011 archives)."""

HEADER = re.compile(
    r"""
    \ufeff?Full\ ?Tilt\ ?Poker\ Game\ \#(?P<hand_id>\d+):\s+
    (?:(?P<buy_in>[$€£]?[\d,.]+)\s\+\s(?P<fee>[$€£]?[\d,.]+)\s  # "$200 + $10 "
       (?P<tournament_name>[^(]*?)\s                           # "Heads Up Sit & Go "
       \((?P<tournament_id>\d+)\),\s)?                          # "(3795352), "
    Table\s(?P<table>.+?)                                       # "Table Gaines"
    (?:\s\((?P<max_seats>\d+)\smax(?:,\s[\w\s]+)?\))?           # " (6 max)", " (6 max, deep)"
    \s-\s
    (?:(?P<game_first>[A-Za-z][^-]*?)\s-\s)?                    # 2013: "PL 5 Card Omaha Hi - "
    (?P<small>[$€£]?[\d,.]+)/(?P<big>[$€£]?[\d,.]+)             # "$0.01/$0.02", "40/80"
    (?:\sAnte\s(?P<ante>[$€£]?[\d,.]+))?                        # " Ante $0.50"
    \s-\s
    (?:(?P<cap>[$€£]?[\d,.]+)\sCap\s)?                          # "$2,000 Cap "
    (?:(?P<game>[^-]+?)\s-\s)?                                  # "Pot Limit Omaha Hi - "
    (?P<time>\d{1,2}:\d\d:\d\d)\s(?P<zone>[A-Z]+)\s-\s(?P<date>\d{4}/\d\d/\d\d)
    (?:\s\[(?P<et_time>\d{1,2}:\d\d:\d\d)\sET\s-\s          # " [11:00:14 ET - "
       (?P<et_date>\d{4}/\d\d/\d\d)\])?                          # "2012/11/06]"
    \s*$
    """,
    re.VERBOSE,
)
"""The header line, in its shapes:
"Full Tilt Poker Game #18932478237: Table Gaines (6 max) - $0.01/$0.02 - Pot Limit Omaha
Hi - 11:37:56 ET - 2010/03/03"; from 2011, the CET time first and the ET time in brackets
("- 17:00:14 CET - 2012/11/06 [11:00:14 ET - 2012/11/06]"); tournaments ("FullTiltPoker
Game #579366587: $200 + $10 Heads Up Sit & Go (3795352), Table 1 - 40/80 - Limit Omaha
H/L - ..."); cap games ("$25/$50 - $2,000 Cap Pot Limit Omaha Hi"); stud ("Table Hagan -
$3/$6 Ante $0.50 - Limit Stud Hi"); and 2013's play money, the game before the stakes
("Table .COM Play 6118 (6 max, deep) - PL 5 Card Omaha Hi - 5/10 - 14:39:50 ET")."""

COVERED_WORDS = ("omaha", "stud")
"""Words of a header that names a covered game: such a header that does not read is a
malformed hand, not an uncovered game."""

STRUCTURES: dict[str, Structure] = {
    "Pot Limit": Structure.POT_LIMIT,
    "PL": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
    "NL": Structure.NO_LIMIT,
    "Limit": Structure.LIMIT,
    "FL": Structure.LIMIT,
}
"""The structure words that start the header's game."""

GAMES: dict[str, Game] = {
    "Omaha": Game.OMAHA_HI,  # 2006: "Pot Limit Omaha" is Omaha high
    "Omaha Hi": Game.OMAHA_HI,
    "Omaha Hi/Lo": Game.OMAHA_HILO,
    "Omaha H/L": Game.OMAHA_HILO,
    "5 Card Omaha": Game.OMAHA5_HI,
    "5 Card Omaha Hi": Game.OMAHA5_HI,
    "5 Card Omaha Hi/Lo": Game.OMAHA5_HILO,
    "5 Card Omaha H/L": Game.OMAHA5_HILO,
    "Stud Hi": Game.STUD_HI,
    "Stud Hi/Lo": Game.STUD_HILO,
    "Stud H/L": Game.STUD_HILO,
}
"""The header's game words after the structure; any other ("Razz", "Hold'em", "Badugi",
"2-7 Triple Draw") is a game the tracker does not cover."""

TIMEZONE = "ET"
"""Full Tilt's reference clock: every header gives an Eastern time (alone, or in
brackets after the player's local time)."""

SEAT = re.compile(
    r"Seat (?P<seat>\d+): (?P<player>.+) \((?P<stack>[^()]+)\)(?P<out>, is sitting out)?$"
)
"""A seat line: "Seat 1: Hero ($2.09)", "Seat 5: Player1 (10,765), is sitting out"."""

STREETS: dict[str, Street] = {
    "HOLE CARDS": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
    "3RD STREET": Street.THIRD,
    "4TH STREET": Street.FOURTH,
    "5TH STREET": Street.FIFTH,
    "6TH STREET": Street.SIXTH,
    "7TH STREET": Street.SEVENTH,
    "SHOW DOWN": Street.SHOWDOWN,
}
"""The street lines' names ("*** TURN *** [3h 5s Qc] [5d]"), without a run's number
("*** TURN 2 ***")."""

STREET = re.compile(r"\*\*\* (?P<name>[A-Z0-9 ]+?)(?: (?P<run>[12]))? \*\*\*")
"""A street line's start: "*** FLOP *** [..]", "*** RIVER 2 *** [..] [..] (Total Pot: ..)"."""

POSTS: dict[str, ActionKind] = {
    "the small blind of": ActionKind.POST_SMALL_BLIND,
    "the big blind of": ActionKind.POST_BIG_BLIND,
    "a dead small blind of": ActionKind.POST_DEAD,
}
"""The words between "posts" and the amount; "posts $2.50" alone is a live big blind
posted out of turn (a player coming back in)."""

WINS = re.compile(
    r"""
    wins\s(?:the\s)?
    (?:(?P<half>high|low)\s)?                 # "the high ", "the low "
    (?:(?P<pot>main|side)\s)?                 # "main ", "side "
    pot
    (?:\s\#?(?P<number>\d+))?                 # run it twice: "pot 2"; "side pot #2"
    \s\((?P<amount>[^)]+)\)                   # "($41.05)"
    """,
    re.VERBOSE,
)
"""A payment: "wins the pot ($0.94) with three of a kind, Queens", "wins the high main
pot ($41.05) with ...", "wins the low side pot ($5) with 8,7,5,3,2", "wins the side pot
($76.35)", and, when the board was run twice, "wins pot 1 ($77.60)" (pot 1 for the first
board, pot 2 for the second)."""

HALVES = {"high": "hi", "low": "lo"}
"""The site's words for the halves of a split pot."""

TOTAL_POT = re.compile(
    r"""
    Total\ pot\ (?P<total>\S+)
    (?:\ Main\ pot\ (?P<main>\S+?)\.                            # " Main pot $85.10."
       (?P<sides>(?:\ Side\ pot(?:\ \#?\d+)?\ \S+?\.)+))?            # " Side pot $10."
    \ \|\ Rake\ (?P<rake>\S+)$
    """,
    re.VERBOSE,
)
"""The summary's pot line: "Total pot $1 | Rake $0.06", "Total pot $95.10 Main pot $85.10.
Side pot $10. | Rake $3"."""

SIDE_POT = re.compile(r" Side pot(?: #?\d+)? (\S+?)\.(?= |$)")
"""One side pot of the pot line: " Side pot $10."."""

SUMMARY_WON = re.compile(r"(?:won|collected|wins the (?:\w+ )*pot) \((?P<amount>[^)]+)\)")
"""What a summary seat line says was won: "won ($2,048.50)", "collected ($0.60)",
"wins the side pot ($76.35)"."""

TABLE_NEWS_PATTERN = (
    r"(?:[0-9]+ seconds left to act"
    r"|.+? (?:adds [^ ]+|sits down|stands up"
    r"|has (?:been disconnected|reconnected|returned|timed out|requested TIME)"
    r"|has [0-9]+ seconds left to act|is (?:sitting out|feeling [A-Za-z0-9_]+)"
    r"|\(Observer\):.*))"
)
"""Lines of players (seated or not) that say nothing of the hand's chips or cards: a
timer line without its player's name, "shasatipu adds $316", "sits down", "has
reconnected", "is feeling confused", "Hence (Observer): lolz" (a pattern both Python and
the column reader's RE2 read)."""
TABLE_NEWS = re.compile(TABLE_NEWS_PATTERN + "$")

PLAYER_NEWS = frozenset({"has", "is", "adds", "sits", "stands"})
"""The first words after a seated player's name of lines that say nothing of the hand:
"has 15 seconds left to act", "is low with [7s]", "adds $5", "sits down", "stands up",
"has requested TIME"."""
