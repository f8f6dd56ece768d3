"""The stats summary: what the stats need, kept beside the hand tables so that a query
reads a few narrow rows instead of every action of every hand.

Counting the stats from the hand tables reads every seat, action, card and payment of
every hand (about 1.5 s of CPU per 100,000 hands here). The summary tables hold the
result of that work, and the stat queries read them:

- `player_hands`: one row per player per hand (the rows of `stats_player_hands_raw`);
- `player_outcomes`: one row per player per audited hi/lo showdown (the rows of
  `stats_showdown_outcomes`);
- `player_days`, `outcome_days`: the counters the standard and the outcome stats add up,
  already added up per player, day and breakdown key (a few rows per player per day);
- `player_totals`, `outcome_totals`: the same counters added up over every day, per
  grouping, player and group (`tracker.stats.totals`);
- `stats_state`: the Parquet files of `hands` and `awards` the summary was built from,
  the summary's `VERSION` (a summary of another version is rebuilt from the start), and
  for each totals table that matches its day table, `TOTALS_VERSION`.

`refresh_summary` brings them up to date before a query. Hands never change once stored,
so new `hands` files (an import) mean appending the rows of the hands not yet summarised
to every summary table; new `awards` files (every audit rebuilds them) mean rebuilding
the two outcome tables. The new hands are added to the totals so far in the same step;
the outcome totals are rebuilt from `outcome_days` after an audit, and so is a totals
table whose `stats_state` row is missing (a summary made before the totals existed, or
a step that stopped half-way), without rebuilding the rest. Each step is one store
transaction, as crash-safe as an import, under the writer lock; the rows are computed
first into temporary DuckDB tables (new hands one (site, month) partition at a time).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Final

import duckdb
import pyarrow as pa

from tracker.database import view_sql
from tracker.schema import CARD_INDEXES, TABLES, UTC_TIME, TableSpec, register_table
from tracker.stats.totals import counter_sums, totals_sql
from tracker.store import Store, Transaction

PLAYER_HANDS: Final = "player_hands"
PLAYER_OUTCOMES: Final = "player_outcomes"
PLAYER_DAYS: Final = "player_days"
OUTCOME_DAYS: Final = "outcome_days"
PLAYER_TOTALS: Final = "player_totals"
OUTCOME_TOTALS: Final = "outcome_totals"
STATE: Final = "stats_state"
SUMMARY_TABLES: Final = (PLAYER_HANDS, PLAYER_OUTCOMES, PLAYER_DAYS, OUTCOME_DAYS,
                         PLAYER_TOTALS, OUTCOME_TOTALS, STATE)  # fmt: skip
SOURCES: Final = ("hands", "awards")
"""The tables whose files the summary follows."""

VERSION: Final = "3"
"""The summary's layout; a summary of another version is rebuilt from the start."""

TOTALS_VERSION: Final = "2"
"""The totals' layout; totals of another version are rebuilt from the day tables."""

BATCH_ROWS: Final = 1_000_000
"""Rows written per Parquet file while building."""

OUTCOME_SLICE_HANDS: Final = 1_000_000
"""Hands per slice when the outcome tables are rebuilt."""

REFRESH_MEMORY: Final = "2GB"
"""DuckDB's memory while building: the temporary tables spill to disk beyond it."""

STANDARD_COUNTERS: Final = (
    "hands", "vpip", "pfr", "three_bet", "three_bet_chances", "later_aggressive",
    "later_calls", "saw_flop", "showdowns", "showdowns_won", "flops_won", "net", "net_big",
    "big_unit_hands", "rake_paid", "rake_collected",
)  # fmt: skip
"""The counters of `stats_hand_partials`, summed in `player_days` (`net_big` is a float)."""

OUTCOME_COUNTERS: Final = (
    "hands", "showdowns", "unaudited", "scoop_no_low", "scoop_both_ways", "three_quarters",
    "high_only", "low_only", "split", "quartered", "lost", "quartered_net", "low_possible",
    "made_low", "won_without_showdown",
)  # fmt: skip
"""The counters of `stats_outcome_partials`, summed in `outcome_days`."""

TOTALS: Final = {
    PLAYER_TOTALS: (PLAYER_DAYS, STANDARD_COUNTERS, "stats_hand_partials"),
    OUTCOME_TOTALS: (OUTCOME_DAYS, OUTCOME_COUNTERS, "stats_outcome_partials"),
}
"""Each totals table: the day table it adds up, its counters, and the per-hand macro
that counts them."""

