"""`tracker import --engine spark`: the files read on Spark executors, the dataset written
by the store as the one-machine import writes it.

The new files (never imported) are spread over the executors, one task per few files,
each read by the project's parsers in a `mapInArrow` step (`tracker.spark.file_reading`)
and left as a pickle in a staging folder. The driver then runs the importer itself over
every file in the one-machine order, taking each new file's hands from its reading
instead of parsing it: duplicates (across the whole run and against the store), counts,
errors and the `files` records are the importer's own, and so is every row written.
Files imported before (unchanged, touched or grown), archives and files too large to
read whole go through the importer unchanged, on the driver.

Everything is written in one store transaction, committed once every file is taken: a
job that fails (an executor lost, a file that breaks the parser) leaves the data folder
as it was.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from tracker.archives import is_archive
from tracker.import_files import STREAM_ABOVE, FileStep
from tracker.import_pieces import PIECE_SIZE
from tracker.import_workers import PieceResult, PieceTask
from tracker.importer import DEFAULT_BATCH_SIZE, ImportSummary, _ImportRun, find_history_files
from tracker.spark.file_reading import PieceReadAlready, load_reading, read_file, save_reading
from tracker.spark.session import staging_folder
from tracker.store import FileRecord, Store, Transaction

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

_STAGED_FIELDS: list[pa.Field[Any]] = [
    pa.field("index", pa.int64()),
    pa.field("staged", pa.string()),
]
_STAGED = pa.schema(_STAGED_FIELDS)
"""What a task returns per file: its place in the run, and its reading's file."""


def import_on_spark(
    paths: Sequence[Path],
    store: Store,
    spark: SparkSession,
    *,
    batch_size: int = DEFAULT_BATCH_SIZE,
    strict: bool = False,
    piece_size: int = PIECE_SIZE,
) -> ImportSummary:
    """Import every hand-history file under `paths` into `store`, reading the new files
    on the executors of `spark`; the same result as `tracker.importer.import_paths`.

    Args:
        paths: files and folders (folders are walked recursively); on a cluster, on a
            filesystem every executor mounts at the same place.
        store: the data folder (every executor must reach it too: the staging folder is
            in it).
        spark: the session whose executors read the files.
        batch_size: hands per file written (one table and partition), as the importer's.
        strict: stop at the first hand that cannot be read (what was read before it is
            written, and the file is not marked as imported, as by the importer).
        piece_size: bytes of a file read at once (`tracker.import_pieces`).
    """
    files = find_history_files(paths)
    store.open_for_writing()  # the lock, and a newer tracker's folder refused, first
    records = store.file_records()
    new = [str(path) for path in files if _read_on_executors(path, records)]
    with staging_folder(store.root) as folder, _one_transaction(store) as joined:
        # the files imported before are read here, in this process (jobs=1)
        run = _SparkImportRun(joined, files, batch_size, strict, None, jobs=1,
                              piece_size=piece_size)  # fmt: skip
        staged = _read_files(spark, new, folder, run.imported_at, run.piece_size)
        run.readings = {new[index]: Path(name) for index, name in staged.items()}
        run.run()
    return run.summary


def _read_on_executors(path: Path, records: dict[str, FileRecord]) -> bool:
    """True for a file the executors read: never imported (its steps then depend on
    nothing but the file), neither an archive nor too large to read whole."""
    if str(path) in records or is_archive(path):
        return False
    try:
        return path.stat().st_size <= STREAM_ABOVE
    except OSError:
        return False  # the importer records why it cannot be read


def _read_files(
    spark: SparkSession, paths: list[str], folder: Path, imported_at: datetime, piece_size: int
) -> dict[int, str]:
    """Have the executors read `paths`, a task per few files; the staged reading of each
    file, by its place in `paths`."""
    if not paths:
        return {}
    tasks = min(len(paths), 4 * spark.sparkContext.defaultParallelism)
    # the files dealt to the tasks as listed (no shuffle, which Spark would merge)
    listed = spark.createDataFrame(
        spark.sparkContext.parallelize(list(enumerate(paths)), tasks), "index long, path string"
    )
    step = partial(_read_batches, str(folder), imported_at, piece_size)
    staged = listed.mapInArrow(step, "index long, staged string")
    return {row["index"]: row["staged"] for row in staged.collect()}


def _read_batches(
    folder: str, imported_at: datetime, piece_size: int, batches: Iterator[pa.RecordBatch]
) -> Iterator[pa.RecordBatch]:
    """The executors' step: each file of the batches read and its reading saved."""
    for batch in batches:
        indexes, staged = [], []
        for index, path in zip(batch.column("index").to_pylist(),
                               batch.column("path").to_pylist(), strict=True):  # fmt: skip
            target = Path(folder) / f"{index}.pickle"
            save_reading(read_file(str(path), imported_at, piece_size), target)
            indexes.append(index)
            staged.append(str(target))
        columns: list[pa.Array[Any]] = [pa.array(indexes, pa.int64()), pa.array(staged)]
        yield pa.RecordBatch.from_arrays(columns, schema=_STAGED)


class _SparkImportRun(_ImportRun):
    """The importer, taking the steps of each file the executors read from its reading
    (`readings`: the staged reading of each such file, by its path)."""

    readings: dict[str, Path]

    def _file_steps(self, path: Path) -> Iterator[tuple[FileStep, PieceTask | None]]:
        staged = self.readings.pop(str(path), None)
        if staged is None:  # imported before, an archive, a large file: read here
            yield from super()._file_steps(path)
            return
        reading = load_reading(staged)
        staged.unlink()
        for step in reading:
            yield step, None  # its piece read already

    def _apply(self, step: FileStep | None, result: PieceResult | None) -> None:
        if isinstance(step, PieceReadAlready):
            result = step.result
        super()._apply(step, result)


class _JoinedStore(Store):
    """A store whose transactions are all one: each batch the importer writes goes into
    it, and nothing is visible until `_one_transaction` commits it."""

    def __init__(self, store: Store, batch: Transaction) -> None:
        super().__init__(store.root)
        self._batch = batch

    def open_for_writing(self) -> None:
        """The lock is the outer store's, taken already."""

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """A batch of the importer: its files named as a batch of their own, committed
        with the run's one transaction (by `_one_transaction`)."""
        yield self._batch.joined_batch()


@contextmanager
def _one_transaction(store: Store) -> Iterator[_JoinedStore]:
    """A store for the importer whose batches are committed together on leaving the
    block, or all discarded by an exception."""
    with store.transaction() as batch:
        yield _JoinedStore(store, batch)
