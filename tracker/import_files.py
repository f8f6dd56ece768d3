"""What the importer does with each file, as a sequence of steps read from the file.

`file_steps` opens a file, decides whether it needs reading (unchanged since the last
import by its size and time, or by its hash), and gives its pieces to read
(`tracker.import_pieces`): each a `PieceRead`, the last one with the file's record (its
size and SHA-256, hashed as the pieces are read). An XML site's file larger than a piece
is read as a stream instead (`Streamed`: memory of one hand), and a large file no site
knows from its first MiB is refused (`Refused`). `archive_steps` gives the members of a
zip archive as files of their own. The importer applies the steps in order; only the
pieces are read apart (here or in worker processes: `tracker.import_workers`).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO

from parsers._base.xml import XmlSite
from tracker.archives import RefusedMember, read_archive
from tracker.import_pieces import Piece, detected_site, hand_cut, read_pieces
from tracker.import_workers import PieceTask
from tracker.live_files import Resumed, resume_point, with_resume_state
from tracker.store import FileRecord

STREAM_ABOVE = 256 * 2**20
"""Files larger than this (bytes) that no site knows from their first MiB are refused
(not read whole); an XML site's file is read as a stream above a piece's size."""

_HEAD = 2**20
"""Bytes at the start of a large file that its site is found from."""

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Unchanged:
    """A file imported before and not changed since (`size` bytes). `touched`: its
    record with its new time, when only its time changed (so that the next import
    needs no hash); None when its size and time are the same."""

    size: int
    touched: FileRecord | None = None


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A file that could not be read (an error of the system, a refused member)."""

    path: Path
    reason: str
    kind: str


@dataclass(frozen=True, slots=True)
class Empty:
    """An empty file: no hand in it."""

    path: Path
    record: FileRecord


@dataclass(frozen=True, slots=True)
class Refused:
    """A file above `STREAM_ABOVE` whose first MiB no site knows: not read."""

    path: Path
    record: FileRecord


@dataclass(frozen=True, slots=True)
class Streamed:
    """An XML site's large file, for the importer to read as a stream."""

    path: Path
    site: XmlSite
    record: FileRecord


@dataclass(frozen=True, slots=True)
class PieceRead:
    """A piece of a file to read (`task`); `record` is the file's on its last piece."""

    path: Path
    piece: Piece
    task: PieceTask
    record: FileRecord | None


@dataclass(frozen=True, slots=True)
class ArchiveDone:
    """The end of a zip archive of `members` members and `size` bytes."""

    members: int
    size: int


FileStep = Unchanged | Unreadable | Empty | Refused | Streamed | PieceRead | ArchiveDone

NewRecord = Callable[[str, int, datetime, str], FileRecord]
"""A file's record before its hands are counted: from its name, size, time and hash."""


def file_steps(
    path: Path, previous: FileRecord | None, new_record: NewRecord, piece_size: int
) -> Iterator[FileStep]:
    """The steps of a file (see the module docstring); `previous` is its record of the
    last import, if any. A file that cannot be opened or read is `Unreadable` (after the
    pieces read before the error)."""
    try:
        with open(path, "rb") as stream:
            yield from _stream_steps(path, stream, previous, new_record, piece_size)
    except OSError as error:
        yield Unreadable(path, f"cannot read the file: {error.strerror or error}", "OSError")


