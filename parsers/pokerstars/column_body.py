"""The betting of PokerStars hands, read column-wise (see `parsers.pokerstars.columns`):
every street line, player line and other line between the seats and the summary of a
chunk of hands at once.

Each reader here returns the rows it read and, per hand, whether the hand is still one
the column-wise reader takes (`ok`); a line of a shape not taken here makes its hand
not ok, never an error: the line-by-line reader reads that hand again and decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow.compute as pc

from parsers._base.column_seats import (
    Hands,
    Seats,
    decline,
    ranges,
    repeated,
    seat_of,
    seated,
)
from parsers._base.columns import (
    Bools,
    Ints,
    Rows,
    Strings,
    bracketed_cards,
    codes,
    contains,
    ends_with,
    equal,
    find,
    group_starts,
    index_in,
    integers,
    joined_rows,
    last_at_or_before,
    lengths,
    literal,
    matches,
    minor_units,
    rfind,
    starts_with,
    substrings,
    take,
    window,
    window_is,
)
from parsers.pokerstars.column_streets import STREETS, read_dealt, read_streets
from parsers.pokerstars.words import INFO_INFIXES, INFO_RESTS, INFO_SUFFIXES
from tracker.model import ActionKind

KINDS = [kind.value for kind in (
    ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND,
    ActionKind.POST_SMALL_AND_BIG_BLIND, ActionKind.POST_ANTE, ActionKind.FOLD,
    ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE, ActionKind.BRING_IN,
)]  # fmt: skip
"""The action kinds read here, as `tracker.model.ActionKind` values, by code."""
_POSTS = ["small blind", "big blind", "small & big blinds", "the ante"]  # KINDS 0 to 3
_FOLD, _CHECK, _CALL, _BET, _RAISE, _BRING_IN = 4, 5, 6, 7, 8, 9
_ANTE, _DEAD_AND_LIVE = 3, 2


@dataclass
class Body:
    """The body lines read (from the seats to the summary).

    Row arrays are in line order; `owner` is each row's hand.
    """

    summary_at: Ints  # per hand: the "*** SUMMARY ***" line
    dealt: Bools  # per hand: a HOLE CARDS line
    actions: Rows
    cards: Rows
    returned: Rows
    collections: Rows
    board_text: Strings  # per hand (null: no board)
    board_indexes: Any
    has_board: Bools
    hero: Strings  # per hand (null: no hole cards dealt)
    shown: Rows  # the "shows" and "mucks hand [..]" lines' cards, with each player's seat row


def read_body(lines: Strings, hands: Hands, seats: Seats, ok: Bools) -> Body:
    """The lines from the seats to "*** SUMMARY ***", for the hands still `ok`."""
    summary = np.flatnonzero(equal(lines, "*** SUMMARY ***"))
    after = np.searchsorted(summary, seats.end)
    found = after < len(summary)
    summary_at = (
        np.where(found, summary[np.minimum(after, max(len(summary) - 1, 0))], 0)
        if len(summary)
        else np.zeros(len(after), np.int64)
    )
    ok &= found & (summary_at < hands.ends)
    at, owner = ranges(np.where(ok, seats.end, 0), np.where(ok, summary_at, 0))
    street = read_streets(lines, at, owner, hands, ok)
    colon = find(lines, ": ")[at]  # all lines, at once: cheaper than cutting out the body
    named = np.flatnonzero((colon > 0) & ~street.marker)
    seat = seat_of(lines, at[named], colon[named], owner[named], seats)
    is_player = np.zeros(len(at), np.bool_)
    is_player[named[seat >= 0]] = True
    seat, player_rows = seat[seat >= 0], named[seat >= 0]
    actions, shows = _read_player_lines(
        take(lines, at[player_rows]), colon[player_rows], owner[player_rows],
        street.of_line[player_rows], seats.player, seat, at[player_rows] * 2, hands, ok,
    )  # fmt: skip
    other = np.flatnonzero(~is_player & ~street.marker)
    dealt_cards, hero, returned, collections = _read_other_lines(
        take(lines, at[other]), owner[other], street.of_line[other], at[other] * 2,
        hands, seats, ok,
    )  # fmt: skip
    shown = {"owner": shows["owner"], "seat": shows.pop("seat"), "source": shows["source"],
             "cards": shows["cards"]}  # fmt: skip
    cards = joined_rows(dealt_cards, shows)  # put in line order with the summary's
    return Body(summary_at, street.dealt, actions, cards, returned, collections,
                street.board_text, street.board_indexes, street.has_board, hero,
                shown)  # fmt: skip


_VERB_WORDS = {"folds": _FOLD, "checks": _CHECK, "calls ": _CALL, "bets ": _BET,
               "raises ": _RAISE, "brings in for ": _BRING_IN, "posts ": 0}  # fmt: skip
_SHOWS, _MUCKS = "shows [", "mucks hand ["
_QUIET = sorted({"mucks hand", *INFO_RESTS})
_ALL_IN = " and is all-in"


def _read_player_lines(
    lines: Strings, colon: Ints, owner: Ints, street: Ints, names: Strings,
    player_code: Ints, order: Ints, hands: Hands, ok: Bools,
) -> tuple[Rows, Rows]:  # fmt: skip
    """ "bob: folds", "bob: raises $4 to $8", "bob: posts small blind $2", "bob: shows [..]"...
    told apart by the words after the name, read in place (no text cut out). `names` are
    the seats' players, `player_code` each line's place in `names`."""
    size = lengths(lines)
    words = window(lines, colon + 2)
    rest_size = size - colon - 2
    kind = np.full(len(colon), -1, np.int64)
    for word, code in _VERB_WORDS.items():
        found = window_is(words, word)
        if not word.endswith(" "):
            found &= rest_size == len(word)
        kind[found] = code
    show, muck = window_is(words, _SHOWS), window_is(words, _MUCKS)
    other = np.flatnonzero((kind < 0) & ~show & ~muck)  # few: "bob: is sitting out"...
    others, quiet = take(lines, other), np.zeros(len(other), np.bool_)
    for rest in _QUIET:
        quiet |= (rest_size[other] == len(rest)) & ends_with(others, ": " + rest)
    decline(ok, owner[other[~quiet]])
    betting = np.flatnonzero(kind >= 0)
    actions = _read_bets(
        lines, betting, colon[betting], kind[betting], owner[betting], street[betting],
        take(names, player_code[betting]), player_code[betting], hands, ok,
    )  # fmt: skip
    shown = np.flatnonzero(show | muck)
    showing = take(lines, shown)
    begin = colon[shown] + np.where(show[shown], 8, 13)
    close = find(showing, "]")
    text, indexes, cards_ok = bracketed_cards(substrings(showing, begin, close + 1))
    cards_ok &= close > begin
    decline(ok, owner[shown[~cards_ok]])
    text_code = codes(text)[0]
    key = owner[shown] * (int(player_code.max(initial=0)) + 1) + player_code[shown]
    twice = repeated(key, text_code)
    decline(ok, owner[shown[twice & show[shown]]])
    shows = {
        "owner": owner[shown], "order": order[shown], "player": take(names, player_code[shown]),
        "seat": player_code[shown],
        "street": street[shown], "source": np.where(show[shown], 1, 2),
        "cards": text, "card_indexes": indexes,
    }  # fmt: skip
    return actions, shows


def _read_bets(
    lines: Strings, rows: Ints, colon: Ints, kind: Ints, owner: Ints, street: Ints,
    player: Strings, player_code: Ints, hands: Hands, ok: Bools,
) -> Rows:  # fmt: skip
    """The actions of the betting lines at `rows`: amounts, raise increments, live chips
    per street."""
    size = lengths(lines)[rows]
    priced = kind >= _CALL
    priced |= kind == 0
    all_in = ends_with(lines, _ALL_IN)[rows] & priced
    decline(ok, owner[ends_with(lines, " cap")[rows] & priced])
    end = size - len(_ALL_IN) * all_in
    begin = colon + 2 + np.select([kind == _CALL, kind == _BET, kind == _BRING_IN], [6, 5, 14], 0)
    raised = kind == _RAISE
    raises = np.flatnonzero(raised)
    to = find(take(lines, rows[raises]), " to ")
    decline(ok, owner[raises[to < colon[raises]]])
    begin[raises] = to + 4
    posts = np.flatnonzero(kind == 0)
    head = take(lines, rows[posts])
    space = rfind(substrings(head, np.zeros(len(posts), np.int64), end[posts]), " ")
    post = index_in(substrings(head, colon[posts] + 8, np.maximum(space, colon[posts] + 8)), _POSTS)
    kind[posts] = post
    begin[posts] = space + 1
    decline(ok, owner[kind < 0])
    amount = np.zeros(len(rows), np.int64)
    at = np.flatnonzero(priced)
    amount[at], amount_ok = minor_units(
        substrings(lines, begin[at], end[at], rows[at]), hands.decimals[owner[at]]
    )
    decline(ok, owner[at[~amount_ok]])
    cap = np.where(hands.limit[owner], hands.first[owner], hands.second[owner])
    live = np.select([kind == _ANTE, kind == _DEAD_AND_LIVE], [0, np.minimum(amount, cap)], amount)
    live = np.where(raised, 0, live)
    already = _already_in(owner, street, player_code, live, raised, amount)
    increment = np.where(raised, amount - already, amount)
    decline(ok, owner[raised & (increment <= 0)])
    return {
        "owner": owner, "street": street, "player": player, "kind": np.maximum(kind, 0),
        "amount": increment, "to_amount": np.where(raised, amount, -1), "all_in": all_in,
    }  # fmt: skip


def _already_in(
    owner: Ints, street: Ints, player: Ints, live: Ints, raised: Bools, raised_to: Ints
) -> Ints:
    """The chips each player has in on the street before each action: the last raise's
    total, plus what went in since (rows in line order)."""
    if not len(owner):
        return np.zeros(0, np.int64)
    width = int(player.max(initial=0)) + 1
    key = (owner * len(STREETS) + street) * width + player
    order = np.argsort(key, kind="stable")
    start = last_at_or_before(group_starts(key[order]))  # each row's group's first row
    sorted_live = live[order]
    total = np.cumsum(sorted_live) - sorted_live
    before = total - total[start]  # what went in before the row, in its group
    last = np.concatenate([[-1], last_at_or_before(raised[order])[:-1]])
    valid = last >= start
    safe = np.maximum(last, 0)
    base = np.where(valid, raised_to[order][safe], 0)
    since = np.where(valid, before - before[np.minimum(safe + 1, len(key) - 1)], before)
    result = np.empty(len(key), np.int64)
    result[order] = base + since
    return result


_SAID_OR_NEWS = "|".join([' said, "', *(literal(suffix) + "$" for suffix in INFO_SUFFIXES)])
_INFIXES = "|".join(map(literal, INFO_INFIXES))


def _read_other_lines(
    lines: Strings, owner: Ints, street: Ints, order: Ints, hands: Hands, seats: Seats,
    ok: Bools,
) -> tuple[Rows, Strings, Rows, Rows]:  # fmt: skip
    """ "Dealt to Hero [..]", "Uncalled bet ($0.14) returned to bob", "bob collected $5
    from pot", and the lines that say nothing of chips or cards."""
    dealt = starts_with(lines, "Dealt to ")
    # the other lines looked at apart: in stud, most of these lines are "Dealt to" lines
    undealt = np.flatnonzero(~dealt)
    others = take(lines, undealt)
    quiet = matches(others, _SAID_OR_NEWS)
    uncalled = np.zeros(len(dealt), np.bool_)
    uncalled[undealt] = starts_with(others, "Uncalled bet (") & ~quiet
    collected = np.zeros(len(dealt), np.bool_)
    collected[undealt] = contains(others, " collected ") & ~quiet & ~uncalled[undealt]
    rest = undealt[~quiet & ~uncalled[undealt] & ~collected[undealt]]  # few, or none
    decline(ok, owner[rest[~matches(take(lines, rest), _INFIXES)]])
    cards, hero = read_dealt(lines, dealt, owner, street, order, hands, seats, ok)
    returned = _read_returned(lines, uncalled, owner, hands, seats, ok)
    collections = _read_collected(lines, collected, owner, hands, seats, ok)
    return cards, hero, returned, collections


