"""Time what the betting-legality audit adds to the payout audit, in one run.

Each (site, month) batch of an imported data folder is audited as `tracker audit` does
(a piece of `tracker.audit.pieces.PIECE_HANDS` hands at most at a time:
`tracker.audit.loading.load_batch` then `tracker.audit.batch_rows.audit_batch`, in this
one process), once without the betting rows and the legality check and once with them,
the two in turn, `--repeat` times. The script prints, per variant, the median seconds
and hands/s over the whole folder (wall and CPU seconds), the ratio of the medians, and
the median time of the legality check alone (`check_betting` and its columns); and each
pair's ratio (the two audits run one after the other) with their median, which a change
in the machine's speed between pairs (a shared host) moves less.

The data folder is the payout audit benchmark's (`benchmarks/bench_audit.py`: a quarter
each of omaha-hilo, omaha5-hilo, courchevel-hilo pot-limit and stud-hilo limit, six
players), built first when missing.

Usage:

    .venv/bin/python benchmarks/bench_legality.py [--hands 200000] [--repeat 5] [--data DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from tracker.audit.batch_rows import audit_batch
from tracker.audit.betting_rules import settings_for
from tracker.audit.conventions import convention_for
from tracker.audit.legality import betting_columns, check_betting
from tracker.audit.loading import TABLES_READ, load_batch, partitions
from tracker.audit.pieces import partition_pieces
from tracker.store import Store

sys.path.insert(0, str(Path(__file__).parent))
from bench_audit import data_folder


def audit_once(
    store: Store, batches: list[tuple[str, str, int]], betting: bool
) -> tuple[float, float, float]:
    """Wall and CPU seconds of one audit of every batch, and the legality check's own."""
    check = check_cpu = 0.0
    start, cpu = time.perf_counter(), time.process_time()
    for site, month, _ in batches:
        for piece in partition_pieces(store, site, month, TABLES_READ):
            batch = load_batch(store, site, month, betting=betting, files=piece.files)
            audit_batch(batch, convention_for(site))
            if betting and batch.betting is not None:  # timed apart, not counted twice
                began, began_cpu = time.perf_counter(), time.process_time()
                betting_columns(batch.betting, check_betting(batch.betting, settings_for(site)))
                check += time.perf_counter() - began
                check_cpu += time.process_time() - began_cpu
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    return wall - check, used - check_cpu, check


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--data", type=Path, default=None)
    options = parser.parse_args()
    data = data_folder(options.data, options.hands)
    runs: dict[bool, list[tuple[float, float, float]]] = {False: [], True: []}
    loads = []
    with Store(data) as store:
        batches = partitions(store)
        hands = sum(count for _, _, count in batches)
        audit_once(store, batches, True)  # warm: lookup tables, file cache
        for _ in range(options.repeat):
            loads.append(os.getloadavg()[0])
            for betting in (False, True):
                runs[betting].append(audit_once(store, batches, betting))
    medians = {}
    for betting, found in runs.items():
        wall = statistics.median(run[0] for run in found)
        cpu = statistics.median(run[1] for run in found)
        medians[betting] = wall
        name = "with the legality check" if betting else "without it"
        each = ", ".join(f"{run[0]:.2f}" for run in found)
        print(f"{name}: {hands:,} hands, median {wall:.2f} s ({hands / wall:,.0f} hands/s), "
              f"CPU median {cpu:.2f} s; runs {each}")  # fmt: skip
    check = statistics.median(run[2] for run in runs[True])
    print(f"legality check alone (check_betting and its columns): median {check:.2f} s")
    pairs = [run[0] / alone[0] for alone, run in zip(runs[False], runs[True], strict=True)]
    print(
        f"ratio with / without: {medians[True] / medians[False]:.2f} (of the medians), "
        f"{statistics.median(pairs):.2f} (median of each pair's, run one after the other: "
        + ", ".join(f"{pair:.2f}" for pair in pairs)
        + "); load average before each pair: "
        + ", ".join(f"{load:.1f}" for load in loads)
    )


if __name__ == "__main__":
    main()
