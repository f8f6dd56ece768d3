"""Time the import of a live file's new hands against the import of the whole file.

Simulates `--hands` + `--appended` hands of pot-limit Omaha hi/lo (`tracker simulate`,
6-handed), writes the first `--hands` to a file, then, `--repeat` times, into an empty
data folder:

- the full import of the file;
- `--appended` hands appended to it (as the room writes them), and the import again,
  which reads only what follows the last import (tracker/live_files.py);

each both as the installed command (`tracker import FILE --data DIR --format json`, a new
process: its start-up included) and as the library call in this process
(`tracker.importer.import_paths`), with `--jobs` as given. It prints the medians and the
ratio of the re-import to the full import, which issue 16 wants under 5 %. Usage:

    .venv/bin/python benchmarks/bench_live.py [--hands 100000] [--appended 1000] [--repeat 3]
        [--jobs N]
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tracker.importer import import_paths
from tracker.store import Store

TRACKER = Path(sys.executable).with_name("tracker")
HAND_START = re.compile(rb"(?:^|\n)PokerStars Hand #")


def _simulated(hands: int, folder: Path) -> bytes:
    out = folder / "simulated.txt"
    subprocess.run(
        [str(TRACKER), "simulate", "--game", "omaha-hilo", "--structure", "pot-limit",
         "--hands", str(hands), "--players", "6", "--seed", "16", "--out", str(out)],
        check=True, stdout=subprocess.DEVNULL,
    )  # fmt: skip
    return out.read_bytes()


def _cut(data: bytes, hands: int) -> int:
    """The byte offset where hand number `hands` (0-based) starts."""
    starts = [match.end() - len(b"PokerStars Hand #") for match in HAND_START.finditer(data)]
    return starts[hands]


def _command(jobs: int | None) -> Callable[[Path, Path], float]:
    more = [] if jobs is None else ["--jobs", str(jobs)]

    def timed(history: Path, data: Path) -> float:
        started = time.perf_counter()
        subprocess.run([str(TRACKER), "import", str(history), "--data", str(data), "--format",
                        "json", *more], check=True, stdout=subprocess.DEVNULL)  # fmt: skip
        return time.perf_counter() - started

    return timed


def _library(jobs: int | None) -> Callable[[Path, Path], float]:
    def timed(history: Path, data: Path) -> float:
        started = time.perf_counter()
        with Store(data) as store:
            import_paths([history], store, jobs=jobs)
        return time.perf_counter() - started

    return timed


def _round(
    whole: bytes, cut: int, folder: Path, timed: Callable[[Path, Path], float]
) -> tuple[float, float]:
    """The full import's time and the re-import's after the appended hands."""
    history, data = folder / "session.txt", folder / "data"
    shutil.rmtree(data, ignore_errors=True)
    history.write_bytes(whole[:cut])
    full = timed(history, data)
    with open(history, "ab") as stream:
        stream.write(whole[cut:])
    appended = timed(history, data)
    with Store(data) as store:
        assert store.row_counts()["hands"] == _count(whole), "hands lost or doubled"
    return full, appended


def _count(data: bytes) -> int:
    return sum(1 for _ in HAND_START.finditer(data))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--appended", type=int, default=1_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=None, help="the import's --jobs")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        whole = _simulated(options.hands + options.appended, folder)
        cut = _cut(whole, options.hands)
        print(f"{options.hands:,} hands ({cut / 1e6:.1f} MB), then {options.appended:,} "
              f"appended ({(len(whole) - cut) / 1e6:.2f} MB)")  # fmt: skip
        for label, timed in (("command", _command(options.jobs)),
                             ("library", _library(options.jobs))):  # fmt: skip
            rounds = [_round(whole, cut, folder, timed) for _ in range(options.repeat)]
            full = statistics.median(r[0] for r in rounds)
            appended = statistics.median(r[1] for r in rounds)
            print(f"{label}: full import {full:.3f} s, re-import of the appended hands "
                  f"{appended:.3f} s, ratio {appended / full:.1%} (medians of "
                  f"{options.repeat})")  # fmt: skip


if __name__ == "__main__":
    main()
