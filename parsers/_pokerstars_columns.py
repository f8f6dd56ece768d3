"""PokerStars hands read column-wise: thousands of hands at once into the store's tables.

The line-by-line reader (`parsers.pokerstars`) runs Python code for every line, about a
microsecond or two each: too slow for files of millions of hands. This reader cuts a
file into chunks (`CHUNK_CHARS` characters, about 5,000 hands), holds a chunk's lines in
one Arrow array and reads each kind of line for all its hands together, with numpy and
Arrow compute kernels (`parsers._columns`); Python runs once per distinct header terms,
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
from datetime import datetime, timedelta
from itertools import pairwise
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from parsers._columns import (
    TEXT,
    Bools,
    Ints,
    Lines,
    Strings,
    arrow,
    codes,
    distinct,
    find,
    integers,
    ints,
    last_at_or_before,
    lengths,
    matches,
    scalar,
    starts_with,
    substrings,
    take,
)
from parsers._common import HandText, split_at_headers, to_utc
from parsers._pokerstars_column_body import read_body
from parsers._pokerstars_column_seats import Hands, read_seats
from parsers._pokerstars_column_summary import read_summary
from parsers._pokerstars_column_tables import hand_tables
from parsers._pokerstars_header import (
    HAND_START,
    GameTerms,
    TableLine,
    UncoveredGameError,
    read_table,
    read_terms,
)
from tracker.hand_block import HandBlock

SITE = "pokerstars"

CHUNK_CHARS = 8_000_000
"""Text read at once (about 5,000 hands): the memory of a read is bounded by a chunk,
however large the file."""

_MOMENT = (
    r"^(?P<y>[0-9]{4})/(?P<mo>[0-9]{1,2})/(?P<d>[0-9]{1,2}) "
    r"(?P<h>[0-9]{1,2}):(?P<mi>[0-9]{2}):(?P<s>[0-9]{2}) (?P<zone>[A-Za-z]+)$"
)
"""A time as headers write it: "2026/07/06 0:03:46 ET"."""
_PLAIN_MOMENT = re.sub(r"\(\?P<[a-z]+>", "(?:", _MOMENT)[1:-1]  # no groups, no anchors
_TIME_AT = " - " + _PLAIN_MOMENT + r"(?: \[" + _PLAIN_MOMENT + r"\])?$"
"""The end of a header: " - 2026/07/06 0:03:46 ET", also with " [2013/04/10 14:06:22
ET]"."""
_HEADER = r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #[0-9]+: .*?" + _TIME_AT
"""The header shapes taken here: "PokerStars Hand #290000070000774271:  Omaha Hi/Lo Pot
Limit ($0.25/$0.50 USD) - 2026/07/06 0:03:46 ET": the terms are what lies between the
first ": " and the first " - " that the time follows (the end: `_TIME_AT`)."""

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


_FLOP_HEADER = re.compile(r"\nPokerStars [^\n]*(?:Omaha|OMAHA|Courchevel|COURCHEVEL)")
"""A header line of a flop game (or one that names such a game elsewhere in it)."""


def _read_chunk(
    piece: str, file: str | None, first_line: int
) -> tuple[list[HandBlock | HandText], int]:
    """The chunk's items, and how many newlines it holds."""
    # hands of a flop game in the chunk, or none is read here (stud, games not covered)
    if not (_FLOP_HEADER.match("\n" + piece[:500]) or _FLOP_HEADER.search(piece)):
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
    """Every hand of a chunk as text, cut by `parsers._common.split_at_headers`."""
    return [HandText(hand.lines, hand.first_line + first_line - 1)
            for hand in split_at_headers(piece, HAND_START)]  # fmt: skip


