"""The bigger lookup tables of the batch evaluators, built on first use and then kept.

Each table answers a whole sub-problem with one look-up, so that a batch evaluation is a
handful of numpy gathers and no loop over five-card combinations:

- Omaha high, no flush: (the board's rank multiset, a hole pair's two ranks) -> the best
  rank of the pair with three of the board. 6,175 boards x 91 pairs, built in ~0.1 s.
- Omaha high, flush: (the ranks one suit has on the board, a suited hole pair's ranks) ->
  the best flush or straight flush of the pair with three of those board cards.
- Omaha low: (the board's low mask, the hole's low mask) -> the best low of two hole ranks
  and three other board ranks. 256 x 256.
- Stud high: the seven cards' rank multiset (`RANK_WEIGHTS_7` key) -> the best non-flush
  five; a suit's 13-bit rank mask -> the best flush or straight flush within it.

>>> omaha_high_tables().no_flush.shape
(561925,)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from tracker.engine.tables import (
    HIGH_BY_FLUSH_MASK,
    HIGH_BY_FLUSH_MASK_ARRAY,
    HIGH_BY_KEY_ARRAY,
    LOW_BY_MASK,
    RANK_WEIGHTS_5,
    RANK_WEIGHTS_7,
)

Table = npt.NDArray[np.int16]

PAIRS_OF_RANKS = [(low, high) for low in range(13) for high in range(low, 13)]
"""The 91 unordered pairs of rank offsets (0 = deuce ... 12 = ace), a pocket pair included."""

SUITED_PAIRS_OF_RANKS = [(low, high) for low, high in PAIRS_OF_RANKS if low != high]
"""The 78 pairs of two different ranks: the only pairs two cards of one suit can be."""

_ALL_MASKS = np.arange(1 << 13)


@dataclass(frozen=True)
class OmahaHighTables:
    """Tables of the Omaha high evaluation (see the module docstring).

    Attributes:
        board_by_key: five-card `RANK_WEIGHTS_5` key of the board -> its multiset number
            times 91, the row offset in `no_flush`.
        no_flush: row offset + `pair_by_cards` -> best non-flush rank (0 if impossible).
        pair_by_cards: `52 * first + second` card index -> the pair's column in `no_flush`.
        flush_row_by_mask: a suit's 13-bit board rank mask -> its row offset in `flush`
            (0, an all-zero row, when fewer than three cards of the suit are on the board).
        flush: row offset + `suited_pair_by_cards` -> best flush rank (0 if none).
        suit_by_cards: `52 * first + second` -> the pair's suit, or 4 when not suited.
        suited_pair_by_cards: `52 * first + second` -> the pair's column in `flush`.
    """

    board_by_key: npt.NDArray[np.int32]
    no_flush: Table
    pair_by_cards: npt.NDArray[np.int32]
    flush_row_by_mask: npt.NDArray[np.int32]
    flush: Table
    suit_by_cards: npt.NDArray[np.intp]
    suited_pair_by_cards: npt.NDArray[np.int32]


def _best_no_flush(boards: npt.NDArray[np.int64]) -> Table:
    """(boards, 91) best non-flush rank of each hole pair with three cards of each board."""
    weights = np.array(RANK_WEIGHTS_5, dtype=np.int64)
    threes = np.array(list(combinations(range(5), 3)))
    three_ranks = boards[:, threes]  # (boards, 10, 3)
    three_keys = weights[three_ranks].sum(axis=2)
    pairs = np.array(PAIRS_OF_RANKS)
    pair_keys = weights[pairs].sum(axis=1)
    keys = three_keys[:, :, None] + pair_keys[None, None, :]
    # Five of one rank (three on the board, two in the hand) cannot be dealt and has no
    # key of its own: key 0 (no hand) stands in for it.
    board_trips = (three_ranks[:, :, 0] == three_ranks[:, :, 2])[:, :, None]
    five_alike = board_trips & (three_ranks[:, :, :1] == pairs[None, None, :, 0])
    five_alike &= (pairs[:, 0] == pairs[:, 1])[None, None, :]
    keys[five_alike] = 0
    best: Table = HIGH_BY_KEY_ARRAY[keys].max(axis=1)
    return best


def _best_flush(board_masks: list[int]) -> Table:
    """(masks, 78) best flush of each suited hole pair with three cards of each board mask."""
    pair_masks = np.array([(1 << low) | (1 << high) for low, high in SUITED_PAIRS_OF_RANKS])
    # Each mask's bits padded with a zero "no card" bit up to five: a triple using a padding
    # bit has fewer than five bits with the pair and finds rank 0 in the flush table.
    bits = np.zeros((len(board_masks), 5), dtype=np.int64)
    for row, mask in enumerate(board_masks):
        present = [1 << bit for bit in range(13) if mask >> bit & 1]
        bits[row, : len(present)] = present
    threes = np.array(list(combinations(range(5), 3)))
    three_masks = bits[:, threes].sum(axis=2)  # (masks, 10)
    hands = three_masks[:, :, None] | pair_masks[None, None, :]
    best: Table = HIGH_BY_FLUSH_MASK_ARRAY[hands].max(axis=1)
    return best


def _pair_columns() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.intp], npt.NDArray[np.int32]]:
    """For each ordered pair of card indexes: its no-flush column, suit (4: unsuited) and
    suited column."""
    column = {pair: number for number, pair in enumerate(PAIRS_OF_RANKS)}
    suited_column = {pair: number for number, pair in enumerate(SUITED_PAIRS_OF_RANKS)}
    pair_by_cards = np.zeros(52 * 52, dtype=np.int32)
    suit_by_cards = np.full(52 * 52, 4, dtype=np.intp)
    suited_by_cards = np.zeros(52 * 52, dtype=np.int32)
    for first in range(52):
        for second in range(52):
            ranks = (min(first, second) >> 2, max(first, second) >> 2)
            code = 52 * first + second
            pair_by_cards[code] = column[ranks]
            if first & 3 == second & 3 and first != second:
                suit_by_cards[code] = first & 3
                suited_by_cards[code] = suited_column[ranks]
    return pair_by_cards, suit_by_cards, suited_by_cards


@cache
def omaha_high_tables() -> OmahaHighTables:
    """The Omaha high tables, built on the first call (about 0.1 s) and then reused."""
    boards = rank_offset_multisets(5)
    board_keys = np.array(RANK_WEIGHTS_5, dtype=np.int64)[boards].sum(axis=1)
    board_by_key = np.zeros(int(board_keys.max()) + 1, dtype=np.int32)
    board_by_key[board_keys] = np.arange(len(boards), dtype=np.int32) * len(PAIRS_OF_RANKS)
    counts = np.array([bin(mask).count("1") for mask in range(1 << 13)])
    flush_masks = [int(mask) for mask in _ALL_MASKS[(counts >= 3) & (counts <= 5)]]
    flush_row_by_mask = np.zeros(1 << 13, dtype=np.int32)
    flush_row_by_mask[flush_masks] = np.arange(1, len(flush_masks) + 1) * len(SUITED_PAIRS_OF_RANKS)
    no_flush_row = np.zeros((1, len(SUITED_PAIRS_OF_RANKS)), dtype=np.int16)
    flush = np.concatenate([no_flush_row, _best_flush(flush_masks)]).ravel()
    pair_by_cards, suit_by_cards, suited_by_cards = _pair_columns()
    return OmahaHighTables(
        board_by_key=board_by_key,
        no_flush=_best_no_flush(boards).ravel(),
        pair_by_cards=pair_by_cards,
        flush_row_by_mask=flush_row_by_mask,
        flush=flush,
        suit_by_cards=suit_by_cards,
        suited_pair_by_cards=suited_by_cards,
    )


def _superset_flags(mask: int, universe: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    flags: npt.NDArray[np.bool_] = (universe & mask) == mask
    return flags


@cache
def omaha_low_table() -> npt.NDArray[np.int8]:
    """`256 * board_low_mask + hole_low_mask` -> best Omaha low rank (0 = none)."""
    masks = np.arange(256, dtype=np.int64)
    table = np.zeros((256, 256), dtype=np.int8)
    # From the worst low to the best, so that a better low overwrites a worse one.
    for low_bits, rank in sorted(
        ((mask, rank) for mask, rank in enumerate(LOW_BY_MASK) if rank), key=lambda item: item[1]
    ):
        bits = [1 << bit for bit in range(8) if low_bits >> bit & 1]
        for hole_bits in combinations(bits, 2):
            hole_mask = sum(hole_bits)
            fits = np.outer(
                _superset_flags(low_bits - hole_mask, masks), _superset_flags(hole_mask, masks)
            )
            table[fits] = rank
    return table.ravel()


@dataclass(frozen=True)
class StudHighTables:
    """Tables of the stud high evaluation.

    Attributes:
        no_flush: seven-card `RANK_WEIGHTS_7` key -> best non-flush five (0 if impossible).
        flush_by_mask: any 13-bit rank mask of one suit -> the best flush or straight flush
            five of those ranks (0 when fewer than five).
    """

    no_flush: Table
    flush_by_mask: Table


def rank_offset_multisets(size: int) -> npt.NDArray[np.int64]:
    """(n, size) every multiset of `size` rank offsets (0..12) with at most four of a
    rank, each row ascending: `tables.rank_multisets` built with numpy.

    >>> rows = rank_offset_multisets(7)
    >>> len(rows), rows[0].tolist(), rows[-1].tolist()
    (49205, [0, 0, 0, 0, 1, 1, 1], [11, 11, 11, 12, 12, 12, 12])
    """
    rows = np.arange(13, dtype=np.int64)[:, None]
    for _ in range(size - 1):
        last = rows[:, -1]
        follow = 13 - last  # each row goes on with every offset from its last one up
        grown = np.repeat(rows, follow, axis=0)
        starts = np.repeat(np.cumsum(follow) - follow, follow)
        step = np.arange(len(grown)) - starts + np.repeat(last, follow)
        rows = np.column_stack([grown, step])
        if rows.shape[1] > 4:  # five of a rank: ascending rows have it as a run of five
            rows = rows[rows[:, -1] != rows[:, -5]]
    return rows


@cache
def stud_high_tables() -> StudHighTables:
    """The stud high tables, built on the first call (a few hundredths of a second) and
    then reused."""
    sevens = rank_offset_multisets(7)
    weights_5 = np.array(RANK_WEIGHTS_5, dtype=np.int64)[sevens]
    # A five's key is the seven's total less the weights of the two cards left out.
    left_out = np.array([(a, b) for a in range(7) for b in range(a + 1, 7)])
    five_keys = weights_5.sum(axis=1)[:, None] - weights_5[:, left_out].sum(axis=2)
    seven_keys = np.array(RANK_WEIGHTS_7, dtype=np.int64)[sevens].sum(axis=1)
    no_flush = np.zeros(int(seven_keys.max()) + 1, dtype=np.int16)
    no_flush[seven_keys] = HIGH_BY_KEY_ARRAY[five_keys].max(axis=1)
    flush_by_mask = np.zeros(1 << 13, dtype=np.int16)
    for mask, rank in sorted(HIGH_BY_FLUSH_MASK.items(), key=lambda item: item[1]):
        flush_by_mask[_superset_flags(mask, _ALL_MASKS)] = rank
    return StudHighTables(no_flush=no_flush, flush_by_mask=flush_by_mask)
