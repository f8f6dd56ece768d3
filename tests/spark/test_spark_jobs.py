"""The Spark import and audit give the one-machine dataset and verdicts, row for row, and
the stats on Spark SQL the one-machine figures.

One local Spark session (local[2], two shuffle partitions, no UI) for the module: it
imports and audits 20,000 simulated hands of four games with payout and betting errors
injected, a file given twice (its hands are duplicates) and a file that is no hand
history, into one folder, while the one-machine engine does the same into another; every
table must be the same, and the stats of the Spark folder counted by Spark SQL those of
the other counted by DuckDB. A worker killed mid-job must leave the data folder as it was.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from typer.testing import CliRunner

pytest.importorskip("pyspark", reason="pyspark is not installed: pip install '.[spark]'")

from pyspark.sql import SparkSession

from tracker.audit.run import AuditSummary, run_audit
from tracker.cli import app
from tracker.importer import ImportSummary, import_paths
from tracker.model import Game, Structure
from tracker.schema import TABLES
from tracker.simulate import simulate
from tracker.spark.audit_job import audit_on_spark
from tracker.spark.import_job import import_on_spark
from tracker.spark.session import spark_session
from tracker.spark.stats_job import player_stats_on_spark
from tracker.stats.options import RakeMethod
from tracker.stats.run import StatsFilter, player_stats
from tracker.store import Store

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas"),
]

_GAMES = [
    (Game.OMAHA_HILO, Structure.POT_LIMIT),
    (Game.STUD_HILO, Structure.LIMIT),
    (Game.OMAHA5_HILO, Structure.LIMIT),
    (Game.COURCHEVEL_HILO, Structure.NO_LIMIT),
]
_HANDS_PER_GAME = 5_000
_VARYING = {"imported_at"}  # the time of the run: the only column two runs differ in


@pytest.fixture(scope="module")
def spark() -> Iterator[SparkSession]:
    with spark_session("local[2]", {"spark.sql.shuffle.partitions": "2"}) as session:
        yield session


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("histories")
    for seed, (game, structure) in enumerate(_GAMES):
        simulate(game, structure, hands=_HANDS_PER_GAME, players=6, seed=seed,
                 out=folder / f"{game.value}.txt", error_rate=0.01,
                 bet_error_rate=0.01)  # fmt: skip
    again = folder / "again"
    again.mkdir()
    shutil.copy(folder / f"{_GAMES[0][0].value}.txt", again / "copy.txt")  # all duplicates
    (folder / "notes.txt").write_text("not a hand history\n")  # a file that fails
    return folder


@pytest.fixture(scope="module")
def both_runs(
    spark: SparkSession, histories: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, Path, list[Any]]:
    """The one-machine and the Spark data folders, and what each run reported."""
    one, on_spark = tmp_path_factory.mktemp("one-machine"), tmp_path_factory.mktemp("spark")
    with Store(one) as store:
        imported = import_paths([histories], store, jobs=1)
        audited = run_audit(store, processes=1)
    with Store(on_spark) as store:
        imported_on_spark = import_on_spark([histories], store, spark)
        audited_on_spark = audit_on_spark(store, spark)
    return one, on_spark, [imported, audited, imported_on_spark, audited_on_spark]


def _rows(folder: Path, table: str) -> pa.Table:
    """Every row of a table, in one order, without the columns two runs differ in."""
    data = Store(folder).read(table)
    data = data.drop_columns([name for name in data.column_names if name in _VARYING])
    keys = [field.name for field in data.schema
            if not pa.types.is_list(field.type) and not pa.types.is_struct(field.type)]  # fmt: skip
    return data.sort_by([(name, "ascending") for name in keys]).combine_chunks()


def _partitions(folder: Path, table: str) -> dict[str, int]:
    """Each partition folder of a table, with its number of files (one per batch)."""
    root = folder / table
    found: dict[str, int] = {}
    for path in root.rglob("*.parquet"):
        name = str(path.parent.relative_to(root))
        found[name] = found.get(name, 0) + 1
    return found


def test_the_spark_run_gives_the_one_machine_dataset_and_verdicts(
    spark: SparkSession, histories: Path, both_runs: tuple[Path, Path, list[Any]]
) -> None:
    # one test, not one per table: the suite's workers would each start a session
    one, on_spark, (imported, audited, imported_on_spark, audited_on_spark) = both_runs
    for table in TABLES:
        expected, found = _rows(one, table), _rows(on_spark, table)
        assert found.num_rows == expected.num_rows, table
        assert found.equals(expected), table
        layout, expected_layout = _partitions(on_spark, table), _partitions(one, table)
        if table in ("audit", "awards"):  # written a partition at a time, not a piece
            layout, expected_layout = dict.fromkeys(layout, 1), dict.fromkeys(expected_layout, 1)
        assert layout == expected_layout, table  # the same batches of the import
    assert isinstance(imported_on_spark, ImportSummary)
    assert isinstance(audited_on_spark, AuditSummary)
    assert imported_on_spark.to_json() == imported.to_json()
    assert imported.duplicates == _HANDS_PER_GAME  # the copy
    assert imported.files_failed == 1  # the notes
    assert audited_on_spark.counts == audited.counts
    assert audited.hands == len(_GAMES) * _HANDS_PER_GAME
    flagged = Store(one).read("audit", ["status"], pc.field("status") != "ok").num_rows
    assert flagged > 0  # the injected errors are found
    assert not list(on_spark.glob(".spark-*"))  # the staging folders are gone
    assert not list(on_spark.glob("_batches/*"))  # every batch committed
    with Store(on_spark) as store:  # a second import adds nothing
        before = store.row_counts()
        again = import_on_spark([histories], store, spark)
        assert store.row_counts() == before
    assert again.unchanged_files == again.files


_STATS_ASKED = [
    (StatsFilter(player="Hero", rake_method=RakeMethod.COLLECTED), "position", False),
    (StatsFilter(game=Game.STUD_HILO, min_hands=100), "session", False),
    (StatsFilter(), "hand-class", True),
]
"""Standard stats and outcomes, with filters and the groupings whose SQL differs most (a
window over each player's hands, a list unnested); each takes Spark tens of seconds."""


def test_the_stats_on_spark_are_the_one_machine_figures(
    spark: SparkSession, both_runs: tuple[Path, Path, list[Any]]
) -> None:
    one, on_spark, _ = both_runs
    for filters, by, outcomes in _STATS_ASKED:
        expected = player_stats(one, filters, by=by, outcomes=outcomes)
        found = player_stats_on_spark(on_spark, filters, spark, by=by, outcomes=outcomes)
        assert found.schema == expected.schema, (by, outcomes)
        assert found.num_rows == expected.num_rows > 0, (by, outcomes)
        # the same rows in the same order; the sums of floats (net in big blinds) to the
        # last digits, added up in another order
        pd.testing.assert_frame_equal(found.to_pandas(), expected.to_pandas(), rtol=1e-12)


# ---- the commands ----------------------------------------------------------------------


def test_the_commands_run_on_spark(spark: SparkSession, tmp_path: Path) -> None:
    # the module's session is the active one: the commands run on it
    histories, data = tmp_path / "histories", tmp_path / "data"
    histories.mkdir()
    simulate(Game.STUD_HILO, Structure.LIMIT, hands=300, players=6, seed=7,
             out=histories / "stud.txt", error_rate=0.02)  # fmt: skip
    sidecar = (histories / "stud.txt.errors.jsonl").read_text().splitlines()
    runner = CliRunner()
    command = ["import", str(histories), "--data", str(data), "--engine", "spark"]
    imported = runner.invoke(app, [*command, "--audit", "--format", "json"])
    assert imported.exit_code == 0, imported.output
    summary = json.loads(imported.stdout)
    assert summary["imported"] == 300
    assert sum(summary["audit"].values()) == 300
    audited = runner.invoke(app, ["audit", "--data", str(data), "--engine", "spark",
                                  "--master", "local[2]", "--format", "json"])  # fmt: skip
    assert audited.exit_code == 1, audited.output  # the injected errors
    flagged = {hand["hand_id"] for hand in json.loads(audited.stdout)}
    assert flagged == {json.loads(line)["hand_id"] for line in sidecar}
    for grouping in (["--by", "position"], ["--outcomes"]):
        stats = ["stats", "--data", str(data), *grouping, "--format", "json"]
        on_spark = runner.invoke(app, [*stats, "--engine", "spark"])
        assert on_spark.exit_code == 0, on_spark.output
        one_machine = runner.invoke(app, stats)
        assert json.loads(on_spark.stdout) == json.loads(one_machine.stdout)


# ---- a worker lost mid-job (last: the killed workers leave the session unusable) --------


def _folder_state(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under `folder` (the writer's lock aside), with its size and time."""
    return {str(path.relative_to(folder)): (path.stat().st_size, path.stat().st_mtime_ns)
            for path in folder.rglob("*") if path.is_file() and path.name != ".lock"}  # fmt: skip


def _python_workers() -> list[int]:
    """The Spark Python worker processes under this process (its JVM's children)."""
    parents: dict[int, int] = {}
    commands: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
            commands[int(entry)] = command.decode(errors="replace")
        except OSError:
            continue
        parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    mine = {os.getpid()}
    changed = True
    while changed:
        found = {pid for pid, parent in parents.items() if parent in mine} - mine
        changed = bool(found)
        mine |= found
    # `python -m pyspark.daemon` and the workers it forks (not the JVM, whose class path
    # names pyspark's folder too)
    return [pid for pid in mine if "pyspark.daemon" in commands.get(pid, "")
            or "pyspark.worker" in commands.get(pid, "")]  # fmt: skip


def test_a_worker_killed_mid_import_leaves_the_folder_as_it_was(
    spark: SparkSession, tmp_path: Path
) -> None:
    histories = tmp_path / "histories"
    histories.mkdir()
    for seed in range(24):
        simulate(Game.OMAHA_HILO, Structure.POT_LIMIT, hands=150, players=6, seed=100 + seed,
                 out=histories / f"table-{seed:02d}.txt")  # fmt: skip
    data = tmp_path / "data"
    first = histories / "table-00.txt"
    with Store(data) as store:
        import_paths([first], store, jobs=1)  # a folder with a dataset already
    before = _folder_state(data)
    failure: list[BaseException] = []

    def run() -> None:
        try:
            with Store(data) as store:
                import_on_spark([histories], store, spark)
        except Exception as error:  # Spark's own error for a lost task
            failure.append(error)

    job = threading.Thread(target=run)
    job.start()
    deadline = time.monotonic() + 120
    while not list(data.glob(".spark-*/*.pickle")) and time.monotonic() < deadline:
        time.sleep(0.005)  # until the executors have read a file: mid-job
    for pid in _python_workers():
        os.kill(pid, signal.SIGKILL)
    job.join(timeout=120)
    assert failure, "the import did not fail (it ended before the workers were killed)"
    assert _folder_state(data) == before
    assert not list(data.glob(".spark-*"))
