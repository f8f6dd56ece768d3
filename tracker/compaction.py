"""Merging the small files that many small imports leave in the data folder.

Every import commits at least one file per table and partition it writes to, so many
small imports (a live session imported hand after hand by `tracker import --watch`)
leave many small files, and every reader slows down with the number of files. `compact`
merges them; an import runs it by itself once `compaction_due` (a partition folder of
`hands`, or the `files` folder, holds `AUTO_COMPACT_FILES` small files), and
`tracker import --compact` always.

Crash-safe as the import: each merge is one transaction of the store (the merged files
and the removal of the files they replace in one manifest: a run of batches of every
table of hands, or one other table), so a kill at any point leaves every row exactly
once once the next writer has opened the folder (which finishes a manifest left
behind), and a compaction killed between two merges leaves those not done yet as they
were.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pyarrow.parquet as pq

from tracker.schema import HAND_TABLES, TABLES
from tracker.store import Store

COMPACT_TARGET_ROWS = 1_000_000
"""Rows per file that `compact` merges the small files of the tables other than the
hands' up to."""

MERGED_HANDS = 10_000
"""Hands per batch that `compact` merges the small batches of the hands' tables up to:
the import's batch size, and the audit's piece (`tracker.audit.pieces.PIECE_HANDS`)."""

AUTO_COMPACT_FILES = 64
"""Small files in one folder (a partition of `hands`, or `files`) from which an import
compacts the data folder after it."""

SMALL_FILE_BYTES = 16 * 2**20
"""Files below this size count towards `AUTO_COMPACT_FILES` (a merged file is larger)."""


def compact(
    store: Store, target_rows: int = COMPACT_TARGET_ROWS, target_hands: int = MERGED_HANDS
) -> int:
    """Merge the small files of every partition of every table.

    The tables of hands (`HAND_TABLES`) are merged batch by batch: runs of the import's
    batches of `target_hands` hands at most, each run's files of every such table merged
    into files named after one new batch, in one transaction, so that the files of every
    table still name the same batches and the audit still reads a partition in pieces of
    bounded size (`tracker.audit.pieces`). The other tables' files with fewer than
    `target_rows` rows are merged, in batch order, into files of at most about
    `target_rows` rows, each table in one transaction. Returns the number of files
    merged away.
    """
    merged = 0
    hands = store.root / "hands"
    for folder in sorted(hands.glob("site=*/month=*")) if hands.is_dir() else []:
        partition = tuple(part.split("=", 1)[1] for part in folder.relative_to(hands).parts)
        for batches in _small_batch_runs(store.partition_files("hands", partition), target_hands):
            with store.transaction() as batch:
                for table in HAND_TABLES:
                    paths = [
                        path
                        for path in store.partition_files(table, partition)
                        if batch_of(path.name) in batches
                    ]
                    if paths:
                        batch.merge_files(paths)
                        merged += len(paths) - 1
    for table in TABLES:
        folder = store.root / table
        if table in HAND_TABLES or not folder.is_dir():
            continue
        with store.transaction() as batch:
            for group in _small_file_groups(folder, target_rows):
                batch.merge_files(group)
                merged += len(group) - 1
    return merged


def batch_of(name: str) -> str:
    """The batch of a file of the store, from its name (`part-<batch id>[-n].parquet`:
    `tracker.store.Transaction`).

    >>> batch_of("part-20261202T040827154392-edada931-1.parquet")
    '20261202T040827154392-edada931'
    """
    parts = Path(name).stem.split("-")
    return "-".join(parts[1:3])


def _small_batch_runs(hand_files: list[Path], target_hands: int) -> Iterator[set[str]]:
    """Runs of two batches or more, in name order, of `target_hands` hands at most
    together, among the batches whose `hands` files hold fewer hands than that."""
    hands_in: dict[str, int] = {}
    for path in hand_files:
        name = batch_of(path.name)
        hands_in[name] = hands_in.get(name, 0) + pq.ParquetFile(path).metadata.num_rows
    run: list[str] = []
    count = 0
    for name, hands in hands_in.items():
        if hands >= target_hands:
            continue
        if run and count + hands > target_hands:
            if len(run) > 1:
                yield set(run)
            run, count = [], 0
        run.append(name)
        count += hands
    if len(run) > 1:
        yield set(run)


def compaction_due(store: Store, threshold: int | None = None) -> bool:
    """True when a partition folder of `hands`, or the `files` folder, holds
    `threshold` (`AUTO_COMPACT_FILES`) small files or more: only the folders are
    listed, no file is opened."""
    limit = AUTO_COMPACT_FILES if threshold is None else threshold
    folders = [store.root / "files"]
    hands = store.root / "hands"
    if hands.is_dir():
        folders.extend(month for site in _folders(hands) for month in _folders(site))
    return any(_small_files(folder) >= limit for folder in folders)


def _folders(folder: Path) -> list[Path]:
    with os.scandir(folder) as entries:
        return [Path(entry.path) for entry in entries if entry.is_dir()]


def _small_files(folder: Path) -> int:
    if not folder.is_dir():
        return 0
    with os.scandir(folder) as entries:
        return sum(1 for entry in entries if entry.name.startswith("part-")
                   and entry.name.endswith(".parquet")
                   and entry.stat().st_size < SMALL_FILE_BYTES)  # fmt: skip


def _small_file_groups(folder: Path, target_rows: int) -> Iterator[list[Path]]:
    """Runs of small files, per partition folder, worth merging (two files or more)."""
    by_folder: dict[Path, list[Path]] = {}
    for path in sorted(folder.rglob("part-*.parquet")):
        by_folder.setdefault(path.parent, []).append(path)
    for paths in by_folder.values():
        group: list[Path] = []
        rows = 0
        for path in paths:
            count = pq.ParquetFile(path).metadata.num_rows
            if count >= target_rows:
                continue
            if group and rows + count > target_rows:
                if len(group) > 1:
                    yield group
                group, rows = [], 0
            group.append(path)
            rows += count
        if len(group) > 1:
            yield group
