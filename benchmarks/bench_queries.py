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
4. for each data set: the first stats connection, which brings the stats summary up to
   date (`tracker.stats.summary`, timed apart), then the median of `--repeat` runs of
   each query through the library (`StatsDatabase`), of the installed `tracker stats`
   commands in a new process (Python start-up included, the output to a pipe), and the
   load average before and after;
5. with `--build-summary`: the whole summary built from the start, in a copy of the
   smaller data set's hand tables (removed afterwards).

Usage:

    .venv/bin/python benchmarks/bench_queries.py [--hands 1000000] [--copies 10] [--repeat 5]
        [--build-summary]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any

import duckdb

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tracker.schema import TABLES  # noqa: E402
from tracker.stats.run import StatsDatabase, StatsFilter  # noqa: E402
from tracker.stats.summary import (  # noqa: E402
    PLAYER_HANDS,
    PLAYER_OUTCOMES,
    PLAYER_TOTALS,
    STANDARD_COUNTERS,
    point_sources,
)
from tracker.stats.totals import totals_sql  # noqa: E402

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


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


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
    print(f"\n{data}: load average before {load()}", flush=True)
    started = time.perf_counter()
    with StatsDatabase(data) as database:
        built = time.perf_counter() - started
        (hands,) = database.connection.execute("SELECT count(*) FROM hands").fetchone() or (0,)
        rows = database.connection.execute(f"SELECT count(*) FROM {PLAYER_HANDS}").fetchone()
        print(f"{hands:,} hands ({rows[0] if rows else 0:,} player-hands)")
        print(f"  first connection ({database.refresh}): {built:.2f} s")
        library_queries(database, repeat)
    commands(data, repeat)
    if raw:
        started = time.perf_counter()
        with StatsDatabase(data, summary=False) as database:
            database.standard(StatsFilter(player="Hero"), "position")
        took = time.perf_counter() - started
        print(f"  without the summary, --player Hero --by position: {took:.2f} s")
    print(f"  load average after {load()}", flush=True)


def library_queries(database: StatsDatabase, repeat: int) -> None:
    everyone, hero = StatsFilter(), StatsFilter(player="Hero")
    whole_days = StatsFilter(since=date(2000, 1, 1))  # every hand, from the per-day sums
    standard, outcomes = database.standard_arrow, database.outcomes_arrow
    queries: dict[str, Callable[[], object]] = {
        "standard --by position, every player": lambda: standard(everyone, "position"),
        "standard --by position, --player Hero": lambda: standard(hero, "position"),
        "outcomes, every player": lambda: outcomes(everyone),
        "outcomes --by position, every player": lambda: outcomes(everyone, "position"),
        "outcomes, --player Hero": lambda: outcomes(hero),
        "outcomes --by position, --player Hero": lambda: outcomes(hero, "position"),
        "standard --by position, every player, as pandas":
            lambda: database.standard(everyone, "position"),
        "standard --by position, every player, --since (the per-day sums)":
            lambda: standard(whole_days, "position"),
    }  # fmt: skip
    for name, query in queries.items():
        print(f"  {name}: {median_time(query, repeat):.3f} s", flush=True)
    rows = standard(everyone, "position").num_rows
    totals = one(database, f"SELECT count(*) FROM {PLAYER_TOTALS}")
    print(f"  ({rows:,} rows every player by position; {totals:,} in {PLAYER_TOTALS})")
    # What an import adds to the work: its hands added up with the totals so far (the
    # query only, on the last month, which the summary already holds).
    month = one(database, f"SELECT max(month) FROM {PLAYER_HANDS}")
    added = one(database, f"SELECT count(*) FROM {PLAYER_HANDS} WHERE month = '{month}'")
    point_sources(database.connection, f"(FROM {PLAYER_HANDS} WHERE month = '{month}')",
                  PLAYER_OUTCOMES)  # fmt: skip
    merge = totals_sql("stats_hand_partials(NULL, NULL, NULL, NULL)", STANDARD_COUNTERS,
                       so_far=PLAYER_TOTALS)  # fmt: skip
    took = median_time(lambda: database.connection.sql(merge).to_arrow_table(), repeat)
    print(f"  {PLAYER_TOTALS} with {added:,} more player-hands (a month, {month}): {took:.2f} s")
    point_sources(database.connection, PLAYER_HANDS, PLAYER_OUTCOMES)


def one(database: StatsDatabase, sql: str) -> Any:
    row = database.connection.execute(sql).fetchone()
    return None if row is None else row[0]


COMMANDS = {
    "tracker --version (start-up only)": ["--version"],
    "tracker stats --by position --format csv": ["stats", "--by", "position", "--format", "csv"],
    "tracker stats --by position --format json":
        ["stats", "--by", "position", "--format", "json"],
    "tracker stats --by position --player Hero":
        ["stats", "--by", "position", "--player", "Hero"],
    "tracker stats --by position --hero": ["stats", "--by", "position", "--hero"],
    "tracker stats --outcomes --format csv": ["stats", "--outcomes", "--format", "csv"],
    "tracker stats --outcomes --by position --format csv":
        ["stats", "--outcomes", "--by", "position", "--format", "csv"],
    "tracker stats --outcomes --by position --hero":
        ["stats", "--outcomes", "--by", "position", "--hero"],
}  # fmt: skip
"""The commands timed in a new process (with `--data`; the terminal table for one player,
CSV or JSON for every player: rich draws about a thousand table rows a second)."""


def commands(data: Path, repeat: int) -> None:
    for name, arguments in COMMANDS.items():
        command = [str(TRACKER), *arguments]
        if arguments[0] == "stats":
            command += ["--data", str(data)]
        took = median_time(partial(run, command), repeat)
        print(f"  `{name}` (new process): {took:.2f} s", flush=True)


def build_summary(source: Path, repeat: int) -> None:
    """The whole summary, built in a copy of the hand tables of `source`."""
    target = source.parent.with_name(source.parent.name + "-build") / "data"
    shutil.rmtree(target.parent, ignore_errors=True)
    for table in HAND_TABLES:
        if (source / table).is_dir():
            shutil.copytree(source / table, target / table)
    print(f"\n{target}: the summary built from the start; load average before {load()}")
    started = time.perf_counter()
    with StatsDatabase(target) as database:
        print(f"  {database.refresh}: {time.perf_counter() - started:.1f} s", flush=True)
    print(f"  load average after {load()}")
    shutil.rmtree(target.parent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--build-summary", action="store_true")
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
    if options.build_summary:
        build_summary(base / "data", options.repeat)


if __name__ == "__main__":
    main()
