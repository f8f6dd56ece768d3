"""Microgaming's words: its game and limit names, its action types, its cards.

Everything here is Microgaming's own; the reading steps are in
`parsers.microgaming.game`. docs/sites/microgaming.md describes the format.
"""

from __future__ import annotations

import re

from tracker.cards import DECK, Card
from tracker.model import ActionKind, Game, Street, Structure

HAND_START = re.compile(r"<Game\s+hhversion=")
"""The start of every hand's element: '<Game hhversion="5" id="5959022064" ...>'."""

GAMES: dict[str, Game] = {
    "Omaha": Game.OMAHA_HI,
    "Omaha H/L": Game.OMAHA_HILO,
}
"""The `gametype` attribute of the games covered ("Hold'em" and the rest are not)."""

STRUCTURES: dict[str, Structure] = {
    "PL": Structure.POT_LIMIT,
    "NL": Structure.NO_LIMIT,
    "FL": Structure.LIMIT,
    "L": Structure.LIMIT,
}
"""The `betlimit` attribute."""

CURRENCIES: dict[str, str] = {"€": "EUR", "$": "USD", "£": "GBP"}
"""The `currencysymbol` attribute, once decoded (base64 of UTF-16LE: "rCA=" is "€")."""

BLINDS: dict[str, ActionKind] = {
    "SmallBlind": ActionKind.POST_SMALL_BLIND,
    "BigBlind": ActionKind.POST_BIG_BLIND,
}
"""Posts by their action type; "PostedToPlay" (a new player's post) is read apart."""

BOARD_DEALS: dict[str, Street] = {
    "DealFlop": Street.FLOP,
    "DealTurn": Street.TURN,
    "DealRiver": Street.RIVER,
}
"""The actions that deal the board, and the street each begins."""

NO_CHIPS = frozenset({"MuckCards"})
"""Action types that say nothing of chips or cards the reader needs."""

CARDS: dict[tuple[str, str], Card] = {
    (word, card.suit.symbol): card
    for card in DECK
    for word in (card.rank.symbol, "10" if card.rank.symbol == "T" else card.rank.symbol)
}
"""Cards by their `value` and `suit` attributes: ("10", "d") is Td, ("A", "h") Ah."""
