"""A hand-history file read in pieces that end where a hand ends.

A text file larger than a piece is not read whole: `read_pieces` reads it a block at a
time and cuts it where a hand starts, by the site's own hand header (found with the
site's pattern, then checked with the site's own cut into hands, so that a hand's
preamble stays with its header); the partial hand at the end of a piece is carried over
to the next one. Each piece knows the file line and byte offset it starts at, so that
the parser's line numbers are turned into the file's, and reading can start at any byte
offset where a hand starts. The file's SHA-256 (the key of an idempotent import) is
computed from the blocks as they are read, so the file is read once.

A file no larger than a piece, a UTF-16 file (its newlines are two bytes: it is read
whole) and a file whose hands have no known header are one piece. Pieces are cut only
between hands: a hand longer than a piece makes its piece longer.

>>> import io, re
>>> cut = HandCut(re.compile("HAND"), None)
>>> data = b"HAND 1\\na\\n\\nHAND 2\\nb\\n\\nHAND 3\\nc\\n"
>>> [(p.offset, p.first_line, p.data) for p in read_pieces(io.BytesIO(data), cut, 14)]
[(0, 1, b'HAND 1\\na\\n\\n'), (10, 4, b'HAND 2\\nb\\n\\n'), (20, 7, b'HAND 3\\nc\\n')]
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

import parsers
from parsers._base.site import SiteParser
from parsers._base.text import HandText, line_start_pattern, split_at_headers
from parsers._base.xml import XmlSite
from parsers.pokerstars.header import HAND_START as POKERSTARS_HAND_START

PIECE_SIZE = 2 * 2**20
"""Bytes read at a time into a piece in a worker process; a piece ends where its last
whole hand ends (so it is shorter, unless one hand is longer). Small, for memory: a
worker's piece costs about 20 times its size while read, and two or three processes read
at once (docs/benchmarks.md, "Import")."""

PIECE_SIZE_HERE = 8 * 2**20
"""The same when the importer's process reads the pieces itself: it holds one at a time,
and each piece costs the column-wise reader a few milliseconds of calls."""

_BLOCK = 2**20
"""Bytes read at a time once a piece is full, to find its last hand's end."""

_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")

_WINDOW = 2**16
"""Bytes at the end of a piece searched first for its last hand header."""

_HEADERS_CHECKED = 3
"""Hand headers at the end of a piece that the site's own cut into hands is run over (a
site's header may follow a preamble that its cut keeps with it: PartyPoker's)."""


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of whole hands of a file, as bytes.

    Attributes:
        data: the bytes.
        offset: the byte offset in the file of `data[0]`.
        first_line: the 1-based file line number of the first line of `data`.
        lines: the newlines in `data`.
        last: True for the file's last piece.
    """

    data: bytes
    offset: int
    first_line: int
    lines: int
    last: bool


@dataclass(frozen=True, slots=True)
class HandCut:
    """Where the hands of one site start: its hand header (`hand_start`, a pattern
    tried at the start of every line) and the site's own cut into hands (None: every
    header starts a hand)."""

    hand_start: re.Pattern[str]
    site: SiteParser | None

    def last_start(self, data: bytes) -> int:
        """The byte offset in `data` of its last hand's first line; 0 when no hand
        starts after the first byte (the first hand goes on beyond `data`)."""
        begin, text = self._tail(data)
        last: HandText | None = None
        for last in self._hands(text):  # noqa: B007  (the last one is wanted)
            pass
        return 0 if last is None else _line_offset(data, begin, last.first_line)

    def _hands(self, text: str) -> Iterator[HandText]:
        if self.site is None:
            return split_at_headers(text, self.hand_start)
        return self.site.split_hands(text)

    def _tail(self, data: bytes) -> tuple[int, str]:
        """The end of `data` from a line start before its last `_HEADERS_CHECKED` hand
        headers (or all of it), decoded: the byte offset it starts at, and its text."""
        starts = line_start_pattern(self.hand_start)
        window = _WINDOW
        while True:
            begin = data.find(b"\n", len(data) - window) + 1 if window < len(data) else 0
            text = parsers.decode(data[begin:])
            if begin == 0 or len(starts.findall(text)) >= _HEADERS_CHECKED:
                return begin, text
            window *= 4


def hand_cut(site: SiteParser) -> HandCut | None:
    """How `site`'s files are cut between hands; None for a site read as a stream or
    whole (the XML sites, whose hands are elements)."""
    if isinstance(site, XmlSite):
        return None
    hand_start: re.Pattern[str] | None = getattr(site, "hand_start", None)
    if hand_start is None and site.site == "pokerstars":
        hand_start = POKERSTARS_HAND_START
    if hand_start is None:
        return None
    return HandCut(hand_start, site)


def read_pieces(
    stream: IO[bytes],
    cut: HandCut | None,
    piece_size: int = PIECE_SIZE,
    *,
    digest: hashlib._Hash | None = None,
    offset: int = 0,
    first_line: int = 1,
) -> Iterator[Piece]:
    """The rest of `stream` (from its position, which is byte `offset` of the file, at
    line `first_line`, where a hand starts) as pieces of about `piece_size` bytes, each
    ending where a hand ends (see the module docstring), the last one `last`. The bytes
    read are added to `digest`. `cut` None: one piece."""
    carry = b""
    at_end = False
    while not at_end:
        wanted = max(1, piece_size - len(carry))
        more = _read(stream, wanted, digest)
        data, at_end = carry + more, len(more) < wanted
        end = 0
        if cut is None or data.startswith(_UTF16_BOMS):
            data, at_end = data + _read_rest(stream, digest), True
        else:  # a hand longer than the piece so far makes it longer
            while not at_end and not (end := cut.last_start(data)):
                more = _read(stream, _BLOCK, digest)
                data, at_end = data + more, not more
        if at_end:
            end = len(data)
        lines = data.count(b"\n", 0, end)
        yield Piece(data[:end], offset, first_line, lines, last=at_end)
        offset += end
        first_line += lines
        carry = data[end:]


def detected_site(data: bytes) -> SiteParser | None:
    """The site whose hands `data` (the start of a file) holds, by the registry's order;
    None when no site knows them."""
    text = parsers.decode(data)
    return next((site for site in parsers.SITE_PARSERS if site.detect(text)), None)


def _read(stream: IO[bytes], size: int, digest: hashlib._Hash | None) -> bytes:
    data = stream.read(size)
    if digest is not None:
        digest.update(data)
    return data


def _read_rest(stream: IO[bytes], digest: hashlib._Hash | None) -> bytes:
    parts = []
    while part := _read(stream, _BLOCK, digest):
        parts.append(part)
    return b"".join(parts)


def _line_offset(data: bytes, start: int, line: int) -> int:
    """The byte offset in `data` of the `line`-th line (1-based) from `start`."""
    at = start
    for _ in range(line - 1):
        at = data.index(b"\n", at) + 1
    return at
