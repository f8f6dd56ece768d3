"""Cake Poker's patterns and words: the header's parts, the seat lines, the street
markers, the games and betting structures, and the payments.

The header is one line of parts joined by " -- " ("Hand#2999013495000096 - Odesa
(6-Max) 13495 -- €0,04/€0,08 PL Omaha -- 2012-06-21 - 05:30:58"); player lines are
"<player>: <verb> ..." ("Hero: raises to 60"), the payments "<player> wins ..." without
the colon; there is no summary. A player who shows the amounts in another currency gets
each amount converted after it ("$0,05 (EUR €0,04)"). Everything here is Cake's own;
the reading steps are in `parsers.cake.lines`.
"""

from __future__ import annotations

import re

from tracker.model import ActionKind, Game, Street, Structure

HAND_START = re.compile(r"Hand#[0-9A-Z]+ - ")
"""The start of every hand's first line: "Hand#3389E587C7000012 - ..."."""

PART_SEPARATOR = " -- "
"""What joins the header's parts."""

HAND_ID = re.compile(r"Hand#(?P<hand_id>[0-9A-Z]+) - (?P<title>.+)$")
"""The header's first part: the hand id, then the table's name ("Odesa (6-Max) 13495")
or the tournament's ("$5 Heads-up PL Omaha Hi-Lo Turbo T15042503")."""

# "0/10/20 PL OmahaHiLo", "€0,04/€0,08 PL Omaha"
GAME = re.compile(r"(?P<stakes>\S+) (?P<structure>[A-Z]{2}) (?P<game>\S+)$")
"""The header's part before the date: stakes, structure, game."""

# "2013/07/16 - 10:38:40", "2012-06-21 - 05:30:58"
DATE = re.compile(
    r"(?P<year>\d{4})[/-](?P<month>\d\d)[/-](?P<day>\d\d) - "
    r"(?P<hour>\d\d):(?P<minute>\d\d):(?P<second>\d\d)\s*$"
)
"""The header's last part, the start time (no zone written)."""

TIMEZONE = "ET"
"""The zone the header's times are read in: Cake writes none (FPDB reads them as ET;
nothing in the files says otherwise)."""

BUY_IN = re.compile(r"(?P<buy_in>[^\s+]+) \+ (?P<fee>[^\s+]+)$")
"""A tournament's buy-in part: "$5 + $0.25"."""

TOURNAMENT_ID = re.compile(r"\bT(?P<tournament>\d+)$")
"""The tournament number ending a tournament's title: "... Turbo T15042503"."""

MAX_SEATS = re.compile(r"(?:\((?P<cash>\d+)-Max\)|^(?P<tournament>\d+) Max$)")
"""The table size: "Odesa (6-Max) 13495"; a tournament's part "2 Max"."""

GAMES: dict[str, Game] = {
    "Omaha": Game.OMAHA_HI,
    "OmahaHiLo": Game.OMAHA_HILO,
}
"""Cake's game words (header) and the games they are. Other words ("Holdem", ...) are
games the tracker does not cover."""

STRUCTURES: dict[str, Structure] = {
    "PL": Structure.POT_LIMIT,
    "NL": Structure.NO_LIMIT,
}
"""The betting structures as the header writes them."""

CURRENCIES: dict[str, str] = {"$": "USD", "€": "EUR", "£": "GBP"}
"""The currency symbols amounts start with."""

DECIMAL_COMMA = re.compile(r"\d,\d\d(?!\d)")
"""Stakes written with a decimal comma ("€0,04"): the hand's amounts are then written
so ("$21,89"); otherwise a comma parts the thousands ("1,640 in chips")."""

DEALER = re.compile(r"Dealer: Seat (?P<seat>\d+)\s*$")
"""The line after the header: "Dealer: Seat 8"."""

# "Seat 3: Player0 (1,640 in chips)", "Seat 1: Player0 ($21,89 in chips)  (EUR €17,29)"
SEAT = re.compile(
    r"Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>[^()]+) in chips\)"
    r"(?P<conversion>\s+\([A-Z]{3} [^()]*\))?\s*$"
)
"""A seat line; a converted hand adds the stack in the player's display currency."""

CONVERSION = re.compile(r"\s+\([A-Z]{3} [^()]*\)\s*$")
"""An amount converted to the player's display currency, after the amount: " (EUR
€0,04)"; the amount before it is the table's."""

STREETS: dict[str, Street] = {
    "*** FLOP ***": Street.FLOP,
    "*** TURN ***": Street.TURN,
    "*** RIVER ***": Street.RIVER,
}
"""The street markers, each with the street's new cards: "*** TURN *** [8h]"."""

SHOWDOWN = "***SHOW DOWN***"
"""The showdown marker (no spaces), written in every hand before its payments."""

POSTS: dict[str, ActionKind] = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
}
"""What "posts ..." posts ("Hero: posts small blind 10")."""

UNCALLED = "uncalled bet "
"""After "returns ": "Hero: returns uncalled bet 10"."""

# "wins high pot 327 with Pair of Aces", "wins low pot 327 with", "wins high pot 20",
# "wins $3,55 with Two Pairs Aces and Queens   (EUR €2,80)"
WINS = re.compile(r"wins (?:(?P<half>high|low) pot )?(?P<amount>[^\s(]+)(?: with\b.*)?$")
"""A payment: the rest of "<player> wins ..."; hi/lo pots name their half."""

HALVES: dict[str, str] = {"high": "hi", "low": "lo"}
"""Cake's half words, as `Collection.half`."""

NO_LOW = "There is no low hand"
"""A hi/lo hand's line when no low qualified."""