def _stream_steps(
    path: Path,
    stream: IO[bytes],
    previous: FileRecord | None,
    new_record: NewRecord,
    piece_size: int,
) -> Iterator[FileStep]:
    status = os.fstat(stream.fileno())
    size = status.st_size
    mtime = _EPOCH + timedelta(microseconds=status.st_mtime_ns // 1000)
    if previous is not None and previous.size == size and previous.mtime == mtime:
        yield Unchanged(size)
        return
    resumed = resume_point(stream, previous, size)
    if resumed is not None:  # a live file that grew: only what follows its last import
        yield from _resumed_steps(path, stream, resumed, new_record, mtime, piece_size)
        return
    cut = None
    if size > piece_size:
        site = detected_site(stream.read(_HEAD))
        stream.seek(0)
        if isinstance(site, XmlSite) or (site is None and size > STREAM_ABOVE):
            sha256, size = _hashed(stream)
            whole = new_record(str(path), size, mtime, sha256)
            if previous is not None and previous.sha256 == sha256:
                yield Unchanged(size, _touched(previous, whole))
            else:
                yield Refused(path, whole) if site is None else Streamed(path, site, whole)
            return
        cut = None if site is None else hand_cut(site)
    known = None
    if previous is not None and previous.size == size and size > piece_size:
        known, _ = _hashed(stream)  # several pieces: a file touched is not read
        if known == previous.sha256:
            yield Unchanged(size, _touched(previous, new_record(str(path), size, mtime, known)))
            return
        stream.seek(0)
    digest = hashlib.sha256()
    for piece in read_pieces(stream, cut, piece_size, digest=None if known else digest):
        record = None
        if piece.last:
            read = piece.offset + len(piece.data)  # a file still being written: all read
            record = new_record(str(path), read, mtime, known or digest.hexdigest())
            if not read:
                yield Empty(path, record)
                return
            if piece.offset == 0 and previous is not None and previous.sha256 == record.sha256:
                yield Unchanged(read, _touched(previous, record))
                return
            record = with_resume_state(stream, record, piece, cut)
        yield PieceRead(path, piece, PieceTask(str(path), piece.data, piece.first_line), record)


def _resumed_steps(
    path: Path,
    stream: IO[bytes],
    resumed: Resumed,
    new_record: NewRecord,
    mtime: datetime,
    piece_size: int,
) -> Iterator[FileStep]:
    """The steps of a grown live file read from where its last import ended
    (`tracker.live_files`): its new pieces; `Unchanged` when no whole hand came since."""
    digest = hashlib.sha256()
    pieces = read_pieces(stream, resumed.cut, piece_size, digest=digest,
                         offset=resumed.offset, first_line=resumed.line)  # fmt: skip
    for piece in pieces:
        record = None
        if piece.last:
            piece = resumed.settled_part(piece, mtime, datetime.now(UTC))
            read = piece.offset + len(piece.data)
            sha256 = resumed.chained_sha256(digest.hexdigest())
            record = new_record(str(path), read, mtime, sha256)
            record = with_resume_state(stream, record, piece, resumed.cut)
            if not piece.data.strip() and piece.offset == resumed.offset:
                held = read < os.fstat(stream.fileno()).st_size  # a hand still being written
                yield Unchanged(read, None if held else record)
                return
        yield PieceRead(path, piece, PieceTask(str(path), piece.data, piece.first_line), record)


def archive_steps(
    path: Path,
    wanted: Callable[[str], bool],
    previous: Callable[[str], FileRecord | None],
    new_record: NewRecord,
) -> Iterator[FileStep]:
    """The members of a zip archive whose names are `wanted`, each a file of its own
    named `<archive>!<member>` (read in memory, with limits: tracker/archives.py), then
    `ArchiveDone`. `previous` gives a member's record of the last import."""
    members = 0
    for member in read_archive(path, wanted):
        members += 1
        if isinstance(member, RefusedMember):
            yield Unreadable(Path(member.name), member.reason, "ArchiveError")
            continue
        record = new_record(member.name, len(member.content), member.modified,
                            hashlib.sha256(member.content).hexdigest())  # fmt: skip
        known = previous(member.name)
        if known is not None and known.sha256 == record.sha256:
            yield Unchanged(0)
        elif not record.size:
            yield Empty(Path(member.name), record)
        else:
            piece = Piece(member.content, 0, 1, member.content.count(b"\n"), last=True)
            yield PieceRead(Path(member.name), piece, PieceTask(member.name, member.content),
                            record)  # fmt: skip
    yield ArchiveDone(members, _size_or_zero(path))


def _touched(previous: FileRecord, record: FileRecord) -> FileRecord:
    """The record of a file touched, not changed: its new time and import time."""
    return replace(previous, mtime=record.mtime, imported_at=record.imported_at)


def _hashed(stream: IO[bytes]) -> tuple[str, int]:
    """The SHA-256 of the rest of `stream`, read a block at a time, and its size."""
    digest = hashlib.sha256()
    size = 0
    while block := stream.read(_HEAD):
        digest.update(block)
        size += len(block)
    return digest.hexdigest(), size


def _size_or_zero(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0
