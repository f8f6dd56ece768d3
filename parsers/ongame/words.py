"""OnGame's words: its header, table and pot lines, its game names, its halves.

Everything here is OnGame's own; the reading steps are in `parsers.ongame.lines`.
docs/sites/ongame.md describes the format line by line.
"""

from __future__ import annotations

import re
from datetime import timedelta

from tracker.model import ActionKind, Game, Street, Structure

HAND_START = re.compile(r"\*\*\*\*\* History for hand ")
"""The start of every hand's first line: "***** History for hand R5-81867677-656 *****"."""

# "***** History for hand R5-174523451-25 *****"
# '***** History for hand T5-330030241-1 (TOURNAMENT: "PL Omaha HL", R-186-1481,
#  buy-in: $1.20) *****'
HEADER = re.compile(
    r"""\*{5}\sHistory\sfor\shand\s(?P<hand_id>\S+)              # "R5-174523451-25"
    (?:\s\(TOURNAMENT:\s"(?P<tournament>[^"]*)",\s              # ' (TOURNAMENT: "PL Omaha HL", '
        (?P<tournament_id>[^,]+),\s                             # "R-186-1481, "
        buy-in:\s(?P<buy_in>[^)]+)\))?                          # "buy-in: $1.20)"
    \s\*{5}\s*$
    """,
    re.VERBOSE,
)
"""The hand's first line."""

END = "***** End of hand "
"""The start of a hand's last line: "***** End of hand R5-81867677-656 *****"."""

START = "Start hand: "
"""The second line: "Start hand: Mon Sep 13 00:26:26 GMT+0100 2010" (Java's date)."""

# "Table: Setif [174523451] (POT_LIMIT OMAHA_HI_LO $0.50/$0.50, Real money)"
# "Table: Table #3 [330030241] (POT_LIMIT OMAHA_HI_LO 10/20, Chips)"
# "Table: Milwaukee [82086688] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, Real money)"
TABLE = re.compile(
    r"""Table:\s(?P<name>.+)\s\[(?P<number>\d+)\]\s\(            # "Setif [174523451] ("
    (?P<structure>[A-Z_]+)\s(?P<game>[A-Z0-9_]+)\s               # "POT_LIMIT OMAHA_HI_LO "
    (?P<stakes>[^,\s]+)                                          # "$0.50/$0.50"
    (?:,\sante:\s(?P<ante>[^,\s]+))?                             # ", ante: $0.02"
    ,\s(?P<money>[^)]+)\)\s*$                                    # ", Real money)"
    """,
    re.VERBOSE,
)
"""The table line, the hand's third."""

GAMES: dict[str, Game] = {
    "OMAHA_HI_LO": Game.OMAHA_HILO,
    "OMAHA_HI": Game.OMAHA_HI,
    "SEVEN_CARD_STUD": Game.STUD_HI,
    "SEVEN_CARD_STUD_HI_LO": Game.STUD_HILO,
}
"""OnGame's game names (table line) and the games they are. Other names (HOLDEM, ...)
are games the tracker does not cover."""

STRUCTURES: dict[str, Structure] = {
    "POT_LIMIT": Structure.POT_LIMIT,
    "NO_LIMIT": Structure.NO_LIMIT,
    "LIMIT": Structure.LIMIT,
}
"""The betting structures as the table line writes them."""

MONEY: dict[str, bool] = {"Real money": False, "Chips": False, "Play money": True}
"""The table line's kind of money: True for play money. "Chips" is a tournament's."""

CURRENCIES: dict[str, str] = {"$": "USD", "€": "EUR", "£": "GBP"}
"""The currency symbols of cash stakes ("$0.05/$0.10")."""

# Java's `Date.toString()` writes the zone's short name of that date ("EEST" in summer)
# or, for a zone given as an offset, the offset itself ("GMT+0100"): either way the
# offset of that moment, so each name is a fixed offset.
ZONE_OFFSETS: dict[str, timedelta] = {
    "GMT": timedelta(0),
    "UTC": timedelta(0),
    "WET": timedelta(0),
    "WEST": timedelta(hours=1),
    "BST": timedelta(hours=1),
    "CET": timedelta(hours=1),
    "CEST": timedelta(hours=2),
    "EET": timedelta(hours=2),
    "EEST": timedelta(hours=3),
    "GST": timedelta(hours=4),
    "EST": timedelta(hours=-5),
    "EDT": timedelta(hours=-4),
}
"""The zone names Java writes, as offsets from UTC ("GST": Gulf Standard Time)."""

MONTHS: dict[str, int] = {
    name: number
    for number, name in enumerate(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
        start=1,
    )
}
"""Java's month abbreviations."""

# "Seat 1: KREST 78 (2065)", "Seat 3: nickgerm ($3.74)": the stack in the last brackets
SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<player>.*) \((?P<stack>.*)\)$")
"""A seat line."""

POSTS: dict[str, ActionKind] = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
}
"""What "posts ..." posts ("nickgerm posts small blind ($0.02)", "kueto posts ante $0.02")."""

STUD_STREETS: dict[str, Street] = {
    "Dealing 4th street": Street.FOURTH,
    "Dealing 5th street": Street.FIFTH,
    "Dealing 6th street": Street.SIXTH,
    "Dealing river": Street.SEVENTH,
}
"""Stud's street lines (third street is "Dealing pocket cards")."""

BOARD_STREETS: dict[str, Street] = {
    "flop": Street.FLOP,
    "turn": Street.TURN,
    "river": Street.RIVER,
}
"""Flop games' street lines: "--- Dealing flop [Ts, Th, 3h]", "--- Dealing turn [8d]"."""

BOARD_MARKER = "--- Dealing "
"""The start of a flop game's street line."""

POCKET_CARDS = "Dealing pocket cards"
"""The line before the hole cards (stud: third street)."""

ALL_IN = " [all in]"
"""The end of an action that puts a player all in ("calls 871 [all in]")."""

BRING_IN = "bring in "
"""The rest of a bring-in after "small" ("kueto small bring in $0.05")."""

# "Main pot: 6060 won by KREST 78 (3030 High), AApoKK (3030 Low)"
# "Side pot 1: 330 won by KREST 78 (165 High), LLIOPOXXX (165 Low)"
# "Main pot: $0.55 won by nickgerm ($0.27), XYXY26XYXY ($0.26)"
POT = re.compile(
    r"""(?:Main\spot|Side\spot\s(?P<side_pot>\d+)):\s           # "Main pot: ", "Side pot 1: "
    (?P<amount>\S+)\swon\sby\s                                   # "6060 won by "
    (?P<winners>.+)$                                             # "KREST 78 (3030 High), ..."
    """,
    re.VERBOSE,
)
"""A summary pot line and who was paid from it."""

HALVES: dict[str, str] = {"High": "hi", "Low": "lo"}
"""OnGame's half words in a payment ("3030 High"), as `Collection.half`."""

RAKE = "Rake taken: "
"""The summary's rake line: "Rake taken: $0.30" (tournaments: "$0")."""

# "Seat 3: nickgerm ($3.86), net: +$0.02, [7d, 6s, Ks, Jc] (TWO_PAIR KING, SEVEN)"
SUMMARY_CARDS = ", ["
"""Where a summary seat line's shown cards start."""
