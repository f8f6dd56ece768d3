"""The Spark commands as the CLI runs them: a session on the master given, the job, the
session stopped (`tracker import|audit|stats --engine spark --master URL`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pyarrow as pa

from tracker.audit.run import AuditSummary
from tracker.compaction import compact, compaction_due
from tracker.importer import ImportSummary
from tracker.spark.audit_job import audit_on_spark
from tracker.spark.import_job import import_on_spark
from tracker.spark.session import DEFAULT_MASTER, spark_session
from tracker.spark.stats_job import audit_first_on_spark, player_stats_on_spark
from tracker.stats.run import StatsFilter
from tracker.store import Store


def import_on_cluster(
    paths: Sequence[Path],
    data_dir: Path,
    master: str = DEFAULT_MASTER,
    *,
    batch_size: int,
    strict: bool = False,
    compact_after: bool = False,
    audit: bool = False,
) -> ImportSummary:
    """Import `paths` into `data_dir` on Spark, then (`audit`) audit it in the same
    session, the counts per verdict in the summary as `tracker import --audit` gives."""
    with spark_session(master) as spark:
        with Store(data_dir) as store:
            summary = import_on_spark(paths, store, spark, batch_size=batch_size, strict=strict)
            if compact_after or compaction_due(store):  # as `import_paths` does
                summary.compacted_files = compact(store)
        if audit and (data_dir / "hands").is_dir():  # else no hand to audit
            with Store(data_dir) as store:
                verdicts = audit_on_spark(store, spark)
            summary.audit_counts = {str(status): count for status, count in
                                    verdicts.counts.items()}  # fmt: skip
    return summary


def audit_on_cluster(data_dir: Path, master: str = DEFAULT_MASTER) -> AuditSummary:
    """Audit every hand of `data_dir` on Spark (`tracker audit --engine spark`)."""
    with spark_session(master) as spark, Store(data_dir) as store:
        return audit_on_spark(store, spark)


def stats_on_cluster(
    data_dir: Path,
    filters: StatsFilter,
    master: str = DEFAULT_MASTER,
    *,
    by: str | None = None,
    outcomes: bool = False,
    hero: bool = False,
    notify: Callable[[str], None],
) -> pa.Table:
    """`tracker stats --engine spark`: the stats of `data_dir` counted by Spark SQL (the
    hands not audited yet audited on Spark first, for the outcomes), the rows
    `tracker.stats.run.player_stats` gives."""
    with spark_session(master) as spark:
        if outcomes and (data_dir / "hands").is_dir():
            audit_first_on_spark(data_dir, spark, notify=notify)
        return player_stats_on_spark(data_dir, filters, spark, by=by, outcomes=outcomes,
                                     hero=hero)  # fmt: skip
