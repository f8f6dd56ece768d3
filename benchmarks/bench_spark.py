"""Time the Spark import and audit (`--engine spark`, on `--master`, local[2] by default)
beside the one-machine engine on the same files, at each count of `--hands`.

The hand histories are simulated once and kept: files of `--file-hands` hands (a site's
table-day: omaha-hilo, omaha5-hilo, courchevel-hilo and stud-hilo in turn, six players,
one hand in a thousand given a payout error), written two at a time by `tracker simulate`.
Each count of hands takes the first files that hold it. For each count, each engine
imports the files into a new data folder and audits it, `--repeat` times, and the script
prints the median seconds and hands/s of each step and the ratio of the engines. The
Spark session is started once (its start and a first job, which starts the executors'
Python workers, are timed apart: a cluster pays them once per application, not per
file). The one-machine engine runs as `tracker import` and `tracker audit` do on this
machine (two processes on two cores).

Usage:

    .venv/bin/python benchmarks/bench_spark.py [--hands 100000 1000000] [--repeat 1]
        [--master local[2]] [--file-hands 10000] [--histories DIR]

The files default to <temp folder>/hilo-tracker-bench/spark-histories.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tracker.audit.run import run_audit
from tracker.importer import import_paths
from tracker.spark.audit_job import audit_on_spark
from tracker.spark.import_job import import_on_spark
from tracker.spark.session import spark_session
from tracker.store import Store

TRACKER = Path(sys.executable).with_name("tracker")
GAMES = ("omaha-hilo", "omaha5-hilo", "courchevel-hilo", "stud-hilo")


def simulated_files(folder: Path, hands: int, file_hands: int) -> list[Path]:
    """The first files holding `hands` hands, simulated where missing."""
    folder.mkdir(parents=True, exist_ok=True)
    wanted = [folder / f"table-{number:04d}-{GAMES[number % len(GAMES)]}.txt"
              for number in range(-(-hands // file_hands))]  # fmt: skip
    missing = [path for path in wanted if not path.exists()]

    def simulate(path: Path) -> None:
        number = int(path.name.split("-")[1])
        game = GAMES[number % len(GAMES)]
        structure = "limit" if game == "stud-hilo" else "pot-limit"
        partial = path.with_suffix(".partial")
        subprocess.run([str(TRACKER), "simulate", "--game", game, "--structure", structure,
                        "--hands", str(file_hands), "--seed", str(number), "--out",
                        str(partial), "--error-rate", "0.001"], check=True,
                       stdout=subprocess.DEVNULL)  # fmt: skip
        partial.rename(path)
        for sidecar in folder.glob(f"{partial.name}.*"):
            sidecar.unlink()  # the list of errors is not needed here

    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(simulate, missing))
    return wanted


def timed(step: Callable[[], object]) -> float:
    start = time.perf_counter()
    step()
    return time.perf_counter() - start


def run_engine(
    name: str, files: list[Path], root: Path, spark: object | None
) -> tuple[float, float]:
    """Import `files` into a new folder and audit it: the seconds of each."""
    data = root / name
    shutil.rmtree(data, ignore_errors=True)
    with Store(data) as store:
        if spark is None:
            imported = timed(lambda: import_paths(files, store))
            audited = timed(lambda: run_audit(store))
        else:
            imported = timed(lambda: import_on_spark(files, store, spark))  # type: ignore[arg-type]
            audited = timed(lambda: audit_on_spark(store, spark))  # type: ignore[arg-type]
    shutil.rmtree(data, ignore_errors=True)
    return imported, audited


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--file-hands", type=int, default=10_000)
    default_folder = Path(tempfile.gettempdir()) / "hilo-tracker-bench" / "spark-histories"
    parser.add_argument("--histories", type=Path, default=default_folder)
    options = parser.parse_args()

    start = time.perf_counter()
    files = simulated_files(options.histories, max(options.hands), options.file_hands)
    print(f"{len(files)} files of {options.file_hands:,} hands ready in "
          f"{time.perf_counter() - start:.0f} s; load {os.getloadavg()[0]:.1f}")  # fmt: skip
    root = Path(tempfile.mkdtemp(prefix="hilo-bench-spark-"))
    try:
        started = time.perf_counter()
        with spark_session(options.master, {"spark.sql.shuffle.partitions": "2"}) as spark:
            session = time.perf_counter() - started
            first = sum(run_engine("warm-up", files[:1], root, spark))
            print(f"Spark session on {options.master}: started in {session:.1f} s, "
                  f"first job (one file, the workers started) {first:.1f} s")  # fmt: skip
            print("hands      engine       import s  hands/s   audit s  hands/s   load")
            for hands in options.hands:
                chosen = files[: -(-hands // options.file_hands)]
                count = len(chosen) * options.file_hands
                results: dict[str, list[tuple[float, float]]] = {"one-machine": [], "spark": []}
                for _ in range(options.repeat):  # the engines in turn: the same load on both
                    results["one-machine"].append(run_engine("one", chosen, root, None))
                    results["spark"].append(run_engine("spark", chosen, root, spark))
                medians = {}
                for name, runs in results.items():
                    imported = statistics.median(run[0] for run in runs)
                    audited = statistics.median(run[1] for run in runs)
                    medians[name] = (imported, audited)
                    print(f"{count:>9,}  {name:<11} {imported:8.1f} {count / imported:8,.0f}"
                          f"  {audited:8.1f} {count / audited:8,.0f}"
                          f"   {os.getloadavg()[0]:4.1f}")  # fmt: skip
                one, on_spark = medians["one-machine"], medians["spark"]
                print(f"{'':>9}  spark/one   {on_spark[0] / one[0]:8.2f}x"
                      f"{'':>10}{on_spark[1] / one[1]:8.2f}x")  # fmt: skip
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
