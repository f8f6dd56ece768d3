"""A line site read column-wise: thousands of hands at once into the store's tables, by
the site's rules (`parsers._base.column_format`), its line-by-line reader kept for the
hands the rules do not read.

The line-by-line reader runs Python code for every line, a microsecond or more each.
A `ColumnLineSite` cuts a file into chunks (`parsers._base.column_chunks`), holds a
chunk's lines in one Arrow array and reads each kind of line for all its hands together:
the header and table lines (`parsers._base.column_heads`: the facts read by the site's
own reader once per distinct pair of lines), the seats (`parsers._base.column_seats`),
the body (`parsers._base.column_body`) and the summary
(`parsers._base.column_summary`), then the tables (`parsers._base.column_tables`). Any
hand with something the rules do not read, or that the builder would refuse, is handed
back as text, untouched, to the line-by-line reader, which then reads it or says why it
cannot. Both give the same rows for every hand read here: a test compares them over
every shared file of each such site.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator
from dataclasses import replace
from itertools import pairwise
from typing import ClassVar

import numpy as np
import pyarrow.compute as pc

from parsers._base.builder import HandBuilder, HeaderFacts
from parsers._base.column_actions import KINDS
from parsers._base.column_body import HALVES, Body, read_body
from parsers._base.column_chunks import HandTexts, all_texts, chunk_cuts, chunk_items, frame
from parsers._base.column_format import STARS_SEAT, ColumnFormat
from parsers._base.column_heads import Heads, read_heads
from parsers._base.column_rounds import rounds_unwritten
from parsers._base.column_seats import (
    Seats,
    decline,
    ranges,
    read_seats,
    read_seats_by,
    repeated,
    shadowing,
)
from parsers._base.column_summary import Summary, read_summary
from parsers._base.column_tables import hand_tables, sums
from parsers._base.columns import (
    Bools,
    Ints,
    Lines,
    Rows,
    Strings,
    equal,
    ints,
    joined_rows,
    list_sizes,
)
from parsers._base.lines import LineSite
from parsers._base.text import HandText
from tracker.engine.pots import payment_pots
from tracker.errors import HandHistoryError, ShowdownError
from tracker.hand_block import HandBlock

_FOLD = KINDS.index("fold")


class ColumnLineSite(LineSite):
    """A `LineSite` whose usual hands are read column-wise.

    Subclasses set, besides the `LineSite` attributes, `header_start` (the literal
    every header line starts with), `header_columns` (the RE2 pattern of a header line,
    `parsers._base.column_heads`), `column_format` (the rules of the body and summary)
    and `read_header` (the lines before the seats read as the site's reader reads them).
    """

    header_start: ClassVar[str]
    header_columns: ClassVar[str]
    column_format: ClassVar[ColumnFormat]

    def header_facts(self, lines: list[str]) -> tuple[HeaderFacts, int] | None:
        """The facts of a hand's first lines (`ColumnFormat.head_lines`), and the
        decimals of its amounts, as the site's reader reads them (None: not a hand read
        here)."""
        hand = HandBuilder(self.site, HandText(lines, 1), None)
        try:
            decimals = self.read_header(hand)
        except (HandHistoryError, ValueError, IndexError):
            return None
        return hand.header, decimals

    @abstractmethod
    def read_header(self, hand: HandBuilder) -> int:
        """Read the first lines of `hand` (its only lines: the header and the lines
        before the seats) as the site's reader does; the decimals of its amounts."""

    def read_blocks(self, text: str, file: str | None) -> Iterator[HandBlock | HandText]:
        """The hands of a whole decoded file, in file order: runs of hands read
        column-wise as blocks, the others as texts for the line-by-line reader."""
        first_line = 1
        for begin, end in pairwise(chunk_cuts(text, self.header_start, self.hand_start)):
            items, newlines = self._read_chunk(text[begin:end], file, first_line)
            yield from items
            first_line += newlines

    def _read_chunk(
        self, piece: str, file: str | None, first_line: int
    ) -> tuple[list[HandBlock | HandText], int]:
        lines = Lines(piece).array
        found = frame(lines, self.header_start, self.hand_start.pattern)
        if found is None:
            return all_texts(piece, first_line, self.hand_start), len(lines) - 1
        heads, ends = found
        ok = np.ones(len(heads), np.bool_)
        read = _read_hands(lines, heads, ends, ok, self)
        if read is None:
            return all_texts(piece, first_line, self.hand_start), len(lines) - 1
        rules = self.column_format
        tables, counts = hand_tables(
            *read, ok, file, first_line + heads,
            posted_blinds=rules.posted_blinds, blinds_from_posts=rules.blinds_from_posts,
        )  # fmt: skip
        texts = HandTexts(lines, first_line, heads)
        return chunk_items(self.site, texts, ok, tables, counts), len(lines) - 1