class _HandTexts:
    """The texts of hands of a chunk, cut as `parsers._common.split_at_headers` cuts them
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
    headers, ok = _read_headers(take(lines, heads))
    ok &= ends - heads >= 4
    tables, table_of = _read_tables(take(lines, np.minimum(heads + 1, ends - 1)), ok)
    terms = headers.terms
    of = headers.term_of
    hands = Hands(
        heads, ends,
        decimals=_term_values(terms, of, lambda t: t.decimals),
        first=_term_values(terms, of, lambda t: t.first),
        second=_term_values(terms, of, lambda t: t.second),
        limit=_term_values(terms, of, lambda t: t.structure == "limit").astype(np.bool_),
        hole_cards=_term_values(terms, of, lambda t: t.game.hole_card_count),
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


@dataclass(frozen=True, slots=True)
class Headers:
    """The header lines read: per hand its id, game terms, start and site zone."""

    hand_id: Strings
    terms: list[GameTerms | None]  # distinct terms (None: not taken here)
    term_of: Ints  # per hand: its place in `terms`
    started_at: Ints  # per hand: microseconds since 1970 (UTC)
    zone: Strings  # per hand: the zone the site wrote first


def _read_headers(lines: Strings) -> tuple[Headers, Bools]:
    # the shape checked whole, then the parts cut at the places found (cheaper than a
    # pattern's groups over whole lines)
    ok = matches(lines, _HEADER)
    id_at, terms_at = find(lines, "#") + 1, find(lines, ": ") + 2
    time_at = ints(pc.find_substring_regex(lines, _TIME_AT))
    size = lengths(lines)
    hand_id = substrings(lines, id_at, terms_at - 2)
    terms_text = substrings(lines, terms_at, time_at)
    tail = substrings(lines, time_at + 3, size)  # "2026/07/05 23:58:03 ET [...]"
    # the time is read after the first " - " a date follows, as `read_header` reads it
    ok &= ~matches(terms_text, " - [0-9]{4}/[0-9]{1,2}/[0-9]{1,2}[ -]")
    first, term_of = distinct(codes(terms_text)[0])
    terms: list[GameTerms | None] = []
    for line in take(lines, first).to_pylist():
        try:
            found: GameTerms | None = read_terms(str(line))
        except (UncoveredGameError, ValueError):
            found = None
        terms.append(None if found is None or found.game.is_stud else found)
    ok &= np.array([term is not None for term in terms])[term_of]
    started_at, site_zone, zone_ok = _started_at(tail, ok)
    ok &= zone_ok
    return Headers(hand_id, terms, term_of, started_at, site_zone), ok


def _started_at(tail: Strings, ok: Bools) -> tuple[Ints, Strings, Bools]:
    """The start in UTC, from a header's end ("2026/07/05 23:58:03 ET", also with "
    [2013/04/10 8:06:22 ET]"): from the bracketed time when there is one (ET), as
    `read_time`; and the zone the site wrote first."""
    size = lengths(tail)
    bracket = find(tail, " [")
    bracketed = bracket >= 0
    parts: Any = pc.extract_regex(
        substrings(tail, np.where(bracketed, bracket + 2, 0), np.where(bracketed, size - 1, size)),
        _MOMENT,
    )

    def field(name: str) -> Strings:
        found: Strings = pc.fill_null(parts.field(name), scalar("", TEXT))
        return found

    def number(name: str) -> Ints:
        return integers(field(name), ok)

    zone = field("zone")
    site_zone = zone
    if bracketed.any():
        rows = np.flatnonzero(bracketed)
        first = substrings(tail, np.zeros(len(rows), np.int64), bracket[rows], rows)
        zones: Any = pc.extract_regex(first, r" (?P<zone>[A-Za-z]+)$")
        written = pc.fill_null(zones.field("zone"), scalar("", TEXT))
        written_at = np.full(len(bracketed), -1, np.int64)
        written_at[rows] = np.arange(len(rows))
        site_zone = pc.if_else(arrow(bracketed), take(written, np.maximum(written_at, 0)), zone)
    year, month, day = number("y"), number("mo"), number("d")
    hour, minute, second = number("h"), number("mi"), number("s")
    good = (year >= 1) & (month >= 1) & (month <= 12) & (day >= 1)
    months = np.where(good, (year - 1970) * 12 + month - 1, 0)
    start = (np.datetime64("1970-01", "M") + months).astype("datetime64[D]").astype(np.int64)
    following = (
        (np.datetime64("1970-01", "M") + months + 1).astype("datetime64[D]").astype(np.int64)
    )
    good &= (day <= following - start) & (hour <= 23) & (minute <= 59) & (second <= 59)
    local = (start + day - 1) * 86_400 + hour * 3_600 + minute * 60 + second
    zone_codes = codes(zone)[0]
    key = zone_codes * 2**40 + (local // 3_600 + 2**39)
    first, inverse = distinct(key)
    zones = take(zone, first).to_pylist()
    offsets = np.zeros(len(first), np.int64)
    known = np.ones(len(first), np.bool_)
    epoch = datetime(1970, 1, 1)
    for index, (name, hours) in enumerate(
        zip(zones, (local[first] // 3_600).tolist(), strict=True)
    ):
        moment = epoch + timedelta(hours=hours)
        try:
            utc = to_utc(moment, str(name))
        except (ValueError, OverflowError):
            known[index] = False
            continue
        offsets[index] = (moment - utc.replace(tzinfo=None)) // timedelta(seconds=1)
    good &= known[inverse]
    return (local - offsets[inverse]) * 1_000_000, site_zone, good


def _read_tables(lines: Strings, ok: Bools) -> tuple[list[TableLine | None], Ints]:
    """ "Table 'Signe VI' 6-max Seat #6 is the button": each distinct line read once."""
    first, table_of = distinct(codes(lines)[0])
    tables: list[TableLine | None] = []
    for line in take(lines, first).to_pylist():
        try:
            tables.append(read_table(str(line)))
        except ValueError:
            tables.append(None)
    ok &= np.array([table is not None for table in tables])[table_of]
    return tables, table_of