def _read_returned(
    lines: Strings, uncalled: Bools, owner: Ints, hands: Hands, seats: Seats, ok: Bools
) -> Rows:
    # "Uncalled bet ($0.14) returned to toxic7"
    rows = np.flatnonzero(uncalled)
    found, owner = take(lines, rows), owner[rows]
    cut = find(found, ") returned to ")
    player = substrings(found, cut + 14, lengths(found))
    amount, amount_ok = minor_units(
        substrings(found, np.full(len(rows), 14), np.maximum(cut, 14)), hands.decimals[owner]
    )
    sitting = seated(owner, player, seats) >= 0
    decline(ok, owner[~sitting | ~amount_ok | (cut < 14)])
    return {"owner": owner, "player": player, "amount": amount}


_POTS = ["pot", "main pot", "side pot"]
_POT_NUMBERS = np.array([0, 0, 1])


def _read_collected(
    lines: Strings, collected: Bools, owner: Ints, hands: Hands, seats: Seats, ok: Bools
) -> Rows:
    # "Player1 collected $17.19 from pot", "APTEM-89 collected 813 from side pot-2"
    rows = np.flatnonzero(collected)
    found, owner = take(lines, rows), owner[rows]
    cut = find(found, " collected ")
    player = substrings(found, np.zeros(len(rows), np.int64), cut)
    rest = substrings(found, cut + 11, lengths(found))
    split = find(rest, " from ")
    amount, amount_ok = minor_units(
        substrings(rest, np.zeros(len(rows), np.int64), np.maximum(split, 0)), hands.decimals[owner]
    )
    # no " from ": no pot name (a cut at split + 6 could fall inside a character)
    pot_name = substrings(rest, np.where(split < 0, lengths(rest), split + 6), lengths(rest))
    named = index_in(pot_name, _POTS)
    numbered = matches(pot_name, "^side pot-[0-9]{1,4}$")
    number = integers(pc.utf8_slice_codeunits(pot_name, 9), numbered)
    pot = np.where(named >= 0, _POT_NUMBERS[np.maximum(named, 0)], number)
    sitting = seated(owner, player, seats) >= 0
    decline(ok, owner[~sitting | ~amount_ok | (split < 0) | ((named < 0) & ~numbered)])
    return {"owner": owner, "player": player, "amount": amount, "pot": pot}
