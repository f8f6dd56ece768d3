"""Compaction killed at random moments (SIGKILL): once the next writer has opened the
folder, every table holds exactly the rows it held before, and a compaction run again
completes the merge."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from store_samples import omaha_hand, table_contents

from tracker.compaction import compact, compaction_due
from tracker.store import Store

BATCHES = 12
HANDS_A_BATCH = 5
KILLS = 3
ATTEMPTS = 12
"""Compactions started at most, to land `KILLS` kills (one that ends first lands none)."""
COMPACT = "import sys; from tracker.compaction import compact; from tracker.store import Store; " \
          "compact(Store(sys.argv[1]))"  # fmt: skip


def _writing(data: Path) -> bool:
    """True once the compaction wrote something: a temporary file or a manifest."""
    return any(path.name.endswith(".tmp") for path in data.rglob(".*")) or any(
        (data / "_batches").glob("*.json")
    )


def _kill_while_compacting(data: Path, delay: float) -> bool:
    """Run a compaction in a child, SIGKILL it `delay` seconds after it starts writing;
    False when it ended first."""
    child = subprocess.Popen([sys.executable, "-c", COMPACT, str(data)])
    deadline = time.monotonic() + 60
    while child.poll() is None and not _writing(data) and time.monotonic() < deadline:
        time.sleep(0.001)
    time.sleep(delay)
    if child.poll() is not None:
        return False
    child.send_signal(signal.SIGKILL)
    child.wait()
    return True


@pytest.mark.slow
def test_compaction_killed_at_random_moments_loses_and_doubles_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Store(data) as store:
        for batch in range(BATCHES):
            first = batch * HANDS_A_BATCH
            store.write_hands([omaha_hand(first + n) for n in range(HANDS_A_BATCH)])
        before = table_contents(store)
    chance = random.Random(5)
    kills = 0
    for _ in range(ATTEMPTS):
        if kills == KILLS:
            break
        kills += _kill_while_compacting(data, chance.uniform(0, 0.03))
        with Store(data) as store:
            store.open_for_writing()  # finishes or undoes what the killed writer left
            assert table_contents(store) == before
    with Store(data) as store:
        compact(store)
        assert table_contents(store) == before
        assert not compaction_due(store, threshold=2)
    assert not list((data / "_batches").glob("*.json"))
    assert kills  # at least one kill landed during a compaction
