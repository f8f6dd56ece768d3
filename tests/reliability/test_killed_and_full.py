"""`tracker import` and `tracker audit` killed at random moments, on a full disk, and on
folders they cannot write: the data folder stays readable, with whole batches only and
no row twice, the error is one line, and a re-run gives exactly a clean run's counts.

The full disk is RLIMIT_FSIZE set in the child (`resource.setrlimit`): every write past
the limit fails with EFBIG, through the same code paths as ENOSPC (tests/store/
test_crash_safety.py kills an import at two set points; here the moments are random).
"""

from __future__ import annotations

import json
import os
import random
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from store_samples import pokerstars_text

from tracker.audit.run import run_audit
from tracker.database import connect
from tracker.importer import import_paths
from tracker.store import Store

HANDS = 3_000
BATCH = 200
TRACKER = "from tracker.cli import app; app()"
KILLS = 5
"""Kills of an import (each run, the next kill comes after 0 to 3 more batches)."""


def _tracker(*arguments: str, limit: int | None = None) -> subprocess.Popen[bytes]:
    """`tracker ARGUMENTS` in a child process, its writes limited to `limit` bytes."""
    preexec: Callable[[], None] | None = None
    if limit is not None:
        size = limit

        def preexec() -> None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return subprocess.Popen(
        [sys.executable, "-c", TRACKER, *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=preexec,
    )


def _finished(process: subprocess.Popen[bytes]) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=180)
    return process.returncode, out.decode(), err.decode()


def _one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: "), err
    assert "Traceback" not in err
    return lines[0]


def _assert_consistent(data: Path) -> int:
    """The folder reads, by the store and by DuckDB, whole batches only, no hand twice.
    A kill between a batch's renames (docs/schema.md) leaves its manifest, which the next
    writer completes: that writer is opened first then, as the next import would."""
    if list((data / "_batches").glob("*.json")):
        with Store(data) as store:
            store.open_for_writing()
    hand_ids = Store(data).read("hands", ["hand_id"]).column("hand_id").to_pylist()
    assert len(hand_ids) % BATCH == 0, len(hand_ids)
    assert len(set(hand_ids)) == len(hand_ids)
    for table in ("seats", "actions"):  # child rows of exactly the hands stored
        child = Store(data).read(table, ["hand_id"]).column("hand_id").to_pylist()
        assert set(child) == set(hand_ids)
    visible = connect(data).execute("SELECT count(*) FROM hands").fetchone()
    assert visible == (len(hand_ids),)
    return len(hand_ids)


def _hand_files(data: Path) -> int:
    return sum(1 for _ in (data / "hands").rglob("part-*.parquet")) if data.exists() else 0


def _wait_for_hand_files(data: Path, process: subprocess.Popen[bytes], count: int) -> None:
    """Return once `data` holds `count` committed hand files, or the process ended."""
    deadline = time.monotonic() + 60
    while process.poll() is None and _hand_files(data) < count and time.monotonic() < deadline:
        time.sleep(0.002)


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("history") / "hands.txt"
    path.write_text(pokerstars_text(HANDS))
    return path


@pytest.fixture(scope="module")
def clean(history: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, int]:
    """The row counts of every table after a clean import and audit."""
    with Store(tmp_path_factory.mktemp("clean") / "data") as store:
        assert import_paths([history], store, batch_size=BATCH).imported == HANDS
        run_audit(store)
        return store.row_counts()


def _import(history: Path, data: Path, limit: int | None = None) -> subprocess.Popen[bytes]:
    return _tracker("import", str(history), "--data", str(data), "--batch-size", str(BATCH),
                    "--format", "json", limit=limit)  # fmt: skip


