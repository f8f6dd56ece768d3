"""PokerStars' header and table lines read column-wise: every hand's id, game terms,
start (UTC) and table, for a chunk's header lines at once."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import numpy as np
import pyarrow.compute as pc

from parsers._base.columns import (
    TEXT,
    Bools,
    Ints,
    Strings,
    arrow,
    codes,
    distinct,
    find,
    integers,
    ints,
    lengths,
    matches,
    scalar,
    substrings,
    take,
)
from parsers._base.text import to_utc
from parsers.pokerstars.header import (
    GameTerms,
    TableLine,
    UncoveredGameError,
    read_table,
    read_terms,
)

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


@dataclass(frozen=True, slots=True)
class Headers:
    """The header lines read: per hand its id, game terms, start and site zone."""

    hand_id: Strings
    terms: list[GameTerms | None]  # distinct terms (None: not taken here)
    term_of: Ints  # per hand: its place in `terms`
    started_at: Ints  # per hand: microseconds since 1970 (UTC)
    zone: Strings  # per hand: the zone the site wrote first


def read_headers(lines: Strings) -> tuple[Headers, Bools]:
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
        terms.append(found)
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


def read_tables(lines: Strings, ok: Bools) -> tuple[list[TableLine | None], Ints]:
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
