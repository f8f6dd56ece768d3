"""A real SIGKILL in the middle of an import, then a re-run: exactly the clean counts."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from store_samples import pokerstars_text

from tracker.database import connect
from tracker.importer import import_paths
from tracker.store import Store

HANDS = 12_000
BATCH = 300
IMPORT = "from tracker.cli import app; app()"


def _committed_hand_files(data: Path) -> int:
    return sum(1 for _ in (data / "hands").rglob("part-*.parquet")) if data.exists() else 0


def _start_import(history: Path, data: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", IMPORT, "import", str(history), "--data", str(data),
               "--batch-size", str(BATCH), "--format", "json"]  # fmt: skip
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _kill_after(process: subprocess.Popen[bytes], data: Path, files: int) -> bool:
    """SIGKILL `process` once `files` hand batches are committed; False if it ended first."""
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline:
        if _committed_hand_files(data) >= files:
            process.send_signal(signal.SIGKILL)
            process.wait()
            return True
        time.sleep(0.002)
    process.wait()
    return False


@pytest.fixture(scope="module")
def big_history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("history") / "big.txt"
    path.write_text(pokerstars_text(HANDS))
    return path


@pytest.fixture(scope="module")
def clean_counts(big_history: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, int]:
    with Store(tmp_path_factory.mktemp("clean") / "data") as store:
        summary = import_paths([big_history], store, batch_size=BATCH)
        assert summary.imported == HANDS
        return store.row_counts()


def test_killed_imports_leave_readable_data_and_a_rerun_completes_them(
    big_history: Path, clean_counts: dict[str, int], tmp_path: Path
) -> None:
    data = tmp_path / "data"
    kills = 0
    for batches in (3, 12):  # two kills, the second after more batches than the first
        if not _kill_after(_start_import(big_history, data), data, batches):
            continue  # it finished first (a very fast machine): nothing to recover
        hands = Store(data).read("hands", ["hand_id"]).num_rows
        if hands == HANDS:
            continue  # the kill landed after the last commit, as the process was exiting
        kills += 1
        assert hands % BATCH == 0  # whole batches only
        assert hands > 0
        (visible,) = connect(data).execute("SELECT count(*) FROM hands").fetchone() or (None,)
        assert visible == hands
        assert Store(data).read("files").num_rows == 0  # the file is not marked as done
    if kills == 0:
        pytest.skip("every import finished before a kill could land")
    rerun = _start_import(big_history, data)
    _, errors = rerun.communicate(timeout=120)
    assert rerun.returncode == 0, errors.decode()
    with Store(data) as store:
        assert store.row_counts() == clean_counts
        hand_ids = store.read("hands", ["hand_id"]).column("hand_id").to_pylist()
    assert len(set(hand_ids)) == HANDS
    assert not [path for path in data.rglob("*") if path.name.endswith(".tmp")]
    assert not list((data / "_batches").glob("*.json"))
