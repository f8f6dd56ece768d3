"""The summary of PokerStars hands, read column-wise (see `parsers.pokerstars.columns`):
the Total pot line, the board and the seat lines of a chunk of hands at once.

As in `parsers.pokerstars.column_body`, a line of a shape not taken here makes its hand
not ok; the line-by-line reader reads that hand instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from parsers._base.column_seats import Hands, Seats, decline, ranges
from parsers._base.columns import (
    Bools,
    Ints,
    Rows,
    Strings,
    arrow,
    bools,
    bracketed_cards,
    byte_at,
    codes,
    distinct,
    ends_with,
    equal,
    find,
    joined_rows,
    lengths,
    matches,
    member,
    minor_units,
    small_integers,
    starts_with,
    substrings,
    take,
)
from parsers._base.text import money_reader
from parsers.pokerstars.column_body import Body
from parsers.pokerstars.column_streets import SHOWDOWN
from parsers.pokerstars.words import read_total_pot


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
    seat = seats.seat_line[at]
    other = np.flatnonzero(~seat)  # the Total pot and Board lines: a few a hand
    found, owner_of = take(lines, at[other]), owner[other]
    total = starts_with(found, "Total pot ")
    board = starts_with(found, "Board [")
    quiet = equal(found, "Hand was run twice")
    decline(ok, owner_of[~total & ~board & ~quiet])
    pots = _read_total_pots(take(found, np.flatnonzero(total)), owner_of[total], hands, ok)
    rows = np.flatnonzero(board)
    written = take(found, rows)
    inner = substrings(written, np.full(len(rows), 7), lengths(written) - 1)
    same = bools(pc.equal(inner, take(body.board_text, owner_of[rows])))
    same &= ends_with(written, "]")
    decline(ok, owner_of[rows[~same]])
    rows = np.flatnonzero(seat)
    summaries, cards = _read_seat_lines(
        take(lines, at[rows]), owner[rows], at[rows], hands, seats, body, ok
    )
    return Summary(*pots, summaries, cards)


_PLAIN_TOTAL = r"^Total pot [^ ]+ \| Rake [^ ]+$"
_ONE_SIDE_POT = r"^Total pot [^ ]+ Main pot [^ ]+\. Side pot(?:-1)? [^ ]+\. \| Rake [^ ]+$"


def _read_total_pots(
    lines: Strings, owner: Ints, hands: Hands, ok: Bools
) -> tuple[Ints, Ints, Ints, Any]:
    """ "Total pot $4.85 | Rake $0.20" and "Total pot $102.81 Main pot $72.69. Side pot
    $28.12. | Rake $2" read in place; any other shape ("Total pot 6195 Main pot 4170. Side
    pot-1 399. Side pot-2 1626. | Rake 0") by `read_total_pot`, once per distinct line.
    A hand's last Total pot line counts."""
    decimals = hands.decimals[owner]
    total, rake = np.full(len(owner), -1, np.int64), np.zeros(len(owner), np.int64)
    main = np.full(len(owner), -1, np.int64)
    sides: dict[int, tuple[int, ...]] = {}  # rows with side pots
    plain = np.flatnonzero(matches(lines, _PLAIN_TOTAL))
    found = take(lines, plain)
    bar = find(found, " | Rake ")
    total_ok = _amounts_into(total, plain, found, np.full(len(plain), 10), bar, decimals)
    rake_ok = _amounts_into(rake, plain, found, bar + 8, lengths(found), decimals)
    other = np.ones(len(owner), np.bool_)
    other[plain[total_ok & rake_ok]] = False
    other[_read_one_side_pot(lines, total, rake, main, sides, decimals)] = False
    rows = np.flatnonzero(other)
    key = codes(take(lines, rows))[0] * 8 + decimals[rows]
    first, inverse = distinct(key)
    texts = take(lines, rows[first]).to_pylist()
    grouped = rows[np.argsort(inverse, kind="stable")]
    bounds = np.searchsorted(np.sort(inverse), np.arange(len(first) + 1)).tolist()
    for index, (text, places) in enumerate(zip(texts, decimals[rows[first]].tolist(), strict=True)):
        at = grouped[bounds[index] : bounds[index + 1]]
        try:
            pots = read_total_pot(str(text), money_reader(places))
        except ValueError:
            decline(ok, owner[at])
            continue
        total[at], rake[at], main[at] = pots[0], pots[1], -1 if pots[2] is None else pots[2]
        if pots[3]:
            sides.update(dict.fromkeys(at.tolist(), pots[3]))
    last = np.full(len(ok), -1, np.int64)
    np.maximum.at(last, owner, np.arange(len(owner)))
    has = last >= 0
    hand_total, hand_rake, hand_main = (np.full(len(ok), fill, np.int64) for fill in (-1, 0, -1))
    chosen = last[has]
    hand_total[has], hand_rake[has], hand_main[has] = total[chosen], rake[chosen], main[chosen]
    return hand_total, hand_rake, hand_main, _side_pots(last, sides)


