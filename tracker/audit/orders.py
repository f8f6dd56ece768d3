"""Row orders of the audit's arrays: `np.lexsort` for integer keys, faster."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int64]


def sort_order(keys: Sequence[Ints]) -> Ints:
    """`np.lexsort(keys)` (the last key first, ties kept in row order), as one plain sort
    of unique integers when the keys fit one int64 together (several times faster).

    >>> sort_order([np.array([3, 1, 2, 1]), np.array([0, 1, 0, 0])]).tolist()
    [3, 2, 0, 1]
    """
    count = len(keys[0])
    if count == 0:
        return np.zeros(0, dtype=np.int64)
    combined = np.zeros(count, dtype=np.int64)
    span = 1
    for key in keys[::-1]:  # the first key to sort by is the most significant
        low, high = int(key.min()), int(key.max())
        span *= high - low + 1
        if span * count >= 1 << 62:
            order: Ints = np.lexsort(keys)
            return order
        combined = combined * (high - low + 1) + (key - low)
    unique = combined * count + np.arange(count)
    return np.argsort(unique)
