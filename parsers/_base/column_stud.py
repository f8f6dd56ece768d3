"""Stud's "Dealt to" lines read column-wise (`parsers._base.column_body`): whose cards
each line deals, face down to the hero or face up, as the site's line-by-line reader
tells them apart.

A stud "Dealt to" line writes a player's cards of the street, after the cards the player
had before when the site repeats them ("Dealt to bob [9c] [9d]": 9d is new). Sites say
in one of two ways which lines are the hero's (`ColumnFormat.hidden_card`):

- the other players' down cards are not written: the hero is the player whose line on
  third street has two brackets ("Dealt to Hero [Ac 9h] [3s]", three cards dealt), and
  every later line of the hero's deals to the hero; every other line deals face up;
- the other players' down cards are written as a mark ("Dealt to bob [X X 8h] [Ks]"):
  a line whose first bracket holds no mark is the hero's; a new card written as the
  mark alone ("[X]", seventh street) is a card no one saw.

Rows of any other shape (no card seen, a mark among the new cards) make their hand not
ok: the line-by-line reader reads it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyarrow.compute as pc

from parsers._base.column_seats import decline
from parsers._base.columns import (
    Bools,
    Ints,
    Strings,
    arrow,
    contains,
    equal,
    joined,
    last_at_or_before,
    lengths,
)


@dataclass(frozen=True, slots=True)
class StudDealt:
    """What each stud "Dealt to" row deals.

    Attributes:
        written: the cards it deals, in brackets ("[Ac 9h] [3s]", "[9d]").
        down: whether they are the hero's own cards (else seen face up).
        keep: whether the row deals a card anyone saw.
    """

    written: Strings
    down: Bools
    keep: Bools


def stud_dealt(
    owner: Ints, seat: Ints, third: Bools, known: Strings, new: Strings, hidden: str, ok: Bools
) -> StudDealt:
    """The stud "Dealt to" rows (in line order; `known`: the first bracket of a line of
    two, "" for a line of one; `new`: its last bracket; `third`: on third street) as
    `hidden` (`ColumnFormat.hidden_card`) says the site writes them."""
    two = lengths(known) > 0
    if not hidden:
        hero_line = two & third  # the hero's three cards: "[Ac 9h] [3s]"
        hero_before = _seat_before(owner, seat, hero_line)
        down = hero_line | (seat == hero_before)
        whole = hero_line & (seat != hero_before)  # the hand's hero from this line
        written = pc.if_else(arrow(whole), joined(known, new, " "), new)
        return StudDealt(written, down, np.ones(len(owner), np.bool_))
    mark = f"{hidden} "
    first = pc.if_else(arrow(two), known, new)
    down = ~contains(first, hidden)
    unseen = two & equal(new, f"[{hidden}]")
    written = pc.if_else(arrow(two), new, pc.replace_substring(new, mark, ""))
    decline(ok, owner[~unseen & contains(written, hidden)])
    return StudDealt(written, down, ~unseen)


def _seat_before(owner: Ints, seat: Ints, mark: Bools) -> Ints:
    """For each row, the seat of the last `mark` row of its hand strictly before it
    (-1: none)."""
    last = last_at_or_before(mark)
    before = np.r_[-1, last[:-1]] if len(owner) else last
    same = (before >= 0) & (owner[np.maximum(before, 0)] == owner)
    found: Ints = np.where(same, seat[np.maximum(before, 0)], -1)
    return found
