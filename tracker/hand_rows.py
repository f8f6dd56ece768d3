"""The rows of the hand tables for a batch of hands, one tuple per row.

What the importer gathers between two commits and `tracker.store` writes: the `hands`
row of each hand and the rows of its seats, actions, cards, boards, collections,
returned bets and summary lines, in the columns the store's schemas give them (the store
adds each child row's `hand_id`, and its `sequence`, the row's place in its hand).

`add_hand` fills it from a `tracker.model.Hand`; a reader that builds no Hand adds its
rows directly, in the same columns (`add`, or `add_read` when the chip checks are still to
run), and `hand_from_rows` turns such rows back into the `Hand` they stand for. A reader
that reads many hands at once into Arrow tables adds them as one `HandBlock`
(`add_block`): the batch holds tuple rows and blocks side by side.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from operator import attrgetter
from typing import Any, Final, TypeVar

from tracker.bookkeeping import inconsistency_or_none, pot_discrepancies
from tracker.cards import DECK, Card
from tracker.model import (
    Action,
    ActionKind,
    Collection,
    Hand,
    KnownCards,
    Returned,
    Seat,
    SeatSummary,
    Stakes,
    Tournament,
)
from tracker.schema import CHILD_COLUMNS, HAND_COLUMNS

Row = tuple[Any, ...]
Children = dict[str, list[Row]]
"""A hand's rows of every child table (`CHILD_COLUMNS`), by table."""


class HandRows:
    """The tuple rows of a batch of hands (`add`, `add_hand`, `add_read`); a
    `tracker.hand_block.HandBatch` adds blocks of Arrow tables beside them.

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
        """The number of hands."""
        return len(self.hands)

    def add(self, site: str, hand: Row, children: Children) -> None:
        """Add one hand: its `hands` row and its rows of every child table."""
        self.sites.append(site)
        self.hands.append(hand)
        for table, rows in self.rows.items():
            found = children[table]
            rows.extend(found)
            self.counts[table].append(len(found))

    def between(self, start: int, stop: int) -> HandRows:
        """The hands from place `start` to `stop` (excluded), as rows of their own."""
        part = HandRows()
        part.sites, part.hands = self.sites[start:stop], self.hands[start:stop]
        for table, rows in self.rows.items():
            counts = self.counts[table]
            first = sum(counts[:start])
            part.counts[table] = counts[start:stop]
            part.rows[table] = rows[first : first + sum(part.counts[table])]
        return part

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

    def add_read(self, site: str, hand: Row, children: Children) -> None:
        """Add one hand as a reader read it: its `hands` row without the last two
        columns (the chip checks' verdict), which this computes from the rows, as
        `add_hand` does from a Hand."""
        inconsistency = rows_inconsistency_or_none(hand, children)
        self.add(site, (*hand, inconsistency is None, inconsistency), children)

    def drop_last(self) -> None:
        """Remove the tuple rows' last hand (the importer's duplicate check comes after)."""
        self.sites.pop()
        self.hands.pop()
        for table, rows in self.rows.items():
            count = self.counts[table].pop()
            if count:
                del rows[-count:]

    def clear(self) -> None:
        """Remove every hand (a reader adding to this batch goes on adding to it)."""
        self.sites.clear()
        self.hands.clear()
        for table, rows in self.rows.items():
            rows.clear()
            self.counts[table].clear()

    def hand_ids(self) -> list[str]:
        """Each hand's id of the tuple rows, in order (a block has its own `hand_ids`)."""
        return [row[0] for row in self.hands]

    def started_at(self) -> list[datetime]:
        """Each hand's start (UTC) of the tuple rows, in order."""
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
    "jackpot_fee": "jackpot_fee", "added_money": "added_money", "cancelled": "cancelled",
    "source_file": "source_file", "first_line": "first_line",
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


# Where the chip checks and `hand_from_rows` find what they read in a `hands` row.
_COLUMN = {name: index for index, name in enumerate(HAND_COLUMNS)}
_NO_CHIPS_IN: Final = frozenset(kind for kind in ActionKind if not kind.puts_chips_in)
_ACTION_KIND: Final = CHILD_COLUMNS["actions"].index("kind")
_ACTION_AMOUNT: Final = CHILD_COLUMNS["actions"].index("amount")


