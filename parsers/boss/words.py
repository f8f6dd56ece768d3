"""Boss Media's words: its games, limits, actions, boards and halves.

Everything here is Boss's own; the reading steps are in `parsers.boss.reader`.
docs/sites/boss.md describes the format element by element.
"""

from __future__ import annotations

import re

from tracker.cards import Card, parse_card
from tracker.model import ActionKind, Game, Street, Structure

HAND_START = re.compile(r"<HISTORY\s+ID=\"")
"""The start of a hand's element: '<HISTORY ID="2907049023" SESSION="session648333360.xml"'."""

GAMES: dict[str, Game] = {
    "GAME_OMA": Game.OMAHA_HI,
    "GAME_OMAHL": Game.OMAHA_HILO,
    # "Franz 1", 2009: four hole cards, paid high only; Boss's fast-fold or turbo
    # Omaha tables: Omaha high, read as such
    "GAME_OMATU": Game.OMAHA_HI,
}
"""A hand's game by its `GAME` attribute; any other game is skipped, naming it."""

STRUCTURES: dict[str, Structure] = {"PL": Structure.POT_LIMIT}
"""The `LIMIT` attribute: only pot-limit is in the files; any other is an error, never
a guess."""

BLINDS: dict[str, ActionKind] = {
    "HAND_SB": ActionKind.POST_SMALL_BLIND,
    "HAND_BB": ActionKind.POST_BIG_BLIND,
}
"""A `HAND_BLINDS` action by its `KIND`."""

BOARDS: dict[str, Street] = {
    "BOARD_FLOP": Street.FLOP,
    "BOARD_TURN": Street.TURN,
    "BOARD_RIVER": Street.RIVER,
}
"""A `HAND_BOARD` action by its `VALUE`: the street it starts (its cards: the whole board)."""

HALVES: dict[str, str] = {"WINTYPE_HI": "hi", "WINTYPE_LO": "lo"}
"""A `<RESULT WINTYPE=..>`: the half the payment is for (no WINTYPE: the whole pot)."""

HIDDEN_CARD = "b"
"""A card face down: '<CARD LINK="b">'."""

_RANKS = "A23456789TJQK"
_SUITS = "cdhs"
CARDS: dict[str, Card] = {
    str(link): parse_card(_RANKS[link % 13] + _SUITS[link // 13]) for link in range(52)
}
"""Cards by their `LINK` number: 13 a suit, ace first (0 the ace, 12 the king), read
from the hands' own names of them (2907049023: links 51, 38, 12 are "three of a kind
kings"; 2907049756: 8-5-3-2-A from links 7, 4, 2, 1, 13). Which suit is which is not
written anywhere: clubs, diamonds, hearts, spades in that order is a naming choice,
which no payout depends on (flop games rank no suit)."""
