"""The actions of hands read column-wise (`parsers._base.column_body`): the player lines
that put chips in or not, every hand of a chunk at once, into the rows the `HandBuilder`
keeps.

The bookkeeping is the builder's, for whole columns: a street line starts a betting
round (what each player has in on the street starts again at 0), a raise to a total
puts in the total less what the player already has in on the street, antes and dead
blinds are dead money; a site's chips put in as the street stands, blinds posted to come
in, stud's raises that complete the bring-in and all-in by the stack are decided as the
builder decides them. A hand with an amount that does not read, or a raise the builder
would refuse, is marked not ok.
"""

from __future__ import annotations

import numpy as np

from parsers._base.column_format import ColumnFormat
from parsers._base.column_rules import Read
from parsers._base.column_seats import Hands, Seats, decline
from parsers._base.columns import (
    Bools,
    Ints,
    Rows,
    Strings,
    group_starts,
    joined_rows,
    last_at_or_before,
    lengths,
    minor_units,
)
from tracker.model import ActionKind, Street

STREETS = [street.value for street in Street]
"""The streets by code (`tracker.model.Street` in its order)."""
KINDS = [kind.value for kind in ActionKind]
"""The action kinds by code."""

_THIRD = STREETS.index(Street.THIRD.value)
_FOLD, _CHECK = KINDS.index(ActionKind.FOLD.value), KINDS.index(ActionKind.CHECK.value)
_CALL, _BET = KINDS.index(ActionKind.CALL.value), KINDS.index(ActionKind.BET.value)
_RAISE, _COMPLETE = KINDS.index(ActionKind.RAISE.value), KINDS.index(ActionKind.COMPLETE.value)
_DEAD = [KINDS.index(kind.value) for kind in (ActionKind.POST_ANTE, ActionKind.POST_DEAD)]
_PLAIN, _TO, _CALL_TO, _PUT_IN = 0, 1, 2, 3  # how an action's amount is written
_SMALL_BLIND = KINDS.index(ActionKind.POST_SMALL_BLIND.value)
_BIG_BLIND = KINDS.index(ActionKind.POST_BIG_BLIND.value)
_ACTION_KINDS = {
    "fold": _FOLD, "check": _CHECK, "call": _CALL, "bet": _BET, "raise_to": _RAISE,
    "raise_put_in": _RAISE, "complete_to": _COMPLETE, "call_to": _CALL,
    "post_out_of_turn": _BIG_BLIND, "put_in": _CALL, "come_in": _BIG_BLIND,
}  # fmt: skip
"""The action kind of each event (those put in as the street stands decided later)."""
_WRITTEN, _STANDS, _COME_IN = 0, 1, 2  # an action's kind: as written, or as the street stands
_AS_STREET_STANDS = {"put_in": _STANDS, "come_in": _COME_IN}


