"""Time the payout audit (`tracker.audit.run.run_audit`) over simulated hands already
imported.

The first run builds the data folder: `--hands` simulated hands (a quarter each of
omaha-hilo, omaha5-hilo, courchevel-hilo and stud-hilo, six players, pot-limit flop
games and limit stud, one hand in a thousand given a payout error), written by
`tracker simulate` and imported by `tracker import`. Later runs reuse it. Then, for each
count of `--processes` (default: 2, then 1), the audit runs `--repeat` times, each time in
a new process (cold: no lookup table built yet), and the script prints the median hands/s,
the CPU seconds the audit's processes used together, the machine's one-minute load
average before each run (other jobs on the machine slow the audit down), how many hands
the vectorised path proved ok, the verdict counts and the peak memory of the whole audit:
the most that the audit's processes (the one started and its workers) held at once,
sampled from /proc every 20 ms, as the sum of their resident sizes (RSS: pages a forked
worker shares with its parent counted twice) and of their proportional sizes (PSS:
shared pages divided among the processes sharing them). `--alternate` runs
the counts of processes in turn (1, 2, 1, 2, ...) rather than one after the other, so that
a change in the machine's load weighs on both alike.

Usage:

    .venv/bin/python benchmarks/bench_audit.py [--hands 200000] [--repeat 3]
        [--processes 2 1] [--alternate] [--data DIR] [--piece-hands N]

The data folder defaults to <temp folder>/hilo-tracker-bench/audit-<hands>.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tracker.audit.pieces import PIECE_HANDS

sys.path.insert(0, str(Path(__file__).parent))
from bench_import import ProcessTree  # the same sampling of a process tree as the import's

TRACKER = Path(sys.executable).with_name("tracker")
GAMES = ("omaha-hilo", "omaha5-hilo", "courchevel-hilo", "stud-hilo")

CHILD = r"""
import json, os, resource, sys, time
from tracker.audit.run import run_audit
from tracker.store import Store
with Store(sys.argv[1]) as store:
    start, cpu = time.perf_counter(), os.times()
    summary = run_audit(store, processes=int(sys.argv[2]), piece_hands=int(sys.argv[3]))
    seconds, used = time.perf_counter() - start, os.times()
print(json.dumps({
    "seconds": seconds,
    "cpu": sum(used[:4]) - sum(cpu[:4]),
    "hands": summary.hands,
    "fast": summary.fast,
    "counts": {str(status): count for status, count in summary.counts.items()},
    "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
}))
"""


def build(data: Path, hands: int) -> None:
    """Simulate and import `hands` hands into `data` (a quarter per game)."""
    with tempfile.TemporaryDirectory() as folder:
        for seed, game in enumerate(GAMES, start=1):
            out = Path(folder) / f"{game}.txt"
            subprocess.run(
                [str(TRACKER), "simulate", "--game", game, "--hands", str(hands // len(GAMES)),
                 "--seed", str(seed * 1000), "--error-rate", "0.001", "--out", str(out)],
                check=True,
            )  # fmt: skip
        subprocess.run(
            [str(TRACKER), "import", folder, "--data", str(data), "--format", "json"],
            check=True,
            stdout=subprocess.DEVNULL,
        )


def run_child(data: Path, processes: int, piece_hands: int) -> dict[str, Any]:
    """One audit in a new process: its figures, with the peak memory of its processes."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(data), str(processes), str(piece_hands)],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    tree = ProcessTree(child.pid)
    tree.start()
    output, _ = child.communicate()
    tree.stop()
    if child.returncode:
        raise SystemExit(f"the audit failed (exit status {child.returncode})")
    return {**json.loads(output), "rss_mb": tree.peak_rss_mb, "pss_mb": tree.peak_pss_mb}


def data_folder(data: Path | None, hands: int) -> Path:
    """The data folder given, or the benchmark's own of `hands` simulated hands, built
    first when missing."""
    data = data or Path(tempfile.gettempdir()) / "hilo-tracker-bench" / f"audit-{hands}"
    if not (data / "hands").is_dir():
        started = time.perf_counter()
        build(data, hands)
        print(f"built {data} in {time.perf_counter() - started:.0f} s")
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--processes", type=int, nargs="+", default=[2, 1])
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--alternate", action="store_true")
    parser.add_argument("--piece-hands", type=int, default=PIECE_HANDS)
    options = parser.parse_args()
    data = data_folder(options.data, options.hands)
    order = [(count, run) for count in options.processes for run in range(options.repeat)]
    if options.alternate:
        order.sort(key=lambda item: item[1])
    runs_of: dict[int, list[dict[str, Any]]] = {count: [] for count in options.processes}
    for processes, _ in order:
        load = os.getloadavg()[0]
        found = run_child(data, processes, options.piece_hands)
        runs_of[processes].append({**found, "load": load})
    for processes, runs in runs_of.items():
        seconds = statistics.median(run["seconds"] for run in runs)
        last = runs[-1]
        print(f"--- {processes} process{'es' if processes > 1 else ''}")
        print(f"hands audited: {last['hands']:,}; proven ok by the vectorised path: "
              f"{last['fast']:,}; verdicts: {last['counts']}")  # fmt: skip
        print(
            "audit seconds: "
            + ", ".join(f"{run['seconds']:.2f}" for run in runs)
            + f" (median {seconds:.2f}): {last['hands'] / seconds:,.0f} hands/s; CPU seconds "
            + ", ".join(f"{run['cpu']:.2f}" for run in runs)
            + "; load average before: "
            + ", ".join(f"{run['load']:.1f}" for run in runs)
        )
        print(
            "peak memory of the whole audit (all its processes), RSS: "
            + ", ".join(f"{run['rss_mb']:,.0f}" for run in runs)
            + " MB; PSS: "
            + ", ".join(f"{run['pss_mb']:,.0f}" for run in runs)
            + f" MB; of the main process alone (its own maximum RSS): {last['peak_mb']:,.0f} MB"
        )


if __name__ == "__main__":
    main()