def test_imports_killed_at_random_moments_then_a_rerun(
    history: Path, clean: dict[str, int], tmp_path: Path
) -> None:
    data = tmp_path / "data"
    chance = random.Random(17)
    stored = 0
    partial = 0
    for _ in range(KILLS):
        process = _import(history, data)
        # a random moment: after 0 to 3 more batches (0: starting up, reading the file),
        # then anywhere up to 50 ms later (writing a batch, committing it, between two)
        _wait_for_hand_files(data, process, _hand_files(data) + chance.randint(0, 3))
        time.sleep(chance.uniform(0, 0.05))
        process.send_signal(signal.SIGKILL)
        process.wait()
        if data.exists():
            stored = _assert_consistent(data)
            partial += 0 < stored < HANDS
    assert partial >= 2  # most kills landed inside the import, not after it
    rerun = _import(history, data)
    status, out, err = _finished(rerun)
    assert status == 0, err
    summary = json.loads(out)
    if summary["unchanged_files"] == 0:  # the last kill landed before the file was done
        assert (summary["imported"], summary["duplicates"]) == (HANDS - stored, stored)
    with Store(data) as store:
        run_audit(store)
        assert store.row_counts() == clean
    assert not [path for path in data.rglob("*") if path.name.endswith(".tmp")]


def test_an_audit_killed_at_random_moments_leaves_whole_tables(
    history: Path, clean: dict[str, int], tmp_path: Path
) -> None:
    data = tmp_path / "data"
    with Store(data) as store:
        import_paths([history], store, batch_size=BATCH)
    chance = random.Random(71)
    for _ in range(2):
        process = _tracker("audit", "--data", str(data))
        time.sleep(chance.uniform(0.3, 4.0))
        process.send_signal(signal.SIGKILL)
        process.wait()
        audited = Store(data).read("audit", ["hand_id"]).num_rows
        assert audited in (0, HANDS)  # the table replaced whole, or not at all
    status, _, err = _finished(_tracker("audit", "--data", str(data)))
    assert status in (0, 1), err
    assert Store(data).row_counts() == clean


def test_a_full_disk_stops_the_import_with_one_line_and_loses_nothing(
    history: Path, clean: dict[str, int], tmp_path: Path
) -> None:
    data = tmp_path / "data"
    status, _, err = _finished(_import(history, data, limit=3_000))
    assert status == 2, err
    assert "File too large" in _one_line_error(err)
    _assert_consistent(data)
    assert not [path for path in data.rglob("*") if path.name.endswith(".tmp")]
    status, _, err = _finished(_import(history, data))  # room again
    assert status == 0, err
    with Store(data) as store:
        run_audit(store)
        assert store.row_counts() == clean


def test_a_full_disk_stops_the_audit_and_keeps_the_last_audit(
    history: Path, clean: dict[str, int], tmp_path: Path
) -> None:
    data = tmp_path / "data"
    with Store(data) as store:
        import_paths([history], store, batch_size=BATCH)
        run_audit(store)
    before = Store(data).row_counts()
    status, _, err = _finished(_tracker("audit", "--data", str(data), limit=2_000))
    assert status == 2, err
    _one_line_error(err)
    assert Store(data).row_counts() == before == clean


def test_a_data_folder_that_cannot_be_made_is_one_line(history: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    status, _, err = _finished(_import(history, blocker / "data"))
    assert status == 2
    assert "not a usable data folder" in _one_line_error(err)


def _unwritable(folders: list[Path], locked: bool) -> None:
    """Make `folders` unwritable (`locked`) or writable again: by their mode, or for
    root, who writes whatever the mode, by the immutable attribute (`chattr`)."""
    if os.geteuid() != 0:
        for folder in folders:
            folder.chmod(0o555 if locked else 0o755)
        return
    attribute = "+i" if locked else "-i"
    done = subprocess.run(["chattr", attribute, *map(str, folders)], capture_output=True)
    if done.returncode and locked:
        subprocess.run(["chattr", "-i", *map(str, folders)], capture_output=True)
        pytest.skip(f"root, and chattr cannot make the folders immutable here: {done.stderr!r}")


def test_a_read_only_data_folder_is_one_line_and_untouched(history: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Store(data) as store:
        import_paths([history], store, batch_size=BATCH)
    before = Store(data).row_counts()
    more = tmp_path / "more.txt"
    more.write_text(pokerstars_text(10, first_id=7_000_000_000))
    folders = [folder for folder in [data, *data.rglob("*")] if folder.is_dir()]
    _unwritable(folders, locked=True)
    try:
        status, _, err = _finished(_import(more, data))
        assert status == 2, err
        _one_line_error(err)
        assert Store(data).row_counts() == before
    finally:
        _unwritable(folders, locked=False)
