"""`tracker audit --engine spark`: the pieces of every (site, month) batch audited on
Spark executors, the `audit` and `awards` tables written by the driver as the
one-machine audit does.

`tracker.audit.run.run_audit` does everything but the auditing itself: the batches of the
folder, the hands the import could not read, the counts and the one transaction that
replaces both tables. Here each piece of a batch (`tracker.audit.pieces`: a run of the
import's batches, 10,000 hands at most) is a task of a `mapInArrow` step whose executor
loads it from the data folder into the audit's arrays and audits it with the vectorised
path (the exact path for the hands it cannot prove ok), as the one-machine audit audits
a piece, and leaves its rows as two Arrow files in a staging folder for the driver. A
job that fails leaves the previous audit in place.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from tracker.audit.batch_rows import BatchAudit, audit_batch
from tracker.audit.conventions import convention_for
from tracker.audit.loading import TABLES_READ, load_batch
from tracker.audit.pieces import partition_pieces
from tracker.audit.run import AuditSummary, _received, run_audit
from tracker.spark.session import staging_folder
from tracker.store import Store

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

_PIECE = "root string, site string, month string, exact boolean, files string, rank long"
_AUDITED_FIELDS: list[pa.Field[Any]] = [
    pa.field("audit", pa.string()),
    pa.field("awards", pa.string()),
    pa.field("fast", pa.int64()),
]
_AUDITED = pa.schema(_AUDITED_FIELDS)
_AUDITED_DDL = "audit string, awards string, fast long"


def audit_on_spark(store: Store, spark: SparkSession, *, exact: bool = False) -> AuditSummary:
    """Audit every imported hand of `store` on the executors of `spark` and rebuild its
    `audit` and `awards` tables: the same rows as `run_audit`.

    Args:
        store: the data folder (every executor must reach it at the same path).
        spark: the session whose executors audit the batches.
        exact: every hand through the exact path (slow; for checks).

    Raises:
        NoDataError: when the folder holds no imported hand and no unreadable one.
    """
    store.open_for_writing()
    with staging_folder(store.root) as folder:
        return run_audit(store, exact=exact, audited_by=partial(_audit_batches, spark, folder))


def _audit_batches(
    spark: SparkSession, folder: Path, jobs: list[tuple[str, str, str, bool]]
) -> Iterator[BatchAudit]:
    """The audits of `jobs` (the largest batch first), a task per piece of each batch
    (`tracker.audit.pieces`: a run of the import's batches, 10,000 hands at most), as the
    driver takes them in."""
    pieces = [
        (root, site, month, exact, json.dumps(piece.files), rank)
        for root, site, month, exact in jobs
        for rank, piece in enumerate(partition_pieces(Store(root), site, month, TABLES_READ))
    ]
    if not pieces:
        return
    # a task per piece, as listed (a shuffle would let Spark merge the small ones)
    tasks = spark.sparkContext.parallelize(pieces, len(pieces))
    listed = spark.createDataFrame(tasks, _PIECE)
    audited = listed.mapInArrow(partial(_audit_on_executor, str(folder)), _AUDITED_DDL)
    for row in audited.collect():
        yield _received((row["audit"], row["awards"], row["fast"]))


def _audit_on_executor(folder: str, batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """The executors' step: each piece read from the data folder and audited (the
    vectorised path, then the exact path for the hands it does not prove ok), its rows
    left in two Arrow files."""
    for batch in batches:
        found = []
        for piece in batch.to_pylist():
            site, month = piece["site"], piece["month"]
            files = json.loads(piece["files"])
            loaded = load_batch(Store(piece["root"]), site, month, files=files)
            result = audit_batch(loaded, convention_for(site), exact=piece["exact"])
            name = f"{site}-{month}-{piece['rank']}"
            found.append({"audit": _saved(result.audit, Path(folder) / f"audit-{name}.arrow"),
                          "awards": _saved(result.awards, Path(folder) / f"awards-{name}.arrow"),
                          "fast": result.fast})  # fmt: skip
        yield pa.RecordBatch.from_pylist(found, schema=_AUDITED)


def _saved(rows: pa.Table, path: Path) -> str:
    """Write `rows` to an Arrow file for the driver (under a temporary name first: a task
    Spark runs again writes it again whole)."""
    partial_path = path.with_name(f".{path.name}.{os.getpid()}")
    with pa.OSFile(str(partial_path), "wb") as sink, pa.ipc.new_file(sink, rows.schema) as file:
        file.write_table(rows)
    os.replace(partial_path, path)
    return str(path)