def _read_hands(
    lines: Strings, heads: Ints, ends: Ints, ok: Bools, site: ColumnLineSite
) -> tuple[Heads, Seats, Body, Summary] | None:
    """Every part of the hands framed by `heads` and `ends`; None when none is ok."""
    rules = site.column_format
    site_heads = read_heads(lines, heads, ends, site.header_columns, rules, site.header_facts, ok)
    hands = site_heads.hands
    if not rules.stud:
        ok &= ~hands.stud  # stud's streets, up cards and bring-in: the line reader's
    if not ok.any():
        return None
    start = heads + rules.head_lines
    seats = (
        read_seats(lines, hands, ok, start, sitting_out=False)
        if rules.seat == STARS_SEAT
        else read_seats_by(lines, hands, ok, start, rules.seat, blank=rules.blank_seat_lines,
                           space=rules.amount_space)
    )  # fmt: skip
    counted = site_heads.seat_count >= 0
    decline(ok, np.flatnonzero(counted & (seats.count != site_heads.seat_count)))
    for mark in rules.hard_names:
        decline(ok, seats.owner[ints(pc.find_substring(seats.player, mark)) >= 0])
    decline(ok, shadowing(seats, rules.separator))
    summary_at = _summary_lines(lines, seats.end, ends, rules.summary_start, ok)
    if rules.summary_in_body:  # the body's rules read the summary's lines
        summary_at = np.where(ok, ends, summary_at)
    at, owner = ranges(np.where(ok, seats.end, 0), np.where(ok, summary_at, 0))
    body = read_body(lines, at, owner, hands, seats, ok, rules)
    if rules.rounds_from_betting:
        rounds_unwritten(body, seats, ok)
    at, owner = ranges(np.where(ok, summary_at + 1, 0), np.where(ok, ends, 0))
    summary = read_summary(lines, at, owner, hands, seats, body, ok, rules)
    if rules.summary_payments:
        body = replace(body, collections=_summary_payments(body, summary, len(heads)))
    if rules.total_unwritten:
        body, summary = _total_put_in(body, summary, seats, site_heads, ok, rules.pots_by_payments)
    if rules.halves_from_summary:
        body = replace(body, collections=_paid_by_halves(body, summary, seats, ok))
    if rules.rake_unwritten_is_rest:
        collected = sums(body.collections["owner"], body.collections["amount"], len(heads))
        rest = np.where(summary.rake < 0, summary.total_pot - collected, summary.rake)
        summary = replace(summary, rake=np.where(rest >= 0, rest, -1))
    _check_cards(ok, body, summary)
    return (site_heads, seats, body, summary) if ok.any() else None


def _summary_payments(body: Body, summary: Summary, hands: int) -> Rows:
    """The body's payments, and for each hand whose body writes none, what its summary
    seat lines say was won (`ColumnFormat.summary_payments`)."""
    paid = np.zeros(hands, np.bool_)
    paid[body.collections["owner"]] = True
    rows = summary.summaries
    won = np.flatnonzero((rows["won"] >= 0) & ~paid[rows["owner"]])
    found = joined_rows(body.collections, {
        "owner": rows["owner"][won], "order": rows["order"][won], "seat": rows["seat_row"][won],
        "amount": rows["won"][won], "pot": np.zeros(len(won), np.int64),
        "half": np.zeros(len(won), np.int64),
    })  # fmt: skip
    order = np.argsort(found["order"], kind="stable")
    return {name: values[order] for name, values in found.items()}


def _total_put_in(
    body: Body, summary: Summary, seats: Seats, site_heads: Heads, ok: Bools, rake_name: str
) -> tuple[Body, Summary]:
    """The total pot and rake of hands that write none (`ColumnFormat.total_unwritten`):
    what was put in less what was given back, and what it leaves after the payments
    (none in tournaments); with `rake_name`, the payments' pots of the hands with a
    player all in (`ColumnFormat.pots_by_payments`)."""
    count = len(ok)
    actions, collections = body.actions, body.collections
    total = sums(actions["owner"], actions["amount"], count)
    total -= sums(body.returned["owner"], body.returned["amount"], count)
    paid = sums(collections["owner"], collections["amount"], count)
    tournament = np.array([fact is not None and fact.tournament is not None
                           for fact in site_heads.facts], np.bool_)[site_heads.fact_of]  # fmt: skip
    rake = np.where(tournament, 0, np.maximum(total - paid, 0))
    if rake_name:
        all_in = np.bincount(actions["owner"][actions["all_in"]], minlength=count) > 0
        pots = _payment_pots(body, seats, rake, np.flatnonzero(all_in & ok), ok, rake_name)
        body = replace(body, collections={**collections, "pot": pots})
    return body, replace(summary, total_pot=total, rake=rake)


