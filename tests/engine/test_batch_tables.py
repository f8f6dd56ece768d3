"""The numpy rank multisets behind the batch tables match the engine's plain listing."""

from __future__ import annotations

import numpy as np
import pytest

from tracker.engine.batch_tables import rank_offset_multisets
from tracker.engine.tables import rank_multisets


@pytest.mark.parametrize("size", range(1, 8))
def test_rank_offset_multisets_are_the_rank_multisets(size: int) -> None:
    expected = np.array(rank_multisets(size), dtype=np.int64).reshape(-1, size) - 2
    got = rank_offset_multisets(size)
    assert got.shape == expected.shape
    assert np.array_equal(got, expected)
