"""The summary of PokerStars hands, read column-wise (see `parsers._pokerstars_columns`):
the Total pot line, the board and the seat lines of a chunk of hands at once.

As in `parsers._pokerstars_column_body`, a line of a shape not taken here makes its hand
not ok; the line-by-line reader reads that hand instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from parsers._columns import (
    Bools,
    Ints,
    Rows,
    Strings,
    arrow,
    bools,
    bracketed_cards,
    codes,
    contains,
    count,
    ends_with,
    equal,
    find,
    integers,
    lengths,
    matches,
    minor_units,
    starts_with,
    substrings,
    take,
)
from parsers._common import money_reader
from parsers._pokerstars_column_body import Body, Hands, Seats, decline, ranges
from parsers._pokerstars_words import read_total_pot


@dataclass
class Summary:
    """The summary lines read: per hand its pots, and the summary rows."""

    total_pot: Ints  # per hand (-1: no Total pot line)
    rake: Ints
    main_pot: Ints  # -1: not given
    side_pots: Any
    summaries: Rows
    cards: Rows  # the cards the seat lines show, not shown before


def read_summary(lines: Strings, hands: Hands, seats: Seats, body: Body, ok: Bools) -> Summary:
    """The lines after "*** SUMMARY ***", for the hands still `ok`."""
    at, owner = ranges(np.where(ok, body.summary_at + 1, 0), np.where(ok, hands.ends, 0))
    found = take(lines, (at))
    seat = starts_with(found, "Seat ")
    total = starts_with(found, "Total pot ")
    board = starts_with(found, "Board [")
    quiet = equal(found, "Hand was run twice")
    decline(ok, owner[~seat & ~total & ~board & ~quiet])
    pots = _read_total_pots(take(found, (np.flatnonzero(total))), owner[total], hands, ok)
    rows = np.flatnonzero(board)
    written = take(found, (rows))
    inner = substrings(written, np.full(len(rows), 7), lengths(written) - 1)
    same = bools(pc.equal(inner, take(body.board_text, owner[rows])))
    same &= ends_with(written, "]")
    decline(ok, owner[rows[~same]])
    rows = np.flatnonzero(seat)
    summaries, cards = _read_seat_lines(
        take(found, (rows)), owner[rows], at[rows], hands, seats, body, ok
    )
    return Summary(*pots, summaries, cards)


def _read_total_pots(
    lines: Strings, owner: Ints, hands: Hands, ok: Bools
) -> tuple[Ints, Ints, Ints, Any]:
    """ "Total pot $4.85 | Rake $0.20", "Total pot 6195 Main pot 4170. Side pot-1 399. |
    Rake 0": each distinct line (and places) read once; the last line of a hand counts."""
    count = len(ok)
    total = np.full(count, -1, np.int64)
    rake = np.zeros(count, np.int64)
    main = np.full(count, -1, np.int64)
    sides: list[list[int]] = [[] for _ in range(count)]
    if not len(owner):
        return total, rake, main, arrow(sides, pa.list_(pa.int64()))
    decimals = hands.decimals[owner]
    key = codes(lines)[0] * 8 + decimals
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    texts = take(lines, (first)).to_pylist()
    read: list[tuple[int, int, int, tuple[int, ...]] | None] = []
    for text, places in zip(texts, decimals[first].tolist(), strict=True):
        try:
            pots = read_total_pot(str(text), money_reader(places))
        except ValueError:
            read.append(None)
            continue
        read.append((pots[0], pots[1], -1 if pots[2] is None else pots[2], pots[3]))
    bad = np.array([pots is None for pots in read])
    decline(ok, owner[bad[inverse]])
    values = np.array([pots[:3] if pots else (-1, 0, -1) for pots in read], np.int64)
    last = np.full(count, -1, np.int64)
    np.maximum.at(last, owner, np.arange(len(owner)))
    has = last >= 0
    line = inverse[last[has]]
    total[has], rake[has], main[has] = values[line, 0], values[line, 1], values[line, 2]
    for hand, index in zip(np.flatnonzero(has).tolist(), line.tolist(), strict=True):
        pots = read[index]
        if pots is not None and pots[3]:
            sides[hand] = list(pots[3])
    return total, rake, main, arrow(sides, pa.list_(pa.int64()))


