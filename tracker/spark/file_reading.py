"""One new hand-history file read on an executor, as the importer reads a file: its
steps (`tracker.import_files.file_steps`: its pieces, its record with its size, time and
hash; or why it cannot be read) and each piece's hands read by the parsers
(`tracker.import_workers.read_piece`).

The executor only reads; what to keep is the driver's (duplicates, counts, the commit:
`tracker.spark.import_job`), which applies these steps as the importer applies its own.
A reading goes to the driver as a pickle file in the run's staging folder: Arrow tables
pickle as their buffers, the errors with every field (file, hand, line); the pieces' bytes
are left out, their hands being read.
"""

from __future__ import annotations

import os
import pickle
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from tracker.import_files import FileStep, PieceRead, file_steps
from tracker.import_workers import PieceResult, read_piece
from tracker.store import FileRecord


@dataclass(frozen=True, slots=True)
class PieceReadAlready(PieceRead):
    """A piece an executor has read: `result` is its hands (its bytes are not kept)."""

    result: PieceResult | None = None


FileReading = list[FileStep]
"""A file's steps, in order; its pieces as `PieceReadAlready`."""


def read_file(path: str, imported_at: datetime, piece_size: int) -> FileReading:
    """The steps of a file never imported, with its pieces read (a file that cannot be
    read is an `Unreadable` step, as for the importer)."""

    def record(name: str, size: int, mtime: datetime, sha256: str) -> FileRecord:
        return FileRecord(name, size, mtime, sha256, None, 0, 0, 0, 0, 0, imported_at)

    steps: FileReading = []
    for step in file_steps(Path(path), None, record, piece_size):
        if isinstance(step, PieceRead):
            result = read_piece(step.task)
            step = PieceReadAlready(step.path, replace(step.piece, data=b""),
                                    replace(step.task, data=b""), step.record, result)  # fmt: skip
        steps.append(step)
    return steps


def save_reading(reading: FileReading, path: Path) -> None:
    """Write a reading where the driver will load it (under a temporary name first: a
    task Spark runs again writes it again whole)."""
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    with open(partial, "wb") as stream:
        pickle.dump(reading, stream, protocol=5)
    os.replace(partial, path)


def load_reading(path: Path) -> FileReading:
    """A reading an executor saved (in the run's own staging folder: trusted)."""
    with open(path, "rb") as stream:
        reading = pickle.load(stream)
    if not isinstance(reading, list):
        raise TypeError(f"{path} holds no file reading")
    return reading
