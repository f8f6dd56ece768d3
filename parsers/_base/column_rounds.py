"""Betting rounds a site leaves unwritten (`ColumnFormat.rounds_from_betting`), for
hands read column-wise: a site whose old format writes no street lines has a reader
that finds each betting round's end from the betting itself (every player dealt in,
not folded nor all in, has acted since the last bet or raise; the next betting action
then opens the next street), until the first street line after the hole cards. A
hand where that reader would so open a street is not read here.

The reader's state is followed for all hands at once, one betting action of each hand
at a time: who can still act (`active`) and who has still to act (`pending`), as seat
bits.
"""

from __future__ import annotations

import numpy as np

from parsers._base.column_actions import KINDS, STREETS
from parsers._base.column_body import SOURCES, Body
from parsers._base.column_seats import Seats, decline
from parsers._base.column_tables import within
from parsers._base.columns import Bools, Ints
from tracker.model import ActionKind, CardSource, Street

_PREFLOP = STREETS.index(Street.PREFLOP.value)
_DEALT = SOURCES.index(CardSource.DEALT.value)
_FOLD = KINDS.index(ActionKind.FOLD.value)
_OPENING = [KINDS.index(kind.value) for kind in (ActionKind.BET, ActionKind.RAISE)]
_BETTING = [
    KINDS.index(kind.value) for kind in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL)
]
_BETTING += _OPENING
_BITS = 62  # seats of a hand followed as bits of an int64


def rounds_unwritten(body: Body, seats: Seats, ok: Bools) -> None:
    """Mark as not ok the hands whose reader would find a betting round's end before
    their first street line after the hole cards (a betting action once every player
    able to act has acted on the last bet or raise)."""
    actions = body.actions
    rows = np.flatnonzero(np.isin(actions["kind"], _BETTING) & (actions["street"] == _PREFLOP))
    owner, kind = actions["owner"][rows], actions["kind"][rows]
    place = actions["seat"][rows] - seats.first[owner]
    decline(ok, np.flatnonzero(seats.count > _BITS))
    bit = np.left_shift(1, np.minimum(place, _BITS))
    out = (kind == _FOLD) | actions["all_in"][rows]  # acts no more in the hand
    active = _dealt_before(body, seats, owner, actions["order"][rows], len(ok))
    pending = active.copy()
    step = within(owner)
    for number in range(int(step.max(initial=-1)) + 1):
        at = np.flatnonzero(step == number)
        hand, mine = owner[at], bit[at]
        if number:
            decline(ok, hand[pending[hand] == 0])  # the round was over: a street opens
        opening = np.isin(kind[at], _OPENING)
        pending[hand] = np.where(opening, active[hand], pending[hand]) & ~mine
        gone = np.where(out[at], mine, 0)
        active[hand] &= ~gone
        pending[hand] &= ~gone


def _dealt_before(body: Body, seats: Seats, owner: Ints, order: Ints, hands: int) -> Ints:
    """Each hand's players able to act at its first betting action, as seat bits: those
    dealt cards before it, or every seated player when none was."""
    first = np.full(hands, np.iinfo(np.int64).max)
    np.minimum.at(first, owner, order)
    cards = body.cards
    dealt = np.flatnonzero((cards["source"] == _DEALT) & (cards["order"] < first[cards["owner"]]))
    holders = cards["seat"][dealt]
    found = np.zeros(hands, np.int64)
    place = np.minimum(holders - seats.first[cards["owner"][dealt]], _BITS)
    np.bitwise_or.at(found, cards["owner"][dealt], np.left_shift(1, place))
    everyone = np.zeros(hands, np.int64)
    seat_place = np.minimum(np.arange(len(seats.owner)) - seats.first[seats.owner], _BITS)
    np.bitwise_or.at(everyone, seats.owner, np.left_shift(1, seat_place))
    return np.where(found != 0, found, everyone)
