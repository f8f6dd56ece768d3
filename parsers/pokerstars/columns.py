"""PokerStars hands read column-wise: thousands of hands at once into the store's tables.

The line-by-line reader (`parsers.pokerstars`) runs Python code for every line, about a
microsecond or two each: too slow for files of millions of hands. This reader cuts a
file into chunks (`parsers._base.column_chunks`: about 5,000 hands each), holds a
chunk's lines in one Arrow array and reads each kind of line for all its hands
together, with numpy and Arrow compute kernels (`parsers._base.columns`); Python runs
once per distinct header terms, table line or unusual Total pot line, not once per
line.

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

from parsers._base.column_chunks import HandTexts, all_texts, chunk_cuts, chunk_items, frame
from parsers._base.column_seats import Hands, read_seats
from parsers._base.columns import (
    Bools,
    Ints,
    Lines,
    Strings,
    take,
)
from parsers._base.text import HandText
from parsers.pokerstars.column_body import read_body
from parsers.pokerstars.column_headers import read_headers, read_tables
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

_HAND_START = HAND_START.pattern


def read_columns(text: str, file: str | None) -> Iterator[HandBlock | HandText]:
    """The hands of a whole decoded file ("\\n" line ends), in file order: runs of hands
    read here as blocks, the others as texts for the line-by-line reader (text before
    the first header too, when it holds anything)."""
    first_line = 1
    for begin, end in pairwise(chunk_cuts(text, "PokerStars ", HAND_START)):
        items, newlines = _read_chunk(text[begin:end], file, first_line)
        yield from items
        first_line += newlines


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
    heads = frame(lines, "PokerStars ", _HAND_START)
    if heads is None:
        return _all_texts(piece, first_line), len(lines) - 1
    taken = _take_hands(lines, heads[0], heads[1], file, first_line)
    if taken.tables is None or taken.counts is None:
        return _all_texts(piece, first_line), len(lines) - 1
    texts = HandTexts(lines, first_line, heads[0])
    return chunk_items(SITE, texts, taken.ok, taken.tables, taken.counts), len(lines) - 1


def _holds_another_room(piece: str) -> bool:
    """Whether a header of another room starts a line of `piece` (`OTHER_ROOM_START`): the
    rooms' names looked for first, by a plain search many times faster than the pattern's
    over a whole chunk."""
    named = any(piece.startswith(room) or "\n" + room in piece for room in OTHER_ROOMS)
    return named and OTHER_ROOM_START.search(piece) is not None


def _all_texts(piece: str, first_line: int) -> list[HandBlock | HandText]:
    return all_texts(piece, first_line, HAND_START)


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
