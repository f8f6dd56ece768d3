"""The stats summary: what the stats need, one row per player per hand, kept beside the
hand tables so that a query reads one narrow table instead of every action.

Counting the stats from the hand tables reads every seat, action, card and payment of
every hand (about 1.5 s of CPU per 100,000 hands here); the summary tables hold the result
of that work (`stats_player_hands_raw` and `stats_showdown_outcomes` in
`tracker/queries/`), and the stat queries read them (`stats_summary_source.sql`):

- `player_hands`: one row per player per hand dealt in (position, VPIP, PFR, 3-bet, money
  in and out, showdown, hand classes, door card, ...);
- `player_outcomes`: one row per player per audited hi/lo showdown (the outcome, whether a
  low was possible and whether the player made one);
- `stats_state`: the Parquet files of `hands` and `awards` the summary was built from.

`refresh_summary` brings them up to date before a query. Hands never change once stored,
so new `hands` files (an import) mean appending the rows of the hands not yet summarised;
new `awards` files (every audit rebuilds them) mean rebuilding `player_outcomes`. Each
step is one store transaction, as crash-safe as an import, under the writer lock.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

import duckdb
import pyarrow as pa

from tracker.database import view_sql
from tracker.store import (
    CARD_INDEXES,
    TABLES,
    UTC_TIME,
    Store,
    TableSpec,
    Transaction,
    register_table,
)

PLAYER_HANDS: Final = "player_hands"
PLAYER_OUTCOMES: Final = "player_outcomes"
STATE: Final = "stats_state"
SOURCES: Final = ("hands", "awards")
"""The tables whose files the summary follows."""

BATCH_ROWS: Final = 1_000_000
"""Rows written per Parquet file (per partition) while building."""

_TEXT, _INT, _FLAG = pa.string(), pa.int64(), pa.bool_()

# Sorted by player, so each file holds few players and a one-player query skips the rest.
_NEW_PLAYER_HANDS = "FROM stats_player_hands_raw(NULL, NULL, NULL, NULL, true) ORDER BY player"
_OUTCOMES = "FROM stats_showdown_outcomes(NULL, NULL, NULL, NULL) ORDER BY player"


def _spec(*fields: tuple[str, pa.DataType]) -> TableSpec:
    # Not partitioned: one file per batch of rows (a partition per month would cut each
    # batch into many small files, slower to read).
    return TableSpec(pa.schema([pa.field(name, kind) for name, kind in fields]))


# fmt: off
register_table(PLAYER_HANDS, _spec(
    ("site", _TEXT), ("month", _TEXT), ("hand_id", _TEXT), ("player", _TEXT),
    ("position", _TEXT), ("game", _TEXT), ("structure", _TEXT), ("stakes", _TEXT),
    ("table_name", _TEXT), ("started_at", UTC_TIME),
    ("stud", _FLAG), ("big_unit", _INT), ("money_unit", _TEXT),
    ("put_in", _INT), ("returned", _INT), ("collected", _INT), ("net", _INT),
    ("rake_paid", _INT), ("vpip", _FLAG), ("pfr", _FLAG), ("three_bet_chance", _FLAG),
    ("three_bet", _FLAG), ("later_aggressive", _INT), ("later_calls", _INT),
    ("brought_in", _FLAG), ("saw_flop", _FLAG), ("showdown", _FLAG), ("pots_eligible", _INT),
    ("known_cards", CARD_INDEXES), ("hand_classes", pa.list_(_TEXT)), ("door_rank", _TEXT),
))
register_table(PLAYER_OUTCOMES, _spec(
    ("site", _TEXT), ("month", _TEXT), ("hand_id", _TEXT), ("player", _TEXT), ("game", _TEXT),
    ("started_at", UTC_TIME), ("outcome", _TEXT), ("low_possible", _FLAG), ("made_low", _FLAG),
))
register_table(STATE, _spec(("source", _TEXT), ("files", pa.list_(_TEXT))))
# fmt: on


@dataclass(frozen=True, slots=True)
class SummaryRefresh:
    """What a refresh did: player-hand rows appended, and whether the outcomes were
    rebuilt (with how many rows)."""

    player_hands_added: int = 0
    outcomes_rebuilt: bool = False
    outcome_rows: int = 0


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
    """True when the summary was built from the files `hands` and `awards` hold now."""
    recorded = recorded_files(connection)
    return all(source_files(data_dir, source) == recorded.get(source) for source in SOURCES)


def refresh_summary(
    connection: duckdb.DuckDBPyConnection, data_dir: Path, *, batch_rows: int = BATCH_ROWS
) -> SummaryRefresh:
    """Bring the summary tables up to date with `hands` and `awards`.

    `connection` is a stats connection (`tracker.stats.run.StatsDatabase`) over
    `data_dir`, reading the hand tables (not the summary) for the player hands.

    Raises:
        StoreError: when another process is writing to the data folder.
    """
    current = {source: source_files(data_dir, source) for source in SOURCES}
    recorded = recorded_files(connection)
    added, rebuilt, outcome_rows = 0, False, 0
    with Store(data_dir) as store:
        if current["hands"] != recorded.get("hands"):
            with store.transaction() as batch:
                added = _stream(connection, batch, PLAYER_HANDS, _NEW_PLAYER_HANDS, batch_rows)
                _record(batch, {**recorded, "hands": current["hands"]})
            recorded = {**recorded, "hands": current["hands"]}
            _reopen_view(connection, data_dir, PLAYER_HANDS)
        if current["awards"] != recorded.get("awards"):
            with store.transaction() as batch:
                batch.remove_table(PLAYER_OUTCOMES)
                outcome_rows = _stream(connection, batch, PLAYER_OUTCOMES, _OUTCOMES, batch_rows)
                _record(batch, current)
            rebuilt = True
            _reopen_view(connection, data_dir, PLAYER_OUTCOMES)
    _reopen_view(connection, data_dir, STATE)
    return SummaryRefresh(added, rebuilt, outcome_rows)


def _stream(
    connection: duckdb.DuckDBPyConnection, batch: Transaction, table: str, sql: str, rows: int
) -> int:
    """Run `sql` and write its rows to `table` in pieces of `rows` rows."""
    reader = connection.sql(sql).to_arrow_reader(rows)
    written = 0
    for record_batch in reader:
        batch.write_rows(table, pa.Table.from_batches([record_batch]))
        written += record_batch.num_rows
    return written


def _record(batch: Transaction, files: dict[str, list[str]]) -> None:
    batch.remove_table(STATE)
    batch.write_rows(STATE, [{"source": source, "files": files.get(source, [])}
                             for source in SOURCES])  # fmt: skip


def _reopen_view(connection: duckdb.DuckDBPyConnection, data_dir: Path, table: str) -> None:
    """Point the view of `table` at its files again (a table that had none read from an
    empty stand-in)."""
    connection.execute(view_sql(data_dir, table, TABLES[table], connection))
