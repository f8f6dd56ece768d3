"""`tracker import --jobs N`: files and the pieces of a large file read in worker
processes, the same dataset whatever N is; a worker that dies stops the import and
leaves the data folder as it was."""

from __future__ import annotations

import multiprocessing
import os
import signal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tracker.cli import app
from tracker.importer import ImportProgress, import_paths
from tracker.store import Store
from tracker.worker_processes import WorkerStoppedError

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
PIECE = 64 * 1024
"""A piece small enough that every sample file is several."""


def _tables(data: Path) -> dict[str, list[dict[str, object]]]:
    """Every table's rows, in the order the store reads them, without the import's time."""
    with Store(data) as store:
        tables = {table: store.read(table).to_pylist() for table in store.row_counts()}
    for rows in tables.values():
        for row in rows:
            row.pop("imported_at", None)
    return tables


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample files, and one file of all of them (and a hand no site reads), so
    that there are many pieces of many files, duplicates across files, and a failure."""
    folder = tmp_path_factory.mktemp("histories")
    samples = sorted(SAMPLES.glob("pokerstars-*.txt"), key=lambda path: path.stat().st_size)[:4]
    for sample in samples:
        (folder / sample.name).write_bytes(sample.read_bytes())
    cut_off = b"PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02) - 2026/07/06 0:03:46 ET\n"
    large = [sample.read_bytes() for sample in samples[::-1]]
    (folder / "z-all.txt").write_bytes(b"\n\n".join([*large[:2], cut_off, *large[2:]]))
    return folder


def test_the_dataset_is_the_same_whatever_the_number_of_processes(
    tmp_path: Path, histories: Path
) -> None:
    summaries = {}
    for jobs in (1, 2):
        with Store(tmp_path / f"jobs-{jobs}") as store:
            summary = import_paths([histories], store, jobs=jobs, piece_size=PIECE, batch_size=700)
        summaries[jobs] = summary.to_json()
    assert summaries[1] == summaries[2]
    assert summaries[1]["imported"] == summaries[1]["duplicates"] > 500
    assert summaries[1]["failed"] == 1
    assert _tables(tmp_path / "jobs-1") == _tables(tmp_path / "jobs-2")


def _folder_state(data: Path) -> dict[str, bytes]:
    return {str(path.relative_to(data)): path.read_bytes()
            for path in sorted(data.rglob("*")) if path.is_file()}  # fmt: skip


def test_a_worker_killed_stops_the_import_and_leaves_the_folder_as_it_was(
    tmp_path: Path, histories: Path
) -> None:
    data = tmp_path / "data"
    first = sorted(histories.iterdir())[0]
    with Store(data) as store:
        import_paths([first], store, jobs=1)
    before = _folder_state(data)

    def kill_a_worker(progress: ImportProgress) -> None:
        workers = multiprocessing.active_children()
        if progress.hands_seen and workers:
            os.kill(workers[0].pid or 0, signal.SIGKILL)

    with Store(data) as store, pytest.raises(WorkerStoppedError, match="stopped before the end"):
        import_paths([histories], store, jobs=2, piece_size=PIECE, progress=kill_a_worker)
    assert _folder_state(data) == before


def test_the_command_takes_the_number_of_processes(tmp_path: Path) -> None:
    runner = CliRunner()
    results = [
        runner.invoke(app, ["import", str(SAMPLES), "--data", str(tmp_path / name), *jobs])
        for name, jobs in (("one", ["--jobs", "1"]), ("two", ["--jobs", "2"]))
    ]
    assert [result.exit_code for result in results] == [0, 0]
    assert _tables(tmp_path / "one") == _tables(tmp_path / "two")
    refused = runner.invoke(app, ["import", str(SAMPLES), "--jobs", "0"])
    assert refused.exit_code == 2
