"""Table positions in flop games, named from the button and the players dealt in.

The players dealt in are taken clockwise starting with the first seat after the button,
so the small blind comes first and the button last. A player is dealt in when seated and
not sitting out, or when the site deals them in all the same: a player marked sitting
out for whom it posts or folds (tournaments do), or who is paid. With `count` players
the names are:

- the last is the button (BTN); the first two are the small blind (SB) and the big
  blind (BB); heads-up the button posts the small blind, so the two are BB and BTN;
- the players between the big blind and the button are named from the button backwards,
  cut-off (CO), hijack (HJ) and lojack (LJ), except that the first player after the big
  blind is always under the gun (UTG); the players left between UTG and LJ are UTG+1,
  UTG+2, ...

A button on an empty seat (a dead button) still counts: the player nearest before it
in clockwise order acts last and is named BTN. When nobody posts the small blind and the
first player after the button posts the big blind (the small blind's player left), that
player is the BB: the names are those of one more player, the missing small blind. When
the site names no button, the order starts at the small blind's seat (heads-up, or with
no small blind, at the big blind's). Stud has no button and no positions.

>>> [position_name(index, 6) for index in range(6)]
['SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN']
>>> [position_name(index, 9) for index in range(9)]
['SB', 'BB', 'UTG', 'UTG+1', 'UTG+2', 'LJ', 'HJ', 'CO', 'BTN']
"""

from __future__ import annotations

from collections.abc import Sequence

POSITION_ORDER = (
    "UTG", "UTG+1", "UTG+2", "UTG+3", "UTG+4", "UTG+5", "UTG+6",
    "LJ", "HJ", "CO", "BTN", "SB", "BB",
)  # fmt: skip
"""Positions in the order they act before the flop (for sorting tables and plots)."""


def position_name(index: int, count: int) -> str:
    """The position of the player `index` seats clockwise after the button (0 = the
    first seat after it) among `count` players dealt in.

    >>> position_name(0, 2), position_name(1, 2)
    ('BB', 'BTN')
    >>> [position_name(index, 4) for index in range(4)]
    ['SB', 'BB', 'CO', 'BTN']
    >>> [position_name(index, 5) for index in range(5)]
    ['SB', 'BB', 'HJ', 'CO', 'BTN']

    Raises:
        ValueError: when `count` is below 2 or `index` is not in 0..count-1.
    """
    if count < 2 or not 0 <= index < count:
        raise ValueError(f"no position {index} among {count} players")
    if index == count - 1:
        return "BTN"
    if count == 2:
        return "BB"
    if index < 2:
        return ("SB", "BB")[index]
    after_big_blind = index - 2
    before_button = count - 2 - index  # 0 for the cut-off
    if before_button == 0:
        return "CO"
    if before_button == 1:
        return "HJ"
    if after_big_blind == 0:
        return "UTG"
    if before_button == 2:
        return "LJ"
    return f"UTG+{after_big_blind}"


def positions_from_button(
    seats: Sequence[int], button_seat: int, *, missing_small_blind: bool = False
) -> dict[int, str]:
    """The position of every seat dealt in, given the button's seat number;
    `missing_small_blind` when nobody posted the small blind and the first player after
    the button posted the big blind.

    >>> positions_from_button([1, 2, 3, 5, 6], button_seat=5)
    {6: 'SB', 1: 'BB', 2: 'HJ', 3: 'CO', 5: 'BTN'}
    >>> positions_from_button([2, 4, 7], button_seat=1)  # a dead button on seat 1
    {2: 'SB', 4: 'BB', 7: 'BTN'}
    >>> positions_from_button([1, 3, 4, 6], button_seat=1, missing_small_blind=True)
    {3: 'BB', 4: 'HJ', 6: 'CO', 1: 'BTN'}
    """
    ordered = sorted(seats, key=lambda seat: (seat - button_seat - 1) % 1000)
    shift = 1 if missing_small_blind and len(ordered) >= 3 else 0
    return {seat: position_name(index + shift, len(ordered) + shift)
            for index, seat in enumerate(ordered)}  # fmt: skip
