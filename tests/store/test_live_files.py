"""Live files: a file that grew is read from where its last import ended."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from store_samples import pokerstars_text

from tracker import importer
from tracker.importer import import_paths
from tracker.live_files import SETTLE_SECONDS, WINDOW_BYTES
from tracker.store import Store

FIRST_ID = 100_000_000_000


def _room_hands(first: int, count: int) -> str:
    """Hands as a room writes them to a live file: a blank line after each one."""
    return pokerstars_text(count, first_id=FIRST_ID + first) + "\n\n"


def _append(path: Path, text: str, *, age: float = 60.0) -> None:
    """Append `text`, the file then last written `age` seconds ago."""
    with open(path, "a", encoding="utf-8") as stream:
        stream.write(text)
    written = time.time() - age
    os.utime(path, (written, written))


def _hand_rows(store: Store) -> list[dict[str, object]]:
    rows = store.read("hands", ["hand_id", "source_file", "first_line"]).to_pylist()
    return sorted(rows, key=lambda row: str(row["hand_id"]))


def test_a_grown_file_imports_only_its_new_hands_at_their_file_lines(tmp_path: Path) -> None:
    history = tmp_path / "session.txt"
    _append(history, _room_hands(0, 20))
    with Store(tmp_path / "data") as store:
        first = import_paths([history], store)
        _append(history, _room_hands(20, 5))
        grown = import_paths([history], store)
        record = store.file_record(history)
        live_rows = _hand_rows(store)
    assert first.imported == 20
    assert (grown.hands_seen, grown.imported, grown.duplicates, grown.failed) == (5, 5, 0, 0)
    assert record is not None
    assert record.resume_offset == record.size == history.stat().st_size
    assert (record.hands_seen, record.hands_imported) == (5, 5)  # this import's counts
    with Store(tmp_path / "whole") as store:  # the same rows as the file read whole
        import_paths([history], store)
        assert _hand_rows(store) == live_rows


def test_the_old_part_is_not_read_again(tmp_path: Path) -> None:
    history = tmp_path / "session.txt"
    _append(history, _room_hands(0, 400))
    with Store(tmp_path / "data") as store:
        import_paths([history], store)
        # spoil a hand far from the file's head and from the end: only a read of the
        # old part would see it (as a hand that fails)
        data = bytearray(history.read_bytes())
        middle = data.index(b"*** SUMMARY ***", len(data) // 2)
        assert 2 * WINDOW_BYTES < middle < len(data) - 2 * WINDOW_BYTES
        data[middle : middle + 15] = b"*** SUMMARX ***"
        history.write_bytes(bytes(data))
        _append(history, _room_hands(400, 3))
        grown = import_paths([history], store)
    assert (grown.hands_seen, grown.imported, grown.failed) == (3, 3, 0)


def test_a_rewritten_file_is_read_whole(tmp_path: Path) -> None:
    history = tmp_path / "session.txt"
    _append(history, _room_hands(0, 10))
    with Store(tmp_path / "data") as store:
        import_paths([history], store)
        history.write_text(_room_hands(100, 12), encoding="utf-8")  # new head, longer
        os.utime(history, (time.time() - 60, time.time() - 60))
        rewritten = import_paths([history], store)
        history.write_text(_room_hands(100, 4), encoding="utf-8")  # shorter than it was
        shorter = import_paths([history], store)
    assert (rewritten.hands_seen, rewritten.imported) == (12, 12)
    assert (shorter.hands_seen, shorter.duplicates) == (4, 4)


def test_a_last_hand_without_a_blank_line_is_read_again(tmp_path: Path) -> None:
    history = tmp_path / "session.txt"
    _append(history, pokerstars_text(10).rstrip("\n") + "\n")  # no blank line after it
    with Store(tmp_path / "data") as store:
        import_paths([history], store)
        _append(history, "\n" + _room_hands(10, 2))
        grown = import_paths([history], store)
        assert store.row_counts()["hands"] == 12
    assert (grown.hands_seen, grown.imported, grown.duplicates) == (3, 2, 1)


def test_a_hand_being_written_waits_until_it_is_whole(tmp_path: Path) -> None:
    history = tmp_path / "session.txt"
    _append(history, _room_hands(0, 3))
    hand = _room_hands(3, 1)
    half = hand.index("*** RIVER ***")
    with Store(tmp_path / "data") as store:
        import_paths([history], store)
        _append(history, hand[:half], age=0.0)
        waiting = import_paths([history], store)
        assert store.row_counts()["hands"] == 3
        _append(history, hand[half:].rstrip("\n"), age=0.0)  # whole, but no blank line yet
        still = import_paths([history], store)
        assert store.row_counts()["hands"] == 3
        os.utime(history, (time.time() - SETTLE_SECONDS - 1,) * 2)  # the room wrote no more
        settled = import_paths([history], store)
        _append(history, "\n\n" + _room_hands(4, 1), age=0.0)
        more = import_paths([history], store)
        rows = _hand_rows(store)
        errors = store.row_counts()["parse_errors"]
    assert (waiting.hands_seen, waiting.failed, still.hands_seen) == (0, 0, 0)
    assert (settled.imported, settled.failed) == (1, 0)
    assert (more.imported, more.duplicates) == (1, 1)  # the settled hand read again
    assert len(rows) == len({row["hand_id"] for row in rows}) == 5
    assert errors == 0


def test_a_record_of_an_older_tracker_is_read_whole_then_resumes(tmp_path: Path) -> None:
    history = tmp_path / "session.txt"
    _append(history, _room_hands(0, 8))
    data = tmp_path / "data"
    with Store(data) as store:
        import_paths([history], store)
    # the files table as an older tracker wrote it: without the resume columns
    (files,) = (data / "files").glob("*.parquet")
    older = pq.read_table(files).drop_columns(["resume_offset", "resume_line", "resume_sha256"])
    pq.write_table(older, files)
    assert "resume_offset" not in pq.read_schema(files).names
    with Store(data) as store:
        _append(history, _room_hands(8, 2))
        whole = import_paths([history], store)
        _append(history, _room_hands(10, 2))
        resumed = import_paths([history], store)
        assert store.row_counts()["hands"] == 12
    assert (whole.hands_seen, whole.imported, whole.duplicates) == (10, 2, 8)
    assert (resumed.hands_seen, resumed.imported) == (2, 2)


def test_a_hand_that_fails_in_the_new_part_is_named_at_its_file_line(tmp_path: Path) -> None:
    history = tmp_path / "session.txt"
    _append(history, _room_hands(0, 4))
    broken = _room_hands(4, 1).replace("bruno: folds\n", "bruno: dances\n")
    with Store(tmp_path / "data") as store:
        import_paths([history], store)
        lines_before = history.read_text(encoding="utf-8").count("\n")
        _append(history, broken)
        grown = import_paths([history], store)
    (error,) = grown.errors
    assert error.line == "bruno: dances"
    assert error.line_number == lines_before + broken.split("\n").index("bruno: dances") + 1


def test_a_utf16_file_is_read_whole_when_it_grows(tmp_path: Path) -> None:
    history = tmp_path / "session.txt"
    history.write_bytes(_room_hands(0, 3).encode("utf-16"))
    with Store(tmp_path / "data") as store:
        import_paths([history], store)
        record = store.file_record(history)
        assert record is not None
        assert record.resume_offset is None
        history.write_bytes(_room_hands(0, 5).encode("utf-16"))
        os.utime(history, (time.time() - 60, time.time() - 60))
        grown = import_paths([history], store)
    assert (grown.hands_seen, grown.imported, grown.duplicates) == (5, 2, 3)


def test_a_grown_file_with_little_new_is_read_in_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = tmp_path / "session.txt"
    _append(history, _room_hands(0, 20))
    monkeypatch.setattr(importer, "WORKERS_FROM", history.stat().st_size // 2)
    with Store(tmp_path / "data") as store:
        import_paths([history], store, jobs=1)
        _append(history, _room_hands(20, 1))  # a few KB new: under WORKERS_FROM
        run = importer._ImportRun(store, [history], 10_000, False, None, jobs=None, piece_size=1024)
        by_size = run.jobs  # the cores, chosen by the file's whole size
        run.run()
        assert run.jobs == 1
        assert store.read("hands", ["hand_id"]).num_rows == 21
    assert by_size == (os.cpu_count() or 1)
