"""`tracker import --watch`: files written in pieces while it runs, then Ctrl-C."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from store_samples import pokerstars_text

from tracker.importer import ImportSummary
from tracker.store import Store
from tracker.watch import watch_folders

TRACKER = "from tracker.cli import app; app()"
FIRST_ID = 100_000_000_000


def _room_hands(first: int, count: int) -> str:
    return pokerstars_text(count, first_id=FIRST_ID + first) + "\n\n"


def _append(path: Path, text: str) -> None:
    with open(path, "a", encoding="utf-8") as stream:
        stream.write(text)


def _stored_hands(data: Path) -> int:
    return Store(data).read("hands", ["hand_id"]).num_rows if (data / "hands").is_dir() else 0


def _wait_for(condition: Callable[[], bool], what: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.05)


def _assert_whole(data: Path, hands: int) -> None:
    """`hands` hands, each once, no parse error, nothing left half-written."""
    hand_ids = Store(data).read("hands", ["hand_id"]).column("hand_id").to_pylist()
    assert len(hand_ids) == len(set(hand_ids)) == hands
    assert Store(data).row_counts()["parse_errors"] == 0
    assert not [path for path in data.rglob("*") if path.name.endswith(".tmp")]
    assert not list((data / "_batches").glob("*.json"))


def test_the_watcher_imports_a_file_written_in_pieces_and_stops_on_ctrl_c(
    tmp_path: Path,
) -> None:
    folder, data = tmp_path / "histories", tmp_path / "data"
    folder.mkdir()
    session = folder / "session.txt"
    _append(session, _room_hands(0, 3))
    watcher = subprocess.Popen(
        [sys.executable, "-c", TRACKER, "import", "--watch", str(folder), "--data", str(data)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _wait_for(lambda: _stored_hands(data) == 3, "the first hands")
        hand = _room_hands(3, 1)
        half = hand.index("*** SUMMARY ***")
        _append(session, hand[:half])  # the room is writing a hand
        time.sleep(0.3)
        assert _stored_hands(data) == 3  # not imported cut off
        _append(session, hand[half:] + _room_hands(4, 1))
        _wait_for(lambda: _stored_hands(data) == 5, "the hands appended")
        _append(folder / "next-table.txt", _room_hands(5, 2))  # a new file
        _wait_for(lambda: _stored_hands(data) == 7, "the new file's hands")
    finally:
        watcher.send_signal(signal.SIGINT)
        out, err = watcher.communicate(timeout=30)
    assert watcher.returncode == 0, err
    batches = out.strip().splitlines()
    assert batches[-1].startswith("stopped: ")
    assert sum(int(line.split("imported ")[1].split(",")[0]) for line in batches[:-1]) == 7
    _assert_whole(data, 7)


def test_polling_finds_the_growth_without_file_events(tmp_path: Path) -> None:
    folder, data = tmp_path / "histories", tmp_path / "data"
    folder.mkdir()
    session = folder / "session.txt"
    _append(session, _room_hands(0, 2))
    stop = threading.Event()
    batches: list[ImportSummary] = []
    with Store(data) as store:
        thread = threading.Thread(
            target=watch_folders, args=([folder], store, stop, batches.append), kwargs={"poll": 0.1}
        )
        thread.start()
        try:
            _wait_for(lambda: _stored_hands(data) == 2, "the first hands")
            _append(session, _room_hands(2, 3))
            _wait_for(lambda: _stored_hands(data) == 5, "the hands appended")
        finally:
            stop.set()
            thread.join(timeout=30)
    assert not thread.is_alive()
    assert [batch.imported for batch in batches] == [2, 3]
    assert batches[1].hands_seen == 3  # only the new part read
    _assert_whole(data, 5)