_TEXT, _INT, _FLAG = pa.string(), pa.int64(), pa.bool_()
_DAY_KEYS = (
    ("player", _TEXT), ("game", _TEXT), ("stakes", _TEXT), ("money_unit", _TEXT),
    ("position", _TEXT), ("door_rank", _TEXT), ("stud", _FLAG), ("brought_in", _FLAG),
    ("month", _TEXT), ("day", pa.date32()),
)  # fmt: skip


def _spec(*fields: tuple[str, pa.DataType]) -> TableSpec:
    # Not partitioned: one file per batch of rows, sorted by player, so a query for one
    # player reads few files (a partition per month would cut each batch into many).
    return TableSpec(pa.schema([pa.field(name, kind) for name, kind in fields]))


def _counters(names: tuple[str, ...]) -> tuple[tuple[str, pa.DataType], ...]:
    return tuple((name, pa.float64() if name == "net_big" else _INT) for name in names)


# fmt: off
register_table(PLAYER_HANDS, _spec(
    ("site", _TEXT), ("month", _TEXT), ("hand_id", _TEXT), ("player", _TEXT),
    ("position", _TEXT), ("game", _TEXT), ("structure", _TEXT), ("stakes", _TEXT),
    ("table_name", _TEXT), ("started_at", UTC_TIME),
    ("stud", _FLAG), ("big_unit", _INT), ("money_unit", _TEXT),
    ("put_in", _INT), ("returned", _INT), ("collected", _INT), ("net", _INT),
    ("rake_paid", _INT), ("rake_collected", _INT), ("vpip", _FLAG), ("pfr", _FLAG),
    ("three_bet_chance", _FLAG),
    ("three_bet", _FLAG), ("later_aggressive", _INT), ("later_calls", _INT),
    ("brought_in", _FLAG), ("saw_flop", _FLAG), ("showdown", _FLAG), ("pots_eligible", _INT),
    ("known_cards", CARD_INDEXES), ("hand_classes", pa.list_(_TEXT)), ("door_rank", _TEXT),
))
register_table(PLAYER_OUTCOMES, _spec(
    ("site", _TEXT), ("month", _TEXT), ("hand_id", _TEXT), ("player", _TEXT), ("game", _TEXT),
    ("started_at", UTC_TIME), ("outcome", _TEXT), ("low_possible", _FLAG), ("made_low", _FLAG),
))
register_table(PLAYER_DAYS, _spec(*_DAY_KEYS, *_counters(STANDARD_COUNTERS)))
register_table(OUTCOME_DAYS, _spec(*_DAY_KEYS, *_counters(OUTCOME_COUNTERS)))
_TOTAL_KEYS = (("grouping", _TEXT), ("player", _TEXT), ("group_key", _TEXT), ("money_unit", _TEXT))
register_table(PLAYER_TOTALS, _spec(*_TOTAL_KEYS, *_counters(STANDARD_COUNTERS)))
register_table(OUTCOME_TOTALS, _spec(*_TOTAL_KEYS, *_counters(OUTCOME_COUNTERS)))
register_table(STATE, _spec(("source", _TEXT), ("files", pa.list_(_TEXT))))
# fmt: on

_PARTITIONED = ("hands", "seats", "actions", "cards", "boards", "collections", "returned",
                PLAYER_HANDS)  # fmt: skip
"""The tables new hands are counted from, one partition at a time (`player_hands`, for
the hands already summarised, by its columns)."""

_SLICED = (PLAYER_HANDS, "awards", "boards")
"""The tables the outcomes are rebuilt from, a slice of the hands at a time."""

# The temporary DuckDB tables a refresh computes its rows into.
_NEW_HANDS, _ALL_OUTCOMES = "stats_new_hands", "stats_all_outcomes"


@dataclass(frozen=True, slots=True)
class SummaryRefresh:
    """What a refresh did: player-hand rows appended, whether the outcome tables were
    rebuilt (with how many showdown rows), and the totals tables rebuilt from the day
    tables."""

    player_hands_added: int = 0
    outcomes_rebuilt: bool = False
    outcome_rows: int = 0
    totals_rebuilt: tuple[str, ...] = ()


