"""Time `tracker import` on a large PokerStars file against a bare reading loop.

Builds one big file from the real PokerStars hi/lo hands (every hand of the shared
omaha-hilo, 5card-omaha-hilo, courchevel-hilo and stud-hilo files, repeated with new hand
ids), then, several times, from a cold start (a new process, an empty data folder):

- `tracker import FILE --data DIR --format json`, the installed command;
- the baseline: one Python loop reading the same file and applying one simple regular
  expression to every line.

It prints the medians: hands/s, MB/s, the import/baseline time ratio, and the peak
memory of each child. `--simulated` times hands written by `tracker simulate` instead
(6-handed pot-limit Omaha hi/lo). Usage:

    .venv/bin/python benchmarks/bench_import.py [--hands 20000] [--repeat 3] [--simulated]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HISTORIES = ROOT.parent / "shared" / "histories" / "PokerStars"
HILO_FOLDERS = ("omaha-hilo", "5card-omaha-hilo", "courchevel-hilo", "stud-hilo")
HEADER = re.compile(r"^(?:\ufeff)?(PokerStars (?:Hand|Game|Zoom Hand) #)(\d+)", re.MULTILINE)
TRACKER = Path(sys.executable).with_name("tracker")

BASELINE = r"""
import re, sys
pattern = re.compile(r"^(\w+): (bets|calls|raises|posts) \$?([\d.,]+)")
matches = 0
with open(sys.argv[1], encoding="utf-8") as stream:
    for line in stream:
        if pattern.match(line):
            matches += 1
print(matches)
"""


@dataclass(frozen=True)
class Run:
    """One timed child process."""

    seconds: float
    peak_memory_mb: float
    output: str


def sample_hands() -> list[str]:
    """The text of every hand in the shared PokerStars hi/lo files."""
    hands: list[str] = []
    for folder in HILO_FOLDERS:
        for path in sorted((HISTORIES / folder).glob("*.txt")):
            text = path.read_bytes().decode("utf-8-sig", errors="replace").replace("\r\n", "\n")
            starts = [match.start() for match in HEADER.finditer(text)]
            for begin, end in zip(starts, [*starts[1:], len(text)], strict=True):
                hands.append(text[begin:end].strip() + "\n")
    return hands


def build_file(path: Path, count: int) -> int:
    """Write `count` hands (the samples, repeated, renumbered); return the file's size."""
    samples = sample_hands()
    if not samples:
        raise SystemExit(f"no PokerStars hands under {HISTORIES}")
    with open(path, "w", encoding="utf-8") as stream:
        for number in range(count):
            text = samples[number % len(samples)]
            new_id = str(500_000_000_000 + number)
            renumbered = HEADER.sub(lambda match, i=new_id: match.group(1) + i, text, count=1)
            stream.write(renumbered + "\n\n")
    return path.stat().st_size


def timed(command: list[str]) -> Run:
    """Run `command`, returning its wall time and its own peak memory (os.wait4)."""
    with tempfile.TemporaryFile() as output, tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=output, stderr=errors)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        errors.seek(0)
        if child.returncode not in (0, 1):
            raise SystemExit(f"{command[0]} failed ({child.returncode}):\n{errors.read().decode()}")
        peak_mb = usage.ru_maxrss / 1024  # kilobytes on Linux
        return Run(seconds, peak_mb, output.read().decode())


def simulate_file(path: Path, count: int) -> int:
    """Write `count` simulated 6-handed pot-limit Omaha hi/lo hands (`tracker simulate`)."""
    command = [str(TRACKER), "simulate", "--game", "omaha-hilo", "--hands", str(count),
               "--players", "6", "--seed", "7", "--out", str(path)]  # fmt: skip
    subprocess.run(command, check=True, capture_output=True)
    return path.stat().st_size


def main() -> None:
    """Build the file, time both programs `--repeat` times, print the medians."""
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--hands", type=int, default=20_000)
    options.add_argument("--repeat", type=int, default=3)
    options.add_argument(
        "--simulated",
        action="store_true",
        help="hands from `tracker simulate` instead of the shared files repeated",
    )
    arguments = options.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-import-") as scratch:
        folder = Path(scratch)
        history = folder / "pokerstars-hilo.txt"
        if arguments.simulated:
            size = simulate_file(history, arguments.hands)
        else:
            size = build_file(history, arguments.hands)
        imports: list[Run] = []
        baselines: list[Run] = []
        summary: dict[str, object] = {}
        for attempt in range(arguments.repeat):
            data = folder / f"data-{attempt}"
            run = timed(
                [str(TRACKER), "import", str(history), "--data", str(data), "--format", "json"]
            )
            summary = json.loads(run.output)
            imports.append(run)
            baselines.append(timed([sys.executable, "-c", BASELINE, str(history)]))
            shutil.rmtree(data)
        report(arguments.hands, size, imports, baselines, summary)


def report(
    hands: int, size: int, imports: list[Run], baselines: list[Run], summary: dict[str, object]
) -> None:
    """Print the medians."""
    seconds = statistics.median(run.seconds for run in imports)
    baseline = statistics.median(run.seconds for run in baselines)
    megabytes = size / 1e6
    print(f"file: {hands:,} hands, {megabytes:.1f} MB; runs: {len(imports)} (medians)")
    print(f"import summary: {json.dumps({k: v for k, v in summary.items() if k != 'errors'})}")
    print(
        f"tracker import: {seconds:.2f} s, {hands / seconds:,.0f} hands/s, "
        f"{megabytes / seconds:.1f} MB/s, peak {max(r.peak_memory_mb for r in imports):.0f} MB"
    )
    print(
        f"baseline loop:  {baseline:.2f} s, {hands / baseline:,.0f} hands/s, "
        f"{megabytes / baseline:.1f} MB/s, peak {max(r.peak_memory_mb for r in baselines):.0f} MB"
    )
    print(f"ratio import/baseline: {seconds / baseline:.1f}x")


if __name__ == "__main__":
    main()
