"""The rows of the hand tables for a batch of hands, one tuple per row.

What the importer gathers between two commits and `tracker.store` writes: the `hands`
row of each hand and the rows of its seats, actions, cards, boards, collections,
returned bets and summary lines, in the columns the store's schemas give them (the store
adds each child row's `hand_id`, and its `sequence`, the row's place in its hand).

`add_hand` fills it from a `tracker.model.Hand`; a reader that builds no Hand can add its
rows directly (`add`), in the same columns.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from operator import attrgetter
from typing import Any, Final

from tracker.bookkeeping import inconsistency_or_none
from tracker.cards import Card
from tracker.model import Hand

HAND_COLUMNS: Final = (
    "hand_id", "game", "structure", "small_blind", "big_blind", "small_bet", "big_bet",
    "ante", "bring_in", "currency", "play_money", "tournament_id", "tournament_buy_in",
    "tournament_fee", "tournament_currency", "tournament_level", "table_name", "max_seats",
    "button_seat", "started_at", "site_timezone", "hero", "total_pot", "main_pot",
    "side_pots", "rake", "jackpot_fee", "cancelled", "source_file", "first_line",
    "chips_consistent", "inconsistency",
)  # fmt: skip
"""The `hands` columns, in the order of a hands row."""

CHILD_COLUMNS: Final[dict[str, tuple[str, ...]]] = {
    "seats": ("seat", "player", "stack", "sitting_out"),
    "actions": ("street", "player", "kind", "amount", "to_amount", "all_in"),
    "cards": ("player", "street", "source", "cards", "card_indexes"),
    "boards": ("cards", "card_indexes"),
    "collections": ("player", "amount", "pot", "board", "half"),
    "returned": ("player", "amount"),
    "summaries": ("seat", "player", "text", "won"),
}
"""The columns of each child table's rows, in order (without `hand_id` and `sequence`)."""

Row = tuple[Any, ...]


class HandRows:
    """The rows of a batch of hands.

    Attributes:
        sites: each hand's site.
        hands: each hand's `hands` row (`HAND_COLUMNS`).
        rows: each child table's rows, hand after hand (`CHILD_COLUMNS`).
        counts: each child table's number of rows of each hand.
    """

    def __init__(self) -> None:
        self.sites: list[str] = []
        self.hands: list[Row] = []
        self.rows: dict[str, list[Row]] = {table: [] for table in CHILD_COLUMNS}
        self.counts: dict[str, list[int]] = {table: [] for table in CHILD_COLUMNS}

    def __len__(self) -> int:
        return len(self.hands)

    def add(self, site: str, hand: Row, children: dict[str, list[Row]]) -> None:
        """Add one hand: its `hands` row and its rows of every child table."""
        self.sites.append(site)
        self.hands.append(hand)
        for table, rows in self.rows.items():
            found = children[table]
            rows.extend(found)
            self.counts[table].append(len(found))

    def add_hand(self, hand: Hand) -> None:
        """Add a `tracker.model.Hand`."""
        row = tuple(getter(hand) for getter in _HAND_GETTERS)
        inconsistency = inconsistency_or_none(hand)
        hand_row = (*row, inconsistency is None, inconsistency)
        children = {
            table: [tuple(getter(item) for getter in getters) for item in items_of(hand)]
            for table, (items_of, getters) in _CHILD_GETTERS.items()
        }
        self.add(hand.site, hand_row, children)

    def drop_last(self) -> None:
        """Remove the hand added last (the importer's duplicate check comes after)."""
        self.sites.pop()
        self.hands.pop()
        for table, rows in self.rows.items():
            count = self.counts[table].pop()
            if count:
                del rows[-count:]

    def hand_ids(self) -> list[str]:
        """Each hand's id, in order."""
        return [row[0] for row in self.hands]

    def started_at(self) -> list[datetime]:
        """Each hand's start (UTC)."""
        return [row[_STARTED_AT] for row in self.hands]


_STARTED_AT: Final = HAND_COLUMNS.index("started_at")


def card_text(cards: tuple[Card, ...]) -> str:
    """Cards as the store writes them: "As Kd 7h"."""
    return " ".join([card.text for card in cards])


def card_indexes(cards: tuple[Card, ...]) -> list[int]:
    """Cards as their indexes in the deck, as the store writes them."""
    return [card.index for card in cards]


_Getter = Callable[[Any], Any]


def _tournament(field: str) -> _Getter:
    getter = attrgetter(field)
    return lambda hand: None if hand.tournament is None else getter(hand.tournament)


# How each column is read from the model: from a Hand for `hands`, from one item (a
# Seat, an Action, ...) for the other tables. Enums are stored as their text: the
# model's enums are StrEnums, text themselves, taken as they are.
_HAND_PATHS: Final = {
    "hand_id": "hand_id", "game": "game", "structure": "structure",
    "small_blind": "stakes.small_blind", "big_blind": "stakes.big_blind",
    "small_bet": "stakes.small_bet", "big_bet": "stakes.big_bet",
    "ante": "stakes.ante", "bring_in": "stakes.bring_in", "currency": "currency",
    "play_money": "play_money", "table_name": "table_name", "max_seats": "max_seats",
    "button_seat": "button_seat", "started_at": "started_at",
    "site_timezone": "site_timezone", "hero": "hero", "total_pot": "total_pot",
    "main_pot": "main_pot", "side_pots": "side_pots", "rake": "rake",
    "jackpot_fee": "jackpot_fee", "cancelled": "cancelled", "source_file": "source_file",
    "first_line": "first_line",
}  # fmt: skip
_TOURNAMENT_FIELDS: Final = {
    "tournament_id": "tournament_id", "tournament_buy_in": "buy_in",
    "tournament_fee": "fee", "tournament_currency": "currency",
    "tournament_level": "level",
}  # fmt: skip
_HAND_GETTERS: Final = [
    _tournament(_TOURNAMENT_FIELDS[name])
    if name in _TOURNAMENT_FIELDS
    else attrgetter(_HAND_PATHS[name])
    for name in HAND_COLUMNS[:-2]  # the last two are the chip checks' verdict
]


def _known_cards_text(known: Any) -> str:
    return card_text(known.cards)


def _known_cards_indexes(known: Any) -> list[int]:
    return card_indexes(known.cards)


def _plain(*names: str) -> list[_Getter]:
    return [attrgetter(name) for name in names]


_CHILD_GETTERS: Final[dict[str, tuple[_Getter, list[_Getter]]]] = {
    "seats": (attrgetter("seats"), _plain(*CHILD_COLUMNS["seats"])),
    "actions": (attrgetter("actions"), _plain(*CHILD_COLUMNS["actions"])),
    "cards": (attrgetter("known_cards"),
              [*_plain("player", "street", "source"), _known_cards_text, _known_cards_indexes]),
    "boards": (attrgetter("boards"), [card_text, card_indexes]),
    "collections": (attrgetter("collections"), _plain(*CHILD_COLUMNS["collections"])),
    "returned": (attrgetter("returned"), _plain(*CHILD_COLUMNS["returned"])),
    "summaries": (attrgetter("summaries"), _plain(*CHILD_COLUMNS["summaries"])),
}  # fmt: skip