def source_files(data_dir: Path, table: str) -> list[str]:
    """The committed Parquet files of `table`, as sorted paths relative to the folder."""
    folder = data_dir / table
    if not folder.is_dir():
        return []
    return sorted(str(path.relative_to(data_dir)) for path in folder.rglob("*.parquet"))


def recorded_files(connection: duckdb.DuckDBPyConnection) -> dict[str, list[str]]:
    """The source files the summary was last built from, per source table."""
    rows = connection.execute(f"SELECT source, files FROM {STATE}").fetchall()
    return {str(source): list(files) for source, files in rows}


def is_fresh(connection: duckdb.DuckDBPyConnection, data_dir: Path) -> bool:
    """True when the summary is of this version, was built from the files `hands` and
    `awards` hold now, and its totals match its day tables."""
    recorded = recorded_files(connection)
    return (
        recorded.get("version") == [VERSION]
        and not stale_totals(recorded)
        and all(source_files(data_dir, source) == recorded.get(source) for source in SOURCES)
    )


def stale_totals(recorded: dict[str, list[str]]) -> tuple[str, ...]:
    """The totals tables that `recorded` (the rows of `stats_state`) does not mark as
    matching their day tables."""
    return tuple(table for table in TOTALS if recorded.get(table) != [TOTALS_VERSION])


def point_sources(connection: duckdb.DuckDBPyConnection, hands: str, outcomes: str) -> None:
    """Make the stat macros read `hands` and `outcomes` (tables or views)."""
    template = (resources.files("tracker") / "queries" / "stats_source.sql").read_text()
    connection.execute(template.format(hands=hands, outcomes=outcomes))


def refresh_summary(
    connection: duckdb.DuckDBPyConnection, data_dir: Path, *, batch_rows: int = BATCH_ROWS
) -> SummaryRefresh:
    """Bring the summary tables up to date with `hands` and `awards`, and leave the stat
    macros of `connection` (a `tracker.stats.run.StatsDatabase` connection reading the
    hand tables) reading them.

    Raises:
        StoreError: when another process is writing to the data folder.
    """
    current = {source: source_files(data_dir, source) for source in SOURCES}
    recorded = recorded_files(connection)
    added, rebuilt, outcome_rows = 0, False, 0
    with Store(data_dir) as store, _bounded_memory(connection):
        if recorded and recorded.get("version") != [VERSION]:
            with store.transaction() as batch:
                for table in SUMMARY_TABLES:
                    batch.remove_table(table)
            _reopen_views(connection, data_dir)
            recorded = {}
        awards_changed = current["awards"] != recorded.get("awards")
        if current["hands"] != recorded.get("hands"):
            state = {**recorded, "hands": current["hands"]}
            added = _add_new_hands(
                connection, store, state, recorded.get("hands", []),
                outcomes_follow=awards_changed, batch_rows=batch_rows,
            )  # fmt: skip
            recorded = state
            _reopen_views(connection, data_dir)
        if awards_changed:
            recorded = {**recorded, **current}
            recorded.pop(OUTCOME_TOTALS, None)  # the outcome days change: rebuilt next
            outcome_rows = _rebuild_outcomes(connection, store, recorded, batch_rows)
            rebuilt = True
            _reopen_views(connection, data_dir)
        totals = stale_totals(recorded)
        if totals:
            _rebuild_totals(connection, store, recorded, totals, batch_rows)
            _reopen_views(connection, data_dir)
    point_sources(connection, PLAYER_HANDS, PLAYER_OUTCOMES)
    return SummaryRefresh(added, rebuilt, outcome_rows, totals)


