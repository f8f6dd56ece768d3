"""PokerStars hands read column-wise: thousands of hands at once into the store's tables.

The line-by-line reader (`parsers.pokerstars`) runs Python code for every line, about a
microsecond or two each: too slow for files of millions of hands. This reader cuts a
file into chunks (`CHUNK_CHARS` characters, about 5,000 hands), holds a chunk's lines in
one Arrow array and reads each kind of line for all its hands together, with numpy and
Arrow compute kernels (`parsers._base.columns`); Python runs once per distinct header terms,
table line or unusual Total pot line, not once per line.

It reads the hands of the flop games (Omaha, 5 Card Omaha, Courchevel; hi/lo and high)
in the shapes the site writes today, and proves each hand sound with the same checks as
the line-by-line reader. Any hand with something else in it (a line of any other shape,
an unknown game, a stud hand, a hand run twice, a cut-off hand, a name that needs the
slow look-ups) is handed back as text, untouched, to the line-by-line reader, which then
reads it or says why it cannot. Both readers give the same rows for every hand this one
takes: a test compares them over every shared file, the samples and simulated files.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import numpy as np
import pyarrow as pa

from parsers._base.columns import (
    Bools,
    Ints,
    Lines,
    Strings,
    last_at_or_before,
    lengths,
    matches,
    starts_with,
    take,
)
from parsers._base.text import HandText, split_at_headers
from parsers.pokerstars.column_body import read_body
from parsers.pokerstars.column_headers import read_headers, read_tables
from parsers.pokerstars.column_seats import Hands, read_seats
from parsers.pokerstars.column_summary import read_summary
from parsers.pokerstars.column_tables import hand_tables
from parsers.pokerstars.header import (
    HAND_START,
    OTHER_ROOM_START,
    OTHER_ROOMS,
    GameTerms,
)
from tracker.hand_block import HandBlock

SITE = "pokerstars"

CHUNK_CHARS = 8_000_000
"""Text read at once (about 5,000 hands): the memory of a read is bounded by a chunk,
however large the file."""

_HAND_START = "^(?:" + HAND_START.pattern + ")"


def read_columns(text: str, file: str | None) -> Iterator[HandBlock | HandText]:
    """The hands of a whole decoded file ("\\n" line ends), in file order: runs of hands
    read here as blocks, the others as texts for the line-by-line reader (text before
    the first header too, when it holds anything)."""
    first_line = 1
    for begin, end in pairwise(_cuts(text)):
        items, newlines = _read_chunk(text[begin:end], file, first_line)
        yield from items
        first_line += newlines


def _cuts(text: str) -> list[int]:
    """Where the chunks start: at the first hand header after each `CHUNK_CHARS`."""
    cuts = [0]
    while True:
        at = text.find("\nPokerStars ", cuts[-1] + CHUNK_CHARS)
        while at >= 0 and not HAND_START.match(text, at + 1):
            at = text.find("\nPokerStars ", at + 1)
        if at < 0:
            return [*cuts, len(text)]
        cuts.append(at + 1)


_TAKEN_HEADER = re.compile(
    r"\nPokerStars [^\n]*(?:Omaha|OMAHA|Courchevel|COURCHEVEL|7 Card Stud|7 CARD STUD)"
)
"""A header line of a game read here (or one that names such a game elsewhere in it)."""


def _read_chunk(
    piece: str, file: str | None, first_line: int
) -> tuple[list[HandBlock | HandText], int]:
    """The chunk's items, and how many newlines it holds."""
    # hands of a game read here in the chunk, or none is read here (games not covered);
    # and none either in a chunk holding another room's hands, which the frame's
    # "PokerStars " headers would not cut apart
    if not (_TAKEN_HEADER.match("\n" + piece[:500]) or _TAKEN_HEADER.search(piece)):
        return _all_texts(piece, first_line), piece.count("\n")
    if _holds_another_room(piece):
        return _all_texts(piece, first_line), piece.count("\n")
    lines = Lines(piece).array
    frame = _frame(lines)
    if frame is None:
        return _all_texts(piece, first_line), len(lines) - 1
    taken = _take_hands(lines, frame[0], frame[1], file, first_line)
    if taken.tables is None or taken.counts is None:
        return _all_texts(piece, first_line), len(lines) - 1
    texts = _HandTexts(piece, first_line, frame)
    items: list[HandBlock | HandText] = texts.before_first_hand()
    ok = taken.ok
    runs = np.flatnonzero(np.diff(ok.astype(np.int8))) + 1
    bounds = [0, *runs.tolist(), len(ok)]
    offsets = {
        name: np.concatenate([[0], np.cumsum(found)]) for name, found in taken.counts.items()
    }
    read = 0
    for start, stop in pairwise(bounds):
        if not ok[start]:
            items.extend(texts.hand(index) for index in range(start, stop))
            continue
        size = stop - start
        tables = {"hands": taken.tables["hands"].slice(read, size)}
        counts = {}
        for name, found in taken.counts.items():
            first = int(offsets[name][read])
            tables[name] = taken.tables[name].slice(first, int(offsets[name][read + size]) - first)
            counts[name] = found[read : read + size]
        items.append(HandBlock(SITE, tables, counts))
        read += size
    return items, len(lines) - 1


