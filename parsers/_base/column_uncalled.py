"""Uncalled bets a site never writes (`ColumnFormat.uncalled_unwritten`), for hands read
column-wise: at the end of a betting round the bet no one called goes back to its
bettor, as `HandBuilder.uncalled_excess` finds it (the only largest street total, less
the next largest, folded players' totals counted), and comes out of the payment the
site made with it.

Such a site pays the bet back with the pot, as Winamax does
(`parsers.winamax.lines._take_out_uncalled`): as a side pot of exactly the bet, the
last pot paid (that payment is then no payment), or in the bettor's one payment from
the last pot the bettor collected from (that payment is then less the bet). A hand
where it is not so plain (no such payment, a payment in halves, two bets returned,
betting after a round's end) is not ok: the line-by-line reader reads it.
"""

from __future__ import annotations

import numpy as np

from parsers._base.column_seats import decline
from parsers._base.columns import Bools, Ints, Rows, group_starts
from tracker.model import ActionKind, Street

_HI, _LO = 1, 2  # the halves' codes (`parsers._base.column_body.HALVES`)
_BIG_BLIND = list(ActionKind).index(ActionKind.POST_BIG_BLIND)
_NO_LIVE_CHIPS = [
    list(ActionKind).index(kind)  # the codes of `parsers._base.column_body.KINDS`
    for kind in (ActionKind.POST_ANTE, ActionKind.POST_DEAD, ActionKind.FOLD, ActionKind.CHECK)
]


def uncalled_bets(
    actions: Rows, collections: Rows, ends: Rows, ok: Bools, *, paid_apart: bool = False
) -> tuple[Rows, Rows]:
    """The bets given back (rows as `Body.returned`), and the payments without them
    (`paid_apart`: the payments leave them out already, `ColumnFormat.uncalled_paid_apart`).

    `ends` are the lines after which no betting round goes on in their hand (owner,
    order): a marker that starts no street or the showdown, a payment."""
    count = len(ok)
    first_end = np.full(count, np.iinfo(np.int64).max)
    np.minimum.at(first_end, ends["owner"], ends["order"])
    decline(ok, actions["owner"][actions["order"] > first_end[actions["owner"]]])
    owner, seat, amount, order = _excesses(actions)
    decline(ok, owner[~group_starts(owner)])  # two bets returned in one hand
    bettor, bet = np.full(count, -1), np.zeros(count, np.int64)
    bettor[owner], bet[owner] = seat, amount
    returned = {"owner": owner, "order": order, "seat": seat, "amount": amount}
    if paid_apart:
        return returned, _blind_paid_back(actions, collections, bettor, bet)
    kept, paid = _taken_out(collections, bettor, bet, ok)
    payments = {name: values[kept] for name, values in collections.items()}
    payments["amount"] = paid[kept]
    return returned, payments


def _excesses(actions: Rows) -> tuple[Ints, Ints, Ints, Ints]:
    """Each betting round's uncalled bet: its hand, bettor (seat row) and amount, and
    the line of the round's last action, by hand and street."""
    live = np.where(np.isin(actions["kind"], _NO_LIVE_CHIPS), 0, actions["amount"])
    rounds = len(Street)
    key = actions["seat"] * rounds + actions["street"]  # a seat row is of one hand
    keys, inverse = np.unique(key, return_inverse=True)
    totals = np.bincount(inverse, weights=live, minlength=len(keys)).astype(np.int64)
    last = np.zeros(len(keys), np.int64)
    np.maximum.at(last, inverse, actions["order"])
    row = np.zeros(len(keys), np.int64)
    row[inverse] = np.arange(len(key))
    owner = actions["owner"][row]
    street_key = owner * rounds + keys % rounds
    order = np.lexsort((-totals, street_key))
    street_key, totals, last, owner = (
        values[order] for values in (street_key, totals, last, owner)
    )
    seat = keys[order] // rounds
    top = group_starts(street_key)
    following = np.append(street_key[1:] == street_key[:-1], False)
    next_total = np.where(following, np.append(totals[1:], 0), 0)
    round_last = np.maximum.reduceat(last, np.flatnonzero(top)) if len(top) else last
    excess = np.where(top, totals - next_total, 0)
    found = np.flatnonzero(top & (excess > 0))
    last_of_round = np.repeat(round_last, np.diff(np.append(np.flatnonzero(top), len(top))))
    return owner[found], seat[found], excess[found], last_of_round[found]


