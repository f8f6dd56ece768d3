"""Payout errors written into chosen hands, for testing an audit.

Each kind applies only where it makes sense (a quarter paid as a half needs a quartered
pot; an odd chip needs a split that does not divide evenly; a side pot to an ineligible
player needs a side pot and a player at the showdown who did not cover it). Every kind
keeps the sum of the payments equal to the pot less the rake, so the hand still adds up
as the site prints it, and moves money between at least two players, so comparing the
expected and the reported payment of every player finds it. Errors go only into hands
that reached a showdown.

In a hand run twice every kind works on one board's share of a pot, as the site pays
it: the low half of one board to the wrong player, a quarter of one board's share paid
as a half, the odd unit of one board's split; a cent moved stays on its board; a side
pot to an ineligible player takes both boards' shares of it.

How the kinds change the payments:
    - cent-moved: one unit of one award goes to another player at the showdown (another
      collector when there is one);
    - low-to-wrong-player: a pot's single low award goes to another eligible player;
    - quarter-as-half: of two players tied for a half of a hi/lo pot, one gets the
      whole half and the other nothing;
    - odd-chip-to-wrong-player: the odd unit of a halved pot goes to the low winner
      instead of the high winner, or that of a tied half to the last tied player instead
      of the first;
    - side-pot-to-ineligible: every award of one side pot goes to a player at the
      showdown who is not eligible for it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import pairwise

from tracker.engine.rules import Half
from tracker.engine.settle import Settlement
from tracker.engine.split import Award
from tracker.simulate.record import ErrorKind, InjectedError

Change = tuple[tuple[Award, ...], int, str]
"""The new payments, the pot touched, and the change in words (names as {0}, {1}...)."""


class Injector:
    """Decides which hands get an error and which kind, from its own random source.

    Each hand adds `rate` to a running balance; while the balance is at least one and a
    hand has an applicable kind, that hand gets an error. Hands where no kind applies
    pass the error on, so about `rate` of all hands get one. To give every kind its
    share even in short runs, a due error waits (up to `PATIENCE` hands, and only while
    no second error is due) for a hand where the wanted kind applies: the least used
    one, the rarest to apply first (`RARITY`); after that any applicable kind will do,
    the least used first. High-only games get no kind that needs a low half.
    """

    PATIENCE = 60
    RARITY = (
        ErrorKind.QUARTER_AS_HALF,
        ErrorKind.SIDE_POT_TO_INELIGIBLE,
        ErrorKind.ODD_CHIP_TO_WRONG_PLAYER,
        ErrorKind.LOW_TO_WRONG_PLAYER,
        ErrorKind.CENT_MOVED,
    )

    def __init__(self, rng: random.Random, rate: float, *, hilo: bool = True) -> None:
        self.rng = rng
        self.rate = rate
        self.balance = 0.0
        self.waited = 0
        halves_only = (ErrorKind.LOW_TO_WRONG_PLAYER, ErrorKind.QUARTER_AS_HALF)
        self.kinds = tuple(k for k in self.RARITY if hilo or k not in halves_only)
        self.counts = dict.fromkeys(self.kinds, 0)

    def maybe_inject(
        self, settlement: Settlement, live: Sequence[int], names: Sequence[str]
    ) -> tuple[tuple[Award, ...], InjectedError | None]:
        """The payments to write for one hand, and the error put in them (or None)."""
        self.balance += self.rate
        awards = settlement.awards
        if self.balance < 1.0:
            return awards, None
        self.waited += 1
        options = [kind for kind in self.kinds if _APPLIES[kind](settlement, live)]
        if len(live) < 2 or not options:
            return awards, None
        wanted = min(self.kinds, key=lambda kind: self.counts[kind])
        if wanted in options:
            kind = wanted
        elif self.waited > self.PATIENCE or self.balance >= 2.0:
            kind = min(options, key=lambda kind: self.counts[kind])
        else:
            return awards, None
        self.balance -= 1.0
        self.waited = 0
        self.counts[kind] += 1
        payments, pot, detail = _APPLY[kind](self.rng, settlement, live)
        delta = _delta(awards, payments, names)
        named = detail.format(*names)
        return payments, InjectedError(kind=kind, pot=pot, detail=named, delta=delta)


def _delta(before: Sequence[Award], after: Sequence[Award], names: Sequence[str]) -> dict[str, int]:
    change: dict[str, int] = {}
    for award in before:
        change[names[award.player]] = change.get(names[award.player], 0) - award.amount
    for award in after:
        change[names[award.player]] = change.get(names[award.player], 0) + award.amount
    return {name: amount for name, amount in change.items() if amount}


def _pot_awards(settlement: Settlement, pot: int) -> list[Award]:
    return [award for award in settlement.awards if award.pot == pot]


def _shares(settlement: Settlement) -> list[tuple[int, int]]:
    """(pot, board) of every share of a pot, pot by pot: one per pot, two when run twice."""
    boards = range(len(settlement.hands))
    return [(pot, board) for pot in range(len(settlement.pots)) for board in boards]


def _on(settlement: Settlement, board: int) -> str:
    """ " on board 2" in a hand run twice, else nothing: for the details."""
    return f" on board {board + 1}" if len(settlement.hands) > 1 else ""


def _share_awards(settlement: Settlement, pot: int, board: int) -> list[Award]:
    return [award for award in settlement.awards if (award.pot, award.board) == (pot, board)]


# -- one cent moved ---------------------------------------------------------------------


def _cent_sources(settlement: Settlement, live: Sequence[int]) -> list[int]:
    """Awards one unit can be taken from: some other live player is eligible for the pot."""
    return [
        index
        for index, award in enumerate(settlement.awards)
        if award.amount > 0
        and any(p != award.player for p in settlement.pots[award.pot].eligible if p in live)
    ]


def _cent_applies(settlement: Settlement, live: Sequence[int]) -> bool:
    return bool(_cent_sources(settlement, live))


def _cent_apply(rng: random.Random, settlement: Settlement, live: Sequence[int]) -> Change:
    awards = list(settlement.awards)
    source = rng.choice(_cent_sources(settlement, live))
    giver = awards[source]
    eligible = [p for p in settlement.pots[giver.pot].eligible if p != giver.player and p in live]
    collectors = sorted({a.player for a in awards if a.pot == giver.pot} & set(eligible))
    taker = rng.choice(collectors or eligible)
    awards[source] = replace(giver, amount=giver.amount - 1)
    same = next(
        (
            index
            for index, award in enumerate(awards)
            if (award.player, award.pot, award.board) == (taker, giver.pot, giver.board)
        ),
        None,
    )
    if same is None:
        awards.append(replace(giver, player=taker, amount=1))
    else:
        awards[same] = replace(awards[same], amount=awards[same].amount + 1)
    where = _on(settlement, giver.board)
    detail = f"one unit of {{{giver.player}}}'s award{where} moved to {{{taker}}}"
    return _tidy(awards), giver.pot, detail


# -- low half to the wrong player ---------------------------------------------------


def _single_low_pots(settlement: Settlement) -> list[tuple[int, int]]:
    """(pot, board) shares whose low half went to one player."""
    shares = []
    for pot, board in _shares(settlement):
        lows = [a for a in _share_awards(settlement, pot, board) if a.half is Half.LOW]
        if len(lows) == 1 and lows[0].amount > 0 and len(settlement.pots[pot].eligible) > 1:
            shares.append((pot, board))
    return shares


def _low_applies(settlement: Settlement, live: Sequence[int]) -> bool:
    return bool(_single_low_pots(settlement))


def _low_apply(rng: random.Random, settlement: Settlement, live: Sequence[int]) -> Change:
    pot, board = rng.choice(_single_low_pots(settlement))
    awards = list(settlement.awards)
    index = next(
        i for i, a in enumerate(awards) if (a.pot, a.board) == (pot, board) and a.half is Half.LOW
    )
    winner = awards[index].player
    wrong = rng.choice([p for p in settlement.pots[pot].eligible if p != winner])
    awards[index] = replace(awards[index], player=wrong)
    where = _on(settlement, board)
    return tuple(awards), pot, f"low half{where} won by {{{winner}}} paid to {{{wrong}}}"


# -- a quarter paid as a half -----------------------------------------------------------


def _quartered(settlement: Settlement) -> list[tuple[int, int, Half]]:
    """(pot, board, half) where exactly two players tie a half of a hi/lo pot's share."""
    found = []
    for pot, board in _shares(settlement):
        awards = _share_awards(settlement, pot, board)
        halves = {a.half for a in awards}
        if Half.WHOLE in halves or len(halves) < 2:
            continue
        for half in (Half.HIGH, Half.LOW):
            tied = [a for a in awards if a.half is half]
            other = {a.player for a in awards if a.half is not half}
            players = {a.player for a in tied}
            if len(tied) == 2 and len(players) == 2 and not players <= other:
                found.append((pot, board, half))
    return found


