"""The data folder: one Parquet dataset per table, and crash-safe writing to it.

This is the only module that knows the Parquet schemas (docs/schema.md describes every
column). Layout of a data folder:

    hands/site=pokerstars/month=2013-04/part-<batch>.parquet   (seats, actions, ... alike)
    files/part-<batch>.parquet                                 (tables without partitions)
    _batches/<batch>.json                                      (commit records, transient)
    .lock                                                      (held by the one writer)

Writing is transactional per batch (`Store.transaction`): the files of a batch, one per
table and partition, become visible together through `tracker.atomic_files` (temporary
names, then a manifest as the commit point). The first write of a `Store` takes the
writer lock and completes or discards what a killed writer left. Readers match only
`*.parquet`, so they never see a half-written file.
"""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import accumulate
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any, Self

import numpy as np
import platformdirs
import pyarrow as pa
import pyarrow.parquet as pq

from tracker.arrow_arrays import empty_table, numpy_integers
from tracker.atomic_files import FileBatch, FolderLockedError, lock_folder, recover
from tracker.errors import TrackerError
from tracker.folder_checks import check_version, corrupted_file_error, write_version
from tracker.hand_block import HandBatch, HandBlock
from tracker.hand_rows import HandRows, Row
from tracker.model import Hand
from tracker.row_tables import child_table, columnar, hands_table
from tracker.schema import HAND_TABLES, TABLES, TableSpec

if TYPE_CHECKING:
    import pyarrow.compute as pc

# pyarrow.compute and pyarrow.dataset load where they are needed: `tracker import` into a
# new folder uses neither, and pyarrow.dataset alone takes 0.15 s to import (with pandas).

_SAFE_PARTITION_VALUE = re.compile(r"^[A-Za-z0-9_.+-]+$")


class StoreError(TrackerError):
    """The data folder cannot be used: locked by another writer, or rows that do not fit."""


def default_data_dir() -> Path:
    """The data folder when none is given: $TRACKER_DATA, else the user data folder."""
    configured = os.environ.get("TRACKER_DATA")
    if configured:
        return Path(configured)
    return Path(platformdirs.user_data_dir("hilo-tracker"))


def month_of(started_at: datetime) -> str:
    """The month partition of a hand: its UTC start as "YYYY-MM".

    >>> month_of(datetime(2013, 4, 30, 23, 30, tzinfo=UTC))
    '2013-04'
    """
    moment = started_at.astimezone(UTC)
    return f"{moment.year:04d}-{moment.month:02d}"


@dataclass(frozen=True, slots=True)
class FileRecord:
    """One row of `files`: a hand-history file as it was when imported."""

    path: str
    size: int
    mtime: datetime
    sha256: str
    site: str | None
    hands_seen: int
    hands_imported: int
    hands_skipped: int
    hands_failed: int
    hands_duplicate: int
    imported_at: datetime
    resume_offset: int | None = None
    """Where the next import of the grown file may start reading (tracker/live_files.py)."""
    resume_line: int | None = None
    resume_sha256: str | None = None


@dataclass(frozen=True, slots=True)
class ErrorRecord:
    """One row of `parse_errors`: a hand (or a whole file) that could not be read."""

    file: str | None
    site: str | None
    hand_id: str | None
    line_number: int | None
    line: str | None
    reason: str
    kind: str
    imported_at: datetime


def _partition_groups(rows: HandRows) -> dict[tuple[str, str], list[int]]:
    """The hands of `rows` by (site, month) partition, as indexes in `rows`."""
    months: dict[tuple[int, int], str] = {}
    groups: dict[tuple[str, str], list[int]] = {}
    for index, (site, started_at) in enumerate(zip(rows.sites, rows.started_at(), strict=True)):
        moment = started_at.astimezone(UTC)
        month = months.get((moment.year, moment.month))
        if month is None:
            month = months[moment.year, moment.month] = month_of(moment)
        groups.setdefault((site, month), []).append(index)
    return groups


def _select(rows: HandRows, table: str, indexes: list[int]) -> tuple[list[Row], list[int]]:
    """The rows of `table` of the hands at `indexes`, and their counts."""
    all_counts = rows.counts[table]
    if len(indexes) == len(all_counts):
        return rows.rows[table], all_counts
    if not indexes:  # a partition of blocks only
        return [], []
    starts = [0, *accumulate(all_counts)]
    found = rows.rows[table]
    first, last = indexes[0], indexes[-1]
    if last - first + 1 == len(indexes):  # hands in a row (a file in time order): one slice
        return found[starts[first] : starts[last + 1]], all_counts[first : last + 1]
    selected: list[Row] = []
    for index in indexes:
        selected.extend(found[starts[index] : starts[index + 1]])
    return selected, [all_counts[index] for index in indexes]