def _blind_paid_back(actions: Rows, collections: Rows, bettor: Ints, bet: Ints) -> Rows:
    """The payments, each hand's big blind no one called (`bettor`'s seat row, -1: none;
    `bet`) taken out of its poster's first payment when the payments are the pot and
    that blind, and that payment holds it."""
    hands = len(bettor)
    owner, seat = actions["owner"], actions["seat"]
    own = np.flatnonzero((bettor[owner] >= 0) & (seat == bettor[owner]))
    last_kind = np.full(hands, -1)
    last_kind[owner[own]] = actions["kind"][own]  # in line order: the last one stays
    put_in = np.bincount(owner, weights=actions["amount"], minlength=hands).astype(np.int64)
    paid = collections["amount"].copy()
    payer = collections["owner"]
    total_paid = np.bincount(payer, weights=paid, minlength=hands).astype(np.int64)
    blind = (last_kind == _BIG_BLIND) & (bet > 0) & (total_paid == put_in)  # pot + the blind
    mine = np.flatnonzero(blind[payer] & (collections["seat"] == bettor[payer]))
    first = mine[group_starts(payer[mine])]
    first = first[paid[first] >= bet[payer[first]]]
    paid[first] -= bet[payer[first]]
    return {**collections, "amount": paid}


def _taken_out(collections: Rows, bettor: Ints, bet: Ints, ok: Bools) -> tuple[Ints, Ints]:
    """The payments kept (row places) and their amounts, each hand's uncalled bet
    (`bettor`'s seat row, -1: none; `bet`) taken out; a hand where it cannot be so is
    not ok."""
    owner, seat, pot = collections["owner"], collections["seat"], collections["pot"]
    paid = collections["amount"].copy()
    hands = len(bettor)
    own = (bettor[owner] >= 0) & (seat == bettor[owner])
    last_pot = np.zeros(hands, np.int64)
    np.maximum.at(last_pot, owner, pot)
    side_pot = own & (pot > 0) & (pot == last_pot[owner]) & (paid == bet[owner])
    removed = np.zeros(len(owner), np.bool_)
    candidates = np.flatnonzero(side_pot)
    first = candidates[group_starts(owner[candidates])]  # payments in line order
    removed[first] = True
    by_side_pot = np.zeros(hands, np.bool_)
    by_side_pot[owner[first]] = True
    own_pot = np.full(hands, -1)
    np.maximum.at(own_pot, owner[own], pot[own])
    in_pot = own & (pot == own_pot[owner]) & ~by_side_pot[owner]
    holders = np.bincount(owner[in_pot], minlength=hands)
    plain = in_pot & (holders[owner] == 1) & (collections["half"] == 0) & (paid >= bet[owner])
    paid = np.where(plain, paid - bet[owner], paid)
    # paid in halves: what is left of the two, halved again (the odd chip high)
    high, low = in_pot & (collections["half"] == _HI), in_pot & (collections["half"] == _LO)
    left = np.bincount(owner[in_pot], weights=paid[in_pot], minlength=hands).astype(np.int64)
    left -= bet
    halved = (holders == 2) & (left >= 0)
    halved &= np.bincount(owner[high], minlength=hands) == 1
    halved &= np.bincount(owner[low], minlength=hands) == 1
    paid = np.where(high & halved[owner], (left - left // 2)[owner], paid)
    paid = np.where(low & halved[owner], (left // 2)[owner], paid)
    settled = by_side_pot | halved | (np.bincount(owner[plain], minlength=hands) == 1)
    decline(ok, np.flatnonzero((bettor >= 0) & ~settled))
    return np.flatnonzero(~removed), paid