def _quarter_applies(settlement: Settlement, live: Sequence[int]) -> bool:
    return bool(_quartered(settlement))


def _quarter_apply(rng: random.Random, settlement: Settlement, live: Sequence[int]) -> Change:
    pot, board, half = rng.choice(_quartered(settlement))
    awards = list(settlement.awards)
    tied = [i for i, a in enumerate(awards) if (a.pot, a.board) == (pot, board) and a.half is half]
    keep, drop = rng.sample(tied, 2)
    whole = awards[keep].amount + awards[drop].amount
    paid, unpaid = awards[keep].player, awards[drop].player
    awards[keep] = replace(awards[keep], amount=whole)
    awards[drop] = replace(awards[drop], amount=0)
    where = _on(settlement, board)
    detail = f"{{{paid}}} paid the whole {half.value} half{where}, {{{unpaid}}} none of it"
    return _tidy(awards), pot, detail


# -- the odd chip to the wrong player -------------------------------------------------


def _odd_chips(settlement: Settlement) -> list[tuple[int, int]]:
    """(from award, to award) index pairs: moving one unit between them gives an odd
    unit to the player the rules do not give it to."""
    moves = []
    awards = settlement.awards
    for pot, board in _shares(settlement):
        indexes = [i for i, a in enumerate(awards) if (a.pot, a.board) == (pot, board)]
        for half in Half:
            part = [i for i in indexes if awards[i].half is half]
            for first, last in pairwise(part):
                if awards[first].amount == awards[last].amount + 1:
                    moves.append((first, part[-1]))
                    break
        highs = [i for i in indexes if awards[i].half is Half.HIGH]
        lows = [i for i in indexes if awards[i].half is Half.LOW]
        if len(highs) == 1 and len(lows) == 1:
            high, low = awards[highs[0]], awards[lows[0]]
            if high.amount == low.amount + 1 and high.player != low.player:
                moves.append((highs[0], lows[0]))
    return moves


