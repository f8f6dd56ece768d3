"""Time the stat queries (`tracker stats --by position`, the hi/lo outcome stats) over
1M and 10M simulated hands.

Steps (each skipped when its output is already under benchmarks/out/, git-ignored):

1. `tracker simulate` writes the hands: 40 % pot-limit Omaha hi/lo 6-max, 20 % limit Omaha
   hi/lo 9-max, 20 % pot-limit 5-card Omaha hi/lo, 20 % limit stud hi/lo 7-max, in files of
   at most 100,000 hands;
2. `tracker import`, then `tracker audit` (the outcome stats read the audit's awards);
3. the larger data set is the first one repeated (`--copies`, 10 by default) with new
   hand ids and times moved on past the end of the previous copy: the same hands, ten
   times over, written straight into the same Parquet layout (simulating and importing
   ten million hands would take hours on this machine);
4. for each data set: the first stats connection, which builds the stats summary
   (`tracker.stats.summary`, timed apart), then the median of `--repeat` runs of each
   query through the library (`StatsDatabase`), and of the installed command
   `tracker stats --by position` in a new process (Python start-up included).

Usage:

    .venv/bin/python benchmarks/bench_queries.py [--hands 1000000] [--copies 10] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import duckdb

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tracker.stats.run import StatsDatabase, StatsFilter  # noqa: E402
from tracker.store import TABLES  # noqa: E402

OUT = ROOT / "benchmarks" / "out"
TRACKER = Path(sys.executable).with_name("tracker")
FILE_HANDS = 100_000
MIX = (  # game, structure, players, share of the hands
    ("omaha-hilo", "pot-limit", 6, 0.4),
    ("omaha-hilo", "limit", 9, 0.2),
    ("omaha5-hilo", "pot-limit", 6, 0.2),
    ("stud-hilo", "limit", 7, 0.2),
)
HAND_TABLES = ("hands", "seats", "actions", "cards", "boards", "collections", "returned",
               "summaries", "audit", "awards")  # fmt: skip


def run(command: list[str]) -> float:
    """Run a command, fail loudly, return its wall time."""
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def simulate(hands: int, folder: Path) -> None:
    if (folder / ".done").exists():
        return
    folder.mkdir(parents=True, exist_ok=True)
    seed = 0
    for game, structure, players, share in MIX:
        left = round(hands * share)
        while left > 0:
            count = min(FILE_HANDS, left)
            seed += 1
            out = folder / f"{game}-{structure}-{seed:03d}.txt"
            took = run([str(TRACKER), "simulate", "--game", game, "--structure", structure,
                        "--players", str(players), "--hands", str(count), "--seed", str(seed),
                        "--out", str(out), "--format", "json"])  # fmt: skip
            print(f"  simulated {count:,} {game} {structure} hands in {took:.0f} s", flush=True)
            left -= count
    (folder / ".done").write_text("")


def import_and_audit(histories: Path, data: Path) -> None:
    if (data / ".imported").exists():
        return
    took = run([str(TRACKER), "import", str(histories), "--data", str(data), "--format", "json"])
    print(f"  imported in {took:.0f} s", flush=True)
    started = time.perf_counter()
    completed = subprocess.run([str(TRACKER), "audit", "--data", str(data), "--format", "json"],
                               capture_output=True, text=True, check=False)  # fmt: skip
    # Exit status 1 says some hands were flagged (fine here), or that it crashed.
    if completed.returncode not in (0, 1) or not completed.stdout.startswith(("[", "{")):
        raise SystemExit(f"tracker audit failed: {completed.stderr[-2000:]}")
    print(f"  audited in {time.perf_counter() - started:.0f} s: {completed.stderr.strip()}")
    (data / ".imported").write_text("")


def replicate(source: Path, target: Path, copies: int) -> None:
    """Write `copies` copies of the hand tables of `source` into `target` (new hand ids,
    times shifted past the previous copy), in the store's layout."""
    if (target / ".imported").exists():
        return
    target.mkdir(parents=True, exist_ok=True)
    connection = duckdb.connect()
    connection.execute("SET enable_progress_bar = false")
    hands = f"read_parquet('{source}/hands/**/*.parquet', hive_partitioning = true)"
    (span,) = connection.execute(
        f"SELECT date_diff('second', min(started_at), max(started_at)) + 86400 FROM {hands}"
    ).fetchone() or (0,)
    for table in HAND_TABLES:
        if not (source / table).is_dir():
            continue
        columns = [field.name for field in TABLES[table].schema]
        for copy in range(copies):
            shift = f"INTERVAL {copy * span} SECOND"
            select = ", ".join(
                f"row.hand_id || '-{copy}' AS hand_id" if column == "hand_id"
                else f"row.started_at + {shift} AS started_at" if column == "started_at"
                else f"row.{column}"
                for column in columns
            )  # fmt: skip
            connection.execute(f"""
                COPY (
                    SELECT {select}, row.site,
                           strftime(hand.started_at + {shift}, '%Y-%m') AS month
                    FROM read_parquet('{source}/{table}/**/*.parquet', hive_partitioning = true,
                                      hive_types = {{'site': VARCHAR, 'month': VARCHAR}}) AS row
                    JOIN (SELECT site, hand_id, started_at FROM {hands}) AS hand
                        USING (site, hand_id)
                ) TO '{target / table}' (FORMAT parquet, COMPRESSION zstd,
                    PARTITION_BY (site, month), FILENAME_PATTERN 'part-copy{copy}-{{i}}',
                    OVERWRITE_OR_IGNORE true)""")
        print(f"  {table}: {copies} copies", flush=True)
    (target / ".imported").write_text("")