def _holds_another_room(piece: str) -> bool:
    """Whether a header of another room starts a line of `piece` (`OTHER_ROOM_START`): the
    rooms' names looked for first, by a plain search many times faster than the pattern's
    over a whole chunk."""
    named = any(piece.startswith(room) or "\n" + room in piece for room in OTHER_ROOMS)
    return named and OTHER_ROOM_START.search(piece) is not None


def _frame(lines: Strings) -> tuple[Ints, Ints] | None:
    """Each hand's header line and the line after its last non-empty line."""
    named = np.flatnonzero(starts_with(lines, "PokerStars "))
    header = named[matches(take(lines, named), _HAND_START)]
    if not len(header):
        return None
    end = np.append(header[1:], len(lines))
    size = lengths(lines)
    for _ in range(8):  # back over the empty lines between hands: a few at most, as a rule
        empty = np.flatnonzero(size[end - 1] == 0)  # (a header line is never empty)
        if not len(empty):
            return header, end
        end[empty] -= 1
    filled = last_at_or_before(size > 0)
    return header, filled[end - 1] + 1


def _all_texts(piece: str, first_line: int) -> list[HandBlock | HandText]:
    """Every hand of a chunk as text, cut by `parsers._base.text.split_at_headers`."""
    return [HandText(hand.lines, hand.first_line + first_line - 1)
            for hand in split_at_headers(piece, HAND_START)]  # fmt: skip


class _HandTexts:
    """The texts of hands of a chunk, cut as `parsers._base.text.split_at_headers` cuts them
    (its lines split only when a hand is asked for)."""

    def __init__(self, piece: str, first_line: int, frame: tuple[Ints, Ints] | None) -> None:
        self.piece = piece
        self.first_line = first_line
        self.heads = [] if frame is None else frame[0].tolist()
        self._lines: list[str] | None = None

    def before_first_hand(self) -> list[HandBlock | HandText]:
        head = self.heads[0] if self.heads else None
        if head == 0:
            return []
        lines = self.lines()
        before = lines[:head]
        return [self._cut(0, len(before))] if "\n".join(before).strip() else []

    def hand(self, index: int) -> HandText:
        following = self.heads[index + 1] if index + 1 < len(self.heads) else len(self.lines())
        return self._cut(self.heads[index], following)

    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = self.piece.split("\n")
        return self._lines

    def _cut(self, start: int, stop: int) -> HandText:
        text = "\n".join(self.lines()[start:stop])
        last = len(text.rstrip())
        cut = text.find("\n", last)
        lines = text[: len(text) if cut < 0 else cut].split("\n")
        return HandText(lines, self.first_line + start)


def _take_hands(
    lines: Strings, heads: Ints, ends: Ints, file: str | None, first_line: int
) -> _Taken:
    """Read every hand of the shapes taken here."""
    headers, ok = read_headers(take(lines, heads))
    ok &= ends - heads >= 4
    tables, table_of = read_tables(take(lines, np.minimum(heads + 1, ends - 1)), ok)
    terms = headers.terms
    of = headers.term_of
    hands = Hands(
        heads, ends,
        decimals=_term_values(terms, of, lambda t: t.decimals),
        first=_term_values(terms, of, lambda t: t.first),
        second=_term_values(terms, of, lambda t: t.second),
        limit=_term_values(terms, of, lambda t: t.structure == "limit").astype(np.bool_),
        hole_cards=_term_values(terms, of, lambda t: t.game.hole_card_count),
        stud=_term_values(terms, of, lambda t: t.game.is_stud).astype(np.bool_),
    )  # fmt: skip
    if not ok.any():
        return _Taken(None, None, ok)
    seats = read_seats(lines, hands, ok)
    body = read_body(lines, hands, seats, ok) if ok.any() else None
    summary = read_summary(lines, hands, seats, body, ok) if body and ok.any() else None
    if body is None or summary is None:
        return _Taken(None, None, ok & False)
    ok &= body.dealt & (summary.total_pot >= 0)
    if not ok.any():
        return _Taken(None, None, ok)
    found, counts = hand_tables(
        headers, tables, table_of, hands, seats, body, summary, ok, file, first_line + heads
    )
    return _Taken(found, counts, ok)


@dataclass(frozen=True, slots=True)
class _Taken:
    tables: dict[str, pa.Table] | None
    counts: dict[str, Ints] | None
    ok: Bools


def _term_values(terms: list[GameTerms | None], of: Ints, value: Any) -> Ints:
    known = np.array([value(term) if term is not None else 0 for term in terms], np.int64)
    return known[of]
