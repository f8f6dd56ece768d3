"""A Spark session for the tracker's jobs, and the folder the executors hand work back in.

    with spark_session("local[2]") as spark:
        summary = import_on_spark([Path("histories")], store, spark)

The session runs the executors' Python steps with this interpreter unless
`PYSPARK_PYTHON` says otherwise (a cluster names the Python that has the tracker
installed: docs/scaling.md).
"""

from __future__ import annotations

import os
import secrets
import shutil
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from tracker.errors import TrackerError

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

DEFAULT_MASTER = "local[*]"
"""Every core of this machine; a cluster's URL (spark://host:7077, yarn) runs the same."""

_SETTINGS: Mapping[str, str] = {
    "spark.ui.enabled": "false",
    "spark.ui.showConsoleProgress": "false",
    # Each task is one file or one (site, month) batch: no shuffle of rows at all, and the
    # few aggregations of the driver need no two hundred partitions.
    "spark.sql.shuffle.partitions": "2",
    "spark.sql.execution.arrow.pyspark.enabled": "true",
    # A Python worker reused by the next task keeps the parsers and the engine's tables
    # it has loaded.
    "spark.python.worker.reuse": "true",
}


class SparkUnavailableError(TrackerError):
    """pyspark is not installed, or Spark cannot start (no Java)."""


@contextmanager
def spark_session(
    master: str = DEFAULT_MASTER, settings: Mapping[str, str] | None = None
) -> Iterator[SparkSession]:
    """A session on `master`, stopped on leaving the block (unless it was running
    already). Under `spark-submit` (tracker/spark/submit.py) the master and settings
    are the submitter's.

    Raises:
        SparkUnavailableError: pyspark is missing or Spark does not start.
    """
    try:
        from pyspark.sql import SparkSession
    except ImportError:
        raise SparkUnavailableError(
            "--engine spark needs pyspark: pip install 'hilo-tracker[spark]'"
        ) from None
    running = SparkSession.getActiveSession()
    if running is not None:
        yield running
        return
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = SparkSession.builder.appName("hilo-tracker")
    if "PYSPARK_GATEWAY_PORT" not in os.environ:  # under spark-submit, the submitter's master
        builder = builder.master(master)
    for name, value in {**_SETTINGS, **(settings or {})}.items():
        builder = builder.config(name, value)
    try:
        spark = builder.getOrCreate()
    except Exception as error:  # Java missing, a bad master URL: Spark's own exceptions
        raise SparkUnavailableError(f"Spark did not start on {master}: {error}") from None
    spark.sparkContext.setLogLevel("ERROR")
    try:
        yield spark
    finally:
        spark.stop()


@contextmanager
def staging_folder(data_dir: Path) -> Iterator[Path]:
    """A fresh hidden folder in the data folder, where executors leave what they made
    for the driver (the data folder is where driver and executors both reach); removed
    on leaving the block, whatever happened. Readers of the data folder never look in it.
    """
    folder = data_dir / f".spark-{secrets.token_hex(6)}"
    folder.mkdir(parents=True)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