def _read_one_side_pot(
    lines: Strings,
    total: Ints,
    rake: Ints,
    main: Ints,
    sides: dict[int, tuple[int, ...]],
    decimals: Ints,
) -> Ints:
    """The Total pot lines with a main pot and one side pot, read into the arrays; returns
    the rows read."""
    rows = np.flatnonzero(matches(lines, _ONE_SIDE_POT))
    found = take(lines, rows)
    main_at, side_at, bar = (
        find(found, " Main pot "),
        find(found, ". Side pot"),
        find(found, ". | Rake "),
    )
    numbered = byte_at(found, side_at + 10) == ord("-")  # "Side pot-1 $28.12."
    side = np.zeros(len(rows), np.int64)
    read = _amounts_into(total, rows, found, np.full(len(rows), 10), main_at, decimals)
    read &= _amounts_into(main, rows, found, main_at + 10, side_at, decimals)
    read &= _amounts_into(
        side, np.arange(len(rows)), found, side_at + np.where(numbered, 13, 11), bar, decimals[rows]
    )
    read &= _amounts_into(rake, rows, found, bar + 9, lengths(found), decimals)
    sides.update(
        {row: (value,) for row, value in zip(rows[read].tolist(), side[read].tolist(), strict=True)}
    )
    return rows[read]


def _amounts_into(
    values: Ints, rows: Ints, lines: Strings, begin: Ints, end: Ints, decimals: Ints
) -> Bools:
    found, amount_ok = minor_units(substrings(lines, begin, end), decimals[rows])
    values[rows[amount_ok]] = found[amount_ok]
    return amount_ok


def _side_pots(last: Ints, sides: dict[int, tuple[int, ...]]) -> Any:
    """Each hand's side pots (those of the Total pot line that counts), as a list array."""
    rows = np.array(sorted(sides), np.int64)
    size = np.array([len(sides[row]) for row in rows.tolist()], np.int64)
    values = np.array([value for row in rows.tolist() for value in sides[row]], np.int64)
    place = np.minimum(np.searchsorted(rows, last), max(len(rows) - 1, 0))
    has = rows[place] == last if len(rows) else np.zeros(len(last), np.bool_)
    count = np.where(has, size[place] if len(rows) else 0, 0)
    first = np.concatenate([[0], np.cumsum(size)[:-1]]).astype(np.int64)
    picked, _ = ranges(first[place[has]], first[place[has]] + count[has])
    offsets = np.zeros(len(last) + 1, np.int32)
    np.cumsum(count, out=offsets[1:])
    lists: Any = pa.ListArray  # its stubs know no int32 offsets given as an Array
    return lists.from_arrays(arrow(offsets).cast(pa.int32()), arrow(values[picked]))