def rows_inconsistency_or_none(hand: Row, children: Children) -> str | None:
    """`tracker.bookkeeping.inconsistency_or_none` of the hand these rows stand for.

    Args:
        hand: the `hands` row (the chip checks' own two columns may be absent).
        children: the hand's rows of every child table.
    """
    if hand[_COLUMN["cancelled"]]:
        return None
    total_pot = hand[_COLUMN["total_pot"]]
    if total_pot is None:
        return "the hand gives no total pot"
    reasons = pot_discrepancies(
        total_pot,
        contributed=sum(
            [
                row[_ACTION_AMOUNT]
                for row in children["actions"]
                if row[_ACTION_KIND] not in _NO_CHIPS_IN
            ]
        ),
        returned=sum([row[1] for row in children["returned"]]),
        collected=sum([row[1] for row in children["collections"]]),
        rake=hand[_COLUMN["rake"]] or 0,
        jackpot_fee=hand[_COLUMN["jackpot_fee"]],
        added_money=hand[_COLUMN["added_money"]],
        main_pot=hand[_COLUMN["main_pot"]],
        side_pots=hand[_COLUMN["side_pots"]],
    )
    return "; ".join(reasons) if reasons else None


def hand_from_rows(site: str, hand: Row, children: Children) -> Hand:
    """The `tracker.model.Hand` that a hand's rows stand for: the inverse of `add_hand`
    (the chip checks' verdict, when the row has it, is not part of a Hand).

    Args:
        site: the hand's site.
        hand: the `hands` row.
        children: the hand's rows of every child table.
    """
    (hand_id, game, structure, small_blind, big_blind, small_bet, big_bet, ante, bring_in,
     currency, play_money, tournament_id, buy_in, fee, tournament_currency, level,
     table_name, max_seats, button_seat, started_at, site_timezone, hero, total_pot,
     main_pot, side_pots, rake, jackpot_fee, added_money, cancelled, source_file,
     first_line) = hand[:_HAND_FIELDS]  # fmt: skip
    stakes = _STAKES.get(hand[3:9])
    if stakes is None:
        if len(_STAKES) >= _STAKES_LIMIT:
            _STAKES.clear()
        stakes = _STAKES[hand[3:9]] = Stakes(
            small_blind, big_blind, small_bet, big_bet, ante, bring_in
        )
    tournament = None
    if tournament_id is not None:
        tournament = Tournament(tournament_id, buy_in, fee, tournament_currency, level)
    return Hand(
        site=site, hand_id=hand_id, game=game, structure=structure, stakes=stakes,
        currency=currency, play_money=play_money, tournament=tournament,
        table_name=table_name, max_seats=max_seats, button_seat=button_seat,
        started_at=started_at, site_timezone=site_timezone,
        seats=_items(Seat, _SEATS, children["seats"]),
        actions=_items(Action, _ACTIONS, children["actions"]),
        known_cards=tuple([
            KnownCards(player, street, source, _cards(indexes))
            for player, street, source, _, indexes in children["cards"]
        ]),
        boards=tuple([_cards(indexes) for _, indexes in children["boards"]]),
        returned=tuple([Returned(*row) for row in children["returned"]]),
        collections=tuple([Collection(*row) for row in children["collections"]]),
        total_pot=total_pot, main_pot=main_pot, side_pots=tuple(side_pots), rake=rake,
        jackpot_fee=jackpot_fee,
        summaries=_items(SeatSummary, _SUMMARIES, children["summaries"]),
        hero=hero, cancelled=cancelled, added_money=added_money, source_file=source_file,
        first_line=first_line,
    )  # fmt: skip


_HAND_FIELDS: Final = len(HAND_COLUMNS) - 2
_STAKES_LIMIT: Final = 5_000
_STAKES: dict[Row, Stakes] = {}  # the stakes columns of a row -> their Stakes, shared


# The model's items are immutable: the same row (a reader's line caches give the same
# rows again and again) gives the same item, built once.
_ITEMS_LIMIT: Final = 20_000
_T = TypeVar("_T")
_SEATS: dict[Row, Seat] = {}
_ACTIONS: dict[Row, Action] = {}
_SUMMARIES: dict[Row, SeatSummary] = {}


def _items(make: Callable[..., _T], known: dict[Row, _T], rows: list[Row]) -> tuple[_T, ...]:
    items = []
    for row in rows:
        item = known.get(row)
        if item is None:
            if len(known) >= _ITEMS_LIMIT:
                known.clear()
            item = known[row] = make(*row)
        items.append(item)
    return tuple(items)


def _cards(indexes: list[int]) -> tuple[Card, ...]:
    return tuple([DECK[index] for index in indexes])
