"""`orders.sort_order` gives `np.lexsort`'s order, ties and huge keys included."""

from __future__ import annotations

import numpy as np
import pytest

from tracker.audit.orders import sort_order


@pytest.mark.parametrize("seed", range(5))
def test_the_order_of_lexsort_with_many_ties(seed: int) -> None:
    generator = np.random.default_rng(seed)
    keys = (generator.integers(-3, 4, 2_000), generator.integers(0, 50, 2_000))
    assert np.array_equal(sort_order(keys), np.lexsort(keys))


def test_three_keys() -> None:
    generator = np.random.default_rng(7)
    keys = tuple(generator.integers(0, 6, 500) for _ in range(3))
    assert np.array_equal(sort_order(keys), np.lexsort(keys))


def test_keys_too_wide_for_one_integer() -> None:
    generator = np.random.default_rng(3)
    keys = (generator.integers(0, 1 << 40, 1_000), generator.integers(0, 1 << 40, 1_000))
    keys[0][:500] = 12  # ties on the first key too
    assert np.array_equal(sort_order(keys), np.lexsort(keys))


def test_no_rows() -> None:
    assert sort_order((np.zeros(0, dtype=np.int64),)).tolist() == []
