"""The streets of PokerStars hands and the cards dealt on them, read column-wise (see
`parsers.pokerstars.columns`): the street lines ("*** FLOP *** [9h As Kc]", "*** 3rd
STREET ***") and the "Dealt to" lines of a chunk of hands at once, flop games and stud
alike.

As in `parsers.pokerstars.column_body`, a line of a shape not taken here makes its hand
not ok; the line-by-line reader reads that hand instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from parsers._base.column_seats import Hands, Seats, decline, seated
from parsers._base.columns import (
    TEXT,
    Bools,
    Ints,
    Rows,
    Strings,
    arrow,
    bracketed_cards,
    find,
    index_in,
    ints,
    last_at_or_before,
    lengths,
    nullable_texts,
    rfind,
    starts_with,
    substrings,
    take,
    trimmed,
)
from tracker.model import CardSource, Street

STREETS = [street.value for street in (
    Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER,
    Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH,
    Street.SHOWDOWN,
)]  # fmt: skip
"""The streets, as `tracker.model.Street` values, by code: those of each game in the
order they are played, the showdown last."""
_PREFLOP, _FLOP, _TURN, _RIVER, _THIRD, _FOURTH, _FIFTH, _SIXTH, _SEVENTH, SHOWDOWN = range(10)

SOURCES = [source.value for source in (CardSource.DEALT, CardSource.SHOWN, CardSource.MUCKED,
                                       CardSource.SUMMARY, CardSource.UP)]  # fmt: skip
"""Card sources, as `tracker.model.CardSource` values, by code."""
_DEALT, _UP = 0, 4

# Street lines: the name between "*** " and " ***"; the street each starts in a flop game
# and in stud (-1: not a street of that game), and the board it deals in a flop game.
_MARKERS = ["HOLE CARDS", "PRE-FLOP", "FLOP", "TURN", "RIVER", "SHOW DOWN",
            "3rd STREET", "4th STREET", "5th STREET", "6th STREET"]  # fmt: skip
_MARKER_STREET = np.array([
    [_PREFLOP, _PREFLOP, _FLOP, _TURN, _RIVER, SHOWDOWN, -1, -1, -1, -1],  # flop games
    [-1, -1, -1, -1, _SEVENTH, SHOWDOWN, _THIRD, _FOURTH, _FIFTH, _SIXTH],  # stud
])  # fmt: skip
_MARKER_BOARD = np.array([0, 1, 3, 4, 5, 0, 0, 0, 0, 0])
_DEALS = np.array([True, False, False, False, False, False, True, False, False, False])
"""The street lines that deal the players' cards: HOLE CARDS, 3rd STREET."""


@dataclass(frozen=True, slots=True)
class Streets:
    """The street lines among a chunk's body lines, and what they deal.

    Attributes:
        marker: per body line, whether it is a street line.
        of_line: per body line, its street (a code of `STREETS`).
        dealt: per hand, whether a street line dealt the players' cards.
        board_text, board_indexes: per hand, its board (null: none).
        has_board: per hand, whether it has a board.
    """

    marker: Bools
    of_line: Ints
    dealt: Bools
    board_text: Strings
    board_indexes: Any
    has_board: Bools


