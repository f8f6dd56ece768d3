"""The record of one simulated hand: the setup, the cards, the betting, the engine's
settlement, the payments as written, and the error injected into them, if any."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from tracker.engine.settle import Settlement
from tracker.engine.split import Award
from tracker.model import Game, Structure
from tracker.simulate.deal import Deal, TableStakes
from tracker.simulate.play import PlayedHand
from tracker.simulate.table import HandSetup


class ErrorKind(StrEnum):
    """The payout errors the simulator can write into a hand. Each one keeps the sum
    of the payments equal to the pot less the rake, and changes the totals of at least
    two players, so an audit comparing expected and reported payments per player finds
    it."""

    CENT_MOVED = "cent-moved"
    """One cent (one chip) of a collector's payment paid to another player at the showdown."""
    LOW_TO_WRONG_PLAYER = "low-to-wrong-player"
    """A pot's low half paid to another player eligible for that pot."""
    QUARTER_AS_HALF = "quarter-as-half"
    """In a quartered pot, one of the two tied players paid the whole half, the other none."""
    ODD_CHIP_TO_WRONG_PLAYER = "odd-chip-to-wrong-player"
    """The odd chip of a split (to the high half, or to the first tied player) paid to
    another winner of that pot."""
    SIDE_POT_TO_INELIGIBLE = "side-pot-to-ineligible"
    """A side pot paid to a player at the showdown who did not cover it."""


@dataclass(frozen=True, slots=True)
class InjectedError:
    """One payout error written into one hand.

    Attributes:
        kind: what went wrong.
        pot: the pot it touches (0 main pot, n side pot-n).
        detail: one line in words.
        delta: per player name, reported minus correct payment (non-zero entries only).
    """

    kind: ErrorKind
    pot: int
    detail: str
    delta: dict[str, int]


@dataclass(slots=True)
class SimulatedHand:
    """Everything about one simulated hand. Players are indexes in hand order.

    Attributes:
        setup: hand id, time, table, seats, names and starting stacks.
        game: the game dealt.
        structure: the betting structure.
        stakes: the stakes in cents (chips in tournaments).
        dealt: every card, including those never shown.
        played: the betting.
        rake: the rake taken from the pot.
        settlement: the engine's pots and correct awards.
        payments: the awards as written in the history (differs from
            `settlement.awards` only when `error` is set).
        error: the injected error, or None.
        mucked: players who reached the showdown and mucked instead of showing.
        hero: the player whose hole cards are dealt face up to the history's owner.
    """

    setup: HandSetup
    game: Game
    structure: Structure
    stakes: TableStakes
    dealt: Deal
    played: PlayedHand
    rake: int
    settlement: Settlement
    payments: tuple[Award, ...]
    error: InjectedError | None = None
    mucked: frozenset[int] = field(default_factory=frozenset)
    hero: int = 0

    def reported(self) -> list[int]:
        """Per player, the total of the payments as written."""
        totals = [0] * len(self.setup.names)
        for award in self.payments:
            totals[award.player] += award.amount
        return totals
