"""PKR's words: its header lines, game and money words, posts, payments and table news.

Everything here is PKR's own; the reading steps are in `parsers.pkr.lines`.
docs/sites/pkr.md describes the format line by line.
"""

from __future__ import annotations

import re

from tracker.model import ActionKind, Game, Street, Structure

HAND_START = re.compile(r"Table #\d+ - ")
"""The start of every hand's first line: "Table #44913344 - Eumelus"."""

SECOND_LINE = "Starting Hand #"
"""The start of every hand's second line ("Starting Hand #2080628024"): detection asks
for both lines, so that another site's "Table #1 - ..." line is not taken for PKR's."""

TIMEZONE = "GMT"
"""The zone the start times are read in: the files write none (see docs/sites/pkr.md)."""

HEADER_KEYS: tuple[str, ...] = (
    "Starting Hand #",
    "Start time of hand: ",
    "Last Hand ",
    "Game Type: ",
    "Limit Type: ",
    "Table Type: ",
    "Money Type: ",
    "Blinds are now ",
    "Button is at seat ",
)
"""The header's lines after the table line, each "<key><value>", before the seats."""

GAMES: dict[str, Game] = {
    "OMAHA": Game.OMAHA_HI,
    "OMAHA HI/LO": Game.OMAHA_HILO,
}
"""PKR's game types ("Game Type: OMAHA HI/LO"). Others (TEXAS HOLD'EM, ...) are games the
tracker does not cover."""

STRUCTURES: dict[str, Structure] = {
    "POT LIMIT": Structure.POT_LIMIT,
    "NO LIMIT": Structure.NO_LIMIT,
    "FIXED LIMIT": Structure.LIMIT,
    "LIMIT": Structure.LIMIT,
}
"""The limit types ("Limit Type: POT LIMIT")."""

REAL_MONEY = "REAL MONEY"
PLAY_MONEY = "PLAY MONEY"
TOURNAMENT_CHIPS = "TOURNAMENT CHIPS"
"""The money types ("Money Type: TOURNAMENT CHIPS"): cents for real money, whole chips
for the other two."""

CURRENCIES: dict[str, str] = {"$": "USD", "€": "EUR", "£": "GBP"}
"""The currency of a real-money table, from the symbol of its blinds ("$0.02 / $0.04")."""

MONTHS: dict[str, int] = {
    name: number
    for number, name in enumerate(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
        start=1,
    )
}
"""The month names of "Start time of hand: 12 May 2012 03:37:34"."""

# "Seat 2: Player1 - $2.88", "Seat 1: Player0 - $4.06 (away from table)"
SEAT = re.compile(
    r"Seat (?P<seat>\d+): (?P<player>.+?) - (?P<stack>[$€£]?[\d,.]+)"
    r"(?P<out> \(away from table\))?$"
)
"""A seat line: before the dealing the starting stacks, after the payments the final ones."""

STREETS: dict[str, Street] = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
"""The boards dealt: "Dealing Flop [7 h][9 c][2 c]", "Dealing Turn [A h]"."""

POSTS: dict[str, ActionKind] = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
}
"""What "posts ... (amount)" posts ("Player3 posts small blind ($0.02)")."""

ALL_IN = " (all-in)"
"""The end of an action that puts a player all in ("calls 1,090 (all-in)")."""

# "wins $0.13 with: Straight, Jack high", "wins 135 from side pot #1 with high hand:
#  Straight, 8 high", "ties $34.75 with low hand: A2345"
PAYMENT = re.compile(
    r"""(?P<amount>[$€£]?[\d,.]+)
    (?:\sfrom\s(?:side\spot\s\#(?P<side_pot>\d+)|main\spot))?  # " from side pot #1"
    (?:\swith(?:\s(?P<half>high|low)\shand)?:.*)?$           # " with low hand: A2345"
    """,
    re.VERBOSE,
)
"""A payment: the rest of "<player> wins ..." or "<player> ties ..."."""

HALVES: dict[str, str] = {"high": "hi", "low": "lo"}
"""The halves a payment names ("with high hand:"), as `Collection.half`."""

# "Taking Rake of $0.02 from pot 1"
RAKE = re.compile(r"Taking Rake of (?P<amount>[$€£]?[\d,.]+) from pot (?P<pot>\d+)$")
"""The rake taken from one pot (pots numbered from 1, the main pot)."""

# "Returning 710 to Hero uncalled"
RETURNING = re.compile(r"Returning (?P<amount>[$€£]?[\d,.]+) to (?P<player>.+) uncalled$")
"""An uncalled bet given back (PKR writes some, not all: the others are inferred)."""

DEALER_WORDS = frozenset(
    {"Dealing", "Pot", "Taking", "Returning", "Moving", "Shuffling", "There", "Seat", "End"}
)
"""The first words of the dealer's lines ("Dealing Flop [..]", "Pot sizes: $0.15"): a
line starting with one of them (and no seated player's name) is the dealer's, read
without looking for a player's name."""

TABLE_NEWS = ("Shuffling Deck", "There is no qualifying low hand")
"""Lines of the dealer that say nothing of the chips or cards."""

# "Player11 brings 1,020 to table 45061966", "Player11 has joined from Tournament Table #74"
ARRIVAL = re.compile(
    r".+ (?:brings [$€£]?[\d,.]+ to table \d+|has joined from Tournament Table #\d+)$"
)
"""A player arriving at the table for the next hand: not seated in this one."""

HAS_NEWS = (
    "low hand: ",
    "no qualifying low hand",
    "requested more time",
    "High Card",
    "One Pair",
    "Two Pairs",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Royal Flush",
)
"""What "<player> has ..." may say: the hand a player makes ("has Two Pairs: Aces, 8s",
"has low hand: A2345", "has no qualifying low hand"), or "has requested more time"."""

EMOTE = re.compile(r"[a-z]+s\.$")
"""An emote after a seated player's name: "Player6 yawns.", "Player2 cheers."."""

TIMED_OUT = "did not respond in time and is folded"
"""Said before the "folds" line of a player who timed out."""
