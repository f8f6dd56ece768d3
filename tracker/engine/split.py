"""Splitting pots between the winners: hi/lo halves, ties, quarters, odd chips, boards.

Everything here works on strengths already evaluated, as ints where higher is better
(`tracker.engine.hands` ranks: high 1..7462, low 1..56; a low of None or 0 means no
qualifying low). Players are indexes in seat order, starting left of the button.

Each pot is split on its own eligible players (RULES.md): halved when one of them has a
qualifying low, else the best high takes it all. The rake comes off first
(`deduct_rake`); with run it twice each board takes its share of every pot and each
share is split on that board.

>>> board = Strengths(high=(100, 200), low=(50, None))
>>> [(a.player, a.half.value, a.amount) for a in split_pot(1001, (0, 1), board)]
[(1, 'hi', 501), (0, 'lo', 500)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tracker.engine.pots import Pot
from tracker.engine.rules import (
    DEFAULT_ODD_CHIP_RULE,
    DEFAULT_RAKE_RULE,
    Half,
    OddChipRule,
    RakeRule,
    divide,
)
from tracker.errors import ShowdownError

if TYPE_CHECKING:
    from tracker.engine.hands import MadeHand


@dataclass(frozen=True, slots=True)
class Strengths:
    """The players' evaluated hands on one board, as the split needs them.

    Attributes:
        high: per player, the high rank (higher is better); ignored for players who
            are eligible for no pot (a folded player may hold any value, e.g. 0).
        low: per player, the low rank (higher is better), or None / 0 for no
            qualifying low (always None in high-only games).
        high_order: odd-chip order for the high half (and a whole pot): player indexes,
            first served first. Empty means seat order (flop games).
        low_order: odd-chip order for the low half; empty means seat order.
        high_hands: per player, the high hand to name in the awards (optional).
        low_hands: per player, the low hand to name in the awards (optional).
    """

    high: tuple[int, ...]
    low: tuple[int | None, ...]
    high_order: tuple[int, ...] = ()
    low_order: tuple[int, ...] = ()
    high_hands: tuple[MadeHand | None, ...] = ()
    low_hands: tuple[MadeHand | None, ...] = ()

    def __post_init__(self) -> None:
        players = len(self.high)
        if len(self.low) != players:
            raise ShowdownError(f"{players} high ranks but {len(self.low)} low ranks")
        for order in (self.high_order, self.low_order):
            if order and sorted(order) != list(range(players)):
                raise ShowdownError(f"odd-chip order {order} is not one of {players} players")
        for hands in (self.high_hands, self.low_hands):
            if hands and len(hands) != players:
                raise ShowdownError(f"{len(hands)} hands given for {players} players")


@dataclass(frozen=True, slots=True)
class Award:
    """One payment: part of one pot, on one board, to one player.

    Attributes:
        pot: 0 for the main pot, n for side pot n.
        board: 0, or 1 for the second board of run it twice.
        player: the player's index.
        half: "hi", "lo", or "whole" (no qualifying low: the best high takes it all).
        amount: in the smallest unit, after rake.
        hand: the hand that won it, when known.
    """

    pot: int
    board: int
    player: int
    half: Half
    amount: int
    hand: MadeHand | None = None


def deduct_rake(
    pots: Sequence[Pot], rake: int, rake_rule: RakeRule = DEFAULT_RAKE_RULE
) -> tuple[Pot, ...]:
    """The pots less the rake, spread over them by `rake_rule` (before any split).

    >>> deduct_rake([Pot(300, (0, 1, 2)), Pot(100, (0, 1))], 20)
    (Pot(amount=280, eligible=(0, 1, 2)), Pot(amount=100, eligible=(0, 1)))

    Raises:
        ShowdownError: on a negative rake or a rake larger than the pots.
    """
    taken = rake_rule.take([pot.amount for pot in pots], rake)
    return tuple(
        replace(pot, amount=pot.amount - part) for pot, part in zip(pots, taken, strict=True)
    )


def split_pot(
    amount: int,
    eligible: Sequence[int],
    strengths: Strengths,
    *,
    odd_chip_rule: OddChipRule = DEFAULT_ODD_CHIP_RULE,
    pot: int = 0,
    board: int = 0,
) -> tuple[Award, ...]:
    """Split one pot (or one board's share of it) between its eligible players.

    Awards of zero are left out. High awards come first, each half in odd-chip order.

    Two players tie for low and lose the high: quartered.

    >>> board = Strengths(high=(300, 100, 100), low=(None, 40, 40))
    >>> [(a.player, a.half.value, a.amount) for a in split_pot(1000, (0, 1, 2), board)]
    [(0, 'hi', 500), (1, 'lo', 250), (2, 'lo', 250)]

    No qualifying low: the whole pot goes high, the odd unit to the first player left
    of the button.

    >>> board = Strengths(high=(100, 100), low=(None, None))
    >>> [(a.player, a.half.value, a.amount) for a in split_pot(5, (0, 1), board)]
    [(0, 'whole', 3), (1, 'whole', 2)]

    Raises:
        ShowdownError: on a negative amount, no eligible player, or an index out of range.
    """
    _check_pot(amount, eligible, strengths)
    high_winners = _winners(eligible, strengths.high, strengths.high_order)
    lows = [low for player in eligible if (low := strengths.low[player])]
    if not lows:
        parts = divide(amount, len(high_winners))
        return _awards(pot, board, Half.WHOLE, high_winners, parts, strengths.high_hands)
    low_winners = _winners(
        [player for player in eligible if strengths.low[player]],
        [low or 0 for low in strengths.low],
        strengths.low_order,
    )
    high_amount, low_amount = odd_chip_rule.halves(amount)
    high_parts = divide(high_amount, len(high_winners))
    if (
        odd_chip_rule.even_split_identical
        and len(high_winners) > 1
        and set(high_winners) == set(low_winners)
    ):
        # TDA 19F: the same players tie both ways; each takes an even share of the pot.
        totals = divide(amount, len(high_winners))
        low_winners = high_winners
        low_parts = tuple(total - high for total, high in zip(totals, high_parts, strict=True))
    else:
        if odd_chip_rule.low_remainder_to_high:
            # the units the tied low winners cannot share evenly go to the high half
            left_over = low_amount % len(low_winners)
            high_parts = divide(high_amount + left_over, len(high_winners))
            low_amount -= left_over
        low_parts = divide(low_amount, len(low_winners))
    return _awards(pot, board, Half.HIGH, high_winners, high_parts, strengths.high_hands) + (
        _awards(pot, board, Half.LOW, low_winners, low_parts, strengths.low_hands)
    )


def split_pots(
    pots: Sequence[Pot],
    boards: Sequence[Strengths],
    *,
    odd_chip_rule: OddChipRule = DEFAULT_ODD_CHIP_RULE,
) -> tuple[Award, ...]:
    """Split every pot, each on its own eligible players, over one board or several.

    With several boards (run it twice) each board takes its share of every pot
    (`OddChipRule.board_shares`), and each share is split on that board; a pot only one
    player is eligible for is not contested, so it is not run again: all of it goes to
    that player on the first board.

    >>> first = Strengths(high=(100, 200), low=(None, None))
    >>> second = Strengths(high=(200, 100), low=(None, None))
    >>> [(a.board, a.player, a.amount) for a in split_pots([Pot(101, (0, 1))], [first, second])]
    [(0, 1, 51), (1, 0, 50)]
    >>> [(a.board, a.player, a.amount) for a in split_pots([Pot(30, (1,))], [first, second])]
    [(0, 1, 30)]

    Raises:
        ShowdownError: with no board, or as `split_pot`.
    """
    if not boards:
        raise ShowdownError("no board to split the pots on")
    awards: list[Award] = []
    for pot_index, pot in enumerate(pots):
        if len(pot.eligible) == 1:
            shares: Sequence[int] = (pot.amount,)
        else:
            shares = odd_chip_rule.board_shares(pot.amount, len(boards))
        for board_index, (share, strengths) in enumerate(zip(shares, boards, strict=False)):
            awards.extend(
                split_pot(
                    share,
                    pot.eligible,
                    strengths,
                    odd_chip_rule=odd_chip_rule,
                    pot=pot_index,
                    board=board_index,
                )
            )
    return tuple(awards)


def won_by_player(awards: Sequence[Award], players: int) -> tuple[int, ...]:
    """Per player, the sum of their awards.

    >>> won_by_player([Award(0, 0, 1, Half.HIGH, 30), Award(1, 0, 1, Half.LOW, 5)], 3)
    (0, 35, 0)
    """
    won = [0] * players
    for award in awards:
        won[award.player] += award.amount
    return tuple(won)


def _winners(
    candidates: Sequence[int], ranks: Sequence[int], order: Sequence[int]
) -> tuple[int, ...]:
    """The candidates with the best rank, in odd-chip order (seat order when empty)."""
    best = max(ranks[player] for player in candidates)
    tied = [player for player in candidates if ranks[player] == best]
    if not order:
        return tuple(sorted(tied))
    position = {player: place for place, player in enumerate(order)}
    return tuple(sorted(tied, key=position.__getitem__))


def _awards(
    pot: int,
    board: int,
    half: Half,
    winners: Sequence[int],
    parts: Sequence[int],
    hands: Sequence[MadeHand | None],
) -> tuple[Award, ...]:
    return tuple(
        Award(pot, board, player, half, part, hands[player] if hands else None)
        for player, part in zip(winners, parts, strict=True)
        if part
    )


def _check_pot(amount: int, eligible: Sequence[int], strengths: Strengths) -> None:
    if amount < 0:
        raise ShowdownError(f"negative pot ({amount})")
    if not eligible:
        raise ShowdownError("a pot with no eligible player")
    players = len(strengths.high)
    for player in eligible:
        if not 0 <= player < players:
            raise ShowdownError(f"eligible player {player} is not one of {players} players")
