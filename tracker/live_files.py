"""Live files: a hand-history file that grew since its last import is read from where
its last import ended, not from its start.

A room writes a session's file while the session is played, a hand at a time. The
`files` record of a text file keeps where the next import may start reading
(`resume_offset`: a byte offset where a hand starts, or the end of the file;
`resume_line`: the file line there) and a digest of the bytes that tell the old part
(`resume_sha256`: of the file's first `HEAD_BYTES` and the `WINDOW_BYTES` before the
offset). When the file is no shorter than it was and those bytes are unchanged, only the
bytes from the offset on are read (`resume_point`), in pieces as any file
(`tracker.import_pieces`), their hands keeping the file's line numbers. Otherwise (a file
rewritten, a record from before these columns, an XML or UTF-16 file) the file is read
whole, as always.

Where the next read starts (`with_resume_state`): after the last hand when a blank line
follows it (rooms write one after every hand), else at the last hand, which the next
read then reads again (a duplicate by its hand id, unless it was still being written
and failed). In a grown file, a last hand with no blank line after it is left for later
while the file was written less than `SETTLE_SECONDS` ago (`Resumed.settled_part`): a
hand being written is not imported cut off.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, replace
from datetime import datetime
from typing import IO

import parsers
from tracker.import_pieces import HandCut, Piece, detected_site, hand_cut
from tracker.store import FileRecord

HEAD_BYTES = 4096
"""Bytes at the start of a file that must be unchanged for it to resume."""

WINDOW_BYTES = 65536
"""Bytes before the resume offset that must be unchanged for the file to resume."""

SETTLE_SECONDS = 2.0
"""A grown file's last hand with no blank line after it is read once the file was last
written this many seconds ago; before, it may still be being written."""

_DETECT_BYTES = 2**20
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_BLANK_END = re.compile(rb"\n[ \t\r]*\n[ \t\r\n]*\Z")


def window_digest(head: bytes, before: bytes) -> str:
    """The digest kept in `resume_sha256`: of the file's first bytes (`head`) and those
    just before the resume offset (`before`).

    >>> window_digest(b"ab", b"c") == window_digest(b"a", b"bc")
    False
    """
    digest = hashlib.sha256(len(head).to_bytes(8, "big"))
    digest.update(head)
    digest.update(before)
    return digest.hexdigest()


def _stored_digest(stream: IO[bytes], offset: int) -> str:
    """`window_digest` of the file open as `stream`, for a resume at `offset`."""
    descriptor = stream.fileno()
    head = os.pread(descriptor, min(HEAD_BYTES, offset), 0)
    before = os.pread(descriptor, min(WINDOW_BYTES, offset), max(0, offset - WINDOW_BYTES))
    return window_digest(head, before)


@dataclass(frozen=True, slots=True)
class Resumed:
    """Where the read of a grown file starts again.

    Attributes:
        offset: the byte offset the read starts at (where a hand starts).
        line: the file line there.
        cut: how the file's hands are cut (its site's).
        previous_sha256: the `sha256` of the file's last record.
    """

    offset: int
    line: int
    cut: HandCut
    previous_sha256: str

    def settled_part(self, piece: Piece, mtime: datetime, now: datetime) -> Piece:
        """The first piece read (the whole of what grew, as a live file grows) without
        its last hand when that may still be being written: no blank line after it and
        the file written less than `SETTLE_SECONDS` before `now`. Other pieces (a file
        that grew by more than a piece) are read as they are."""
        if piece.offset != self.offset or (now - mtime).total_seconds() >= SETTLE_SECONDS:
            return piece
        if _BLANK_END.search(piece.data[-WINDOW_BYTES:]):
            return piece
        end = self.cut.last_start(piece.data)  # 0: the only hand, still being written
        data = piece.data[:end]
        return Piece(data, piece.offset, piece.first_line, data.count(b"\n"), piece.last)

    def chained_sha256(self, appended: str) -> str:
        """The `sha256` recorded after this read: the previous one and the digest of the
        bytes read since (`appended`) hashed together, since the file is not read whole
        again to hash it (a file touched since is then read whole once more)."""
        chained = bytes.fromhex(self.previous_sha256) + bytes.fromhex(appended)
        return hashlib.sha256(chained).hexdigest()


def resume_point(stream: IO[bytes], previous: FileRecord | None, size: int) -> Resumed | None:
    """Where to read the file open as `stream` (of `size` bytes) from, when it may resume
    where its last import (`previous`) ended; the stream is then at that offset. None:
    read it whole.

    Raises:
        OSError: the file cannot be read.
    """
    if previous is None or previous.resume_offset is None or previous.resume_sha256 is None:
        return None
    offset = previous.resume_offset
    if size < max(offset, previous.size):
        return None  # shorter than it was: rewritten
    cut = _text_cut(previous.site)
    if cut is None or _stored_digest(stream, offset) != previous.resume_sha256:
        return None
    start = os.pread(stream.fileno(), HEAD_BYTES, offset).lstrip()
    if start and not cut.hand_start.match(start.decode("latin-1")):
        return None  # no hand starts where the last import ended: read it whole
    stream.seek(offset)
    return Resumed(offset, previous.resume_line or 1, cut, previous.sha256)


def with_resume_state(
    stream: IO[bytes], record: FileRecord, piece: Piece, cut: HandCut | None
) -> FileRecord:
    """`record` (a file's new record, `piece` the last piece read of it, `cut` how its
    hands are cut when known) with where the next read may start; without, for a file
    that cannot resume (an XML or UTF-16 file, no hand found)."""
    none = replace(record, resume_offset=None, resume_line=None, resume_sha256=None)
    head = os.pread(stream.fileno(), _DETECT_BYTES, 0)
    if head.startswith(_UTF16_BOMS):
        return none
    if cut is None:
        site = detected_site(head)
        cut = None if site is None else hand_cut(site)
        if cut is None:
            return none
    end = piece.offset + len(piece.data)
    tail = piece.data[-4 * WINDOW_BYTES :]
    last = cut.last_start(piece.data)
    if _BLANK_END.search(tail) or not piece.data:
        offset, line = end, piece.first_line + piece.lines
    else:
        rest = piece.data[last:]
        offset, line = piece.offset + last, piece.first_line + piece.lines - rest.count(b"\n")
    digest = _stored_digest(stream, offset)
    return replace(record, resume_offset=offset, resume_line=line, resume_sha256=digest)


def _text_cut(name: str | None) -> HandCut | None:
    """How the files of site `name` (a site or one of its rooms) are cut into hands;
    None for an XML site or no site."""
    for site in parsers.SITE_PARSERS:
        if name is not None and (site.site == name or name in site.rooms):
            return hand_cut(site)
    return None
