"""`tracker stats --engine spark`: the stat queries of `tracker/queries/` run by Spark SQL.

Each table of the data folder is a temporary view over its Parquet files (the hive
partitions `site` and `month` as strings, as DuckDB reads them; an empty view of the
table's columns when it has no file yet). The grouped stats are the one-machine queries
over the per-hand rows (`tracker.stats.run.per_hand_sums`: Spark has no stats summary),
translated by `tracker.spark.sql_dialect`; the rows come back as the Arrow table
`tracker.stats.run.player_stats` gives, with the same columns and types.

    with spark_session("local[*]") as spark:
        table = player_stats_on_spark(Path("data"), StatsFilter(), spark, by="position")
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pyarrow as pa
import pyarrow.compute as pc

from tracker.errors import NoDataError
from tracker.folder_checks import check_version
from tracker.schema import TABLES
from tracker.spark.sql_dialect import SparkDialect
from tracker.stats.run import (
    StatsError,
    StatsFilter,
    grouped_query,
    per_hand_sums,
    shape_groups,
)
from tracker.store import Store

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

_SETTINGS = {
    "spark.sql.session.timeZone": "UTC",  # the queries read times in UTC
    "spark.sql.sources.partitionColumnTypeInference.enabled": "false",  # `month` as text
    "spark.sql.parquet.mergeSchema": "true",  # files of older versions of a table
    "spark.sql.constraintPropagation.enabled": "false",
}


def player_stats_on_spark(
    data_dir: Path,
    filters: StatsFilter,
    spark: SparkSession,
    *,
    by: str | None = None,
    outcomes: bool = False,
    hero: bool = False,
) -> pa.Table:
    """`tracker.stats.run.player_stats` on Spark: the same rows, columns and types.

    Raises:
        NoDataError: no data folder, or no hands in it.
        StatsError: an unknown grouping; `hero` with no single hero.
    """
    run = _spark_views(data_dir, spark)
    if hero:
        filters = replace(filters, player=_hero(run, data_dir))
    name = "stats_outcomes" if outcomes else "stats_standard"
    sql = grouped_query(name, filters, by, per_hand_sums(name, by))
    return shape_groups(_as_duckdb_types(run(sql, filters.parameters())), by)


def unaudited_on_spark(data_dir: Path, spark: SparkSession) -> int:
    """How many imported hands have no verdict in the `audit` table, counted by Spark."""
    run = _spark_views(data_dir, spark)
    counted = run("SELECT count(*) AS hands FROM hands ANTI JOIN audit USING (site, hand_id)", {})
    return int(counted.column("hands")[0].as_py())


def audit_first_on_spark(
    data_dir: Path, spark: SparkSession, *, notify: Callable[[str], None]
) -> None:
    """Audit the folder on Spark when some imported hand has no verdict yet (the
    outcomes read the audit's split), saying so through `notify`."""
    from tracker.spark.audit_job import audit_on_spark

    missing = unaudited_on_spark(data_dir, spark)
    if missing:
        hands = "hand" if missing == 1 else "hands"
        notify(f"auditing first: {missing:,} {hands} not audited yet (as `tracker audit`)")
        with Store(data_dir) as store:
            audit_on_spark(store, spark)


def _spark_views(
    data_dir: Path, spark: SparkSession
) -> Callable[[str, dict[str, object]], pa.Table]:
    """Make a view of each table of `data_dir` on `spark`; the function running a
    DuckDB stat query there and returning its rows.

    Raises:
        NoDataError: no data folder, or no hands in it.
    """
    if not data_dir.is_dir():
        raise NoDataError(f"no data folder at {data_dir} (run `tracker import` first)")
    check_version(data_dir)
    if not list((data_dir / "hands").rglob("*.parquet")):
        raise NoDataError(f"no hands in {data_dir} (run `tracker import` first)")
    for setting, value in _SETTINGS.items():
        spark.conf.set(setting, value)
    for name, spec in TABLES.items():
        folder = data_dir / name
        if folder.is_dir() and next(folder.rglob("*.parquet"), None) is not None:
            frame = spark.read.option("basePath", str(folder)).parquet(str(folder))
        else:
            frame = spark.createDataFrame(pa.Table.from_pylist([], schema=spec.full_schema))
        frame.createOrReplaceTempView(name)

    def materialize(view: str, sql: str) -> None:
        # computed once and kept by the executors, its plan cut off: a query reading it
        # reads rows, not the plan of the rows
        spark.sql(sql).localCheckpoint().createOrReplaceTempView(view)

    dialect = SparkDialect(materialize=materialize)

    def run(sql: str, parameters: dict[str, object]) -> pa.Table:
        return spark.sql(dialect.spark_sql(sql, parameters)).toArrow()

    return run


def _hero(run: Callable[[str, dict[str, object]], pa.Table], data_dir: Path) -> str:
    """`StatsDatabase.hero`, counted by Spark."""
    names = run("SELECT hero, count(*) AS hands FROM hands WHERE hero IS NOT NULL "
                "GROUP BY hero ORDER BY count(*) DESC, hero", {}).to_pylist()  # fmt: skip
    total = sum(row["hands"] for row in names)
    if names and 2 * names[0]["hands"] > total:
        return str(names[0]["hero"])
    listed = ", ".join(str(row["hero"]) for row in names[:3]) or "none"
    raise StatsError(f"no single hero in {data_dir} (dealt to: {listed}); give --player NAME")


def _as_duckdb_types(table: pa.Table) -> pa.Table:
    """Spark's decimals as the doubles DuckDB gives (`100.0 * x / y`), its 32-bit
    integers as 64-bit."""
    columns = []
    for column in table.columns:
        if pa.types.is_decimal(column.type):
            column = pc.cast(column, pa.float64())
        elif pa.types.is_int32(column.type):
            column = pc.cast(column, pa.int64())
        columns.append(column)
    return pa.table(columns, names=table.column_names)