class ChunkLines:
    """A chunk's body lines (`at`, of the hands `owner`, on the streets `street`) and
    what is known of their hands, read kind by kind: here the actions."""

    def __init__(
        self, at: Ints, owner: Ints, street: Ints, hands: Hands, seats: Seats, ok: Bools,
        rules: ColumnFormat,
    ) -> None:  # fmt: skip
        self.at, self.owner, self.street = at, owner, street
        self.hands, self.seats, self.ok, self.rules = hands, seats, ok, rules

    def amounts(self, written: Strings, places: Ints) -> Ints:
        """`read_amounts` of the lines at `places`."""
        hand = self.owner[places]
        return read_amounts(
            written, self.hands.decimals[hand], hand, self.ok, self.rules.amount_space
        )

    def actions(
        self, played: list[Read], rows: Ints, seats: Ints, raise_completes: bool
    ) -> tuple[Rows, Ints]:
        """The actions of the player lines, and each hand's last small and big blind
        posted by the "post" rules (`Body.blinds`)."""
        parts = []
        for read in played:
            event = read.rule.event
            if event not in _ACTION_KINDS and event != "post":
                continue
            places, seat = rows[read.rows], seats[read.rows]
            count = len(places)
            kind = KINDS.index(read.rule.value) if event == "post" else _ACTION_KINDS[event]
            mode = {"raise_to": _TO, "complete_to": _TO, "call_to": _CALL_TO,
                    "raise_put_in": _PUT_IN}.get(event, _PLAIN)  # fmt: skip
            group = "amount" if mode in (_PLAIN, _PUT_IN) else "to"
            value, put = (
                self.amounts(read.group(name), places)
                if read.has(name)
                else np.full(count, 0 if name == group else -1, np.int64)
                for name in (group, "amount" if mode == _TO else "")
            )
            all_in = (
                lengths(read.group("all_in")) > 0
                if read.has("all_in")
                else np.zeros(count, np.bool_)
            )
            kinds = np.full(count, kind)
            if event == "post_out_of_turn":  # below the big blind: dead money
                hand = self.owner[places]
                big_blind = np.where(self.hands.limit, self.hands.first, self.hands.second)[hand]
                kinds[value < big_blind] = _DEAD[1]
                decline(self.ok, hand[value == 0])
            parts.append({
                "order": self.at[places], "place": places, "seat": seat,
                "kind": kinds, "mode": np.full(count, mode),
                "value": value, "put": put, "all_in": all_in,
                "event": np.full(count, _AS_STREET_STANDS.get(event, _WRITTEN)),
            })  # fmt: skip
        found = joined_rows(*parts) if parts else _empty_actions()
        order = np.argsort(found["place"], kind="stable")
        found = {name: values[order] for name, values in found.items()}
        places = found.pop("place")
        found["owner"], found["street"] = self.owner[places], self.street[places]
        blinds = self._come_in(found)
        return self._chips(found, raise_completes), blinds

    def _come_in(self, found: Rows) -> Ints:
        """The kinds of the blinds posted to come in (the big blind, the small blind when
        less than the big blind a "post" rule read before it in the hand), and each
        hand's last small and big blind of the "post" rules."""
        kind, owner, value = found["kind"], found["owner"], found["value"]
        posted = found["event"] == _WRITTEN
        blinds = np.full((len(self.hands.heads), 2), -1, np.int64)
        for column, blind in enumerate((_SMALL_BLIND, _BIG_BLIND)):
            rows = np.flatnonzero(posted & (kind == blind))  # in line order: the last wins
            blinds[owner[rows], column] = value[rows]
        big = last_at_or_before(posted & (kind == _BIG_BLIND))
        known = (big >= 0) & (owner[np.maximum(big, 0)] == owner)
        big_blind = np.where(known, value[np.maximum(big, 0)], 0)
        small = (found["event"] == _COME_IN) & (big_blind > 0) & (value < big_blind)
        found["kind"] = np.where(small, _SMALL_BLIND, kind)
        return blinds

    def _chips(self, found: Rows, raise_completes: bool) -> Rows:
        """The amounts and totals of the actions, each player's street total kept as the
        builder keeps it (`raise_completes`: `ColumnFormat.raise_completes`); the kinds of
        the chips put in as the street stands."""
        kind, mode, value = found["kind"], found["mode"], found["value"]
        reset = np.isin(mode, (_TO, _CALL_TO))  # a total written: the street total is then it
        live = np.where(np.isin(kind, _DEAD) | reset, 0, value)
        group = found["seat"] * len(STREETS) + found["street"]
        order = np.argsort(group, kind="stable")
        g, r, v, lv = group[order], reset[order], value[order], live[order]
        starts = np.ones(len(g), np.bool_)
        starts[1:] = g[1:] != g[:-1]
        segment = np.cumsum(starts | r) - 1
        segment_start = np.flatnonzero(starts | r)
        base = np.where(r, v, 0)[segment_start]
        cumulative = np.cumsum(lv)
        before_segment = np.where(segment_start > 0, cumulative[segment_start - 1], 0)
        after = base[segment] + cumulative - before_segment[segment]  # street total after
        before = np.where(starts, 0, np.roll(after, 1))  # the player's previous `after`
        amount_sorted = np.where(r, v - before, v)
        amount = np.empty_like(amount_sorted)
        amount[order] = amount_sorted
        before_in = np.empty_like(before)
        before_in[order] = before
        after_in = np.empty_like(after)
        after_in[order] = after
        if raise_completes:
            kind = self._completions(found, kind, after_in)
        to_amount = np.where(mode == _TO, value, np.where(mode == _PUT_IN, before_in + value, -1))
        bad = ((mode == _TO) & (value <= before_in)) | ((mode == _CALL_TO) & (value < before_in))
        bad |= (mode == _PUT_IN) & (value <= 0)
        bad |= (found["put"] >= 0) & (found["put"] != value - before_in)
        decline(self.ok, found["owner"][bad])
        put_in = found["event"] == _STANDS
        if put_in.any():
            highest = _highest_before(found["owner"] * len(STREETS) + found["street"], after_in)
            call = after_in <= highest
            kind = np.where(put_in, np.where(call, _CALL, np.where(highest == 0, _BET, _RAISE)),
                            kind)  # fmt: skip
            to_amount = np.where(put_in & ~call & (highest > 0), after_in, to_amount)
        all_in = found["all_in"]
        if self.rules.all_in_by_stack:
            all_in = self._all_in_by_stack(found["seat"], kind, amount)
        return {"owner": found["owner"], "order": found["order"], "seat": found["seat"],
                "street": found["street"], "kind": kind, "amount": amount,
                "to_amount": to_amount, "all_in": all_in}  # fmt: skip

    def _all_in_by_stack(self, seat: Ints, kind: Ints, amount: Ints) -> Bools:
        """Which actions (in line order) bring their player's chips put in to the seat's
        stack (`ColumnFormat.all_in_by_stack`)."""
        order = np.argsort(seat, kind="stable")
        cumulative = np.cumsum(amount[order])
        starts = group_starts(seat[order])
        first = np.flatnonzero(starts)
        before = np.where(first > 0, cumulative[first - 1], 0)
        put_in = np.empty_like(cumulative)
        put_in[order] = cumulative - np.repeat(before, np.diff(np.append(first, len(order))))
        stack = self.seats.stack[seat] if len(self.seats.owner) else np.zeros(len(seat), np.int64)
        all_in: Bools = ~np.isin(kind, (_FOLD, _CHECK)) & (put_in >= stack)
        return all_in

    def _completions(self, found: Rows, kind: Ints, after: Ints) -> Ints:
        """The kinds of the actions, stud's raises on third street while the highest
        bet is below the small bet made completions (`ColumnFormat.raise_completes`);
        `after`: each action's player's street total after it."""
        owner, street = found["owner"], found["street"]
        before = _highest_before(owner * len(STREETS) + street, after)
        small_bet = np.where(self.hands.limit, self.hands.first, 0)[owner]
        completes = (self.hands.stud[owner] & (street == _THIRD) & (kind == _RAISE)
                     & (before < small_bet))  # fmt: skip
        found_kind: Ints = np.where(completes, _COMPLETE, kind)
        return found_kind


def read_amounts(written: Strings, decimals: Ints, hand: Ints, ok: Bools, space: str = "") -> Ints:
    """Amounts at `decimals` places (of hand `hand` each; `space`: as `minor_units`); a
    hand whose amount does not read is not ok."""
    values, good = minor_units(written, decimals, space)
    decline(ok, hand[~good])
    return values


_NONE = np.zeros(0, np.int64)


def _empty_actions() -> Rows:
    return {"order": _NONE, "place": _NONE, "seat": _NONE, "kind": _NONE, "mode": _NONE,
            "value": _NONE, "put": _NONE, "all_in": np.zeros(0, np.bool_),
            "event": _NONE}  # fmt: skip


def _highest_before(group: Ints, total: Ints) -> Ints:
    """For each row (in line order, `group` its hand's street), the largest `total` of
    the earlier rows of its group: the street's highest bet before it."""
    top = np.iinfo(np.int64).max // (int(group.max(initial=0)) + 2)
    running = np.maximum.accumulate(group * top + np.minimum(total, top - 1)) - group * top
    before = np.zeros(len(group), np.int64)
    if len(group):
        before[1:] = np.where(group[1:] == group[:-1], running[:-1], 0)
    return before
