"""The seats of hands read column-wise ("Seat 3: bob ($5 in chips)", as PokerStars and
the sites of its shape write them), and what every column-wise reader shares: what it
knows of each hand (`Hands`), the seat lines read (`Seats`), finding the seat of the
player a line names, and marking a hand as not taken (`decline`).

A line of a shape not taken here makes its hand not ok, never an error: the line-by-line
reader reads that hand again and decides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow.compute as pc

from parsers._base.columns import (
    WINDOW_MASKS,
    Bools,
    Ints,
    Rows,
    Strings,
    Window,
    bools,
    byte_at,
    codes,
    distinct,
    ends_with,
    equal,
    equal_parts,
    find,
    joined,
    lengths,
    minor_units,
    small_integers,
    starts_with,
    substrings,
    take,
    texts,
    window,
)


@dataclass(frozen=True, slots=True)
class Hands:
    """What the readers of a chunk's lines need to know of each hand.

    Attributes:
        heads: the hand's header line (an index in the chunk's lines).
        ends: one past the hand's last non-empty line.
        decimals: the places of its amounts (2: cents, 0: chips).
        first, second: the blinds (the small and big bet in limit games).
        limit: a limit game.
        hole_cards: the hole cards each player is dealt.
        stud: a stud game.
    """

    heads: Ints
    ends: Ints
    decimals: Ints
    first: Ints
    second: Ints
    limit: Bools
    hole_cards: Ints
    stud: Bools


def ranges(starts: Ints, stops: Ints) -> tuple[Ints, Ints]:
    """Every index from each start to its stop (excluded), and the range each came from."""
    count = np.maximum(stops - starts, 0)
    owner = np.repeat(np.arange(len(count)), count)
    within = np.arange(count.sum(), dtype=np.int64) - np.repeat(np.cumsum(count) - count, count)
    return np.repeat(starts, count) + within, owner


def decline(ok: Bools, owners: Ints) -> None:
    """Mark the hands of `owners` as not taken."""
    ok[owners] = False


@dataclass(frozen=True, slots=True)
class Seats:
    """The seat lines read: one row per seat, hand after hand."""

    owner: Ints
    seat: Ints
    player: Strings
    stack: Ints
    sitting_out: Bools
    hero: Bools  # the seat is the hero's (the seat line says so)
    end: Ints  # per hand: the line after its last seat line
    first: Ints  # per hand: its first seat row (its rows follow it)
    count: Ints  # per hand: its seat rows
    name_words: Window  # the players' names as `window` words (for `seated`)
    name_keys: Keys  # and as `name_keys`
    seat_line: Bools  # per line of the chunk: whether it starts "Seat " (the summary's too)


def read_seats(
    lines: Strings, hands: Hands, ok: Bools, start: Ints | None = None, *, sitting_out: bool = True
) -> Seats:
    """ "Seat 3: Player0 ($91.64 in chips)", also "... is sitting out" unless not
    `sitting_out`: the seat lines from line `start` of each hand (its third line by
    default)."""
    start = hands.heads + 2 if start is None else start
    seat_line, end, at, owner = _seat_lines(lines, hands, ok, start, blank=False)
    found = take(lines, at)
    size = lengths(found)
    out = ends_with(found, ") is sitting out") & sitting_out
    closed = np.where(out, size - 15, size)
    plain = out | ends_with(found, " in chips)")
    colon = find(found, ": ")
    paren = find(found, " (")
    plain &= find(found, "(") == paren + 1  # the only "(": what follows it is read whole
    plain &= (colon > 5) & (paren > colon + 2)
    chips_at = np.maximum(closed - 10, 0)
    plain &= equal(substrings(found, chips_at, closed), " in chips)")
    seat, digits = small_integers(found, np.full(len(at), 5), colon)
    plain &= digits
    stack, amount_ok = minor_units(substrings(found, paren + 2, chips_at), hands.decimals[owner])
    plain &= amount_ok
    player = substrings(found, colon + 2, np.maximum(paren, colon + 2))
    decline(ok, owner[~plain])
    hero = np.zeros(len(at), np.bool_)
    return _seats(owner, seat, player, stack, out, hero, end, seat_line, ok)


def read_seats_by(
    lines: Strings, hands: Hands, ok: Bools, start: Ints, pattern: str, *, blank: bool = False,
    space: str = "",
) -> Seats:  # fmt: skip
    """The seat lines from line `start` of each hand (the lines starting "Seat " there,
    with blank lines among them when `blank`) by the RE2 `pattern` (groups `seat`,
    `player`, `stack`, `out`, any text when the player sits out, and `hero`, any text
    when the seat is the hero's), matched whole: a site's own shape of seat line
    (`space`: the stacks' as `minor_units`')."""
    seat_line, end, at, owner = _seat_lines(lines, hands, ok, start, blank=blank)
    parts: Any = pc.extract_regex(take(lines, at), f"^(?:{pattern})$")
    plain = bools(parts.is_valid())
    seat, digits = small_integers(parts.field("seat"), np.zeros(len(at), np.int64),
                                  lengths(parts.field("seat")))  # fmt: skip
    stack, amount_ok = minor_units(parts.field("stack"), hands.decimals[owner], space)
    plain &= digits & amount_ok & (lengths(parts.field("player")) > 0)
    out, hero = (
        lengths(parts.field(name)) > 0 if f"(?P<{name}>" in pattern else np.zeros(len(at), np.bool_)
        for name in ("out", "hero")
    )
    decline(ok, owner[~plain])
    player = texts(parts.field("player"))
    return _seats(owner, seat, player, stack, out, hero, end, seat_line, ok)


def _seat_lines(
    lines: Strings, hands: Hands, ok: Bools, start: Ints, *, blank: bool
) -> tuple[Bools, Ints, Ints, Ints]:
    """Which lines of the chunk start "Seat ", and each hand's run of them from `start`
    (blank lines among them when `blank`): the line after each run, the run's lines and
    their hands. A hand with no seat line there is not ok."""
    seat_line = starts_with(lines, "Seat ")
    not_seat = np.flatnonzero(~seat_line & (lengths(lines) > 0) if blank else ~seat_line)
    after = np.searchsorted(not_seat, start)
    end = np.where(
        after < len(not_seat), not_seat[np.minimum(after, len(not_seat) - 1)], len(lines)
    )
    end = np.minimum(end, hands.ends)
    ok &= end > start
    at, owner = ranges(np.where(ok, start, 0), np.where(ok, end, 0))
    if blank:
        at, owner = at[seat_line[at]], owner[seat_line[at]]
        ok &= np.bincount(owner, minlength=len(ok)) > 0
    return seat_line, end, at, owner


def _seats(
    owner: Ints, seat: Ints, player: Strings, stack: Ints, out: Bools, hero: Bools, end: Ints,
    seat_line: Bools, ok: Bools,
) -> Seats:  # fmt: skip
    decline(ok, owner[repeated(owner, seat)])
    decline(ok, owner[repeated(owner, codes(player)[0])])
    count = np.bincount(owner, minlength=len(end))
    first = np.cumsum(count) - count
    words = window(player, np.zeros(len(owner), np.int64))
    keys = name_keys(words, lengths(player))
    return Seats(owner, seat, player, stack, out, hero, end, first, count, words, keys, seat_line)


def repeated(owner: Ints, value: Ints) -> Bools:
    """Rows whose (owner, value) appeared in an earlier row."""
    key = owner * (int(value.max(initial=0)) + 1) + value
    first, _ = distinct(key)
    repeated = np.ones(len(key), dtype=np.bool_)
    repeated[first] = False
    return repeated


def seat_of(lines: Strings, rows: Ints, colon: Ints, owner: Ints, seats: Seats) -> Ints:
    """The seat row of the player whose name starts each line at `rows` (the line up to
    `colon`), -1 when no player of its hand has that name."""
    start = window(lines, np.zeros(len(rows), np.int64), rows) & WINDOW_MASKS[np.clip(colon, 0, 16)]
    found = _seat_by_words(owner, colon, start, seats)
    long = np.flatnonzero(colon > _WORDS)
    if len(long):
        names = substrings(lines, np.zeros(len(long), np.int64), colon[long], rows[long])
        found[long] = _seat_by_text(owner[long], names, seats)
    return found


def unmarked(text: Strings, rows: Ints, end: Ints, mark: str) -> Ints:
    """Where the names of the lines at `rows` end: before `end`, and before the hero's
    `mark` and the spaces before it where the name is so marked."""
    if not mark:
        return end
    size = len(mark.encode())
    marked = equal(substrings(text, end - size, end, rows), mark)
    end = np.where(marked, end - size, end)
    named, spaced = take(text, rows), marked
    while spaced.any():
        spaced = spaced & (byte_at(named, end - 1) == ord(" "))
        end = np.where(spaced, end - 1, end)
    return end


def seated(owner: Ints, names: Strings, seats: Seats) -> Ints:
    """The seat row of each name's player in its hand, -1 when no seat has that name."""
    size = lengths(names)
    found = _seat_by_words(owner, size, window(names, np.zeros(len(size), np.int64)), seats)
    long = np.flatnonzero(size > _WORDS)
    if len(long):
        found[long] = _seat_by_text(owner[long], take(names, long), seats)
    return found


_WORDS = 16  # names of up to 16 bytes are compared as two 64-bit words, longer ones as text


Keys = np.ndarray[Any, np.dtype[np.uint64]]


def name_keys(words: Window, size: Ints) -> Keys:
    """One 64-bit key per name of up to 16 bytes, from its `window` words and its size:
    equal names, equal keys (two names may share a key: a match is then checked whole)."""
    mixed: Keys = (words[:, 0] * _MIX[0]) ^ (words[:, 1] * _MIX[1]) ^ size.astype(np.uint64)
    return mixed


_MIX = np.array([0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F], np.uint64)


def _seat_by_words(owner: Ints, size: Ints, words: Window, seats: Seats) -> Ints:
    """The seat rows of names of up to 16 bytes given as `window` words (-1: none; also
    for every longer name): each hand's seats looked at in turn by key, the one found
    checked whole."""
    keys = name_keys(words, size)
    start, count = seats.first[owner], seats.count[owner]
    found = _first_seat(start, count, seats, lambda seat: seats.name_keys[seat] == keys)
    exact = _same_name(found, size, words, seats)
    shared = np.flatnonzero((found >= 0) & ~exact)  # another name of the same key first
    found[~exact] = -1
    if len(shared):
        size, words = size[shared], words[shared]
        found[shared] = _first_seat(
            start[shared], count[shared], seats, lambda seat: _same_name(seat, size, words, seats)
        )
    return found


def _same_name(row: Ints, size: Ints, words: Window, seats: Seats) -> Bools:
    """Whether the seat rows `row` (-1: none) hold these names of up to 16 bytes."""
    if not len(seats.owner):
        return np.zeros(len(row), np.bool_)
    known = np.maximum(row, 0)
    same: Bools = (row >= 0) & (size <= _WORDS) & (lengths(seats.player)[known] == size)
    same &= (seats.name_words[known, 0] == words[:, 0]) & (
        seats.name_words[known, 1] == words[:, 1]
    )
    return same


def _seat_by_text(owner: Ints, names: Strings, seats: Seats) -> Ints:
    seat_codes, name_codes = codes(seats.player, names)
    start, count = seats.first[owner], seats.count[owner]
    return _first_seat(start, count, seats, lambda seat: seat_codes[seat] == name_codes)


def _first_seat(start: Ints, count: Ints, seats: Seats, same: Callable[[Ints], Bools]) -> Ints:
    """For each row, the first of its hand's seat rows (`count` of them from `start`) that
    `same` holds for, given one candidate seat row per row; -1 when none does."""
    last = max(len(seats.owner) - 1, 0)
    found = np.full(len(start), -1, np.int64)
    for place in range(int(seats.count.max(initial=0))):
        candidate = np.minimum(start + place, last)
        hit = (place < count) & same(candidate)
        found = np.where(hit & (found < 0), candidate, found)
    return found


def named_apart(lines: Strings, rows: Ints, owner: Ints, seats: Seats, separator: str) -> Rows:
    """The lines at `rows` (of hands `owner`, ascending) that start with the name of a
    seated player holding `separator` ("Phil Ivey" where names end at a space), then
    `separator`: their places among `rows` ("place"), the player's seat row ("seat") and
    where the text after the separator starts ("begin"). `seat_of` cannot find these
    players: it reads a name up to the line's first separator."""
    named = np.flatnonzero(find(seats.player, separator) >= 0)
    hand = seats.owner[named]
    place, which = ranges(np.searchsorted(owner, hand), np.searchsorted(owner, hand, "right"))
    seat = named[which]
    found, begin = _start_with_names(lines, rows[place], seats, seat, separator)
    hit = np.flatnonzero(found)
    return {"place": place[hit], "seat": seat[hit], "begin": begin[hit]}


def shadowing(seats: Seats, separator: str) -> Ints:
    """The hands in which a seated name, then `separator`, starts another seated name
    ("Big" beside "Big Al"): lines that `seat_of` and `named_apart` would both read."""
    named = np.flatnonzero(find(seats.player, separator) >= 0)
    hand = seats.owner[named]
    other, which = ranges(seats.first[hand], seats.first[hand] + seats.count[hand])
    name = named[which]
    starts, _ = _start_with_names(seats.player, name, seats, other, separator)
    found: Ints = seats.owner[name[starts]]
    return found


def _start_with_names(
    text: Strings, rows: Ints, seats: Seats, seat: Ints, separator: str
) -> tuple[Bools, Ints]:
    """Whether each row of `text` at `rows` starts with the name of the seat row beside
    it, then `separator`; and where the text after them starts."""
    begin = lengths(seats.player)[seat] + len(separator.encode())
    spelled = joined(take(seats.player, seat), separator)
    return equal_parts(text, np.zeros(len(rows), np.int64), begin, spelled, rows), begin
