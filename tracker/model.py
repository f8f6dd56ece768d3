"""The hand model every parser produces and every consumer reads.

Frozen dataclasses, no I/O. Money is `int` in the site's smallest unit: cents for cash
games (play money too), chips for tournaments. Times are timezone-aware UTC; the zone the
site wrote is kept beside them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from tracker.cards import Card


class Game(StrEnum):
    """The games the product covers. The value is the name used on the command line."""

    OMAHA_HILO = "omaha-hilo"
    OMAHA5_HILO = "omaha5-hilo"
    COURCHEVEL_HILO = "courchevel-hilo"
    STUD_HILO = "stud-hilo"
    OMAHA_HI = "omaha-hi"
    OMAHA5_HI = "omaha5-hi"
    COURCHEVEL_HI = "courchevel-hi"
    STUD_HI = "stud-hi"

    @property
    def is_hilo(self) -> bool:
        """True for the 8-or-better split games."""
        return self.value.endswith("-hilo")

    @property
    def is_stud(self) -> bool:
        """True for seven-card stud (no board, no button)."""
        return self.value.startswith("stud")

    @property
    def hole_card_count(self) -> int:
        """Hole cards per player: 4 (Omaha), 5 (5-card Omaha, Courchevel), 7 (stud)."""
        if self.is_stud:
            return 7
        return 4 if self.value.startswith("omaha-") else 5


class Structure(StrEnum):
    """Betting structure."""

    LIMIT = "limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"


class Street(StrEnum):
    """Betting rounds, in the words hand histories use. Flop games use PREFLOP..RIVER
    (Courchevel's first flop card is shown during PREFLOP); stud uses THIRD..SEVENTH."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    THIRD = "third"
    FOURTH = "fourth"
    FIFTH = "fifth"
    SIXTH = "sixth"
    SEVENTH = "seventh"
    SHOWDOWN = "showdown"


class ActionKind(StrEnum):
    """What a player did. Posts put chips in before the betting."""

    POST_SMALL_BLIND = "post_small_blind"
    POST_BIG_BLIND = "post_big_blind"
    POST_SMALL_AND_BIG_BLIND = "post_small_and_big_blind"
    POST_ANTE = "post_ante"
    POST_DEAD = "post_dead"
    BRING_IN = "bring_in"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    COMPLETE = "complete"
    CASH_OUT = "cash_out"

    @property
    def puts_chips_in(self) -> bool:
        """True when the action's `amount` goes into the pot."""
        return self not in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CASH_OUT)


class CardSource(StrEnum):
    """How a card became known."""

    DEALT = "dealt"  # "Dealt to Hero [..]": the hero's hole cards, stud cards as dealt
    UP = "up"  # a stud up card seen on its street
    SHOWN = "shown"  # "shows [..]" at showdown
    MUCKED = "mucked"  # "mucks hand [..]" / summary "mucked [..]"
    SUMMARY = "summary"  # summary "showed [..]" only


@dataclass(frozen=True, slots=True)
class Stakes:
    """The stakes from the header. Pot- and no-limit fill the blinds; limit fills the
    small and big bet (and the blinds when the site states them); stud adds ante and
    bring-in. Absent parts are None."""

    small_blind: int | None = None
    big_blind: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    ante: int | None = None
    bring_in: int | None = None


@dataclass(frozen=True, slots=True)
class Tournament:
    """Tournament facts from the header; buy-in and fee in the buy-in currency's cents."""

    tournament_id: str
    buy_in: int | None
    fee: int | None
    currency: str | None
    level: str | None


@dataclass(frozen=True, slots=True)
class Seat:
    """A seated player at the start of the hand."""

    seat: int
    player: str
    stack: int
    sitting_out: bool = False


@dataclass(frozen=True, slots=True)
class Action:
    """One action, in the order of the hand.

    `amount` is what this action itself put in the pot (the increment); `to_amount` is
    the player's total on the street after a raise or complete ("raises $2 to $4" after
    posting $1: amount 300, to_amount 400). Posts, bets and calls leave `to_amount` None.
    """

    street: Street
    player: str
    kind: ActionKind
    amount: int = 0
    to_amount: int | None = None
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class KnownCards:
    """Cards known to belong to a player, and when and how they became known."""

    player: str
    street: Street
    source: CardSource
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Returned:
    """An uncalled bet given back ("Uncalled bet ($0.14) returned to toxic7")."""

    player: str
    amount: int


@dataclass(frozen=True, slots=True)
class Collection:
    """One payment the site reports ("bob collected $2.33 from side pot-1").

    `pot` is 0 for the main pot (or the only pot), n for side pot-n. `board` is 0, or 1
    for the second board of a run-it-twice hand. `half` is "hi" / "lo" when the site
    labels it, else None.
    """

    player: str
    amount: int
    pot: int = 0
    board: int = 0
    half: str | None = None


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """A seat's line of the summary: the text after the name, and the amount it says the
    player won (None when it says none)."""

    seat: int
    player: str
    text: str
    won: int | None


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as the site wrote it.

    Boards: one tuple of cards per run (two for run it twice); stud has none.
    `side_pots` lists the side pot amounts the summary gives (empty when one pot).
    """

    site: str
    hand_id: str
    game: Game
    structure: Structure
    stakes: Stakes
    currency: str | None
    play_money: bool
    tournament: Tournament | None
    table_name: str
    max_seats: int | None
    button_seat: int | None
    started_at: datetime
    site_timezone: str | None
    seats: tuple[Seat, ...]
    actions: tuple[Action, ...]
    known_cards: tuple[KnownCards, ...]
    boards: tuple[tuple[Card, ...], ...]
    returned: tuple[Returned, ...]
    collections: tuple[Collection, ...]
    total_pot: int | None
    main_pot: int | None
    side_pots: tuple[int, ...]
    rake: int | None
    jackpot_fee: int
    summaries: tuple[SeatSummary, ...]
    hero: str | None
    cancelled: bool = False
    added_money: int = 0
    source_file: str | None = None
    first_line: int | None = None