def _read_seat_lines(
    lines: Strings, owner: Ints, order: Ints, hands: Hands, seats: Seats, body: Body, ok: Bools
) -> tuple[Rows, Rows]:
    """ "Seat 3: Player0 (button) (small blind) showed [..] and won ($40.75) with ..."."""
    colon = find(lines, ": ")
    number = substrings(lines, np.full(len(owner), 5), np.maximum(colon, 5))
    digits = matches(number, "^[0-9]{1,4}$")
    seat = integers(number, digits)
    width = 10_000
    seat_keys = seats.owner * width + seats.seat
    sorted_at = np.argsort(seat_keys, kind="stable")
    wanted = owner * width + seat
    place = np.minimum(np.searchsorted(seat_keys[sorted_at], wanted), max(len(seat_keys) - 1, 0))
    place = sorted_at[place] if len(seat_keys) else place
    known = digits & (seat_keys[place] == wanted) if len(seat_keys) else digits & False
    player = take(seats.player, (place))
    name_size = lengths(player)
    text_at = colon + 2
    size = lengths(lines)
    named = bools(
        pc.equal(substrings(lines, text_at, np.minimum(text_at + name_size, size)), player)
    )
    after = text_at + name_size
    spaced = (after == size) | equal(substrings(lines, after, np.minimum(after + 1, size)), " ")
    usual = known & named & spaced & (colon > 5)
    decline(ok, owner[~usual])
    rest = substrings(lines, np.minimum(after + 1, size), size)
    won, won_ok = _read_won(rest, hands.decimals[owner])
    decline(ok, owner[~won_ok])
    summaries = {"owner": owner, "seat": seat, "player": player, "text": rest, "won": won}
    cards = _summary_cards(rest, owner, order, player, body, ok)
    return summaries, cards


def _read_won(rest: Strings, decimals: Ints) -> tuple[Ints, Bools]:
    """ "... and won ($40.75) with ...", "(small blind) collected ($1.90)": the amount
    (-1: none) and whether the text is one of the shapes taken here."""
    says = contains(rest, "won (") | contains(rest, "collected (")
    once = count(rest, "won") + count(rest, "collected") == 1
    won_at, collected_at = find(rest, " won ("), find(rest, " collected (")
    # with no word before: "collected ($1.90)" (the pattern `summary_won` falls back to)
    leading = np.where(starts_with(rest, "collected ("), 11,
                       np.where(starts_with(rest, "won ("), 5, -1))  # fmt: skip
    begin = np.where(
        won_at >= 0, won_at + 6, np.where(collected_at >= 0, collected_at + 12, leading)
    )
    start = begin
    begin = np.maximum(begin, 0)
    tail = substrings(rest, begin, lengths(rest))
    close = find(tail, ")")
    amount, amount_ok = minor_units(substrings(rest, begin, begin + np.maximum(close, 0)), decimals)
    ok = ~says | (once & (start >= 0) & (close >= 0) & amount_ok)
    return np.where(says, amount, -1), ok


_SUMMARY_SOURCES = (("showed [", 3), ("mucked [", 2))


def _summary_cards(
    rest: Strings, owner: Ints, order: Ints, player: Strings, body: Body, ok: Bools
) -> Rows:
    """The cards of "showed [..]" and "mucked [..]", less those the player showed before."""
    shown = body.cards
    parts: list[Rows] = []
    for word, source in _SUMMARY_SOURCES:
        start = find(rest, word)
        rows = np.flatnonzero(start >= 0)
        found = take(rest, (rows))
        begin = start[rows] + 7
        close = find(substrings(found, begin, lengths(found)), "]")
        text, indexes, cards_ok = bracketed_cards(substrings(found, begin, begin + close + 1))
        cards_ok &= close >= 0
        decline(ok, owner[rows[~cards_ok]])
        names = take(player, (rows))
        seen = _seen(owner[rows], names, text, shown)
        keep = np.flatnonzero(~seen)
        parts.append({
            "owner": owner[rows][keep], "order": order[rows][keep] * 2 + int(source == 2),
            "player": take(names, (keep)),
            "street": np.full(len(keep), 4), "source": np.full(len(keep), source),
            "cards": take(text, (keep)), "card_indexes": take(indexes, (keep)),
        })  # fmt: skip
    first, second = parts
    return {
        name: np.concatenate([values, second[name]])
        if isinstance(values, np.ndarray)
        else pa.concat_arrays([values, second[name]])
        for name, values in first.items()
    }


def _seen(owner: Ints, player: Strings, text: Strings, shown: Rows) -> Bools:
    """Whether each (hand, player, cards) was shown in the body ("bob: shows [..]")."""
    source = shown["source"]
    rows = np.flatnonzero(source == 1)
    body_owner = shown["owner"][rows]
    player_codes = codes(player, take(shown["player"], (rows)))
    text_codes = codes(text, take(shown["cards"], (rows)))
    width_player = int(max(c.max(initial=0) for c in player_codes)) + 1
    width_text = int(max(c.max(initial=0) for c in text_codes)) + 1
    here = (owner * width_player + player_codes[0]) * width_text + text_codes[0]
    there = (body_owner * width_player + player_codes[1]) * width_text + text_codes[1]
    return np.isin(here, there)