def read_streets(all_lines: Strings, at: Ints, owner: Ints, hands: Hands, ok: Bools) -> Streets:
    """ "*** HOLE CARDS ***", "*** FLOP *** [9h As Kc]", "*** TURN *** [9h As Kc] [8s]",
    "*** 3rd STREET ***"... among the body lines (`all_lines` at `at`, of the hands
    `owner`)."""
    marker = starts_with(all_lines, "*** ")[at]
    rows = np.flatnonzero(marker)
    lines = take(all_lines, at[rows])
    close = find(lines, " ***")
    name = substrings(lines, np.full(len(rows), 4), np.maximum(close, 4))
    kind = index_in(name, _MARKERS)
    hand_of = owner[rows]
    stud = hands.stud[hand_of]
    street_of = _MARKER_STREET[stud.astype(np.int64), np.maximum(kind, 0)]
    decline(ok, hand_of[(kind < 0) | (close <= 4) | (street_of < 0)])
    street_of = np.maximum(street_of, 0)  # (of hands declined: a code of their own game)
    kind = np.maximum(kind, 0)
    # The line reader takes each street as it comes; here the streets are read in the
    # site's order only: the cards dealt first, then never back to an earlier street.
    first = np.r_[True, hand_of[1:] != hand_of[:-1]] if len(rows) else np.zeros(0, np.bool_)
    back = ~first[1:] & (street_of[1:] < street_of[:-1])
    decline(ok, hand_of[(first & ~_DEALS[kind]) | np.r_[False, back][: len(rows)]])
    size = np.where(stud, 0, _MARKER_BOARD[kind])
    boarded = np.flatnonzero(size > 0)
    cards_text = trimmed(substrings(lines, close[boarded] + 4, lengths(lines)[boarded], boarded))
    text, indexes, cards_ok = bracketed_cards(cards_text)
    cards_ok &= ints(pc.list_value_length(indexes)) == size[boarded]
    decline(ok, hand_of[boarded[~cards_ok]])
    street_at = np.zeros(len(at), np.int64)
    street_at[rows] = street_of
    last = last_at_or_before(marker)
    same = (last >= 0) & (owner[np.maximum(last, 0)] == owner)
    before_any = np.where(hands.stud[owner], _THIRD, _PREFLOP)
    of_line = np.where(same, street_at[np.maximum(last, 0)], before_any)
    count = len(ok)
    dealt = np.zeros(count, np.bool_)
    dealt[hand_of[_DEALS[kind]]] = True
    last_board = np.full(count, -1, np.int64)
    np.maximum.at(last_board, hand_of[boarded], np.arange(len(boarded)))
    has_board = last_board >= 0
    pick = arrow(np.where(has_board, last_board, 0))
    board_text = pc.take(text, pick) if len(boarded) else pa.nulls(count, TEXT)
    board_indexes = pc.take(indexes, pick) if len(boarded) else pa.nulls(count, indexes.type)
    return Streets(marker, of_line, dealt, board_text, board_indexes, has_board)


def read_dealt(
    lines: Strings, dealt: Bools, owner: Ints, street: Ints, order: Ints, hands: Hands,
    seats: Seats, ok: Bools,
) -> tuple[Rows, Strings]:  # fmt: skip
    """ "Dealt to Hero [Td Kh 3d 4s 9d]"; stud: "Dealt to Hero [7c 3s 5h]" (the hero's
    three cards on third street), "Dealt to bob [4c] [3c]" (the last card only: a card
    of the hero's own, else one seen face up). The cards rows, and each hand's hero (the
    player last dealt hole cards; null: none)."""
    rows = np.flatnonzero(dealt)
    found, owner, street = take(lines, rows), owner[rows], street[rows]
    bracket = find(found, " [")
    player = substrings(found, np.full(len(rows), 9), np.maximum(bracket, 9))
    seat = seated(owner, player, seats)
    decline(ok, owner[(seat < 0) | (bracket < 9)])
    start = np.maximum(rfind(found, "["), bracket)
    text, indexes, cards_ok = bracketed_cards(trimmed(substrings(found, start, lengths(found))))
    count = ints(pc.list_value_length(indexes))
    stud = hands.stud[owner]
    holes = ~stud | ((street == _THIRD) & (count == 3))  # the hero's own cards
    cards_ok &= np.where(stud, holes | (count == 1), count == hands.hole_cards[owner])
    decline(ok, owner[~cards_ok])
    source = np.where(holes | _the_heros(holes, owner, seat), _DEALT, _UP)
    last = np.full(len(ok), -1, np.int64)
    np.maximum.at(last, owner[holes], np.flatnonzero(holes))
    hero = (
        nullable_texts(take(player, np.maximum(last, 0)), last >= 0)
        if len(rows)
        else pa.nulls(len(ok), TEXT)
    )
    cards = {
        "owner": owner, "order": order[rows], "player": player, "street": street,
        "source": source, "cards": text, "card_indexes": indexes,
    }  # fmt: skip
    return cards, hero


def _the_heros(holes: Bools, owner: Ints, seat: Ints) -> Bools:
    """Whether each "Dealt to" row deals to the hero as known at that row: the player of
    the hand's last row of hole cards at or before it."""
    last = last_at_or_before(holes)
    known = np.maximum(last, 0)
    same: Bools = (last >= 0) & (owner[known] == owner) & (seat[known] == seat)
    return same