def _block_partitions(blocks: Sequence[HandBlock]) -> dict[tuple[str, str], list[HandBlock]]:
    """The hands of `blocks` by (site, month) partition, as blocks: a block of one month
    (the usual case) as it is, a block across months cut into one block per month."""
    found: dict[tuple[str, str], list[HandBlock]] = {}
    for block in blocks:
        if not len(block):
            continue
        months = _months(block.tables["hands"].column("started_at"))
        first = months[0]
        if (months == first).all():
            found.setdefault((block.site, _month_text(int(first))), []).append(block)
            continue
        for month in np.unique(months).tolist():
            part = block.select(months == month)
            found.setdefault((block.site, _month_text(month)), []).append(part)
    return found


def _months(started_at: pa.ChunkedArray[Any]) -> np.ndarray[Any, np.dtype[np.int64]]:
    """Each UTC time's month, counted from January 1970 (0), computed in numpy."""
    micros = [numpy_integers(chunk.view(pa.int64())) for chunk in started_at.chunks]
    moments = np.concatenate(micros) if micros else np.zeros(0, dtype=np.int64)
    months: np.ndarray[Any, np.dtype[np.int64]]
    months = moments.astype("datetime64[us]").astype("datetime64[M]").astype(np.int64)
    return months


def _month_text(month: int) -> str:
    """A month counted from January 1970 in `month_of`'s format.

    >>> _month_text(0), _month_text(519), _month_text(-1)
    ('1970-01', '2013-04', '1969-12')
    """
    year, month_index = divmod(month, 12)
    return f"{1970 + year:04d}-{month_index + 1:02d}"


def _joined(data: pa.Table | None, more: Sequence[pa.Table]) -> pa.Table | None:
    """The rows of `data` (when any) and of `more`, in one table; None when none."""
    tables = [table for table in (data, *more) if table is not None and table.num_rows]
    if len(tables) <= 1:
        return tables[0] if tables else None
    return pa.concat_tables(tables)


# Dictionary encoding only where values repeat (enum text, player names): for the rest
# (hand ids, amounts) plain zstd is both faster to write and half the size.
_DICTIONARY_COLUMNS = ["game", "structure", "currency", "site_timezone", "street", "kind",
                       "source", "half", "player", "hero", "status"]  # fmt: skip


# Min/max statistics let DuckDB skip files and row groups a filter rules out (a hand id,
# a time, a game, an amount); a file of thousands of hands holds names, cards and texts
# from all over the alphabet, so theirs rule out nothing, and they take a sixth of the
# writing time (docs/benchmarks.md, "Import").
_NO_STATISTICS = frozenset({"player", "hero", "cards", "card_indexes", "side_pots", "text",
                            "table_name", "source_file", "inconsistency"})  # fmt: skip


def _write_parquet(data: pa.Table, stream: IO[bytes]) -> None:
    statistics = [name for name in data.schema.names if name not in _NO_STATISTICS]
    pq.write_table(
        data,
        stream,
        compression="zstd",
        use_dictionary=_DICTIONARY_COLUMNS,  # type: ignore[arg-type]  # stubs: bool only
        write_statistics=statistics,
    )


def _why(error: OSError) -> str:
    return error.strerror or str(error)


def _partition_folder(root: Path, table: str, names: Sequence[str], values: Sequence[str]) -> Path:
    folder = root / table
    for name, value in zip(names, values, strict=True):
        if not _SAFE_PARTITION_VALUE.match(value):
            raise StoreError(f"{table}: partition value {value!r} of {name} is not a plain name")
        folder /= f"{name}={value}"
    return folder