def _read_seat_lines(
    lines: Strings, owner: Ints, order: Ints, hands: Hands, seats: Seats, body: Body, ok: Bools
) -> tuple[Rows, Rows]:
    """ "Seat 3: Player0 (button) (small blind) showed [..] and won ($40.75) with ..."."""
    colon = find(lines, ": ")
    seat, digits = small_integers(lines, np.full(len(owner), 5), colon)
    width = 10_000
    seat_keys = seats.owner * width + seats.seat
    sorted_at = np.argsort(seat_keys, kind="stable")
    wanted = owner * width + seat
    place = np.minimum(np.searchsorted(seat_keys[sorted_at], wanted), max(len(seat_keys) - 1, 0))
    place = sorted_at[place] if len(seat_keys) else place
    known = digits & (seat_keys[place] == wanted) if len(seat_keys) else digits & False
    player = take(seats.player, place)
    name_size = lengths(player)
    text_at = colon + 2
    size = lengths(lines)
    named = bools(
        pc.equal(substrings(lines, text_at, np.minimum(text_at + name_size, size)), player)
    )
    after = text_at + name_size
    spaced = (after == size) | (byte_at(lines, after) == ord(" "))
    usual = known & named & spaced & (colon > 5)
    decline(ok, owner[~usual])
    rest = substrings(lines, np.minimum(after + 1, size), size)
    # the texts that say more than a fold, looked for with one pattern; what each says,
    # among those only
    telling = np.flatnonzero(matches(rest, r"(?:won|collected) \(|(?:showed|mucked) \["))
    said = take(rest, telling)
    won, won_ok = _read_won(said, telling, hands.decimals[owner])
    decline(ok, owner[~won_ok])
    summaries = {"owner": owner, "seat": seat, "player": player, "text": rest, "won": won}
    cards = _summary_cards(said, telling, owner, order, player, place, body, ok)
    return summaries, cards


def _read_won(said: Strings, telling: Ints, decimals: Ints) -> tuple[Ints, Bools]:
    """ "... and won ($40.75) with ...", "(small blind) collected ($1.90)": the amount
    (-1: none) and whether the text is one of the shapes taken here, for every seat line
    (`said`: the texts of the rows `telling`, the only ones that may say it)."""
    says = np.flatnonzero(
        matches(said, r"(?:won|collected) \(")
    )  # one pass: faster than two substrings
    rows = telling[says]
    amount = np.full(len(decimals), -1, np.int64)
    ok = np.ones(len(decimals), np.bool_)
    found, ok[rows] = _read_won_amounts(take(said, says), decimals[rows])
    amount[rows] = found
    return amount, ok


def _read_won_amounts(rest: Strings, decimals: Ints) -> tuple[Ints, Bools]:
    # `summary_won`'s usual case: one "won" or "collected" in the text
    once = ~matches(rest, "(?:won|collected).*(?:won|collected)")
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
    return amount, once & (start >= 0) & (close >= 0) & amount_ok


_SUMMARY_SOURCES = (("showed [", 3), ("mucked [", 2))


def _summary_cards(
    said: Strings, telling: Ints, owner: Ints, order: Ints, player: Strings, seat: Ints,
    body: Body, ok: Bools,
) -> Rows:  # fmt: skip
    """The cards of "showed [..]" and "mucked [..]" (among `said`, the texts of the seat
    lines `telling`), less those the player (at the seat row `seat`) showed before."""
    parts: list[Rows] = []
    shows = np.flatnonzero(matches(said, "(?:showed|mucked) \\["))
    bracketed, some = telling[shows], take(said, shows)
    for word, source in _SUMMARY_SOURCES:
        start = find(some, word)
        within = np.flatnonzero(start >= 0)
        rows = bracketed[within]
        found = take(some, within)
        begin = start[within] + 7
        close = find(substrings(found, begin, lengths(found)), "]")
        text, indexes, cards_ok = bracketed_cards(substrings(found, begin, begin + close + 1))
        cards_ok &= close >= 0
        decline(ok, owner[rows[~cards_ok]])
        names = take(player, rows)
        seen = _seen(seat[rows], text, body.shown)
        keep = np.flatnonzero(~seen)
        parts.append({
            "owner": owner[rows][keep], "order": order[rows][keep] * 2 + int(source == 2),
            "player": take(names, keep),
            "street": np.full(len(keep), SHOWDOWN), "source": np.full(len(keep), source),
            "cards": take(text, keep), "card_indexes": take(indexes, keep),
        })  # fmt: skip
    return joined_rows(*parts)


def _seen(seat: Ints, text: Strings, shown: Rows) -> Bools:
    """Whether the player at each seat row showed these cards in the body ("bob: shows
    [..]"; seat rows are distinct across hands)."""
    rows = np.flatnonzero(shown["source"] == 1)
    here, there = codes(text, take(shown["cards"], rows))
    width = int(max(here.max(initial=0), there.max(initial=0))) + 1
    return member(seat * width + here, shown["seat"][rows] * width + there)
