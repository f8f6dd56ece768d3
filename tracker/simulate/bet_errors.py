"""Illegal actions played into chosen hands, for testing the betting-legality audit.

Unlike a payout error, an illegal action is played: the table makes it when the chance
comes and the hand goes on from it, so the chips stay consistent and the payout is the
right one for the chips put in. The kinds, each where its structure allows it:

    - limit-raise-size: a limit bet or raise half a bet too big (limit, stud);
    - limit-past-cap: a raise after the cap (limit, stud);
    - pot-limit-over-maximum: a raise a big blind past the pot-limit maximum;
    - no-limit-under-minimum: a raise less than the last full raise, not all in;
    - wrong-bring-in: stud's bring-in by the highest door card, not the lowest;
    - wrong-completion: stud's completion half a small bet past the small bet.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tracker.model import Game, Street, Structure


class BetErrorKind(StrEnum):
    """The illegal actions the simulator can play."""

    LIMIT_RAISE_SIZE = "limit-raise-size"
    LIMIT_PAST_CAP = "limit-past-cap"
    POT_LIMIT_OVER_MAXIMUM = "pot-limit-over-maximum"
    NO_LIMIT_UNDER_MINIMUM = "no-limit-under-minimum"
    WRONG_BRING_IN = "wrong-bring-in"
    WRONG_COMPLETION = "wrong-completion"


@dataclass(frozen=True, slots=True)
class IllegalAction:
    """The illegal action played into a hand.

    Attributes:
        kind: what was illegal.
        street: the street it was played on.
        player: the player (an index in hand order).
        amount: the street total it went to (the bring-in: what it put in).
        allowed: the amount the rules allowed (None for a bring-in by the wrong player).
    """

    kind: BetErrorKind
    street: Street
    player: int
    amount: int
    allowed: int | None


def bet_error_kinds(game: Game, structure: Structure) -> tuple[BetErrorKind, ...]:
    """The illegal actions a game and structure can be given.

    >>> [kind.value for kind in bet_error_kinds(Game.OMAHA_HILO, Structure.POT_LIMIT)]
    ['pot-limit-over-maximum']
    >>> len(bet_error_kinds(Game.STUD_HI, Structure.LIMIT))
    4
    """
    if game.is_stud:
        return (
            BetErrorKind.WRONG_BRING_IN,
            BetErrorKind.WRONG_COMPLETION,
            BetErrorKind.LIMIT_PAST_CAP,
            BetErrorKind.LIMIT_RAISE_SIZE,
        )
    if structure is Structure.LIMIT:
        return (BetErrorKind.LIMIT_PAST_CAP, BetErrorKind.LIMIT_RAISE_SIZE)
    if structure is Structure.POT_LIMIT:
        return (BetErrorKind.POT_LIMIT_OVER_MAXIMUM,)
    return (BetErrorKind.NO_LIMIT_UNDER_MINIMUM,)


class BetErrorPlanner:
    """Which hands are to get an illegal action, and which kind.

    Each hand adds `rate` to a running balance; while it is at least one, the next hand
    is given the kind used least so far (the commonest kind, listed last, once a second
    one is due), and the balance goes down by one when the hand played it (a hand with
    no chance for it, say no raise after the cap, passes it on).
    """

    def __init__(self, rate: float, kinds: tuple[BetErrorKind, ...]) -> None:
        self.rate = rate
        self.kinds = kinds
        self.balance = 0.0
        self.counts = dict.fromkeys(kinds, 0)

    def next_plan(self) -> BetErrorKind | None:
        """The illegal action the next hand is to play, if any."""
        self.balance += self.rate
        if self.balance < 1.0 or not self.kinds:
            return None
        if self.balance >= 2.0:  # the rarest kinds waited long enough: the commonest
            return self.kinds[-1]
        return min(self.kinds, key=lambda kind: self.counts[kind])

    def played(self, action: IllegalAction | None) -> None:
        """Record what the hand given a plan played (None: it found no chance)."""
        if action is not None:
            self.balance -= 1.0
            self.counts[action.kind] += 1
