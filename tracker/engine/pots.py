"""Main and side pots from what each player put in.

Players are indexes into the caller's sequences (seat order, starting left of the button).
Money is an int in the smallest unit. Pots are cut at the contribution levels of the
players still in the hand: one pot per distinct level, so one main pot and one side pot
per all-in level below the top. Folded players' chips (blinds, antes, calls) are dead
money: they stay in the pots they fall into, and chips a folded player put in above the
top level of the players still in go to the last pot.

>>> built = build_pots([500, 500, 200], [False, False, False])
>>> built.pots
(Pot(amount=600, eligible=(0, 1, 2)), Pot(amount=600, eligible=(0, 1)))
>>> built.returned
(0, 0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tracker.engine.rules import rake_rule
from tracker.errors import ShowdownError


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its amount and the players who can win it.

    Attributes:
        amount: the chips in the pot, before any rake.
        eligible: indexes of the players who may win it, in seat order.
    """

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BuiltPots:
    """The pots of a hand and the uncalled chips given back.

    Attributes:
        pots: the main pot first, then the side pots in order of their levels.
        returned: per player, the uncalled chips given back (in no pot).
    """

    pots: tuple[Pot, ...]
    returned: tuple[int, ...]

    @property
    def total(self) -> int:
        """The chips in all the pots (returned chips excluded).

        >>> build_pots([300, 100], [False, False]).total
        200
        """
        return sum(pot.amount for pot in self.pots)


def uncalled_returns(contributions: Sequence[int]) -> tuple[int, ...]:
    """Per player, the uncalled chips: what the top contributor put in above the next one.

    >>> uncalled_returns([100, 400, 250])
    (0, 150, 0)
    >>> uncalled_returns([400, 400, 250])
    (0, 0, 0)
    >>> uncalled_returns([0, 40])
    (0, 40)
    """
    returned = [0] * len(contributions)
    if not contributions:
        return ()
    ordered = sorted(contributions, reverse=True)
    second = ordered[1] if len(ordered) > 1 else 0
    top_player = max(range(len(contributions)), key=lambda player: contributions[player])
    returned[top_player] = contributions[top_player] - second
    return tuple(returned)


def build_pots(
    contributions: Sequence[int], folded: Sequence[bool], dead: Sequence[int] | None = None
) -> BuiltPots:
    """Build the main and side pots from each player's total contribution.

    Args:
        contributions: per player, everything they put in during the hand (blinds,
            antes, bets, calls), in the smallest unit.
        folded: per player, True when they folded (their chips stay in as dead money).
        dead: per player, the dead money among their contribution (antes, dead blinds):
            no bet, so never uncalled; the uncalled chips are found among the live ones.

    Returns:
        The pots (main pot first) and the uncalled chips returned per player.

    Raises:
        ShowdownError: on a negative contribution, sequences of different lengths, or
            chips in the pot when no player who is still in contributed.

    A folded player who put in more than an all-in player feeds the side pot too:

    >>> build_pots([50, 100, 200], [False, True, False]).pots
    (Pot(amount=150, eligible=(0, 2)), Pot(amount=100, eligible=(2,)))
    >>> build_pots([50, 100, 200], [False, True, False]).returned
    (0, 0, 100)

    Dead money at a single level stays in the one pot:

    >>> build_pots([10, 20, 60, 60], [True, True, False, False]).pots
    (Pot(amount=150, eligible=(2, 3)),)

    A returning player's dead small blind is no bet: posting 5 dead and 10 live, then
    betting 20 that nobody calls against a big blind of 10, gets the 20 back, not 25:

    >>> build_pots([35, 10], [False, True], dead=[5, 0]).returned
    (20, 0)
    """
    _check_contributions(contributions, folded)
    live = (
        contributions
        if dead is None
        else [paid - out for paid, out in zip(contributions, dead, strict=True)]
    )
    returned = uncalled_returns(live)
    in_pot = [paid - back for paid, back in zip(contributions, returned, strict=True)]
    levels = sorted({in_pot[player] for player in _live(folded) if in_pot[player] > 0})
    if not levels:
        if sum(in_pot) > 0:
            raise ShowdownError("chips are in the pot but no player still in contributed")
        return BuiltPots(pots=(), returned=returned)
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        amount = sum(min(paid, level) - min(paid, floor) for paid in in_pot)
        eligible = tuple(p for p in _live(folded) if in_pot[p] >= level)
        pots.append(Pot(amount=amount, eligible=eligible))
        floor = level
    # Dead chips above the top live level have no pot of their own: the last pot takes them.
    above_top = sum(max(paid - floor, 0) for paid in in_pot)
    if above_top:
        last = pots[-1]
        pots[-1] = Pot(amount=last.amount + above_top, eligible=last.eligible)
    return BuiltPots(pots=tuple(pots), returned=returned)


def payment_pots(
    contributions: Sequence[int],
    folded: Sequence[bool],
    payments: Sequence[int],
    rake: int,
    rake_name: str,
) -> list[int]:
    """The pot of each payment of a site that names none, its payments filling the pots
    in turn (main pot first): the pots built from the contributions, the rake taken
    from them by rake rule `rake_name`, each payment in the pot its first unit falls in.

    >>> payment_pots([100, 300, 300], [False, False, False], [300, 400], 0, "main-pot-first")
    [0, 1]
    >>> payment_pots([100, 300, 300], [False, False, False], [290, 400], 10, "main-pot-first")
    [0, 1]

    Raises:
        ShowdownError: contributions `build_pots` refuses.
    """
    net = [pot.amount for pot in build_pots(contributions, folded).pots]
    if len(net) > 1 and rake <= sum(net):
        taken = rake_rule(rake_name).take(net, rake)
        net = [amount - part for amount, part in zip(net, taken, strict=True)]
    pot, filled, limit = 0, 0, net[0] if net else 0
    found = []
    for amount in payments:
        while pot + 1 < len(net) and filled >= limit:
            pot += 1
            limit += net[pot]
        found.append(pot)
        filled += amount
    return found


def _live(folded: Sequence[bool]) -> list[int]:
    return [player for player, out in enumerate(folded) if not out]


def _check_contributions(contributions: Sequence[int], folded: Sequence[bool]) -> None:
    if len(contributions) != len(folded):
        raise ShowdownError(f"{len(contributions)} contributions but {len(folded)} folded flags")
    for player, paid in enumerate(contributions):
        if paid < 0:
            raise ShowdownError(f"player {player} has a negative contribution ({paid})")
