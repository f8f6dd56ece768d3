"""Vectorised evaluation: numpy arrays of card indexes in, numpy arrays of ranks out.

Same numbers as the scalar API (`tracker.engine.high`, `tracker.engine.low8`): high ranks
1..7462 and low ranks 1..56, higher is better, 0 = no qualifying low. Cards are indexes
0..51 (`4 * (rank - 2) + suit`), one deal per row, any integer dtype.

Omaha high looks up each of the C(k, 2) hole pairs once against a table of everything three
cards of the board can add to it (see `tracker.engine.batch_tables`), so the work per
player is a few gathers over the pairs instead of sixty five-card evaluations.

Every function checks its input (shape, index range, no card twice in a deal) unless called
with `check=False`, and works through big inputs `CHUNK_DEALS` deals at a time.

>>> import numpy as np
>>> from tracker.cards import parse_cards
>>> def indexes(text):
...     return np.array([[card.index for card in parse_cards(text)]])
>>> hole, board = indexes("Ad Kd 3s 2s"), indexes("Jd 4d 3c Qd 5h")
>>> omaha_high_ranks(hole, board), omaha_low_ranks(hole, board)
(array([7135], dtype=int32), array([56], dtype=int32))
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from tracker.engine.batch_tables import omaha_high_tables, omaha_low_table, stud_high_tables
from tracker.engine.tables import (
    CARD_LOW_BIT,
    CARD_RANK_WEIGHT_5,
    CARD_RANK_WEIGHT_7,
    CARD_SUIT_RANK_BIT,
    HIGH_BY_FLUSH_MASK_ARRAY,
    HIGH_BY_KEY_ARRAY,
    LOW_BEST_OF_MASK_ARRAY,
    LOW_BY_MASK_ARRAY,
)
from tracker.errors import CardError, ShowdownError

__all__ = [
    "high_ranks_5",
    "low_ranks_5",
    "omaha_high_ranks",
    "omaha_hilo_ranks",
    "omaha_low_ranks",
    "stud_high_ranks",
    "stud_low_ranks",
]

Cards = npt.ArrayLike
"""A 2-D array-like of card indexes, one deal per row."""

Ranks = npt.NDArray[np.int32]

_SUIT_SHIFTS = np.array([0, 13, 26, 39], dtype=np.int64)
_RANK_BITS = (1 << 13) - 1


def high_ranks_5(cards: Cards, *, check: bool = True) -> Ranks:
    """High rank of each row of five cards, shape (n, 5) -> (n,).

    >>> high_ranks_5([[51, 47, 43, 39, 35], [20, 13, 8, 4, 1]])  # royal flush; 7-5-4-3-2
    array([7462,    1], dtype=int32)

    Raises:
        ShowdownError: for a shape other than (n, 5).
        CardError: for an index outside 0..51, or a card twice in a row (when `check`).
    """
    return _in_chunks(_high_5, _columns(("cards", cards, (5,))), check=check)


def low_ranks_5(cards: Cards, *, check: bool = True) -> Ranks:
    """Low rank (0 = none) of each row of five cards, shape (n, 5) -> (n,).

    >>> low_ranks_5([[48, 1, 6, 11, 12], [48, 1, 6, 11, 28]])  # A2345; A2349
    array([56,  0], dtype=int32)

    Raises:
        ShowdownError: for a shape other than (n, 5).
        CardError: for an index outside 0..51, or a card twice in a row (when `check`).
    """
    return _in_chunks(_low_5, _columns(("cards", cards, (5,))), check=check)


def omaha_high_ranks(hole: Cards, board: Cards, *, check: bool = True) -> Ranks:
    """Best high rank with exactly two of k hole cards (k = 2, 4, 5 or 6) and three of five
    board cards, shapes (n, k) and (n, 5) -> (n,).

    >>> omaha_high_ranks([[51, 50, 49, 48]], [[47, 43, 39, 35, 0]])  # four aces, KsQsJsTs2c: a pair
    array([4137], dtype=int32)

    Raises:
        ShowdownError: for shapes other than (n, k) and (n, 5).
        CardError: for an index outside 0..51, or a card twice in a deal (when `check`).
    """
    return _in_chunks(_omaha_high, _hole_and_board(hole, board), check=check)


def omaha_high_ranks_by_pair(hole: Cards, board: Cards, *, check: bool = True) -> Ranks:
    """Best high rank of each pair of the k hole cards (in `itertools.combinations`
    order) with three of five board cards, shapes (n, k) and (n, 5) -> (n, k(k-1)/2).

    >>> omaha_high_ranks_by_pair([[51, 50, 49, 48]], [[47, 43, 39, 35, 0]])  # AA: a pair each
    array([[4137, 4137, 4137, 4137, 4137, 4137]], dtype=int32)

    Raises:
        ShowdownError: for shapes other than (n, k) and (n, 5).
        CardError: for an index outside 0..51, or a card twice in a deal (when `check`).
    """
    columns = _hole_and_board(hole, board)
    ranks = _in_chunks(_omaha_high_by_pair, columns, check=check)
    pairs = _PAIR_ROWS[len(columns[0])].shape[1]
    return ranks.reshape(-1, pairs)


def omaha_low_ranks(hole: Cards, board: Cards, *, check: bool = True) -> Ranks:
    """Best low rank (0 = none) with exactly two of k hole cards and three of five board
    cards, shapes (n, k) and (n, 5) -> (n,).

    >>> omaha_low_ranks([[48, 1, 50, 51]], [[6, 11, 12, 40, 44]])  # A2 + 345
    array([56], dtype=int32)

    Raises:
        ShowdownError: for shapes other than (n, k) and (n, 5).
        CardError: for an index outside 0..51, or a card twice in a deal (when `check`).
    """
    return _in_chunks(_omaha_low, _hole_and_board(hole, board), check=check)


def omaha_hilo_ranks(hole: Cards, board: Cards, *, check: bool = True) -> tuple[Ranks, Ranks]:
    """`omaha_high_ranks` and `omaha_low_ranks` at once, the input checked and laid out once.

    >>> omaha_hilo_ranks([[48, 1, 50, 51]], [[6, 11, 12, 40, 44]])  # A2 + 345: wheel both ways
    (array([5854], dtype=int32), array([56], dtype=int32))

    Raises:
        ShowdownError: for shapes other than (n, k) and (n, 5).
        CardError: for an index outside 0..51, or a card twice in a deal (when `check`).
    """
    columns = _hole_and_board(hole, board)
    return _in_chunks(_omaha_high, columns, check=check), _in_chunks(_omaha_low, columns)


def stud_high_ranks(cards: Cards, *, check: bool = True) -> Ranks:
    """Best high rank among the five-card hands of each row of seven cards, (n, 7) -> (n,).

    >>> stud_high_ranks([[46, 26, 12, 10, 6, 3, 50]])  # Kh 8h 5c 4h 3h 2s Ah: the flush
    array([6999], dtype=int32)

    Raises:
        ShowdownError: for a shape other than (n, 7).
        CardError: for an index outside 0..51, or a card twice in a row (when `check`).
    """
    return _in_chunks(_stud_high, _columns(("cards", cards, (7,))), check=check)


def stud_low_ranks(cards: Cards, *, check: bool = True) -> Ranks:
    """Best low rank (0 = none) of each row of seven cards, (n, 7) -> (n,).

    >>> stud_low_ranks([[46, 26, 12, 10, 6, 3, 50]])  # Kh 8h 5c 4h 3h 2s Ah: the wheel
    array([56], dtype=int32)

    Raises:
        ShowdownError: for a shape other than (n, 7).
        CardError: for an index outside 0..51, or a card twice in a row (when `check`).
    """
    return _in_chunks(_stud_low, _columns(("cards", cards, (7,))), check=check)


# ---- the work, on card columns: shape (cards per deal, n), one deal per column ----------

Columns = npt.NDArray[np.intp]
InputColumns = npt.NDArray[np.integer[Any]]

# Deals per step: small enough for the work arrays to stay in the CPU caches (a million
# deals at once runs at half the speed) and to bound the memory used.
CHUNK_DEALS = 16_384


def _in_chunks(
    work: Callable[..., Ranks], columns: tuple[InputColumns, ...], *, check: bool = False
) -> Ranks:
    """`work` over CHUNK_DEALS deals at a time, on contiguous intp columns (checked first
    when `check`)."""
    parts = []
    for start in range(0, columns[0].shape[1], CHUNK_DEALS):
        pieces = [part[:, start : start + CHUNK_DEALS] for part in columns]
        if check:
            # In the input's own dtype: int8 columns are an eighth of the memory of intp ones.
            _check_cards(np.concatenate(pieces), first_deal=start)
        parts.append(work(*(np.ascontiguousarray(piece, np.intp) for piece in pieces)))
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32)


def _high_5(columns: Columns) -> Ranks:
    no_flush = HIGH_BY_KEY_ARRAY[CARD_RANK_WEIGHT_5[columns].sum(axis=0)]
    flush = HIGH_BY_FLUSH_MASK_ARRAY[_suit_masks(columns)].max(axis=0)
    return _ranks(np.maximum(no_flush, flush))


def _low_5(columns: Columns) -> Ranks:
    return _ranks(LOW_BY_MASK_ARRAY[_low_masks(columns)])


def _stud_high(columns: Columns) -> Ranks:
    tables = stud_high_tables()
    no_flush = tables.no_flush[CARD_RANK_WEIGHT_7[columns].sum(axis=0)]
    flush = tables.flush_by_mask[_suit_masks(columns)].max(axis=0)
    return _ranks(np.maximum(no_flush, flush))


def _stud_low(columns: Columns) -> Ranks:
    return _ranks(LOW_BEST_OF_MASK_ARRAY[_low_masks(columns)])


def _omaha_high(holes: Columns, boards: Columns) -> Ranks:
    return _ranks(_omaha_high_pairs(holes, boards).max(axis=0))


def _omaha_high_by_pair(holes: Columns, boards: Columns) -> Ranks:
    """(n, pairs): one row per deal."""
    return _ranks(_omaha_high_pairs(holes, boards).T)


def _omaha_high_pairs(holes: Columns, boards: Columns) -> npt.NDArray[np.int16]:
    """(pairs, n) best rank of each hole pair with three of the board."""
    tables = omaha_high_tables()
    board_rows = tables.board_by_key[CARD_RANK_WEIGHT_5[boards].sum(axis=0)]
    # Suit 4 ("not suited") reads the all-zero flush row 0.
    deals = boards.shape[1]
    flush_rows = np.zeros((5, deals), dtype=np.int32)
    flush_rows[:4] = tables.flush_row_by_mask[_suit_masks(boards)]
    first, second = _PAIR_ROWS[len(holes)]
    pairs = holes[first] * 52 + holes[second]  # (pairs, n)
    no_flush = tables.no_flush[board_rows + tables.pair_by_cards[pairs]]
    suit_starts = tables.suit_by_cards * deals  # where each suit's row starts, flattened
    flush_at = flush_rows.ravel()[suit_starts[pairs] + np.arange(deals)]
    flush = tables.flush[flush_at + tables.suited_pair_by_cards[pairs]]
    best: npt.NDArray[np.int16] = np.maximum(no_flush, flush)
    return best


def _omaha_low(holes: Columns, boards: Columns) -> Ranks:
    at = _low_masks(boards).astype(np.intp) * 256 + _low_masks(holes)
    return _ranks(omaha_low_table()[at])


def _ranks(values: npt.NDArray[np.integer[Any]]) -> Ranks:
    return values.astype(np.int32)


def _suit_masks(columns: Columns) -> npt.NDArray[np.int64]:
    """(4, n) 13-bit rank mask of each suit in each deal (of distinct cards)."""
    words = CARD_SUIT_RANK_BIT[columns].sum(axis=0)
    masks: npt.NDArray[np.int64] = (words >> _SUIT_SHIFTS[:, None]) & _RANK_BITS
    return masks


def _low_masks(columns: Columns) -> npt.NDArray[np.uint8]:
    """(n,) 8-bit mask of the low values (ace = 1 .. 8) present in each deal."""
    masks: npt.NDArray[np.uint8] = np.bitwise_or.reduce(CARD_LOW_BIT[columns], axis=0)
    return masks


_PAIR_ROWS = {count: np.array(list(combinations(range(count), 2))).T for count in (2, 4, 5, 6)}


def _columns(*arrays: tuple[str, Cards, tuple[int, ...]]) -> tuple[InputColumns, ...]:
    """Each (name, cards, allowed widths) as card columns (a transposed view), its shape
    and dtype checked."""
    rows = [np.asarray(cards) for _, cards, _ in arrays]
    for (what, _, widths), array in zip(arrays, rows, strict=True):
        if array.ndim != 2 or array.shape[1] not in widths:
            wanted = " or ".join(str(width) for width in widths)
            raise ShowdownError(f"{what} must have shape (n, {wanted}), not {array.shape}")
        if not np.issubdtype(array.dtype, np.integer):
            raise CardError(f"{what} must be integer card indexes, not {array.dtype}")
    if len({len(array) for array in rows}) > 1:
        raise ShowdownError(f"{' and '.join(what for what, _, _ in arrays)} differ in rows")
    return tuple(array.T for array in rows)


def _hole_and_board(hole: Cards, board: Cards) -> tuple[InputColumns, ...]:
    return _columns(("hole", hole, tuple(_PAIR_ROWS)), ("board", board, (5,)))


def _check_cards(columns: InputColumns, first_deal: int) -> None:
    """Raise CardError for an index outside 0..51 or a deal (column) with a card twice."""
    if columns.size == 0:
        return
    if columns.min() < 0 or columns.max() > 51:
        raise CardError("a card index is outside 0..51")
    repeated = np.zeros(columns.shape[1], dtype=np.bool_)
    for row in range(len(columns)):
        for other in range(row + 1, len(columns)):
            repeated |= columns[row] == columns[other]
    if repeated.any():
        deal = int(np.argmax(repeated))
        cards = columns[:, deal].tolist()
        raise CardError(f"deal {first_deal + deal} holds the same card twice: {cards}")