class Transaction:
    """The files of one batch: written under temporary names, made visible together by
    `commit`. Use it through `Store.transaction()`."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.batch_id = f"{datetime.now(UTC):%Y%m%dT%H%M%S%f}-{secrets.token_hex(4)}"
        self._files = FileBatch(root, self.batch_id)

    def write_hands(self, hands: Sequence[Hand]) -> None:
        """Add the rows of `hands` to every hand table, one file per table and partition."""
        rows = HandRows()
        for hand in hands:
            rows.add_hand(hand)
        self.write_hand_rows(rows)

    def write_hand_rows(self, rows: HandRows) -> None:
        """Add a batch of hand rows to every hand table, one file per table and partition:
        the tuple rows and the blocks (`HandBatch.blocks`) of a partition in the same file."""
        groups = _partition_groups(rows)
        batch_blocks = rows.blocks if isinstance(rows, HandBatch) else []
        # one block a site (many small runs of hands, as a file of mixed games gives,
        # are then cut by month once, not one by one)
        sites = dict.fromkeys(block.site for block in batch_blocks)
        joined = [HandBlock.joined([b for b in batch_blocks if b.site == site]) for site in sites]
        blocks = _block_partitions(joined)
        for partition in dict.fromkeys([*groups, *blocks]):
            indexes = groups.get(partition, [])
            whole = len(indexes) == len(rows.hands)
            hand_rows = rows.hands if whole else [rows.hands[index] for index in indexes]
            hand_ids = [row[0] for row in hand_rows]
            in_blocks = blocks.get(partition, [])
            for table in HAND_TABLES:  # one table at a time: bounded memory
                if table == "hands":
                    data = hands_table(hand_rows) if hand_rows else None
                else:
                    selected, counts = _select(rows, table, indexes)
                    data = child_table(table, hand_ids, selected, counts)
                data = _joined(data, [block.tables[table] for block in in_blocks])
                if data is not None:
                    self._add_file(table, partition, data)
                del data

    def write_rows(self, table: str, rows: pa.Table | Sequence[Mapping[str, Any]]) -> None:
        """Add rows to any registered table; partition columns must be among the columns."""
        spec = _spec(table)
        if isinstance(rows, pa.Table):
            data = rows.select(spec.full_schema.names).cast(spec.full_schema)
        else:
            data = pa.Table.from_pylist(list(rows), schema=spec.full_schema)
        if data.num_rows == 0:
            return
        if not spec.partition_by:
            self._add_file(table, (), data)
            return
        import pyarrow.compute as pc

        # The distinct partition values, found in C++ (a Python set of row dicts is slow).
        partition = list(spec.partition_by)
        keys = data.select(partition).group_by(partition).aggregate([]).to_pylist()
        for values in sorted(tuple(key[name] for name in partition) for key in keys):
            tests = [pc.field(n) == v for n, v in zip(spec.partition_by, values, strict=True)]
            mask = tests[0]
            for test in tests[1:]:
                mask &= test
            # Rows of one partition only (an audit batch) need no filtering copy.
            rows = data if len(keys) == 1 else data.filter(mask)
            self._add_file(table, values, rows.drop_columns(list(spec.partition_by)))

    def write_files(self, records: Sequence[FileRecord]) -> None:
        """Add rows to `files`."""
        self._write_records("files", records)

    def write_errors(self, records: Sequence[ErrorRecord]) -> None:
        """Add rows to `parse_errors`."""
        self._write_records("parse_errors", records)

    def _write_records(self, table: str, records: Sequence[FileRecord | ErrorRecord]) -> None:
        # Tables without partitions, one column per field of the records.
        if records:
            schema = TABLES[table].schema
            columns = {name: [getattr(record, name) for record in records] for name in schema.names}
            self._add_file(table, (), columnar(schema, columns))

    def remove_table(self, table: str) -> None:
        """Remove every committed file of `table` when this transaction commits."""
        folder = self.root / _checked(table)
        if folder.is_dir():
            for path in sorted(folder.rglob("*.parquet")):
                self._files.remove(path)

    def merge_files(self, paths: Sequence[Path]) -> None:
        """Replace committed files of one partition folder by one file of all their rows."""
        data = pa.concat_tables(
            [pq.ParquetFile(path).read() for path in paths], promote_options="permissive"
        )
        self._add_file_in(paths[0].parent, data)
        for path in paths:
            self._files.remove(path)

    def _add_file(self, table: str, values: Sequence[str], data: pa.Table) -> None:
        folder = _partition_folder(self.root, table, TABLES[table].partition_by, values)
        self._add_file_in(folder, data)

    def _add_file_in(self, folder: Path, data: pa.Table) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        number = sum(1 for _, final in self._files.renames if final.parent == folder)
        suffix = f"-{number}" if number else ""
        final = folder / f"part-{self.batch_id}{suffix}.parquet"
        self._files.add(final, lambda stream: _write_parquet(data, stream))

    def joined_batch(self) -> Transaction:
        """A transaction whose files are named as a batch of their own (as the audit
        reads an import's batches: tracker/audit/pieces.py) but become visible with this
        one's, at its `commit` (the new one is not committed itself): the batches of a
        whole Spark import in one commit (tracker/spark/import_job.py)."""
        joined = Transaction(self.root)
        joined._files = self._files
        return joined

    def commit(self) -> None:
        """Make every file of the batch visible (see `tracker.atomic_files`)."""
        self._files.commit()

    def roll_back(self) -> None:
        """Delete the files of an uncommitted batch."""
        self._files.roll_back()


def _spec(table: str) -> TableSpec:
    spec = TABLES.get(table)
    if spec is None:
        raise StoreError(f"no table named {table!r}; known: {', '.join(sorted(TABLES))}")
    return spec


def _checked(table: str) -> str:
    _spec(table)
    return table


class Store:
    """A data folder of Parquet datasets.

    Reading needs nothing; the first write takes the folder's writer lock (held until
    `close`) and finishes or undoes what a killed writer left behind.

    Args:
        path: the data folder (created on the first write).
    """

    def __init__(self, path: Path | str) -> None:
        self.root = Path(path)
        self._lock_file: IO[bytes] | None = None
        self._version_checked = False

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Release the writer lock, if held."""
        if self._lock_file is not None:
            self._lock_file.close()
            self._lock_file = None

    def open_for_writing(self) -> None:
        """Take the writer lock and recover from a killed writer (done once per Store)."""
        if self._lock_file is not None:
            return
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            self._lock_file = lock_folder(self.root)
        except FolderLockedError:
            raise StoreError(
                f"{self.root}: another import is writing to this data folder"
            ) from None
        except OSError as error:
            raise StoreError(f"{self.root}: not a usable data folder: {_why(error)}") from None
        self._check_version()  # a newer tracker's folder: neither recovered nor written
        try:
            recover(self.root)
            write_version(self.root)
        except OSError as error:
            raise StoreError(f"{self.root}: cannot write: {_why(error)}") from None

    def _check_version(self) -> None:
        if not self._version_checked:
            check_version(self.root)
            self._version_checked = True

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """A batch: everything written through it becomes visible together, on a clean
        exit of the `with` block; an exception discards it.

        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder, Store(folder) as store:
        ...     with store.transaction() as batch:
        ...         batch.write_rows("parse_errors", [{"reason": "empty file",
        ...             "kind": "MalformedHandError", "imported_at": datetime.now(UTC)}])
        ...     store.read("parse_errors").num_rows
        1
        """
        self.open_for_writing()
        batch = Transaction(self.root)
        try:
            yield batch
            batch.commit()
        except OSError as error:  # a full disk, a folder made read-only meanwhile
            batch.roll_back()
            raise StoreError(f"{self.root}: cannot write: {_why(error)}") from error
        except BaseException:
            batch.roll_back()
            raise

    def write_hands(self, hands: Sequence[Hand]) -> None:
        """Write `hands` to every hand table as one batch (no check for duplicates)."""
        with self.transaction() as batch:
            batch.write_hands(hands)

    def write_rows(self, table: str, rows: pa.Table | Sequence[Mapping[str, Any]]) -> None:
        """Append rows to any registered table as one batch."""
        with self.transaction() as batch:
            batch.write_rows(table, rows)

    def replace_table(self, table: str, rows: pa.Table | Sequence[Mapping[str, Any]]) -> None:
        """Replace the whole content of a derived table (the audit) in one batch."""
        with self.transaction() as batch:
            batch.remove_table(table)
            batch.write_rows(table, rows)

    def read(
        self,
        table: str,
        columns: Sequence[str] | None = None,
        where: pc.Expression | None = None,
        dictionary_columns: Sequence[str] = (),
        partition: Sequence[str] | None = None,
        files: Sequence[str] | None = None,
    ) -> pa.Table:
        """The committed rows of `table` (partition columns included), or an empty table.

        Args:
            table: a registered table name.
            columns: the columns wanted (all when None).
            where: a pyarrow filter, e.g. `pyarrow.compute.field("site") == "pokerstars"`.
            dictionary_columns: string columns of the files to read dictionary-encoded,
                as Parquet stores them (integer codes per file, no string copies).
            partition: values of the table's partition columns, in order, to read the
                files of that one partition folder only (no other folder is listed);
                `where` may then name the files' own columns only.
            files: with `partition`, the names of the folder's files to read (of
                `partition_files`; all when None).
        """
        self._check_version()
        try:
            if partition is not None:
                return self._read_partition(
                    table, columns, where, dictionary_columns, partition, files
                )
            return self._read_table(table, columns, where, dictionary_columns)
        except (pa.ArrowException, OSError):
            damaged = corrupted_file_error(self.root / table)
            if damaged is None:
                raise
            raise damaged from None  # a damaged file: named

    def _read_table(
        self,
        table: str,
        columns: Sequence[str] | None,
        where: pc.Expression | None,
        dictionary_columns: Sequence[str],
    ) -> pa.Table:
        """`read` of every file of `table`."""
        spec = _spec(table)
        folder = self.root / table
        schema = spec.full_schema
        encoded = set(dictionary_columns)
        if encoded:
            schema = pa.schema(
                [pa.field(f.name, pa.dictionary(pa.int32(), f.type), f.nullable)
                 if f.name in encoded else f for f in schema]
            )  # fmt: skip
        wanted = list(columns) if columns is not None else schema.names
        if not folder.is_dir():
            return empty_table(schema).select(wanted)
        import pyarrow.dataset as ds

        file_format = ds.ParquetFileFormat()
        if encoded:
            options = ds.ParquetReadOptions(dictionary_columns=sorted(encoded))
            file_format = ds.ParquetFileFormat(read_options=options)
        dataset = ds.dataset(
            folder,
            schema=schema,
            format=file_format,
            partitioning=ds.partitioning(
                pa.schema([schema.field(name) for name in spec.partition_by]), flavor="hive"
            ),
        )
        return dataset.to_table(columns=wanted, filter=where)

    def _read_partition(
        self,
        table: str,
        columns: Sequence[str] | None,
        where: pc.Expression | None,
        dictionary_columns: Sequence[str],
        values: Sequence[str],
        files: Sequence[str] | None = None,
    ) -> pa.Table:
        """`read` of one partition folder's files (see its `partition` argument)."""
        import pyarrow.dataset as ds

        spec = _spec(table)
        encoded = set(dictionary_columns)
        schema = pa.schema(
            [pa.field(f.name, pa.dictionary(pa.int32(), f.type), f.nullable)
             if f.name in encoded else f for f in spec.schema]
        )  # fmt: skip
        fixed = dict(zip(spec.partition_by, values, strict=True))
        wanted = list(columns) if columns is not None else spec.full_schema.names
        found = self.partition_files(table, values)
        paths = [str(path) for path in found if files is None or path.name in files]
        options = ds.ParquetReadOptions(dictionary_columns=sorted(encoded))
        dataset = ds.dataset(paths, schema=schema, format=ds.ParquetFileFormat(options))
        read = [name for name in wanted if name not in fixed]
        data = dataset.to_table(columns=read, filter=where)
        count = data.num_rows
        return pa.table(
            [pa.array([fixed[name]] * count, pa.string()) if name in fixed else data.column(name)
             for name in wanted],
            names=wanted,
        )  # fmt: skip

    def partition_files(self, table: str, values: Sequence[str]) -> list[Path]:
        """The committed files of one partition folder of `table`, in name order."""
        folder = _partition_folder(self.root, table, _spec(table).partition_by, values)
        return sorted(path for path in folder.glob("*.parquet") if path.name[0] not in "._")

    def known_hand_keys(self, site: str) -> set[str]:
        """The hand ids of `site` already in `hands`."""
        if not (self.root / "hands").is_dir():
            return set()
        import pyarrow.compute as pc

        hand_ids = self.read("hands", ["hand_id"], pc.field("site") == site).column("hand_id")
        return {str(hand_id) for hand_id in hand_ids.to_pylist()}

    def file_records(self) -> dict[str, FileRecord]:
        """The latest `files` record of every imported path."""
        table = self.read("files")
        rows = table.sort_by("imported_at").to_pylist() if table.num_rows else []
        return {row["path"]: FileRecord(**row) for row in rows}

    def file_record(self, path: Path | str) -> FileRecord | None:
        """The latest `files` record of `path`, or None when it was never imported."""
        return self.file_records().get(str(path))

    def error_keys(self) -> set[tuple[str | None, str | None, int | None, str]]:
        """(file, hand_id, line_number, reason) of every recorded parse error."""
        table = self.read("parse_errors", ["file", "hand_id", "line_number", "reason"])
        return {(row["file"], row["hand_id"], row["line_number"], row["reason"])
                for row in table.to_pylist()}  # fmt: skip

    def row_counts(self) -> dict[str, int]:
        """The number of committed rows of every registered table."""
        return {table: self.read(table, columns=[]).num_rows for table in TABLES}