def _odd_applies(settlement: Settlement, live: Sequence[int]) -> bool:
    return bool(_odd_chips(settlement))


def _odd_apply(rng: random.Random, settlement: Settlement, live: Sequence[int]) -> Change:
    source, target = rng.choice(_odd_chips(settlement))
    awards = list(settlement.awards)
    giver, taker = awards[source], awards[target]
    awards[source] = replace(giver, amount=giver.amount - 1)
    awards[target] = replace(taker, amount=taker.amount + 1)
    where = _on(settlement, giver.board)
    detail = f"odd unit{where} due to {{{giver.player}}} paid to {{{taker.player}}}"
    return _tidy(awards), giver.pot, detail


# -- a side pot to a player not eligible --------------------------------------------


def _side_pots(settlement: Settlement, live: Sequence[int]) -> list[tuple[int, int]]:
    """(side pot, player) pairs: a player at the showdown not eligible for a side pot
    that has awards."""
    pairs: list[tuple[int, int]] = []
    for pot in range(1, len(settlement.pots)):
        if not _pot_awards(settlement, pot):
            continue
        eligible = settlement.pots[pot].eligible
        pairs.extend((pot, player) for player in live if player not in eligible)
    return pairs


def _side_applies(settlement: Settlement, live: Sequence[int]) -> bool:
    return bool(_side_pots(settlement, live))


def _side_apply(rng: random.Random, settlement: Settlement, live: Sequence[int]) -> Change:
    pot, player = rng.choice(_side_pots(settlement, live))
    winners = sorted({a.player for a in settlement.awards if a.pot == pot})
    awards = [replace(a, player=player) if a.pot == pot else a for a in settlement.awards]
    names = ", ".join(f"{{{winner}}}" for winner in winners)
    return tuple(awards), pot, f"side pot-{pot} won by {names} paid to {{{player}}}"


def _tidy(awards: Sequence[Award]) -> tuple[Award, ...]:
    """Drop awards left at zero: the site prints no line for them."""
    return tuple(award for award in awards if award.amount > 0)


_APPLIES: dict[ErrorKind, Callable[[Settlement, Sequence[int]], bool]] = {
    ErrorKind.CENT_MOVED: _cent_applies,
    ErrorKind.LOW_TO_WRONG_PLAYER: _low_applies,
    ErrorKind.QUARTER_AS_HALF: _quarter_applies,
    ErrorKind.ODD_CHIP_TO_WRONG_PLAYER: _odd_applies,
    ErrorKind.SIDE_POT_TO_INELIGIBLE: _side_applies,
}
_APPLY: dict[ErrorKind, Callable[[random.Random, Settlement, Sequence[int]], Change]] = {
    ErrorKind.CENT_MOVED: _cent_apply,
    ErrorKind.LOW_TO_WRONG_PLAYER: _low_apply,
    ErrorKind.QUARTER_AS_HALF: _quarter_apply,
    ErrorKind.ODD_CHIP_TO_WRONG_PLAYER: _odd_apply,
    ErrorKind.SIDE_POT_TO_INELIGIBLE: _side_apply,
}
