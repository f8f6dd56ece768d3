"""The importer as a library: which files, batches, duplicates, unchanged files, --strict."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
from store_samples import pokerstars_text

from tracker.importer import (
    ImportProgress,
    compact,
    find_history_files,
    import_paths,
)
from tracker.schema import HAND_TABLES
from tracker.store import Store


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _hand_files(store: Store) -> list[Path]:
    return _table_files(store, "hands")


def _table_files(store: Store, table: str) -> list[Path]:
    return sorted((store.root / table).rglob("*.parquet"))


def test_which_files_are_read(tmp_path: Path) -> None:
    _write(tmp_path / "b" / "two.txt", "x")
    _write(tmp_path / "a.txt", "x")
    _write(tmp_path / "a.txt.hp", "x")
    _write(tmp_path / "notes.json", "x")
    _write(tmp_path / "hands.txt.errors.jsonl", "x")
    _write(tmp_path / ".hidden.txt", "x")
    _write(tmp_path / ".git" / "inside.txt", "x")
    _write(tmp_path / "session.log", "x")
    sidecar = _write(tmp_path / "given.gt", "x")
    found = find_history_files([tmp_path, sidecar, tmp_path / "a.txt"])
    assert [path.relative_to(tmp_path).as_posix() for path in found] == [
        "a.txt",
        "session.log",
        "b/two.txt",
        "given.gt",
    ]


def test_import_counts_and_batches(tmp_path: Path) -> None:
    history = _write(tmp_path / "h" / "stars.txt", pokerstars_text(30))
    with Store(tmp_path / "data") as store:
        summary = import_paths([history], store, batch_size=7)
        assert (summary.files, summary.hands_seen, summary.imported) == (1, 30, 30)
        assert (summary.duplicates, summary.skipped, summary.failed) == (0, 0, 0)
        assert len(_hand_files(store)) == 5  # 7 + 7 + 7 + 7 + 2: one file per batch
        assert store.row_counts()["hands"] == 30
        assert store.row_counts()["actions"] == 30 * 12  # 12 actions a hand
        record = store.file_record(history)
    assert record is not None
    assert (record.hands_seen, record.hands_imported, record.site) == (30, 30, "pokerstars")
    assert record.size == history.stat().st_size


def test_the_same_hands_in_another_file_are_duplicates(tmp_path: Path) -> None:
    first = _write(tmp_path / "h" / "one.txt", pokerstars_text(10))
    second = _write(tmp_path / "h" / "two.txt", pokerstars_text(15, first_id=100_000_000_005))
    with Store(tmp_path / "data") as store:
        summary = import_paths([tmp_path / "h"], store)
        assert (summary.imported, summary.duplicates) == (20, 5)
        assert store.row_counts()["hands"] == 20
        assert store.file_record(second) is not None
        assert store.file_record(first) is not None


def test_an_unchanged_file_is_not_read_again(tmp_path: Path) -> None:
    history = _write(tmp_path / "stars.txt", pokerstars_text(12))
    with Store(tmp_path / "data") as store:
        import_paths([history], store)
        counts = store.row_counts()
        again = import_paths([history], store)
        assert (again.unchanged_files, again.hands_seen, again.imported) == (1, 0, 0)
        assert store.row_counts() == counts


def test_a_touched_file_is_hashed_and_skipped(tmp_path: Path) -> None:
    history = _write(tmp_path / "stars.txt", pokerstars_text(12))
    with Store(tmp_path / "data") as store:
        import_paths([history], store)
        hands = store.row_counts()["hands"]
        os.utime(history, ns=(1_700_000_000_000_000_000, 1_700_000_000_000_000_000))
        touched = import_paths([history], store)
        assert (touched.unchanged_files, touched.hands_seen) == (1, 0)
        assert store.row_counts()["hands"] == hands
        record = store.file_record(history)
        assert record is not None
        assert record.mtime.timestamp() == 1_700_000_000
        assert store.row_counts()["files"] == 2  # the new time, so no hash next time


def test_a_grown_file_adds_only_its_new_hands(tmp_path: Path) -> None:
    history = _write(tmp_path / "stars.txt", pokerstars_text(10))
    with Store(tmp_path / "data") as store:
        import_paths([history], store)
        history.write_text(pokerstars_text(16), encoding="utf-8")
        os.utime(history, (history.stat().st_atime, history.stat().st_mtime - 60))
        grown = import_paths([history], store)
        # read from where the last import ended (tests/store/test_live_files.py)
        assert (grown.hands_seen, grown.imported, grown.duplicates) == (6, 6, 0)
        assert store.row_counts()["hands"] == 16


def test_progress_reaches_every_byte(tmp_path: Path) -> None:
    histories = [_write(tmp_path / f"s{n}.txt", pokerstars_text(1200, first_id=n * 10_000))
                 for n in range(2)]  # fmt: skip
    seen: list[ImportProgress] = []
    with Store(tmp_path / "data") as store:
        import_paths(histories, store, progress=seen.append)
    total = sum(path.stat().st_size for path in histories)
    assert [p.bytes_done for p in seen] == sorted(p.bytes_done for p in seen)
    assert seen[-1].bytes_done == seen[-1].bytes_total == total
    assert seen[-1].files_done == 2
    assert any(0 < p.bytes_done < total and p.current_file for p in seen)  # inside a file


def test_strict_stops_at_the_first_failure(tmp_path: Path) -> None:
    lines = pokerstars_text(6).splitlines()
    broken = _write(tmp_path / "broken.txt", "\n".join([*lines[:90], "alice: dances", *lines[90:]]))
    with Store(tmp_path / "data") as store:
        summary = import_paths([broken], store, strict=True)
        assert summary.stopped_early
        assert (summary.imported, summary.failed) == (2, 1)
        assert store.row_counts()["hands"] == 2  # the hands before the failure are kept
        assert store.row_counts()["parse_errors"] == 1
        assert store.file_record(broken) is None  # so the next import reads it again
        relaxed = import_paths([broken], store)
        assert (relaxed.imported, relaxed.duplicates, relaxed.failed) == (3, 2, 1)
        assert store.row_counts()["parse_errors"] == 1  # the same error is not repeated


def test_an_unreadable_file_is_a_failure_not_a_crash(tmp_path: Path) -> None:
    good = _write(tmp_path / "good.txt", pokerstars_text(2))
    dangling = tmp_path / "gone.txt"
    dangling.symlink_to(tmp_path / "deleted-meanwhile.txt")
    with Store(tmp_path / "data") as store:
        summary = import_paths([dangling, good], store)
    assert (summary.files_failed, summary.failed, summary.imported) == (1, 0, 2)
    assert summary.errors[0].kind == "OSError"
    assert "cannot read the file" in summary.errors[0].reason


def test_compact_merges_small_files_and_keeps_every_row(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        for n in range(4):  # four small imports: four files per table
            history = _write(tmp_path / f"s{n}.txt", pokerstars_text(5, first_id=n * 100))
            import_paths([history], store)
        before = store.row_counts()
        actions = store.read("actions").sort_by(
            [("hand_id", "ascending"), ("sequence", "ascending")]
        )
        assert len(_hand_files(store)) == 4
        summary = import_paths([tmp_path / "s0.txt"], store, compact_after=True)
        assert summary.compacted_files == 3 * len([n for n in before.values() if n])
        assert len(_hand_files(store)) == 1
        assert store.row_counts() == before
        after = store.read("actions").sort_by([("hand_id", "ascending"), ("sequence", "ascending")])
        assert after.equals(actions)


def test_compact_leaves_big_files_alone_and_caps_the_merged_size(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        for n in range(3):
            history = _write(tmp_path / f"s{n}.txt", pokerstars_text(4, first_id=n * 100))
            import_paths([history], store)
        before = store.row_counts()
        tables = {table: len(_table_files(store, table)) for table in before}
        # up to 10 hands: the first two batches of 4 hands merge in every table of hands
        # (the third would make 12); up to 2 rows: two of the three files' rows (1 each)
        assert compact(store, target_rows=2, target_hands=10) == (
            sum(1 for table in HAND_TABLES if tables[table] == 3) + 1
        )
        assert [pq.ParquetFile(path).metadata.num_rows for path in _hand_files(store)] in (
            [8, 4],
            [4, 8],
        )
        assert store.row_counts() == before
        for table in HAND_TABLES:  # the merged files of every table name the same batch
            names = {path.name for path in _table_files(store, table)}
            assert names == {path.name for path in _hand_files(store)} or not names


def test_compacted_files_keep_the_partition_columns_out(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        for n in range(2):
            import_paths([_write(tmp_path / f"s{n}.txt", pokerstars_text(2, first_id=n))], store)
        assert compact(store) > 0
        (merged,) = _hand_files(store)
    assert "site" not in pq.read_schema(merged).names
    assert "month" not in pq.read_schema(merged).names


def test_the_command_starts_numpy_with_one_blas_thread_unless_told_otherwise() -> None:
    # OpenBLAS reads the variable when numpy is first imported, which the command's
    # modules do after tracker.importer has set it.
    code = (
        "import os, sys\n"
        "import tracker.cli\n"
        "print('numpy' in sys.modules, os.environ['OPENBLAS_NUM_THREADS'])\n"
    )
    for given, expected in ((None, "True 1"), ("2", "True 2")):
        environment = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
        if given is not None:
            environment["OPENBLAS_NUM_THREADS"] = given
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=environment
        )
        assert result.stdout.strip() == expected, result.stderr
