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

from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pyarrow as pa

from tracker.errors import NoDataError
from tracker.folder_checks import check_version
from tracker.schema import TABLES
from tracker.spark.sql_dialect import SparkDialect
from tracker.stats.auditing import audit_if_needed
from tracker.stats.run import (
    HERO_COUNTS,
    StatsFilter,
    grouped_query,
    majority_hero,
    no_hero_error,
    per_hand_sums,
    shape_groups,
)

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

_SETTINGS = {
    "spark.sql.session.timeZone": "UTC",  # the queries read times in UTC
    "spark.sql.sources.partitionColumnTypeInference.enabled": "false",  # `month` as text
    "spark.sql.parquet.mergeSchema": "true",  # files of older versions of a table
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
    return shape_groups(run(sql, filters.parameters()), by)


def audit_first_on_spark(
    data_dir: Path, spark: SparkSession, *, notify: Callable[[str], None]
) -> None:
    """`tracker.stats.auditing.audit_if_needed`, the hands counted and audited by Spark
    (the outcomes read the audit's split)."""
    from tracker.spark.audit_job import audit_on_spark

    def unaudited(folder: Path | str) -> int:
        run = _spark_views(Path(folder), spark, tables=("hands", "audit"))
        counted = run("SELECT count(*) AS hands FROM hands ANTI JOIN audit USING (site, hand_id)",
                      {})  # fmt: skip
        return int(counted.column("hands")[0].as_py())

    audit_if_needed(data_dir, notify=notify, unaudited=unaudited,
                    audit=lambda store: audit_on_spark(store, spark))  # fmt: skip


def _spark_views(
    data_dir: Path, spark: SparkSession, tables: Iterable[str] = TABLES
) -> Callable[[str, dict[str, object]], pa.Table]:
    """Make a view of each table of `data_dir` (or of `tables` only: making a view
    reads the footers of its files) on `spark`; the function running a DuckDB stat
    query there and returning its rows.

    Raises:
        NoDataError: no data folder, or no hands in it.
    """
    if not data_dir.is_dir():
        raise NoDataError(f"no data folder at {data_dir} (run `tracker import` first)")
    check_version(data_dir)
    if next((data_dir / "hands").rglob("*.parquet"), None) is None:
        raise NoDataError(f"no hands in {data_dir} (run `tracker import` first)")
    for setting, value in _SETTINGS.items():
        spark.conf.set(setting, value)
    for name in tables:
        spec, folder = TABLES[name], data_dir / name
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
    counts = [(row["hero"], row["hands"]) for row in run(HERO_COUNTS, {}).to_pylist()]
    hero = majority_hero(counts)
    if hero is None:
        raise no_hero_error(data_dir, counts)
    return hero
