"""The summary of hands read column-wise by a site's rules: the lines after the body's
end (`ColumnFormat.summary_start`), every hand of a chunk at once.

Its pot line gives the total pot, the rake and the other fees (one such line a hand);
its board line must be the board the street lines dealt; each seat line ("Seat 3: bob
(button) showed [..] and won ($4)") gives the seat's summary row, what it says was won
and the cards it shows. As in `parsers._base.column_body`, a line of a shape not read
here makes its hand not ok.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyarrow.compute as pc

from parsers._base.column_actions import STREETS, read_amounts
from parsers._base.column_body import SOURCES, Body, first_shown, not_shown_before
from parsers._base.column_format import ColumnFormat
from parsers._base.column_rules import match_rules, unread
from parsers._base.column_seats import Hands, Seats, decline
from parsers._base.columns import (
    Bools,
    Ints,
    Rows,
    Strings,
    bools,
    bracketed_cards,
    byte_at,
    equal_parts,
    find,
    ints,
    joined_rows,
    lengths,
    small_integers,
    starts_with,
    substrings,
    take,
    texts,
)
from tracker.model import CardSource

_SUMMARY = SOURCES.index(CardSource.SUMMARY.value)
_MUCKED = SOURCES.index(CardSource.MUCKED.value)
_SHOWN_SOURCES = [SOURCES.index(CardSource.SHOWN.value), SOURCES.index(CardSource.MUCKED.value)]


@dataclass(frozen=True, slots=True)
class Summary:
    """The summary lines read: per hand its pot figures, and the rows of its seat lines."""

    total_pot: Ints  # per hand
    rake: Ints  # per hand (-1: the site wrote none)
    jackpot_fee: Ints  # per hand: the other fees
    summaries: Rows  # owner, order, seat (number), seat_row, player, text, won (-1: none), low
    cards: Rows  # the seat lines' cards, as `Body.cards`


def read_summary(
    lines: Strings,
    at: Ints,
    owner: Ints,
    hands: Hands,
    seats: Seats,
    body: Body,
    ok: Bools,
    rules: ColumnFormat,
) -> Summary:
    """Read the summary lines at `at` (hand `owner` each, in line order) by `rules`."""
    text = take(lines, at)
    size = lengths(text)
    seat_line = starts_with(text, rules.summary_seat)
    other = np.flatnonzero((size > 0) & ~seat_line)
    found = match_rules(take(text, other), rules.summary)
    decline(ok, owner[other[unread(len(other), found)]])
    count = len(hands.heads)
    total, rake, fees = np.full(count, -1), np.full(count, -1), np.zeros(count, np.int64)
    totals = np.zeros(count, np.int64)
    for read in found:
        places = other[read.rows]
        hand = owner[places]
        event = read.rule.event
        if event == "line_reader":
            decline(ok, hand)
        elif event == "board":
            written = read.group("cards")
            if rules.summary_board_padded:
                written = pc.replace_substring_regex(written, " +\\]$", "]")
            cards, _, good = bracketed_cards(written)
            good &= bools_equal(cards, take(body.board["cards"], hand))
            decline(ok, hand[~good])
        elif event == "total":
            np.add.at(totals, hand, 1)
            decimals = hands.decimals[hand]
            total[hand] = read_amounts(read.group("total"), decimals, hand, ok)
            for name in read.groups.type.names:
                if name == "rake" or name.startswith("fee"):
                    written = read.group(name)
                    given = np.flatnonzero(lengths(written) > 0)  # a part the line has
                    values = read_amounts(take(written, given), decimals[given], hand[given], ok)
                    if name == "rake":
                        rake[hand[given]] = values
                    else:
                        fees[hand[given]] += values
    if not rules.summary_in_body:
        decline(ok, np.flatnonzero(totals != 1))
    if rules.rake_unwritten_is_zero:
        rake = np.maximum(rake, 0)
    if rules.total_net_of_rake:
        total = total + np.maximum(rake, 0)
    if rules.uncalled_unwritten:  # the site's total counts the bets it pays back
        np.subtract.at(total, body.returned["owner"], body.returned["amount"])
    summaries, cards = _seat_lines(text, np.flatnonzero(seat_line), at, owner, hands, seats,
                                   body, ok, rules)  # fmt: skip
    return Summary(total, rake, fees, summaries, cards)


def bools_equal(left: Strings, right: Strings) -> Bools:
    """Row by row, whether two text columns are equal (a null equals nothing)."""
    return bools(pc.equal(texts(left), texts(right)))  # bools: null as False


def _seat_lines(
    text: Strings,
    rows: Ints,
    at: Ints,
    owner: Ints,
    hands: Hands,
    seats: Seats,
    body: Body,
    ok: Bools,
    rules: ColumnFormat,
) -> tuple[Rows, Rows]:
    """The summary rows of the seat lines: the seat number, its player (whose name,
    then a space, follows "Seat 3: "), the text after the name, what it says was won
    (and of it, the low half: `ColumnFormat.summary_won_low`)."""
    hand = owner[rows]
    lines = take(text, rows)
    size = lengths(lines)
    colon = find(lines, ": ")
    number, good = small_integers(lines, np.full(len(rows), len(rules.summary_seat)), colon)
    # the seat row of that number in the hand
    seat_key = seats.owner * 1024 + seats.seat
    order = np.argsort(seat_key, kind="stable")
    key = hand * 1024 + number
    place = np.minimum(np.searchsorted(seat_key[order], key), max(len(order) - 1, 0))
    seat = order[place] if len(order) else np.zeros(len(rows), np.int64)
    good &= (seat_key[seat] == key) if len(order) else False
    name_size = lengths(seats.player)[seat]
    start = colon + 2
    good &= equal_parts(lines, start, start + name_size, take(seats.player, seat))
    good &= byte_at(lines, start + name_size) == ord(" ")
    good &= byte_at(lines, size - 1) != ord(" ")  # the site's reader strips the line's end
    decline(ok, hand[~good])
    said = substrings(lines, start + name_size + 1, size)
    if rules.summary_text_stripped:
        said = pc.utf8_ltrim_whitespace(said)
    won = _won(said, rules.summary_won, hand, hands, ok)
    low = np.full(len(rows), -1, np.int64)
    if rules.summary_won_low:
        low = _won(said, rules.summary_won_low, hand, hands, ok)
        both = np.maximum(won, 0) + np.maximum(low, 0)
        won = np.where(both > 0, both, -1)  # nothing won of either half: none
    summaries = {"owner": hand, "order": at[rows], "seat": number, "seat_row": seat,
                 "player": take(seats.player, seat), "text": said, "won": won,
                 "low": np.maximum(low, 0)}  # fmt: skip
    cards = _seat_cards(said, rows, at, hand, seat, body, ok, rules)
    return summaries, cards


def _won(said: Strings, pattern: str, hand: Ints, hands: Hands, ok: Bools) -> Ints:
    """The amount `pattern` (group `amount`) finds in each seat line's text (-1: none; a
    hand where it finds two is not ok)."""
    won = np.full(len(said), -1, np.int64)
    if not pattern:
        return won
    times = ints(pc.count_substring_regex(said, pattern))
    decline(ok, hand[times > 1])
    once = np.flatnonzero(times == 1)
    amounts = pc.extract_regex(take(said, once), pattern).field("amount")
    won[once] = read_amounts(amounts, hands.decimals[hand[once]], hand[once], ok)
    return won


def _seat_cards(
    said: Strings, rows: Ints, at: Ints, hand: Ints, seat: Ints, body: Body, ok: Bools,
    rules: ColumnFormat,
) -> Rows:  # fmt: skip
    """The cards a seat line shows ("showed [..]", as `CardSource.SUMMARY`; "mucked [..]"
    by `ColumnFormat.summary_mucked`, as `CardSource.MUCKED`), unless its player showed
    the same cards in the body."""
    empty = {name: values[:0] for name, values in body.cards.items()}
    written_as = ((rules.summary_cards, _SUMMARY), (rules.summary_mucked, _MUCKED))
    kinds = [(pattern, source) for pattern, source in written_as if pattern]
    if not kinds:
        return empty
    found = [(bools(pc.match_substring_regex(said, pattern)), pattern, source)
             for pattern, source in kinds]  # fmt: skip
    shows = sum(matched.astype(np.int64) for matched, _, _ in found)
    brackets = ints(pc.count_substring(said, "[")) + ints(pc.count_substring(said, "]"))
    decline(ok, hand[(brackets != 2 * shows) | (shows > 1)])  # cards the patterns miss
    shown_before = np.isin(body.cards["source"], _SHOWN_SOURCES)
    earlier = np.flatnonzero(shown_before)
    before = (body.cards["seat"][earlier], take(body.cards["cards"], earlier))
    parts = []
    for matched, pattern, source in found:
        showing = np.flatnonzero(matched)
        if not len(showing):
            continue
        written = pc.extract_regex(take(said, showing), pattern).field("cards")
        cards, indexes, good = bracketed_cards(written)
        decline(ok, hand[showing[~good]])
        owners = hand[showing]
        if source == _MUCKED:  # recorded once, as the builder records cards shown
            decline(ok, owners[~first_shown(owners * 1024 + seat[showing], cards)])
        keep = np.flatnonzero(not_shown_before(seat[showing], cards, before))
        parts.append({
            "owner": owners[keep], "order": at[rows[showing[keep]]], "seat": seat[showing[keep]],
            "street": np.full(len(keep), STREETS.index(rules.summary_street))
            if rules.summary_street else body.last_street[owners[keep]],
            "source": np.full(len(keep), source),
            "cards": take(cards, keep), "card_indexes": take(indexes, keep),
        })  # fmt: skip
    return joined_rows(*parts) if parts else empty
