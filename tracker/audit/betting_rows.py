"""The rows the legality audit replays: every action of a batch of hands, as arrays.

`BettingRows` holds, per hand, its game, structure and stakes; per player, their name,
whether they have a seat, and their stud up cards of third and fourth street; per action,
its hand, player, street, kind, amount and all-in flag, in hand then sequence order.
Players are numbered in hand order and, within a hand, clockwise from the seat left of
the button (seat order in stud): the order they act in. `tracker.audit.loading` builds
them from the stored rows of a (site, month) batch; `rows_of_hands` from `Hand`s (for
`tracker show` and tests).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from tracker.model import ActionKind, CardSource, Game, Hand, Street, Structure

Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]

GAME_CODES: tuple[Game, ...] = tuple(Game)
STRUCTURE_CODES: tuple[Structure, ...] = tuple(Structure)
STREET_CODES: tuple[Street, ...] = tuple(Street)
"""Street codes: a street's place here, in the order streets are played."""
KIND_CODES: tuple[ActionKind, ...] = tuple(ActionKind)

STAKE_FIELDS = ("small_blind", "big_blind", "small_bet", "big_bet", "ante", "bring_in")


@dataclass(frozen=True, slots=True)
class BettingRows:
    """A batch of hands' betting, as arrays (missing amounts are -1).

    Attributes:
        game, structure: per hand, the code of its game and structure.
        stakes: per stake field (`STAKE_FIELDS`), per hand, the amount.
        cut_off: per hand, True when the hand is cut off (no total pot, not cancelled).
        added_money: per hand, money the site added to the pot before the betting.
        button_known: per hand, True when the hand names the button's seat.
        player_starts: hand h's players are player_starts[h]:player_starts[h + 1].
        player: per player, the name.
        seated: per player, False for a player who acted without a seat.
        door_card, fourth_card: per player, the card index of their third and fourth
            street up card (stud), or -1.
        row_hand, row_player, row_street, row_kind, row_amount, row_to_amount,
            row_all_in: per action (`row_to_amount`: a raise's street total, else -1).
    """

    game: Ints
    structure: Ints
    stakes: dict[str, Ints]
    cut_off: Flags
    added_money: Ints
    button_known: Flags
    player_starts: Ints
    player: pa.Array[Any]
    seated: Flags
    door_card: Ints
    fourth_card: Ints
    row_hand: Ints
    row_player: Ints
    row_street: Ints
    row_kind: Ints
    row_amount: Ints
    row_to_amount: Ints
    row_all_in: Flags

    @property
    def hands(self) -> int:
        """The number of hands."""
        return len(self.game)


def in_play_order(hand: Ints, sequence: Ints) -> Ints | None:
    """The order that puts action rows in play order (each hand's rows together, in
    sequence order), or None when they already are, as the store writes them (the
    hands themselves may come in any order)."""
    if len(hand) < 2:
        return None
    same_hand = hand[1:] == hand[:-1]
    runs = len(hand) - int(same_hand.sum())
    hands_seen = int(np.count_nonzero(np.bincount(hand)))
    if runs == hands_seen and bool((np.diff(sequence)[same_hand] > 0).all()):
        return None
    order: Ints = np.lexsort((sequence, hand))
    return order


def rows_of_hands(hands: Sequence[Hand]) -> BettingRows:
    """The betting rows of `hands`, in their order."""
    starts, names, seated, door, fourth = [0], list[str](), list[bool](), list[int](), list[int]()
    row_hand, row_player, row_street, row_kind, row_amount = [], [], [], [], []
    row_to_amount, row_all_in = [], []
    for number, hand in enumerate(hands):
        players = _acting_order(hand)
        first = len(names)
        place = {name: first + index for index, name in enumerate(players)}
        seats = {seat.player for seat in hand.seats}
        names += players
        seated += [name in seats for name in players]
        door += [_up_card(hand, name, Street.THIRD) for name in players]
        fourth += [_up_card(hand, name, Street.FOURTH) for name in players]
        starts.append(len(names))
        for action in hand.actions:
            row_hand.append(number)
            row_player.append(place[action.player])
            row_street.append(STREET_CODES.index(action.street))
            row_kind.append(KIND_CODES.index(action.kind))
            row_amount.append(action.amount)
            row_to_amount.append(_or_missing(action.to_amount))
            row_all_in.append(action.all_in)
    stakes = {
        name: _ints([_or_missing(getattr(hand.stakes, name)) for hand in hands])
        for name in STAKE_FIELDS
    }
    return BettingRows(
        game=_ints([GAME_CODES.index(hand.game) for hand in hands]),
        structure=_ints([STRUCTURE_CODES.index(hand.structure) for hand in hands]),
        stakes=stakes,
        cut_off=np.array([h.total_pot is None and not h.cancelled for h in hands], np.bool_),
        added_money=_ints([hand.added_money for hand in hands]),
        button_known=np.array([hand.button_seat is not None for hand in hands], np.bool_),
        player_starts=_ints(starts),
        player=pa.array(names, pa.string()),
        seated=np.array(seated, dtype=np.bool_),
        door_card=_ints(door),
        fourth_card=_ints(fourth),
        row_hand=_ints(row_hand),
        row_player=_ints(row_player),
        row_street=_ints(row_street),
        row_kind=_ints(row_kind),
        row_amount=_ints(row_amount),
        row_to_amount=_ints(row_to_amount),
        row_all_in=np.array(row_all_in, dtype=np.bool_),
    )


def _acting_order(hand: Hand) -> list[str]:
    """The hand's players (seated players who acted or collected, then anyone who acted
    without a seat), clockwise from the seat left of the button (stud: seat order)."""
    taking_part = {action.player for action in hand.actions}
    taking_part |= {item.player for item in hand.collections}
    button = hand.button_seat
    seats = [seat for seat in hand.seats if seat.player in taking_part]
    seats.sort(key=lambda seat: seat.seat if button is None or seat.seat > button
               else seat.seat + 1000)  # fmt: skip
    names = [seat.player for seat in seats]
    unseated = sorted(taking_part - set(names))
    return names + unseated


def _up_card(hand: Hand, player: str, street: Street) -> int:
    """The card dealt face up to `player` on a stud street (the last of the street's
    first row: "Dealt to Hero [Td 8d Qh]" shows the door card last), or -1."""
    for known in hand.known_cards:
        up = known.source in (CardSource.UP, CardSource.DEALT)
        if up and known.player == player and known.street is street and known.cards:
            return known.cards[-1].index
    return -1


def _or_missing(value: int | None) -> int:
    return -1 if value is None else value


def _ints(values: Sequence[int]) -> Ints:
    return np.array(values, dtype=np.int64)
