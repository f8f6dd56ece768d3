"""Two writers on one data folder, a lock left by a killed writer, and readers while an
import runs: the second writer is refused with one line, a dead writer's lock is no
obstacle, and `tracker stats`, `tracker sql` and `tracker report` see whole batches."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from store_samples import pokerstars_text
from typer.testing import CliRunner

from tracker.cli import app
from tracker.importer import import_paths
from tracker.store import Store, StoreError

HANDS = 6_000
BATCH = 300
TRACKER = "from tracker.cli import app; app()"
runner = CliRunner()


def _tracker(*arguments: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", TRACKER, *arguments],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip


def _run(*arguments: str) -> tuple[int, str, str]:
    process = _tracker(*arguments)
    out, err = process.communicate(timeout=120)
    return process.returncode, out.decode(), err.decode()


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("history") / "hands.txt"
    path.write_text(pokerstars_text(HANDS))
    return path


def _hand_files(data: Path) -> int:
    return sum(1 for _ in (data / "hands").rglob("part-*.parquet")) if data.exists() else 0


def _wait_for_batches(data: Path, process: subprocess.Popen[bytes], count: int) -> bool:
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline:
        if _hand_files(data) >= count:
            return True
        time.sleep(0.005)
    return False


def test_a_second_writer_is_refused_in_one_line_while_the_first_holds_the_lock(
    history: Path, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    with Store(data) as holder:
        holder.open_for_writing()  # as a running import does, until it ends
        status, _, err = _run("import", str(history), "--data", str(data))
        assert status == 2
        assert err.strip().splitlines() == [
            f"error: {data}: another import is writing to this data folder"
        ]
        with pytest.raises(StoreError, match="another import"):
            Store(data).open_for_writing()
    assert Store(data).read("hands").num_rows == 0  # the refused run wrote nothing
    status, _, err = _run("import", str(history), "--data", str(data))  # released
    assert status == 0, err


def test_two_imports_at_once_one_writes_and_the_other_refuses(
    history: Path, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    first = _tracker("import", str(history), "--data", str(data), "--batch-size", str(BATCH))
    assert _wait_for_batches(data, first, 1), "the first import ended before a batch"
    # the second in this process: it reaches the lock at once, 19 batches before the end
    second = runner.invoke(app, ["import", str(history), "--data", str(data)])
    _first_out, first_err = first.communicate(timeout=120)
    assert first.returncode == 0, first_err.decode()
    assert second.exit_code == 2, second.output
    assert second.stderr == f"error: {data}: another import is writing to this data folder\n"
    assert Store(data).read("hands").num_rows == HANDS


def test_the_lock_of_a_killed_import_is_cleared_by_the_next(history: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    killed = _tracker("import", str(history), "--data", str(data), "--batch-size", str(BATCH))
    assert _wait_for_batches(data, killed, 2), "the import ended before two batches"
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    assert (data / ".lock").exists()  # left behind: the kernel released the lock itself
    status, out, err = _run("import", str(history), "--data", str(data), "--format", "json")
    assert status == 0, err
    summary = json.loads(out)
    assert summary["imported"] + summary["duplicates"] == HANDS
    hand_ids = Store(data).read("hands", ["hand_id"]).column("hand_id").to_pylist()
    assert sorted(hand_ids) == sorted(set(hand_ids))
    assert len(hand_ids) == HANDS


def test_stats_sql_and_report_work_during_an_import_and_see_whole_batches(
    history: Path, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    first = tmp_path / "first.txt"
    first.write_text(pokerstars_text(2 * BATCH, first_id=500_000_000_000))
    with Store(data) as store:  # a first import, so that every reader has data
        import_paths([first], store, batch_size=BATCH)
    writer = _tracker("import", str(history), "--data", str(data), "--batch-size", str(BATCH))
    assert _wait_for_batches(data, writer, 3)
    seen = []
    while not seen:  # once (the import most likely still running: 20 batches to go)
        # the readers in this process (typer's runner): no interpreter to start each time
        result = runner.invoke(app, ["sql", "SELECT count(*) AS n FROM hands", "--data",
                                     str(data), "--format", "json"])  # fmt: skip
        assert result.exit_code == 0, result.output
        seen.append(json.loads(result.stdout)[0]["n"])
        result = runner.invoke(app, ["stats", "--data", str(data), "--format", "json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)
        page = tmp_path / "r.html"
        result = runner.invoke(app, ["report", "--data", str(data), "--out", str(page)])
        assert result.exit_code == 0, result.output
    writer.communicate(timeout=120)
    assert writer.returncode == 0
    assert all(count % BATCH == 0 and 2 * BATCH <= count <= 2 * BATCH + HANDS
               for count in seen), seen  # fmt: skip