def _add_new_hands(
    connection: duckdb.DuckDBPyConnection,
    store: Store,
    state: dict[str, list[str]],
    recorded: list[str],
    *,
    outcomes_follow: bool,
    batch_rows: int,
) -> int:
    """Append the rows of the hands not yet summarised to the summary tables.

    The rows are counted one (site, month) partition at a time (the partitions with new
    files), so that the work on the hand tables stays small, into a temporary table that
    is then written sorted by player (DuckDB spills it to disk when it is large). New
    hands have no awards unless an audit ran since, which rebuilt the awards: so they add
    no outcome rows, only their outcome counters (hi/lo hands, showdowns not audited,
    wins without showdown), and not even those when the outcome tables are rebuilt next
    (`outcomes_follow`). The totals that match their day tables get the new hands too.
    """
    connection.execute(f"CREATE OR REPLACE TEMP TABLE {_NEW_HANDS} AS "
                       f"FROM {PLAYER_HANDS} LIMIT 0")  # fmt: skip
    known = set(recorded)
    for site, month in partitions_of(file for file in state["hands"] if file not in known):
        with _only_partition(connection, site, month):
            connection.execute(f"INSERT INTO {_NEW_HANDS} BY NAME FROM "
                               "stats_player_hands_raw(NULL, NULL, NULL, NULL, true)")  # fmt: skip
    point_sources(connection, _NEW_HANDS, PLAYER_OUTCOMES)
    with store.transaction() as batch:
        added = _stream(connection, batch, PLAYER_HANDS,
                        f"FROM {_NEW_HANDS} ORDER BY player", batch_rows)  # fmt: skip
        _stream(connection, batch, PLAYER_DAYS, _days_sql(STANDARD_COUNTERS), batch_rows)
        if not outcomes_follow:
            _stream(connection, batch, OUTCOME_DAYS, _days_sql(OUTCOME_COUNTERS), batch_rows)
        left = stale_totals(state) + ((OUTCOME_TOTALS,) if outcomes_follow else ())
        for table, (_, counters, partials) in TOTALS.items():
            if table in left:  # rebuilt from the day tables next
                continue
            batch.remove_table(table)  # its files stay readable until the commit
            sql = totals_sql(f"{partials}(NULL, NULL, NULL, NULL)", counters, so_far=table)
            _stream(connection, batch, table, sql, batch_rows)
        _record(batch, state)
    connection.execute(f"DROP TABLE {_NEW_HANDS}")
    return added


