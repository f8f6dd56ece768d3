"""The body of hands read column-wise by a site's rules (`parsers._base.column_format`):
the lines from the seats to the summary, every hand of a chunk at once, into the rows
the `HandBuilder` keeps.

The bookkeeping is the builder's, for whole columns: a street line starts a betting
round, the actions' chips are counted as the builder counts them
(`parsers._base.column_actions`), each card belongs to one holder, the shown cards are
recorded once. A hand with a line no rule reads, a name of no seated player, an amount or cards
that do not read, or anything the builder would refuse is marked not ok: the
line-by-line reader then reads it, or says why it cannot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from parsers._base.column_actions import STREETS, ChunkLines
from parsers._base.column_format import ColumnFormat
from parsers._base.column_rules import Read, match_rules, unread
from parsers._base.column_seats import (
    Hands,
    Seats,
    decline,
    named_apart,
    repeated,
    seat_of,
    seated,
    unmarked,
)
from parsers._base.column_stud import StudDealt, stud_dealt
from parsers._base.column_uncalled import uncalled_bets
from parsers._base.columns import (
    TEXT,
    Bools,
    Ints,
    Rows,
    Strings,
    arrow,
    bools,
    bracketed_cards,
    codes,
    distinct,
    find,
    joined_rows,
    last_at_or_before,
    lengths,
    list_array,
    list_sizes,
    pick,
    small_integers,
    substrings,
    take,
    texts,
)
from tracker.model import CardSource, Street

SOURCES = [source.value for source in CardSource]
"""The card sources by code."""
HALVES = ["", "hi", "lo"]
"""The halves a payment names, by code ("": none)."""

_PREFLOP, _THIRD = STREETS.index(Street.PREFLOP.value), STREETS.index(Street.THIRD.value)
_DEALT, _UP = SOURCES.index(CardSource.DEALT.value), SOURCES.index(CardSource.UP.value)
_SHOWDOWN = STREETS.index(Street.SHOWDOWN.value)


@dataclass(frozen=True, slots=True)
class Body:
    """The body lines read. Row tables are in line order (`order`: the line's place in
    the chunk); `owner` is each row's hand, `seat` its player's seat row."""

    actions: Rows  # owner, order, seat, street, kind, amount, to_amount (-1: none), all_in
    cards: Rows  # owner, order, seat, street, source, cards, card_indexes
    returned: Rows  # owner, order, seat, amount
    collections: Rows  # owner, order, seat, amount, pot, half (`HALVES` code)
    board: Rows  # per hand: cards (text, null: no board), card_indexes
    hero: Strings  # per hand: the player dealt to (null: none)
    last_street: Ints  # per hand: the street its last lines are on
    button: Ints  # per hand: the button's seat a body line gives (-1: none)
    halves_unnamed: Bools  # per hand: paid, and no payment or line names a half
    blinds: Ints  # per hand: the last small and big blind of the "post" rules (-1: none)


def read_body(
    lines: Strings,
    at: Ints,
    owner: Ints,
    hands: Hands,
    seats: Seats,
    ok: Bools,
    rules: ColumnFormat,
) -> Body:
    """Read the body lines at `at` (hand `owner` each, in line order) by `rules`."""
    text = take(lines, at)
    size = lengths(text)
    separator = find(text, rules.separator)
    named = np.flatnonzero((size > 0) & (separator > 0))
    name_end = unmarked(text, named, separator[named], rules.hero_mark)
    seat_at = np.full(len(at), -1, np.int64)
    seat_at[named] = seat_of(lines, at[named], name_end, owner[named], seats)
    begin_at = separator + len(rules.separator.encode())
    apart = named_apart(lines, at, owner, seats, rules.separator)
    seat_at[apart["place"]], begin_at[apart["place"]] = apart["seat"], apart["begin"]
    player_rows = np.flatnonzero(seat_at >= 0)
    player_seat, begin = seat_at[player_rows], begin_at[player_rows]
    rest = substrings(text, begin, size[player_rows], player_rows)
    played = match_rules(rest, rules.players)
    is_player = np.zeros(len(at), np.bool_)
    is_player[player_rows] = True
    other_rows = np.flatnonzero((size > 0) & ~is_player)
    others = match_rules(take(text, other_rows), rules.lines)
    decline(ok, owner[player_rows[unread(len(player_rows), played)]])
    decline(ok, owner[other_rows[unread(len(other_rows), others)]])
    for read in others:
        if read.rule.event == "line_reader":
            decline(ok, owner[other_rows[read.rows]])

    street = _streets(others, other_rows, owner, hands, ok, once=rules.street_once)
    for reads, rows in ((played, player_rows), (others, other_rows)):
        _check_streets(reads, rows, owner, street, ok)
    lines_of = _Lines(at, owner, street, hands, seats, ok, rules)
    players = (played, player_rows, player_seat)
    board = lines_of.board(others, other_rows)
    actions, blinds = lines_of.actions(*players, rules.raise_completes)
    dealt, hero = lines_of.dealt(others, other_rows, players, rules.hidden_card)
    shown = lines_of.shown(*players, dealt, rules.shown_street)
    returned = lines_of.paid(others, other_rows, "returned", players)
    collections = lines_of.paid(others, other_rows, "collect", players)
    if len(returned["owner"]) and len(actions["owner"]):  # a bet returned, then betting
        last_action = np.full(len(hands.heads), -1, np.int64)
        np.maximum.at(last_action, actions["owner"], actions["order"])
        decline(ok, returned["owner"][last_action[returned["owner"]] > returned["order"]])
    ends = np.flatnonzero(np.append(owner[1:] != owner[:-1], True)) if len(owner) else owner
    last_street = np.where(hands.stud, _THIRD, _PREFLOP)
    last_street[owner[ends]] = street[ends]
    cards = joined_rows(dealt, shown)
    button = lines_of.button(others, other_rows, players)
    if rules.uncalled_unwritten:
        markers = [other_rows[read.rows] for read in others if read.rule.event == "street"
                   and read.rule.value in ("", Street.SHOWDOWN.value)]  # fmt: skip
        at_marker = np.concatenate(markers) if markers else _NONE
        round_ends = {"owner": np.concatenate([owner[at_marker], collections["owner"]]),
                      "order": np.concatenate([at[at_marker], collections["order"]])}  # fmt: skip
        returned, collections = uncalled_bets(
            actions, collections, round_ends, ok, paid_apart=rules.uncalled_paid_apart
        )
    if rules.all_in_by_stack and len(returned["owner"]):  # the stack's chips then differ
        last_action = np.full(len(hands.heads), -1, np.int64)
        np.maximum.at(last_action, actions["owner"], actions["order"])
        decline(ok, returned["owner"][last_action[returned["owner"]] > returned["order"]])
    unnamed = _halves_unnamed(text, owner, collections, len(hands.heads), rules)
    return Body(
        actions, cards, returned, collections, board, hero, last_street, button, unnamed, blinds
    )


def _halves_unnamed(
    text: Strings, owner: Ints, collections: Rows, count: int, rules: ColumnFormat
) -> Bools:
    """The hands with payments that name no half, nor a line (`rules.halves_named`)."""
    paid = np.bincount(collections["owner"], minlength=count) > 0
    if not rules.halves_named:
        return paid
    named = np.zeros(count, np.bool_)
    named[collections["owner"][collections["half"] > 0]] = True
    named[owner[bools(pc.match_substring_regex(text, rules.halves_named))]] = True
    return paid & ~named


def _check_streets(reads: list[Read], rows: Ints, owner: Ints, street: Ints, ok: Bools) -> None:
    """A hand with a line on a street its rule does not allow (`Rule.streets`) is not ok."""
    for read in reads:
        if read.rule.streets:
            places = rows[read.rows]
            allowed = [STREETS.index(name) for name in read.rule.streets]
            decline(ok, owner[places[~np.isin(street[places], allowed)]])


def _streets(
    others: list[Read], rows: Ints, owner: Ints, hands: Hands, ok: Bools, *, once: bool
) -> Ints:
    """Each body line's street: that of the last street line at or before it in its hand
    (a marker that starts no street, "*** SHOWDOWN ***", leaves it; before any, preflop or
    stud's third street). A hand whose street lines go back to an earlier street is not
    ok, nor (`once`: `ColumnFormat.street_once`) one with two lines of a street."""
    code = np.full(len(owner), -1, np.int64)
    for read in others:
        if read.rule.event == "street" and read.rule.value:
            code[rows[read.rows]] = STREETS.index(read.rule.value)
    if once:
        lines = np.flatnonzero(code >= 0)
        decline(ok, owner[lines][repeated(owner[lines], code[lines])])
    last = last_at_or_before(code >= 0)
    known = (last >= 0) & (owner[np.maximum(last, 0)] == owner)
    first = np.where(hands.stud[owner], _THIRD, _PREFLOP)
    street = np.where(known, code[np.maximum(last, 0)], first)
    back = np.flatnonzero((street[1:] < street[:-1]) & (owner[1:] == owner[:-1]))
    decline(ok, owner[back + 1])
    return street


class _Lines(ChunkLines):
    """The reading of each kind of body line, for a chunk's lines."""

    def cards(self, written: Strings, places: Ints) -> tuple[Strings, Any]:
        """Cards in brackets (text and indexes), in the site's spelling
        (`ColumnFormat.card_spelling`); a hand whose cards do not read is not ok."""
        for spelt, deck in self.rules.card_spelling:
            written = pc.replace_substring(written, spelt, deck)
        text, indexes, good = bracketed_cards(written)
        decline(self.ok, self.owner[places[~good]])
        return text, indexes

    def player(self, read: Read, places: Ints) -> Ints:
        """The seat rows of the players that group `player` names (-1, and the hand not
        ok: no seated player of that name)."""
        seat = seated(self.owner[places], read.group("player"), self.seats)
        decline(self.ok, self.owner[places[seat < 0]])
        return seat

    def board(self, others: list[Read], rows: Ints) -> Rows:
        """Each hand's board: the new cards of its street lines in turn, each street
        line's cards dealt before (group `known`, where its rule has it) checked to be
        the board so far."""
        parts = []
        for read in others:
            if read.rule.event != "street" or not read.has("cards"):
                continue
            places = rows[read.rows]
            new, indexes = self.cards(read.group("cards"), places)
            known = (
                self.cards(read.group("known"), places)[0]
                if read.has("known")
                else pa.nulls(len(places), TEXT)  # a street line that repeats no cards
            )
            parts.append({"place": places, "new": new, "indexes": indexes, "known": known})
        count = len(self.hands.heads)
        if not parts:
            return {
                "cards": pa.nulls(count, TEXT),
                "card_indexes": pa.nulls(count, pa.list_(pa.int8())),
            }
        found = joined_rows(*parts)
        order = np.argsort(found["place"], kind="stable")
        places = found["place"][order]
        owners = self.owner[places].tolist()
        new = pick(found["new"], order).to_pylist()
        known = pick(found["known"], order).to_pylist()
        boards: list[str | None] = [None] * count
        for hand, cards, before in zip(owners, new, known, strict=True):
            so_far = boards[hand] or ""
            if before is not None and before != so_far:
                self.ok[hand] = False
            boards[hand] = f"{so_far} {cards}" if so_far else cards
        picked = pick(found["indexes"], order)
        sizes = np.bincount(self.owner[places], weights=list_sizes(picked), minlength=count)
        has = np.array([board is not None for board in boards], np.bool_)
        lists = list_array(sizes.astype(np.int64), pc.list_flatten(picked), has)
        return {"cards": arrow(boards, TEXT), "card_indexes": lists}

    def dealt(
        self, others: list[Read], rows: Ints, players: tuple[list[Read], Ints, Ints], hidden: str
    ) -> tuple[Rows, Strings]:
        """The hero's cards ("Dealt to Hero [..]", as many as the game deals; stud's by
        `parsers._base.column_stud`, `hidden` its mark of a card dealt face down), also
        the cards of the player lines that deal them to that player, and the hero of each
        hand (the seat line's mark, then the last dealt to on a "Dealt to" line); "Dealt
        to bob" (no cards) checks only the name."""
        parts = []
        found_reads: list[tuple[Read, Ints, Ints | None]] = [(read, rows, None) for read in others]
        found_reads += [(read, players[1], players[2]) for read in players[0]]
        for read, read_rows, seats in found_reads:
            places = read_rows[read.rows]
            if read.rule.event == "seated":
                self.player(read, places)
            if read.rule.event != "dealt":
                continue
            empty = arrow([""] * len(places), TEXT)
            parts.append({
                "place": places,
                "seat": self.player(read, places) if seats is None else seats[read.rows],
                "new": read.group("cards"),
                "known": read.group("known") if read.has("known") else empty,
                "tells": np.full(len(places), seats is None),  # a "Dealt to" line: the hero
            })  # fmt: skip
        hero_seat = np.full(len(self.hands.heads), -1, np.int64)
        marked = np.flatnonzero(self.seats.hero)
        hero_seat[self.seats.owner[marked]] = marked  # the last one marked
        if not parts:
            return _empty_cards(), self._hero(hero_seat)
        found = joined_rows(*parts)
        order = np.argsort(found["place"], kind="stable")
        found = {name: pick(values, order) for name, values in found.items()}
        place, seat = found["place"], found["seat"]
        stud = self.hands.stud[self.owner[place]]
        flop = np.flatnonzero(~stud)
        decline(self.ok, self.owner[place[flop[lengths(take(found["known"], flop)) > 0]]])
        rows_of = np.flatnonzero(stud)
        stud_rows = StudDealt(take(found["new"], rows_of), _NO_BOOLS, _NO_BOOLS)
        if len(rows_of):  # none of stud's work on a chunk without stud
            stud_rows = stud_dealt(
                self.owner[place[rows_of]], seat[rows_of],
                self.street[place[rows_of]] == _THIRD, take(found["known"], rows_of),
                take(found["new"], rows_of), hidden, self.ok,
            )  # fmt: skip
        kept = stud_rows.keep
        rows_of = np.concatenate([flop, rows_of[kept]])
        written = pa.concat_arrays(
            [take(found["new"], flop), stud_rows.written.filter(arrow(kept))]
        )
        down = np.concatenate([np.ones(len(flop), np.bool_), stud_rows.down[kept]])
        order = np.argsort(rows_of, kind="stable")
        rows_of, down = rows_of[order], down[order]
        places, dealt_to = place[rows_of], seat[rows_of]
        text, indexes = self.cards(take(written, order), places)
        hand = self.owner[places]
        holes = self.hands.hole_cards[hand]
        decline(self.ok, hand[~self.hands.stud[hand] & (list_sizes(indexes) != holes)])
        tells = down & found["tells"][rows_of]
        hero_seat[hand[tells]] = dealt_to[tells]  # the last one dealt (places ascend)
        cards = self._card_rows(places, dealt_to, _DEALT, text, indexes)
        cards["source"] = np.where(down, _DEALT, _UP)
        return cards, self._hero(hero_seat)

    def _hero(self, hero_seat: Ints) -> Strings:
        """The names of the hands' heroes (seat rows, -1: none, a null name)."""
        has = hero_seat >= 0
        names = (
            take(self.seats.player, np.maximum(hero_seat, 0))
            if len(self.seats.owner)
            else pa.nulls(len(has), TEXT)
        )
        hero: Strings = pc.if_else(arrow(has), names, pa.nulls(len(has), names.type))
        return hero

    def shown(self, played: list[Read], rows: Ints, seats: Ints, dealt: Rows, street: str) -> Rows:
        """Cards shown ("bob: shows [..]"; a rule without cards shows those `dealt` to
        the player), each player's same cards recorded once, on `street` ("": the
        line's)."""
        parts = []
        for read in played:
            if read.rule.event != "shown":
                continue
            places, seat = rows[read.rows], seats[read.rows]
            source = SOURCES.index(read.rule.value or CardSource.SHOWN.value)
            if read.has("cards"):
                text, indexes = self.cards(read.group("cards"), places)
            else:
                text, indexes = self._dealt_cards(dealt, places, seat)
            parts.append(self._card_rows(places, seat, source, text, indexes, street))
        if not parts:
            return _empty_cards()
        found = joined_rows(*parts)
        order = np.argsort(found["order"], kind="stable")
        found = {name: pick(values, order) for name, values in found.items()}
        first = first_shown(found["seat"], found["cards"])
        return {name: pick(values, np.flatnonzero(first)) for name, values in found.items()}

    def _dealt_cards(self, dealt: Rows, places: Ints, seat: Ints) -> tuple[Strings, Any]:
        """The cards dealt to the players of the lines at `places` (seat rows `seat`):
        a hand where such a player was dealt no cards before the line, or cards twice,
        is not ok."""
        times = np.bincount(dealt["seat"], minlength=len(self.seats.owner))
        good = times[seat] == 1
        if not good.any():
            decline(self.ok, self.owner[places])
            return pa.nulls(len(places), TEXT), pa.nulls(len(places), _NO_CARDS.type)
        row = np.zeros(len(self.seats.owner), np.int64)
        row[dealt["seat"]] = np.arange(len(dealt["seat"]))
        found = row[seat]
        good &= dealt["order"][found] < self.at[places]
        decline(self.ok, self.owner[places[~good]])
        return take(dealt["cards"], found), take(dealt["card_indexes"], found)

    def _card_rows(
        self, places: Ints, seat: Ints, source: int, text: Strings, indexes: Any, street: str = ""
    ) -> Rows:
        streets = np.full(len(places), STREETS.index(street)) if street else self.street[places]
        return {"owner": self.owner[places], "order": self.at[places], "seat": seat,
                "street": streets, "source": np.full(len(places), source),
                "cards": text, "card_indexes": indexes}  # fmt: skip

    def button(
        self, others: list[Read], rows: Ints, players: tuple[list[Read], Ints, Ints]
    ) -> Ints:
        """The button's seat per hand, from the lines that say it (-1: none)."""
        found = np.full(len(self.hands.heads), -1, np.int64)
        for read, read_rows in [(read, rows) for read in others] + [
            (read, players[1]) for read in players[0]
        ]:
            if read.rule.event != "button":
                continue
            places = read_rows[read.rows]
            written = read.group("seat")
            seat, good = small_integers(written, np.zeros(len(places), np.int64), lengths(written))
            decline(self.ok, self.owner[places[~good]])
            found[self.owner[places]] = seat
        return found

    def paid(
        self, others: list[Read], rows: Ints, event: str,
        players: tuple[list[Read], Ints, Ints] | None = None,
    ) -> Rows:  # fmt: skip
        """Uncalled bets given back ("returned") or payments ("collect"), also those
        of the player lines `players` (their reads, rows and seats)."""
        parts = []
        found_reads: list[tuple[Read, Ints, Ints | None]] = [(read, rows, None) for read in others]
        if players is not None:
            found_reads += [(read, players[1], players[2]) for read in players[0]]
        for read, read_rows, seats in found_reads:
            if read.rule.event != event:
                continue
            places = read_rows[read.rows]
            part = {"owner": self.owner[places], "order": self.at[places],
                    "seat": self.player(read, places) if seats is None else seats[read.rows],
                    "amount": self.amounts(read.group("amount"), places)}  # fmt: skip
            if event == "collect":
                part["pot"] = self.pots(read, places)
                part["half"] = np.full(len(places), HALVES.index(read.rule.value))
            parts.append(part)
        if not parts:
            empty = {"owner": _NONE, "order": _NONE, "seat": _NONE, "amount": _NONE}
            return {**empty, "pot": _NONE, "half": _NONE} if event == "collect" else empty
        found = joined_rows(*parts)
        order = np.argsort(found["order"], kind="stable")
        return {name: values[order] for name, values in found.items()}

    def pots(self, read: Read, places: Ints) -> Ints:
        """The pot each payment names (group `pot`: a side pot's number; 0, the main
        pot, where it is empty or the rule has none; group `side_pot`: pot 1 where it
        holds text)."""
        if read.has("side_pot"):
            return (lengths(read.group("side_pot")) > 0).astype(np.int64)
        if not read.has("pot"):
            return np.zeros(len(places), np.int64)
        written = read.group("pot")
        size = lengths(written)
        number, good = small_integers(written, np.zeros(len(places), np.int64), size)
        decline(self.ok, self.owner[places[(size > 0) & ~good]])
        return np.where(size > 0, number, 0)


_NONE = np.zeros(0, np.int64)
_NO_BOOLS = np.zeros(0, np.bool_)
_NO_CARDS = list_array(_NONE, arrow(_NONE).cast(pa.int8()))


def first_shown(seat: Ints, cards: Strings) -> Bools:
    """Which card rows (in line order) are the first of their player's same cards."""
    key = _card_keys(seat, cards)
    first_rows, _ = distinct(key)
    first = np.zeros(len(key), np.bool_)
    first[first_rows] = True
    return first


def not_shown_before(seat: Ints, cards: Strings, before: tuple[Ints, Strings]) -> Bools:
    """Which card rows are not among the rows `before` holds (the same player's same
    cards): the builder's test of a summary's cards against those shown."""
    keys = _card_keys(np.concatenate([before[0], seat]), pa.concat_arrays([before[1], cards]))
    count = len(before[0])
    return ~np.isin(keys[count:], keys[:count])


def _card_keys(seat: Ints, cards: Strings) -> Ints:
    key: Ints = seat * (len(cards) + 1) + codes(texts(cards))[0]
    return key


def _empty_cards() -> Rows:
    return {"owner": _NONE, "order": _NONE, "seat": _NONE, "street": _NONE, "source": _NONE,
            "cards": arrow([], TEXT), "card_indexes": _NO_CARDS}  # fmt: skip
