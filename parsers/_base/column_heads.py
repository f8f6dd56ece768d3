"""The header and table lines of hands read column-wise: each hand's id and start for
all hands at once, and what else the lines say read once per distinct pair of lines
by the site's own line-by-line reader (a few hundred pairs in a file of thousands of
hands: the header's game, stakes and tournament, the table's name, size and button).

A site gives an RE2 pattern of its header line with groups `hand_id`, `terms` (what is
neither the id nor the time: the lines are told apart by it, and by every other group
whose name starts with "terms") and the time's parts `y`, `mo`, `d`, `h`, `mi`, `s`; and
a function reading a hand's first two lines into the
`HandBuilder`'s header facts as its reader does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import numpy as np
import pyarrow.compute as pc

from parsers._base.builder import HeaderFacts
from parsers._base.column_format import ColumnFormat
from parsers._base.column_seats import Hands
from parsers._base.columns import (
    TEXT,
    Bools,
    Ints,
    Strings,
    arrow,
    bools,
    codes,
    distinct,
    integers,
    matches,
    scalar,
    take,
)
from parsers._base.text import to_utc
from tracker.model import Structure


@dataclass(frozen=True, slots=True)
class Heads:
    """The header and table lines read: per hand its id and start, and its facts.

    Attributes:
        hand_id: per hand.
        facts: the facts of each distinct pair of lines (None: not read here).
        fact_of: per hand, its place in `facts`.
        started_at: per hand, microseconds since 1970 (UTC).
        hands: what the body's readers need to know of each hand.
        halves_game: per hand, the game it is when paid with no half named
            (`ColumnFormat.game_by_halves`; "": the header's).
        seat_count: per hand, the number of seat lines a head line says follow
            (`ColumnFormat.head_checks`; -1: none says).
    """

    hand_id: Strings
    facts: list[HeaderFacts | None]
    fact_of: Ints
    started_at: Ints
    hands: Hands
    halves_game: Strings
    seat_count: Ints


FactsReader = Callable[[list[str]], "tuple[HeaderFacts, int] | None"]
"""Reads a hand's first lines (its header, then the lines before its seats) as the site's
reader does: the builder's header facts and the decimals of the hand's amounts (None: a
hand not read here)."""


def read_heads(
    lines: Strings,
    heads: Ints,
    ends: Ints,
    header: str,
    rules: ColumnFormat,
    read_facts: FactsReader,
    ok: Bools,
) -> Heads:
    """The header lines at `heads` by the RE2 pattern `header`, with the lines after
    each up to its seats (`rules.head_lines`), the time read from the header or from
    the line `rules.time_line` by `rules.time`; the facts read by `read_facts` once
    per distinct such lines (a time line's time left out)."""
    parts = _parts(take(lines, heads), header)
    ok &= bools(parts.is_valid()) & (ends - heads >= rules.head_lines + 1)
    texts = [take(lines, np.minimum(heads + place, len(lines) - 1))
             for place in range(rules.head_lines)]  # fmt: skip
    keys = [_field(parts, name) for name in parts.type.names if name.startswith("terms")]
    time_parts = parts
    checked = dict(rules.head_checks)
    seat_count = np.full(len(heads), -1, np.int64)
    for place, pattern in rules.head_checks:
        if "(?P<seats>" not in pattern:
            ok &= matches(texts[place], f"^(?:{pattern})$")
            continue
        found = _parts(texts[place], pattern)
        ok &= bools(found.is_valid())
        seat_count = integers(_field(found, "seats"), ok)
    for place in range(1, rules.head_lines):
        if place in checked:
            continue
        if place != rules.time_line:
            keys.append(texts[place])
            continue
        time_parts = _parts(texts[place], rules.time)
        ok &= bools(time_parts.is_valid())
        if "(?P<terms>" in rules.time:
            keys.append(_field(time_parts, "terms"))
    key = np.zeros(len(heads), np.int64)
    for line_codes in codes(*keys):
        key = distinct(key * (len(heads) + 1) + line_codes)[1]
    first, fact_of = distinct(key)
    facts: list[HeaderFacts | None] = []
    decimals = []
    for texts_of_hand in zip(*(take(text, first).to_pylist() for text in texts), strict=True):
        found = read_facts([str(text) for text in texts_of_hand])
        facts.append(None if found is None else found[0])
        decimals.append(0 if found is None else found[1])
    ok &= np.array([fact is not None for fact in facts], np.bool_)[fact_of]

    def per_fact(value: Callable[[HeaderFacts], int]) -> Ints:
        known = np.array([0 if fact is None else value(fact) for fact in facts], np.int64)
        return known[fact_of]

    zone_codes = per_fact(lambda fact: _ZONES.setdefault(fact.site_timezone or "UTC", len(_ZONES)))
    zone_codes[~ok] = -1  # no facts: no zone (the hand is not taken)
    local, good = _local_seconds(lambda name: _field(time_parts, name), ok)
    ok &= good
    started_at, known = _utc_micros(local, zone_codes)
    ok &= known
    hands = Hands(
        heads, ends,
        decimals=np.array(decimals, np.int64)[fact_of],
        first=per_fact(lambda fact: _blind(fact, "small")),
        second=per_fact(lambda fact: _blind(fact, "big")),
        limit=per_fact(lambda fact: fact.structure is Structure.LIMIT).astype(np.bool_),
        hole_cards=per_fact(lambda fact: fact.game.hole_card_count if fact.game else 0),
        stud=per_fact(lambda fact: bool(fact.game and fact.game.is_stud)).astype(np.bool_),
    )  # fmt: skip
    terms = _field(parts, "terms")
    halves_game: Strings = arrow([""] * len(heads), TEXT)
    for pattern, game in rules.game_by_halves:
        named = pc.match_substring_regex(terms, pattern)
        halves_game = pc.if_else(named, arrow([game] * len(heads), TEXT), halves_game)
    hand_id = _field(parts, "hand_id").cast(TEXT)
    return Heads(hand_id, facts, fact_of, started_at, hands, halves_game, seat_count)


def _parts(lines: Strings, pattern: str) -> Any:
    """The groups of `pattern` (RE2, matched whole) in each line (a null row: no match)."""
    return pc.extract_regex(lines, "^(?:" + pattern + ")$")


def _field(parts: Any, name: str) -> Strings:
    """Group `name` of each row ("" where it took no part or the line did not match)."""
    found: Strings = pc.fill_null(parts.field(name), scalar("", parts.type.field(name).type))
    return found


_ZONES: dict[str, int] = {}
"""Zone names by code (a zone's code never changes in a process)."""


def _local_seconds(field: Callable[[str], Strings], ok: Bools) -> tuple[Ints, Bools]:
    """Seconds since 1970 of the time the header writes, in its own zone; whether each
    is a real time."""
    year, month, day = (integers(field(name), ok) for name in ("y", "mo", "d"))
    hour, minute, second = (integers(field(name), ok) for name in ("h", "mi", "s"))
    good = (year >= 1971) & (month >= 1) & (month <= 12) & (day >= 1)
    months = np.where(good, (year - 1970) * 12 + month - 1, 0)
    start = (np.datetime64("1970-01", "M") + months).astype("datetime64[D]").astype(np.int64)
    following = (
        (np.datetime64("1970-01", "M") + months + 1).astype("datetime64[D]").astype(np.int64)
    )
    good &= (day <= following - start) & (hour <= 23) & (minute <= 59) & (second <= 59)
    return (start + day - 1) * 86_400 + hour * 3_600 + minute * 60 + second, good


def _utc_micros(local: Ints, zone_codes: Ints) -> tuple[Ints, Bools]:
    """`to_utc` of every local time (seconds) in its zone (`_ZONES` codes), as
    microseconds since 1970: one look-up per zone and hour."""
    names = {code: name for name, code in _ZONES.items()}
    key = zone_codes * 2**40 + (local // 3_600 + 2**39)
    first, inverse = distinct(key)
    offsets = np.zeros(len(first), np.int64)
    known = np.ones(len(first), np.bool_)
    epoch = datetime(1970, 1, 1)
    for index, (code, hours) in enumerate(
        zip(zone_codes[first].tolist(), (local[first] // 3_600).tolist(), strict=True)
    ):
        moment = epoch + timedelta(hours=hours)
        if code not in names:
            known[index] = False
            continue
        try:
            utc = to_utc(moment, names[code])
        except (ValueError, OverflowError):
            known[index] = False
            continue
        offsets[index] = (moment - utc.replace(tzinfo=None)) // timedelta(seconds=1)
    return (local - offsets[inverse]) * 1_000_000, known[inverse]


def _blind(fact: HeaderFacts, size: str) -> int:
    """The small or big blind of a hand's stakes, or its small or big bet in a limit
    game (0: none)."""
    stakes = fact.stakes
    if fact.structure is Structure.LIMIT:
        found = stakes.small_bet if size == "small" else stakes.big_bet
    else:
        found = stakes.small_blind if size == "small" else stakes.big_blind
    return found or 0