def _rebuild_outcomes(
    connection: duckdb.DuckDBPyConnection,
    store: Store,
    state: dict[str, list[str]],
    batch_rows: int,
) -> int:
    """Rebuild the two outcome tables from every summarised hand and the awards, in
    slices of about `OUTCOME_SLICE_HANDS` hands (by a hash of the hand id), so that the
    memory stays bounded."""
    point_sources(connection, PLAYER_HANDS, PLAYER_OUTCOMES)
    (hands,) = connection.execute(f"SELECT count(DISTINCT hand_id) FROM {PLAYER_HANDS}"
                                  ).fetchone() or (0,)  # fmt: skip
    slices = max(1, -(-int(hands) // OUTCOME_SLICE_HANDS))
    connection.execute(f"CREATE OR REPLACE TEMP TABLE {_ALL_OUTCOMES} AS "
                       f"FROM {PLAYER_OUTCOMES} LIMIT 0")  # fmt: skip
    for number in range(slices):
        with _only_slice(connection, number, slices):
            connection.execute(f"INSERT INTO {_ALL_OUTCOMES} BY NAME "
                               "FROM stats_showdown_outcomes(NULL, NULL, NULL, NULL)")  # fmt: skip
    point_sources(connection, PLAYER_HANDS, _ALL_OUTCOMES)
    with store.transaction() as batch:
        batch.remove_table(PLAYER_OUTCOMES)
        batch.remove_table(OUTCOME_DAYS)
        rows = _stream(connection, batch, PLAYER_OUTCOMES,
                       f"FROM {_ALL_OUTCOMES} ORDER BY player", batch_rows)  # fmt: skip
        _stream(connection, batch, OUTCOME_DAYS, _days_sql(OUTCOME_COUNTERS), batch_rows)
        _record(batch, state)
    connection.execute(f"DROP TABLE {_ALL_OUTCOMES}")
    return rows


def _rebuild_totals(
    connection: duckdb.DuckDBPyConnection,
    store: Store,
    state: dict[str, list[str]],
    tables: tuple[str, ...],
    batch_rows: int,
) -> None:
    """Rebuild the totals `tables` from their day tables, and mark them (in `state`) as
    matching them."""
    with store.transaction() as batch:
        for table in tables:
            days, counters, _ = TOTALS[table]
            batch.remove_table(table)
            _stream(connection, batch, table, totals_sql(days, counters), batch_rows)
            state[table] = [TOTALS_VERSION]
        _record(batch, state)


@contextmanager
def _only_slice(connection: duckdb.DuckDBPyConnection, number: int, slices: int) -> Iterator[None]:
    """Make `player_hands`, `awards` and `boards` read slice `number` of `slices` only."""
    with _shadowed(connection, _SLICED, f"hash(hand_id) % {slices} = {number}"):
        yield


def partitions_of(files: Iterable[str]) -> list[tuple[str, str]]:
    """The (site, month) partitions of hand-table files, from their paths.

    >>> partitions_of(["hands/site=pokerstars/month=2013-04/part-1.parquet"])
    [('pokerstars', '2013-04')]
    """
    found: set[tuple[str, str]] = set()
    for file in files:
        parts = dict(part.split("=", 1) for part in Path(file).parts if "=" in part)
        if "site" in parts and "month" in parts:
            found.add((parts["site"], parts["month"]))
    return sorted(found)


@contextmanager
def _only_partition(connection: duckdb.DuckDBPyConnection, site: str, month: str) -> Iterator[None]:
    """Make the hand tables (and `player_hands`) read one (site, month) partition only:
    DuckDB turns the filter into reading that partition's files only."""
    with _shadowed(
        connection, _PARTITIONED, f"site = {_quoted(site)} AND month = {_quoted(month)}"
    ):
        yield


@contextmanager
def _shadowed(
    connection: duckdb.DuckDBPyConnection, tables: tuple[str, ...], where: str
) -> Iterator[None]:
    """Temporary views, shadowing the views of `tables`, that keep the rows `where` says."""
    for table in tables:
        connection.execute(f"CREATE OR REPLACE TEMP VIEW {table} AS "
                           f"SELECT * FROM memory.main.{table} WHERE {where}")  # fmt: skip
    try:
        yield
    finally:
        for table in tables:
            connection.execute(f"DROP VIEW IF EXISTS temp.{table}")


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _days_sql(counters: tuple[str, ...]) -> str:
    partials = "stats_hand_partials" if counters is STANDARD_COUNTERS else "stats_outcome_partials"
    template = (resources.files("tracker") / "queries" / "stats_days.sql").read_text()
    return template.format(partials=partials, counters=counter_sums(counters))


def _stream(
    connection: duckdb.DuckDBPyConnection, batch: Transaction, table: str, sql: str, rows: int
) -> int:
    """Run `sql` and write its rows to `table`, a file per `rows` rows (the last one
    smaller): DuckDB hands them over in smaller batches, which are gathered first, so
    that a query opening the table reads few file footers."""
    reader = connection.sql(sql).to_arrow_reader(rows)
    written, gathered = 0, list[pa.RecordBatch]()
    for record_batch in reader:
        gathered.append(record_batch)
        if sum(part.num_rows for part in gathered) >= rows:
            written += _write_gathered(batch, table, gathered)
    return written + _write_gathered(batch, table, gathered)


def _write_gathered(batch: Transaction, table: str, gathered: list[pa.RecordBatch]) -> int:
    """Write the batches `gathered` as one file (none when empty), and empty the list."""
    rows = pa.Table.from_batches(gathered) if gathered else None
    gathered.clear()
    if rows is None or rows.num_rows == 0:
        return 0
    batch.write_rows(table, rows)
    return rows.num_rows


def _record(batch: Transaction, state: dict[str, list[str]]) -> None:
    """Write `stats_state`: the source files, the version, and the totals marks."""
    batch.remove_table(STATE)
    rows = [{"source": source, "files": state.get(source, [])} for source in SOURCES]
    marks = [{"source": table, "files": state[table]} for table in TOTALS if table in state]
    batch.write_rows(STATE, [*rows, {"source": "version", "files": [VERSION]}, *marks])


def _reopen_views(connection: duckdb.DuckDBPyConnection, data_dir: Path) -> None:
    """Point the summary views at their files again (a table that had none read from an
    empty stand-in)."""
    for table in SUMMARY_TABLES:
        connection.execute(view_sql(data_dir, table, TABLES[table], connection))


@contextmanager
def _bounded_memory(connection: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """DuckDB's memory capped at `REFRESH_MEMORY` while building: beyond it, the temporary
    tables spill to the connection's temporary folder (a first summary of millions of
    hands does not fit in memory)."""
    connection.execute(f"SET memory_limit = {_quoted(REFRESH_MEMORY)}")
    connection.execute("SET preserve_insertion_order = false")
    try:
        yield
    finally:
        connection.execute("RESET memory_limit")
        connection.execute("RESET preserve_insertion_order")
