"""Checks of a data folder before it is read: its layout's version, and damaged files.

The version of the data folder's layout, so that an older tracker never misreads (or
writes into) a folder that a newer one laid out differently: the store writes
`.schema_version` (a number and a newline) at the root of the data folder the first time
it writes there, and every command checks it before reading or writing: a folder of a
newer version than `SCHEMA_VERSION` is a one-line error asking for a newer tracker. A
folder without the file is version 1 (the folders made before it existed).

A Parquet file damaged on disk (or cut by something other than the tracker, which never
leaves a partial file) is named in a one-line error (`corrupted_file_error`); the other
files are untouched, and every command works again once that file is moved away.
"""

from __future__ import annotations

import os
from pathlib import Path

from tracker.errors import TrackerError

SCHEMA_VERSION = 1
"""The layout this tracker reads and writes (docs/schema.md); raise it when a change of
tables, columns or folders would make an older tracker misread the folder."""

VERSION_FILE = ".schema_version"
"""The file, at the root of the data folder, holding the folder's schema version (hidden,
as `.lock`: a data folder inside a folder being imported adds no file to read)."""


class SchemaVersionError(TrackerError):
    """The data folder was written by a newer tracker, or its version file is damaged."""


def folder_version(root: Path) -> int:
    """The schema version of the data folder `root` (1 when it does not say).

    Raises:
        SchemaVersionError: the version file cannot be read, or holds no number.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     before = folder_version(Path(folder))
    ...     write_version(Path(folder))
    ...     before, folder_version(Path(folder))
    (1, 1)
    """
    path = root / VERSION_FILE
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return 1
    except OSError as error:
        raise SchemaVersionError(f"{path}: cannot read: {error.strerror or error}") from None
    try:
        return int(text.strip())
    except ValueError:
        raise SchemaVersionError(f"{path}: not a schema version: {text[:40]!r}") from None


def check_version(root: Path) -> None:
    """Refuse a data folder written by a newer tracker.

    Raises:
        SchemaVersionError: the folder's version is newer than `SCHEMA_VERSION`, or
            its version file is damaged.
    """
    found = folder_version(root)
    if found > SCHEMA_VERSION:
        raise SchemaVersionError(
            f"{root}: written by a newer hilo-tracker (data schema version {found}; this "
            f"one reads up to version {SCHEMA_VERSION}): upgrade hilo-tracker to use it"
        )


def write_version(root: Path) -> None:
    """Write `SCHEMA_VERSION` into `root` when the folder does not say its version yet
    (atomically: a reader sees no file or the whole number)."""
    path = root / VERSION_FILE
    if path.exists():
        return
    temporary = root / f"{VERSION_FILE}.tmp"  # hidden, ".tmp": `recover` deletes it
    temporary.write_text(f"{SCHEMA_VERSION}\n", encoding="utf-8")
    os.replace(temporary, path)


class CorruptedFileError(TrackerError):
    """A Parquet file of the data folder cannot be read (damaged on disk, or truncated by
    something other than the tracker)."""


def corrupted_file_error(folder: Path) -> CorruptedFileError | None:
    """The error to raise when reading `folder`'s Parquet files failed: it names the
    first damaged file, so that the user can move that one file away and keep the rest;
    None when every file reads (the failure is something else, to be raised as it is).
    The footers are checked first (fast), then, when they all read, the whole files."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    paths = sorted(folder.rglob("*.parquet")) if folder.is_dir() else []
    paths = [path for path in paths if not path.name.startswith((".", "_"))]
    for check in (pq.read_metadata, pq.read_table):
        for path in paths:
            try:
                check(path)
            except (pa.ArrowException, OSError) as damage:
                first = str(damage).strip().splitlines()
                return CorruptedFileError(
                    f"{path}: a corrupted Parquet file ({first[0] if first else 'unreadable'}); "
                    "move it out of the data folder to use the rest of the data"
                )
    return None