def _payment_pots(
    body: Body, seats: Seats, rake: Ints, hands: Ints, ok: Bools, rake_name: str
) -> Ints:
    """The payments' pots, those of `hands` (a few: one by one) filling the pots built
    from what each seat put in (`tracker.engine.pots.payment_pots`)."""
    rows = len(seats.owner)
    actions, collections = body.actions, body.collections
    put_in = sums(actions["seat"], actions["amount"], rows)
    put_in -= sums(body.returned["seat"], body.returned["amount"], rows)
    folded = sums(actions["seat"], (actions["kind"] == _FOLD).astype(np.int64), rows) > 0
    pots: Ints = collections["pot"].copy()
    starts = np.searchsorted(collections["owner"], hands)  # payments in hand order
    stops = np.searchsorted(collections["owner"], hands, side="right")
    for hand, start, stop in zip(hands.tolist(), starts.tolist(), stops.tolist(), strict=True):
        first, size = int(seats.first[hand]), int(seats.count[hand])
        paying = np.arange(start, stop)
        try:
            pots[paying] = payment_pots(
                put_in[first : first + size].tolist(), folded[first : first + size].tolist(),
                collections["amount"][paying].tolist(), int(rake[hand]), rake_name,
            )  # fmt: skip
        except ShowdownError:
            ok[hand] = False
    return pots


def _paid_by_halves(body: Body, summary: Summary, seats: Seats, ok: Bools) -> Rows:
    """The body's payments, each player's in the halves its summary seat line gives
    where the hand pays a low from the main pot alone (`ColumnFormat.halves_from_summary`);
    a hand whose payments and summary disagree is not ok."""
    paid, rows = body.collections, summary.summaries
    decline(ok, rows["owner"][repeated(rows["owner"], rows["seat_row"])])
    won, low = np.zeros(len(seats.owner), np.int64), np.zeros(len(seats.owner), np.int64)
    np.add.at(won, rows["seat_row"], np.maximum(rows["won"], 0))
    np.add.at(low, rows["seat_row"], rows["low"])
    total = sums(paid["seat"], paid["amount"], len(seats.owner))
    decline(ok, seats.owner[total != won])
    halved = np.zeros(len(ok), np.bool_)
    halved[rows["owner"][rows["low"] > 0]] = True
    halved[paid["owner"][paid["pot"] > 0]] = False
    kept = np.flatnonzero(~halved[paid["owner"]])
    first = np.flatnonzero(halved[paid["owner"]] & ~repeated(paid["owner"], paid["seat"]))
    seat = paid["seat"][first]
    parts = [{name: values[kept] for name, values in paid.items()}]
    for half, amount in (("hi", won[seat] - low[seat]), ("lo", low[seat])):
        some = np.flatnonzero(amount > 0)
        parts.append({
            "owner": paid["owner"][first[some]], "order": paid["order"][first[some]],
            "seat": seat[some], "amount": amount[some], "pot": np.zeros(len(some), np.int64),
            "half": np.full(len(some), HALVES.index(half)),
        })  # fmt: skip
    found = joined_rows(*parts)
    order = np.lexsort((found["half"], found["order"]))
    return {name: values[order] for name, values in found.items()}


def _summary_lines(lines: Strings, start: Ints, ends: Ints, marker: str, ok: Bools) -> Ints:
    """Each hand's summary line: the first line after `start` that is `marker` (the
    hand not ok when it has none)."""
    found = np.flatnonzero(equal(lines, marker))
    after = np.searchsorted(found, start)
    at = found[np.minimum(after, max(len(found) - 1, 0))] if len(found) else np.zeros_like(start)
    ok &= (after < len(found)) & (at < ends)
    return np.where(ok, at, start)


def _check_cards(ok: Bools, body: Body, summary: Summary) -> None:
    """Every card of a hand has one holder (a player's seat row, or the board): the hand
    is not ok otherwise ("dealt twice")."""
    owners, holders, indexes = [], [], []
    for cards in (body.cards, summary.cards):
        sizes = list_sizes(cards["card_indexes"])
        owners.append(np.repeat(cards["owner"], sizes))
        holders.append(np.repeat(cards["seat"], sizes))
        indexes.append(ints(pc.list_flatten(cards["card_indexes"])))
    board = body.board["card_indexes"]
    sizes = list_sizes(board)
    owners.append(np.repeat(np.arange(len(sizes)), sizes))
    holders.append(np.full(int(sizes.sum()), -1, np.int64))
    indexes.append(ints(pc.list_flatten(board)))
    owner, holder, index = (np.concatenate(parts) for parts in (owners, holders, indexes))
    key = owner * 64 + index
    order = np.lexsort((holder, key))
    key, holder, owner = key[order], holder[order], owner[order]
    clash = (key[1:] == key[:-1]) & (holder[1:] != holder[:-1])
    decline(ok, owner[1:][clash])
