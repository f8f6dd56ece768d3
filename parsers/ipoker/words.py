"""iPoker's words: its game line, its action types, its streets and its cards.

Everything here is iPoker's own; the reading steps are in `parsers.ipoker.game`.
docs/sites/ipoker.md describes the format.
"""

from __future__ import annotations

import re

from tracker.cards import DECK, Card
from tracker.model import Street, Structure

HAND_START = re.compile(r"<game\s+gamecode=")
"""The start of every hand's element: '<game gamecode="3595391256">'."""

# "PL €0.05/€0.10", "Omaha PL €0.10/€0.20", "Omaha Pot limit $100.00/$200.00 Ante $0.00",
# "7 Card Stud L $0.05/$0.10", "7 Card Stud Hi-Lo L €0.05/€0.10"
GAME_TYPE = re.compile(
    r"""(?P<game>.*?)\s*                                    # "7 Card Stud Hi-Lo", or none
    (?P<limit>PL|NL|FL|L|Pot\slimit|No\slimit|Fixed\slimit|Limit)\s+   # "PL", "Pot limit"
    (?P<small>[^/\s]+)/(?P<big>[^/\s]+)                     # "€0.05/€0.10"
    (?:\s+Ante\s+(?P<ante>\S+))?\s*$                        # " Ante $0.00"
    """,
    re.VERBOSE | re.IGNORECASE,
)
"""The session's `<gametype>`."""

STRUCTURES: dict[str, Structure] = {
    "pl": Structure.POT_LIMIT,
    "pot limit": Structure.POT_LIMIT,
    "nl": Structure.NO_LIMIT,
    "no limit": Structure.NO_LIMIT,
    "l": Structure.LIMIT,
    "fl": Structure.LIMIT,
    "limit": Structure.LIMIT,
    "fixed limit": Structure.LIMIT,
}
"""The limit words of `<gametype>`, lower-cased."""

FLOP_GAMES = ("", "omaha", "omaha hi-lo", "omaha hi/lo")
"""Game words of the flop games read ("" in newer files, which name no game: the
number of pocket cards says which Omaha, or that it is Hold'em, not read)."""

STUD_GAMES = ("7 card stud", "7 card stud hi-lo", "7 card stud hi/lo")
"""Game words of stud."""

HILO_WORDS = ("hi-lo", "hi/lo")
"""A game word holding one of these is the 8-or-better split game."""

FOLD, SMALL_BLIND, BIG_BLIND, CALL, CHECK, BET, ALL_IN, ANTE, BRING_IN, RAISE_TO = (
    "0", "1", "2", "3", "4", "5", "7", "15", "16", "23",
)  # fmt: skip
"""The `type` of an `<action>`. Every `sum` is what the action adds, except RAISE_TO's,
the player's total on the street after it."""

FLOP_STREETS: dict[str, Street] = {
    "0": Street.PREFLOP,
    "1": Street.PREFLOP,
    "2": Street.FLOP,
    "3": Street.TURN,
    "4": Street.RIVER,
}
"""`<round no="...">` of a flop game: 0 the blinds, 1 the pre-flop betting, ..."""

STUD_STREETS: dict[str, Street] = {
    "0": Street.THIRD,
    "1": Street.THIRD,
    "2": Street.THIRD,
    "3": Street.FOURTH,
    "4": Street.FIFTH,
    "5": Street.SIXTH,
    "6": Street.SEVENTH,
}
"""`<round no="...">` of stud: 0 the antes, 1 empty, 2 third street, ..."""

BOARD_CARDS = frozenset({"Flop", "Turn", "River"})
"""`<cards type="...">` of the board (without a player)."""

STUD_CARDS = frozenset({"Third Street", "Fourth Street", "Fifth Street", "Sixth Street", "River"})
"""`<cards type="..." player="...">` of a stud player ("River" is seventh street)."""

HIDDEN = frozenset({"X", "x"})
"""A card not shown ("X X X X")."""

CARDS: dict[str, Card] = {
    suit + rank: card
    for card in DECK
    for suit in (card.suit.symbol.upper(),)
    for rank in (card.rank.symbol, "10" if card.rank.symbol == "T" else card.rank.symbol)
}
"""Cards as iPoker writes them, suit first: "S9", "H10", "DA"."""

CURRENCY_SIGNS = "$€£"
"""Signs written before amounts ("€0.10", "$1,000.00")."""