def median_time(function: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def measure(data: Path, repeat: int, *, raw: bool) -> None:
    started = time.perf_counter()
    with StatsDatabase(data) as database:
        built = time.perf_counter() - started
        (hands,) = database.connection.execute("SELECT count(*) FROM hands").fetchone() or (0,)
        rows = database.connection.execute("SELECT count(*) FROM player_hands").fetchone()
        print(f"\n{hands:,} hands ({rows[0] if rows else 0:,} player-hands) in {data}")
        refresh = database.refresh
        print(f"  first connection (summary built: {refresh}): {built:.2f} s")
        everyone, hero = StatsFilter(), StatsFilter(player="Hero")
        queries: dict[str, Callable[[], object]] = {
            "standard --by position, every player": lambda: database.standard(everyone, "position"),
            "standard --by position, --player Hero": lambda: database.standard(hero, "position"),
            "outcomes, every player": lambda: database.outcomes(everyone),
            "outcomes, --player Hero": lambda: database.outcomes(hero),
            "outcomes --by position, --player Hero": lambda: database.outcomes(hero, "position"),
        }  # fmt: skip
        for name, query in queries.items():
            print(f"  {name}: {median_time(query, repeat):.3f} s", flush=True)
    command = [str(TRACKER), "stats", "--by", "position", "--data", str(data), "--format", "csv"]
    took = median_time(lambda: run(command), repeat)
    print(f"  `tracker stats --by position` (new process): {took:.2f} s")
    took = median_time(lambda: run([*command, "--player", "Hero"]), repeat)
    print(f"  `tracker stats --by position --player Hero` (new process): {took:.2f} s")
    if raw:
        started = time.perf_counter()
        with StatsDatabase(data, summary=False) as database:
            database.standard(StatsFilter(player="Hero"), "position")
        took = time.perf_counter() - started
        print(f"  without the summary, --player Hero --by position: {took:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    base = OUT / f"queries-{options.hands}"
    simulate(options.hands, base / "histories")
    import_and_audit(base / "histories", base / "data")
    measure(base / "data", options.repeat, raw=True)
    if options.copies > 1:
        large = OUT / f"queries-{options.hands}x{options.copies}"
        replicate(base / "data", large / "data", options.copies)
        # Not counted from the hand tables at this size: minutes, and most of the memory.
        measure(large / "data", options.repeat, raw=False)


if __name__ == "__main__":
    main()
