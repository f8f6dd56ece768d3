"""The betting-legality audit: was every blind, ante, bet and raise allowed by the rules?

Every hand's betting is replayed from its stored action rows, all hands of a batch at
once, in one pass of array operations: per action, what the player had in on the street,
the bet they faced, the pot, the last full raise, the bets made on the street and the
full bet of the street (which short all-ins do not raise), and from those the rules of
`tracker.audit.betting_rules`:

- posts: the small and big blind, the ante, a dead small blind and a returning player's
  "small & big blinds" (the big live, the small dead) of the stakes, or less all in;
- stud: the bring-in of the stakes, by the lowest door card (ace high, ties by suit,
  clubs lowest); the completion to the small bet; a big bet on fourth street only in stud
  high with an open pair, where the site allows it;
- limit: every bet and raise of the street's size (less only all in), and no more than
  the cap (`BettingSettings.limit_raises`; lifted heads-up where `cap_heads_up` is off);
- pot-limit: no raise past the current bet plus the pot after the call;
- no-limit and pot-limit: a bet of at least the big blind and a raise of at least the
  last full raise, less only all in;
- an all-in raise short of a full raise does not reopen the betting: a player who has
  acted may then only call or fold, unless short raises add up to a full one;
- the acting order: clockwise, nobody skipped who could still act, the first player
  after the big blind pre-flop and after the button later (stud: from the bring-in; who
  opens stud's later streets, the best hand showing, is not checked);
- nobody acts after folding or going all in.

A hand is `illegal` when any action breaks a rule, else `unknown` when the hand does not
show enough (cut off, no bet sizes, a player with no seat), else `legal`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from tracker.audit.betting_rows import (
    GAME_CODES,
    KIND_CODES,
    STREET_CODES,
    STRUCTURE_CODES,
    BettingRows,
)
from tracker.audit.betting_rules import (
    BettingError,
    BettingRule,
    BettingSettings,
    BettingStatus,
)
from tracker.model import ActionKind, Street, Structure
from tracker.schema import TABLES

Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]

_BIG = np.int64(1 << 40)
"""Larger than any amount: offsets that keep a running maximum inside its own segment."""
_NO_AMOUNT = -1

RULE_CODES: tuple[BettingRule, ...] = tuple(BettingRule)
STATUS_CODES: tuple[BettingStatus, ...] = tuple(BettingStatus)


def _kinds(*kinds: ActionKind) -> Flags:
    return np.array([kind in kinds for kind in KIND_CODES], dtype=np.bool_)


def _streets(*streets: Street) -> Flags:
    return np.array([street in streets for street in STREET_CODES], dtype=np.bool_)


_K = {kind: code for code, kind in enumerate(KIND_CODES)}
_CHIPS = np.array(
    [kind.puts_chips_in and kind is not ActionKind.CASH_OUT for kind in KIND_CODES], np.bool_
)
_CHAIN = _kinds(
    ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE,
    ActionKind.COMPLETE, ActionKind.BRING_IN,
)  # fmt: skip
"""The actions taken in turn (the posts are not)."""
_RAISES = _kinds(ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
_LEVELS = _kinds(
    ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE, ActionKind.POST_SMALL_BLIND,
    ActionKind.POST_BIG_BLIND, ActionKind.POST_SMALL_AND_BIG_BLIND, ActionKind.BRING_IN,
)  # fmt: skip
"""The actions that can raise the street's bet (a call never does)."""
_POSTS = _kinds(
    ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_SMALL_AND_BIG_BLIND,
    ActionKind.POST_ANTE, ActionKind.POST_DEAD, ActionKind.BRING_IN,
)  # fmt: skip
_SMALL_STREETS = _streets(Street.PREFLOP, Street.FLOP, Street.THIRD, Street.FOURTH)
_PREFLOP = STREET_CODES.index(Street.PREFLOP)
_THIRD = STREET_CODES.index(Street.THIRD)
_FOURTH = STREET_CODES.index(Street.FOURTH)
_LIMIT = STRUCTURE_CODES.index(Structure.LIMIT)
_POT_LIMIT = STRUCTURE_CODES.index(Structure.POT_LIMIT)
_STUD = np.array([game.is_stud for game in GAME_CODES], dtype=np.bool_)
_STUD_HIGH = np.array([game.is_stud and not game.is_hilo for game in GAME_CODES], np.bool_)
_RULE = {rule: code for code, rule in enumerate(RULE_CODES)}


@dataclass(frozen=True, slots=True)
class BettingResult:
    """The legality audit of a batch of hands.

    Attributes:
        status: per hand, the code of its `BettingStatus` (in `STATUS_CODES`).
        reason: per hand, why it is `unknown` (else None).
        error_row, error_rule, error_amount, error_allowed: per broken rule, in row
            order, the action row, the rule's code (in `RULE_CODES`), the amount and
            the amount allowed (-1 for none).
        error_hand: per broken rule, the hand.
    """

    status: npt.NDArray[np.int8]
    reason: list[str | None]
    error_hand: Ints
    error_row: Ints
    error_rule: Ints
    error_amount: Ints
    error_allowed: Ints

    def errors_of(self, rows: BettingRows, hand: int) -> list[BettingError]:
        """The broken rules of one hand, in the order of its actions."""
        picked = np.flatnonzero(self.error_hand == hand)
        return [_error(rows, self, int(at)) for at in picked]


def _error(rows: BettingRows, result: BettingResult, at: int) -> BettingError:
    row = int(result.error_row[at])
    allowed = int(result.error_allowed[at])
    return BettingError(
        street=STREET_CODES[rows.row_street[row]].value,
        player=str(rows.player[int(rows.row_player[row])].as_py()),
        action=KIND_CODES[rows.row_kind[row]].value,
        amount=int(result.error_amount[at]),
        allowed=None if allowed == _NO_AMOUNT else allowed,
        rule=RULE_CODES[result.error_rule[at]],
    )


def check_betting(rows: BettingRows, settings: BettingSettings) -> BettingResult:
    """The legality of every hand of `rows` under a site's `settings`.

    >>> from tracker.audit.betting_rows import rows_of_hands
    >>> from tracker.audit.betting_rules import DEFAULT_SETTINGS
    >>> check_betting(rows_of_hands([]), DEFAULT_SETTINGS).status.tolist()
    []
    """
    replay = _Replay(rows, settings)
    none = len(RULE_CODES)
    first = np.full(replay.count, none, dtype=np.int64)
    allowed = np.full(replay.count, _NO_AMOUNT, dtype=np.int64)
    for rule, (where, amount) in replay.broken().items():  # in precedence order
        fresh = first[where] == none
        first[where[fresh]] = _RULE[rule]
        if amount is not None:
            allowed[where[fresh]] = amount[fresh]
    straddled = replay.straddled()
    error_row = np.flatnonzero(first < none)
    error_row = error_row[~straddled[rows.row_hand[error_row]]]
    error_hand = rows.row_hand[error_row]
    unknown, reason = replay.unknown_reasons()
    status = np.where(unknown, STATUS_CODES.index(BettingStatus.UNKNOWN),
                      STATUS_CODES.index(BettingStatus.LEGAL)).astype(np.int8)  # fmt: skip
    status[error_hand] = STATUS_CODES.index(BettingStatus.ILLEGAL)
    reason[error_hand] = None
    return BettingResult(
        status=status,
        reason=reason.tolist(),
        error_hand=error_hand,
        error_row=error_row,
        error_rule=first[error_row],
        error_amount=replay.shown_amount(error_row),
        error_allowed=allowed[error_row],
    )


_Broken = dict[BettingRule, tuple[Ints, Ints | None]]
"""Per rule, in precedence order, the rows that break it and the amounts allowed."""


class _Replay:
    """The betting state before the actions of `rows` that the rules look at, as arrays.

    Most rules look at few rows: the posts, and the bets, raises and completions (with
    the posts that set the street's bet: the "levels"); the acting order looks at the
    actions taken in turn. Each quantity is computed on the rows it is needed for: the
    bet faced, the last full raise, the bets made and the full bet on the levels only,
    a raise's street total being its `to_amount`.
    """

    def __init__(self, rows: BettingRows, settings: BettingSettings) -> None:
        self.rows, self.settings = rows, settings
        hand, kind, street = rows.row_hand, rows.row_kind, rows.row_street
        self.count = len(kind)
        self.players_of_hand = np.diff(rows.player_starts)
        limit_hand = rows.structure == _LIMIT
        stakes = rows.stakes
        self.big_blind_of_hand = np.where(limit_hand & (stakes["big_blind"] < 0),
                                          stakes["small_bet"], stakes["big_blind"])  # fmt: skip
        self.new_street = _starts(hand, street)
        self.street_group = np.cumsum(self.new_street) - 1
        self.folded = kind == _K[ActionKind.FOLD]
        self.chain = _CHAIN[kind]
        self.fold_at = self._first_row(self.folded)
        self.all_in_at = self._first_row(rows.row_all_in)
        self.level = np.flatnonzero(_LEVELS[kind])
        self._levels()

    # -- the levels: bets, raises, completions and the live posts ----------------------

    def _levels(self) -> None:
        rows, at = self.rows, self.level
        hand = rows.row_hand[at]
        self.level_hand = hand
        kind, amount = rows.row_kind[at], rows.row_amount[at]
        self.level_group = self.street_group[at]
        self.level_new = np.r_[True, self.level_group[1:] != self.level_group[:-1]][: len(at)]
        big = self.big_blind_of_hand[hand]
        self.level_big_blind = big
        is_raise = _RAISES[kind]
        self.is_raise = is_raise
        to_amount = rows.row_to_amount[at]
        both = kind == _K[ActionKind.POST_SMALL_AND_BIG_BLIND]
        live = np.where(both & (big > 0), np.minimum(amount, big), amount)
        # A bet is made with nothing in on the street; a raise gives its street total.
        after = np.where(is_raise & (to_amount >= 0), to_amount, live)
        self.after = after
        self.street_in = after - amount
        self.bet = _segment_max_before(after, self.level_group, self.level_new)
        self.raise_by = after - self.bet
        structure = rows.structure[hand]
        self.limit = structure == _LIMIT
        self.pot_limit = structure == _POT_LIMIT
        self.stud = _STUD[rows.game[hand]]
        self.all_in = rows.row_all_in[at]
        self.level_street = rows.row_street[at]
        self._bet_sizes()
        self._full_raises()

    def _bet_sizes(self) -> None:
        """Limit: the size of a bet on each level's street (stud high's fourth street
        with an open pair: a big bet once someone bet one, where the site allows it)."""
        rows, hand = self.rows, self.level_hand
        small, big = rows.stakes["small_bet"][hand], rows.stakes["big_bet"][hand]
        self.small_bet, self.big_bet = small, big
        size = np.where(_SMALL_STREETS[self.level_street], small, big)
        self.double = np.zeros(len(hand), dtype=np.bool_)
        if self.settings.stud_double_bet:
            fourth = (self.level_street == _FOURTH) & _STUD_HIGH[rows.game[hand]]
            if fourth.any():
                self.double = fourth & _open_pair(rows)[hand]
                first_raise = _first_of_group(self.raise_by, self.is_raise & self.double,
                                              self.level_group)  # fmt: skip
                size = np.where(self.double & (first_raise == big), big, size)
        self.size = size

    def _full_raises(self) -> None:
        group, new = self.level_group, self.level_new
        self.limit_target = np.where(self.bet < self.size, self.size, self.bet + self.size)
        raise_sizes = np.where(self.is_raise, np.maximum(self.raise_by, 0), 0)
        self.largest_raise = _segment_max_before(raise_sizes, group, new)
        self.last_raise = np.maximum(self.largest_raise, np.maximum(self.level_big_blind, 0))
        full = np.where(self.limit, self.after >= self.limit_target,
                        self.raise_by >= self.last_raise) & self.is_raise  # fmt: skip
        self.full = full
        preflop = ~self.stud & (self.level_street == _PREFLOP)
        self.bets = _segment_sum_before(full.astype(np.int64), None, _segment_first(group))
        self.bets += preflop
        big_post = (self.rows.row_kind[self.level] == _K[ActionKind.POST_BIG_BLIND]) & preflop
        sets_level = full | big_post
        self.full_bet = _segment_max_before(np.where(sets_level, self.after, 0), group, new)
        self.full_bet_after = np.maximum(self.full_bet, np.where(sets_level, self.after, 0))
        # The row of the last full bet before each level (its street's first row if none).
        marks = np.where(sets_level, self.level, -1)
        last = np.maximum.accumulate(marks) if len(marks) else marks
        previous = np.r_[np.int64(-1), last[:-1]][: len(marks)]
        street_first = np.flatnonzero(self.new_street)[self.level_group]
        self.full_bet_row = np.maximum(previous, street_first)
        short = self.is_raise & ~full
        if short.any():
            self._short_raises_add_up(np.unique(group[short]), big_post)

    def _short_raises_add_up(self, groups: Ints, big_post: Flags) -> None:
        """The full bet of streets with short all-in raises, level by level: short
        raises that together make a full raise over the full bet reopen the betting."""
        at = np.flatnonzero(np.isin(self.level_group, groups))
        least_of = np.where(self.limit, self.size, np.maximum(self.level_big_blind, 0))
        columns = zip(
            self.level_new[at].tolist(), self.after[at].tolist(), self.level[at].tolist(),
            (big_post | self.full)[at].tolist(), self.full[at].tolist(),
            self.is_raise[at].tolist(), self.limit[at].tolist(), self.raise_by[at].tolist(),
            least_of[at].tolist(), self.full_bet_row[at].tolist(), strict=True,
        )  # fmt: skip
        full_bet, full_bet_row, full_bet_after = [], [], []
        level = level_row = least = 0
        for new, after, row, sets, full, raising, limit, raise_by, least_here, first in columns:
            if new:
                level, level_row, least = 0, first, least_here
            full_bet.append(level)
            full_bet_row.append(level_row)
            if sets:
                level, level_row = max(level, after), row
                if full and not limit:
                    least = raise_by
            elif raising and after >= level + least:
                level, level_row = after, row
            full_bet_after.append(level)
        self.full_bet[at] = full_bet
        self.full_bet_row[at] = full_bet_row
        self.full_bet_after[at] = full_bet_after

    def shown_amount(self, error_rows: Ints) -> Ints:
        """The amount each error row reports: a raise's street total, else its amount."""
        amount = self.rows.row_amount[error_rows].copy()
        place = np.searchsorted(self.level, error_rows)
        place = np.minimum(place, max(len(self.level) - 1, 0))
        on_level = (len(self.level) > 0) & (self.level[place] == error_rows)
        raising = on_level & self.is_raise[place]
        amount[raising] = self.after[place[raising]]
        return amount

    # -- the rules ------------------------------------------------------------------

    def broken(self) -> _Broken:
        """Per rule, in precedence order, the rows that break it and the amounts
        allowed (None: no amount would do)."""
        rows, chain = self.rows, np.flatnonzero(self.chain)
        player = rows.row_player[chain]
        found: _Broken = {
            BettingRule.ACTED_AFTER_FOLD: (chain[self.fold_at[player] < chain], None),
            BettingRule.ACTED_AFTER_ALL_IN: (chain[self.all_in_at[player] < chain], None),
            BettingRule.ACTING_ORDER: (self._out_of_turn(chain), None),
        }
        found.update(self._posts())
        found[BettingRule.BRING_IN_PLAYER] = (self._wrong_bring_in_player(chain), None)
        found.update(self._limit())
        found.update(self._big_bet_games())
        reraised = self._not_reopened()
        found[BettingRule.REOPENED] = (self.level[reraised], self.bet[reraised])
        return found

    def _posts(self) -> _Broken:
        rows, stakes = self.rows, self.rows.stakes
        posts = np.flatnonzero(_POSTS[rows.row_kind])
        hand, kind = rows.row_hand[posts], rows.row_kind[posts]
        amount, all_in = rows.row_amount[posts], rows.row_all_in[posts]
        small, big = stakes["small_blind"][hand], self.big_blind_of_hand[hand]
        both = np.where((small >= 0) & (big >= 0), small + big, _NO_AMOUNT)
        due_of = {
            BettingRule.SMALL_BLIND: (ActionKind.POST_SMALL_BLIND, small),
            BettingRule.BIG_BLIND: (ActionKind.POST_BIG_BLIND, big),
            BettingRule.ANTE: (ActionKind.POST_ANTE, stakes["ante"][hand]),
            BettingRule.DEAD_BLIND: (ActionKind.POST_DEAD, small),
            BettingRule.MISSED_BLINDS: (ActionKind.POST_SMALL_AND_BIG_BLIND, both),
            BettingRule.BRING_IN: (ActionKind.BRING_IN, stakes["bring_in"][hand]),
        }
        found: _Broken = {}
        for rule, (post, due) in due_of.items():
            wrong = (kind == _K[post]) & (due >= 0) & (amount != due)
            wrong &= ~(all_in & (amount < due))
            if rule is BettingRule.BRING_IN:  # less than the completion, whatever it says
                small_bet = stakes["small_bet"][hand]
                over = (kind == _K[post]) & (small_bet > 0) & (amount >= small_bet)
                wrong |= over
                due = np.where(over, small_bet - 1, due)
            found[rule] = (posts[wrong], due[wrong])
        return found

    def _limit(self) -> _Broken:
        limited = self.is_raise & self.limit & (self.size > 0)
        capped = self.bets >= self.settings.limit_raises + 1
        if not self.settings.cap_heads_up:
            capped &= self._in_hand_at(self.level) > 2
        target, after, all_in = self.limit_target, self.after, self.all_in
        wrong = (after > target) | ((after < target) & ~all_in)
        # Stud high's fourth street with an open pair: a small or a big bet or raise, all
        # big once one was big (Robert's Rules).
        small, big, raise_by = self.small_bet, self.big_bet, self.raise_by
        sized = (raise_by == big) | ((raise_by == small) & (self.largest_raise < big))
        wrong = np.where(self.double, (raise_by > big) | (~sized & ~all_in), wrong)
        completing = self.stud & (self.level_street == _THIRD) & (self.bet < self.size)
        return {
            BettingRule.LIMIT_CAP: self._on_levels(limited & capped, self.bet),
            BettingRule.COMPLETION: self._on_levels(limited & wrong & completing, target),
            BettingRule.LIMIT_SIZE: self._on_levels(limited & wrong, target),
        }

    def _big_bet_games(self) -> _Broken:
        open_ended = self.is_raise & ~self.limit & (self.level_big_blind > 0)
        over = open_ended & self.pot_limit
        most = np.zeros(len(self.level), dtype=np.int64)
        if over.any():
            pot = self._pot_before()
            most = self.bet + pot + (self.bet - self.street_in)  # `pot_limit_most`
            over &= self.after > most
        short = open_ended & ~self.full & ~self.all_in
        return {
            BettingRule.POT_LIMIT_MAXIMUM: self._on_levels(over, most),
            BettingRule.MINIMUM_BET: self._on_levels(short & (self.bet == 0),
                                                     self.level_big_blind),
            BettingRule.MINIMUM_RAISE: self._on_levels(short & (self.bet > 0),
                                                       self.bet + self.last_raise),
        }  # fmt: skip

    def _on_levels(self, where: Flags, allowed: Ints) -> tuple[Ints, Ints]:
        return self.level[where], allowed[where]

    def _pot_before(self) -> Ints:
        """Per level, every chip in the pot before it (the site's added money too)."""
        rows = self.rows
        kind = rows.row_kind
        chips = np.where(_CHIPS[kind], rows.row_amount, 0)
        running = np.cumsum(chips) - chips
        hand_first = np.flatnonzero(_starts(rows.row_hand))
        start_of = np.full(rows.hands, 0, dtype=np.int64)
        start_of[rows.row_hand[hand_first]] = running[hand_first]
        at = self.level
        pot: Ints = running[at] - start_of[self.level_hand] + rows.added_money[self.level_hand]
        return pot

    def _in_hand_at(self, at: Ints) -> Ints:
        """Per row of `at`, the players of its hand who had not folded before it."""
        rows = self.rows
        folds = np.cumsum(self.folded) - self.folded
        hand_first = np.flatnonzero(_starts(rows.row_hand))
        start_of = np.zeros(rows.hands, dtype=np.int64)
        start_of[rows.row_hand[hand_first]] = folds[hand_first]
        hand = rows.row_hand[at]
        result: Ints = self.players_of_hand[hand] - (folds[at] - start_of[hand])
        return result

    def _not_reopened(self) -> Flags:
        """Per level, a raise by a player who acted on the street since its last full
        bet (or, with none yet, at all): only short all-ins came since."""
        rows = self.rows
        raising = np.flatnonzero(self.is_raise)
        row = self.level[raising]
        since = self.full_bet_row[raising]
        player = rows.row_player[row]
        acted = np.zeros(len(raising), dtype=np.bool_)
        step = 1
        open_rows = np.arange(len(raising))
        while len(open_rows):
            back = row[open_rows] - step
            inside = back >= since[open_rows]
            open_rows, back = open_rows[inside], back[inside]
            same = self.chain[back] & (rows.row_player[back] == player[open_rows])
            acted[open_rows[same]] = True
            open_rows = open_rows[~same]
            step += 1
        result = np.zeros(len(self.level), dtype=np.bool_)
        result[raising[acted]] = True
        return result

    def _out_of_turn(self, chain: Ints) -> Ints:
        """Actions taken with a player skipped who could still act: between the one who
        acted last on the street (or, for the street's first action in a flop game, the
        big blind pre-flop and the button later) and this one, clockwise."""
        rows = self.rows
        if self.settings.folds_out_of_turn:
            chain = chain[~self.folded[chain]]
        if not len(chain):
            return chain
        player = rows.row_player[chain]
        position_of, players_of = self._positions
        position, players = position_of[player], players_of[player]
        group = self.street_group[chain]
        first = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
        previous = np.r_[0, position[:-1]]
        previous[first] = self._opening_position(chain[first])
        # The players passed over, clockwise: (position - previous - 1) mod players, with
        # no division (the difference is at least -players).
        passed = position - previous - 1
        gap = np.where(previous > -2, np.where(passed < 0, passed + players, passed), 0)
        look = np.flatnonzero(gap > 0)
        out_at = np.minimum(self.fold_at, self.all_in_at)
        at, gap, previous, players = chain[look], gap[look], previous[look], players[look]
        hand = rows.row_hand[at]
        starts = rows.player_starts[hand]
        turned = previous + self._rotation()[hand]
        wrong = np.zeros(len(look), dtype=np.bool_)
        open_rows = np.arange(len(look))
        step = 1
        # One step clockwise at a time, on the rows that passed over that many players.
        while len(open_rows := open_rows[gap[open_rows] >= step]):
            between = (turned[open_rows] + step) % players[open_rows]
            skipped = out_at[starts[open_rows] + between] >= at[open_rows]
            wrong[open_rows[skipped]] = True
            open_rows = open_rows[~skipped]  # one player skipped is enough
            step += 1
        result: Ints = at[wrong]
        return result

    @cached_property
    def _positions(self) -> tuple[Ints, Ints]:
        """Per player, their position (0 for the small blind, or the first left of the
        button) and the number of players in their hand."""
        rows = self.rows
        owner = np.repeat(np.arange(rows.hands), self.players_of_hand)
        players = np.maximum(self.players_of_hand[owner], 1)
        place = np.arange(len(owner)) - rows.player_starts[owner] - self._rotation()[owner]
        return place % players, players

    def _opening_position(self, chain: Ints) -> Ints:
        """Per first action of a street, the position it follows:
        pre-flop the big blind's, later streets the button's (-1); -2 where not checked
        (stud, no big blind)."""
        rows = self.rows
        # The big blind is the poster nearest after the small blind's seat: players who
        # post a big blind to come in sit later; heads-up, the big blind is first.
        big = np.flatnonzero(rows.row_kind == _K[ActionKind.POST_BIG_BLIND])
        big_hand = rows.row_hand[big]
        place = self._positions[0][rows.row_player[big]]
        nearest = np.full(rows.hands, 1 << 20, dtype=np.int64)
        np.minimum.at(nearest, big_hand, np.where(place >= 1, place, place + 1000))
        big_position = np.where(nearest >= 1000, nearest - 1000, nearest)
        big_position[nearest == 1 << 20] = -2
        hand = rows.row_hand[chain]
        opening = np.where(rows.row_street[chain] == _PREFLOP, big_position[hand], -1)
        result: Ints = np.where(_STUD[rows.game[hand]], -2, opening)
        return result

    @cached_property
    def _rotations(self) -> Ints:
        rows = self.rows
        big = np.flatnonzero(rows.row_kind == _K[ActionKind.POST_BIG_BLIND])[::-1]
        hand = rows.row_hand[big]
        raw = rows.row_player[big] - rows.player_starts[hand]
        players = self.players_of_hand[hand]
        rotation = np.zeros(rows.hands, dtype=np.int64)
        rotation[hand] = np.where(players > 2, raw - 1, raw) % np.maximum(players, 1)
        turned = ~rows.button_known & ~_STUD[rows.game]
        result: Ints = np.where(turned, rotation, 0)
        return result

    def _rotation(self) -> Ints:
        """Per hand, how far to turn its players so that the small blind is first: 0
        when the hand names the button (its players are in order from its left); else,
        in a flop game, from the first big blind (heads-up, the big blind is first)."""
        return self._rotations

    def _first_row(self, where: Flags) -> Ints:
        """Per player, the first row where `where` holds (else past the last row)."""
        at = np.full(len(self.rows.player), self.count, dtype=np.int64)
        picked = np.flatnonzero(where)[::-1]
        at[self.rows.row_player[picked]] = picked  # the earliest written last, so it wins
        return at

    def _wrong_bring_in_player(self, chain: Ints) -> Ints:
        """Stud's first action on third street, by someone other than the lowest door
        card, when every player's door card is known."""
        rows = self.rows
        if not len(chain):
            return chain
        group = self.street_group[chain]
        opening = chain[np.r_[True, group[1:] != group[:-1]]]
        opening = opening[_STUD[rows.game[rows.row_hand[opening]]]]
        opening = opening[rows.row_street[opening] == _THIRD]
        door = rows.door_card
        owner = np.repeat(np.arange(rows.hands), self.players_of_hand)
        unknown = np.zeros(rows.hands, dtype=np.bool_)
        unknown[owner[door < 0]] = True
        lowest = np.full(rows.hands, 99, dtype=np.int64)
        np.minimum.at(lowest, owner, np.where(door < 0, 99, door))
        hand = rows.row_hand[opening]
        wrong = ~unknown[hand] & (door[rows.row_player[opening]] != lowest[hand])
        result: Ints = opening[wrong]
        return result

    # -- what the hands do not show -------------------------------------------------

    def straddled(self) -> Flags:
        """Per hand, True for a straddle read as a big blind over the big blind, at a
        site that has them (`BettingSettings.straddles`)."""
        rows = self.rows
        result = np.zeros(rows.hands, dtype=np.bool_)
        if self.settings.straddles:
            big = np.flatnonzero(rows.row_kind == _K[ActionKind.POST_BIG_BLIND])
            blind = self.big_blind_of_hand[rows.row_hand[big]]
            over = (blind > 0) & (rows.row_amount[big] > blind)
            result[rows.row_hand[big[over]]] = True
        return result

    def unknown_reasons(self) -> tuple[Flags, npt.NDArray[np.object_]]:
        """Per hand, whether its legality cannot be told, and why (else None)."""
        rows, stakes = self.rows, self.rows.stakes
        reason = np.full(rows.hands, None, dtype=object)
        limit = rows.structure == _LIMIT
        no_sizes = limit & ((stakes["small_bet"] <= 0) | (stakes["big_bet"] <= 0))
        no_blind = ~limit & (stakes["big_blind"] <= 0)
        owner = np.repeat(np.arange(rows.hands), self.players_of_hand)
        unseated = np.zeros(rows.hands, dtype=np.bool_)
        unseated[owner[~rows.seated]] = True
        for flags, text in (
            (self.straddled(), "a straddle (the betting after one is not checked)"),
            (no_sizes, "no bet sizes in the hand"),
            (no_blind, "no big blind in the hand"),
            (unseated, "a player acted without a seat"),
            (rows.cut_off, "the hand is cut off"),
        ):
            reason[flags] = text
        return reason != None, reason  # noqa: E711 (element-wise)


# -- segmented running sums and maxima ----------------------------------------------


def _starts(*keys: Ints) -> Flags:
    """True where a run of equal keys starts."""
    count = len(keys[0])
    start = np.zeros(count, dtype=np.bool_)
    if count:
        start[0] = True
        for key in keys:
            start[1:] |= key[1:] != key[:-1]
    return start


def _segment_first(key: Ints) -> Ints:
    """Per element, the index of the first element of its run of equal keys."""
    start = _starts(key)
    firsts = np.flatnonzero(start)
    result: Ints = firsts[np.cumsum(start) - 1] if len(key) else np.zeros(0, dtype=np.int64)
    return result


def _segment_sum_before(values: Ints, order: Ints | None, first: Ints) -> Ints:
    """Per element, the sum of the earlier values of its segment, taking elements in
    `order` (None: as they are); `first` is, per element in that order, the place of
    its segment's first element (`_segment_first`)."""
    ordered = values if order is None else values[order]
    running = np.cumsum(ordered) - ordered
    before = running - running[first]
    if order is None:
        return before
    result = np.empty_like(before)
    result[order] = before
    return result


def _segment_max_before(values: Ints, group: Ints, start: Flags) -> Ints:
    """Per element, the largest earlier value of its group (0 for the first); groups
    are runs, numbered upwards, and values are 0 or more."""
    shifted = values + group * _BIG
    running = np.maximum.accumulate(shifted)
    previous = np.r_[np.int64(0), running[:-1]]
    previous = np.where(start, group * _BIG, previous)
    result: Ints = previous - group * _BIG
    return result


def _first_of_group(values: Ints, where: Flags, group: Ints) -> Ints:
    """Per element, the value at the first element of its group where `where` holds
    (-1 when none)."""
    picked = np.flatnonzero(where)[::-1]
    first = np.full(int(group.max(initial=-1)) + 1, -1, dtype=np.int64)
    first[group[picked]] = values[picked]
    result: Ints = first[group]
    return result


def _open_pair(rows: BettingRows) -> Flags:
    """Per hand, True when some player's third and fourth street up cards pair."""
    paired = (rows.door_card >= 0) & (rows.door_card // 4 == rows.fourth_card // 4)
    paired &= rows.fourth_card >= 0
    owner = np.repeat(np.arange(rows.hands), np.diff(rows.player_starts))
    result = np.zeros(rows.hands, dtype=np.bool_)
    result[owner[paired]] = True
    return result


# -- the audit table's columns ------------------------------------------------------

BETTING_COLUMNS = ("betting", "betting_reason", "betting_errors")
"""The `audit` table's columns of the legality audit."""
ERROR_TYPE: pa.StructType = TABLES["audit"].schema.field("betting_errors").type.value_type
"""One broken rule, as the `audit` table's `betting_errors` stores it."""


def betting_columns(rows: BettingRows, result: BettingResult) -> dict[str, pa.Array[Any]]:
    """The `audit` table's `betting`, `betting_reason` and `betting_errors` columns of
    the batch's hands, in hand order."""
    statuses = np.array([status.value for status in STATUS_CODES], dtype=object)
    by_hand = np.argsort(result.error_hand, kind="stable")  # rows keep their order
    row = result.error_row[by_hand]
    streets = np.array([street.value for street in STREET_CODES], dtype=object)
    kinds = np.array([kind.value for kind in KIND_CODES], dtype=object)
    rules = np.array([rule.value for rule in RULE_CODES], dtype=object)
    allowed_values = result.error_allowed[by_hand]
    allowed = pa.array(allowed_values, mask=allowed_values == _NO_AMOUNT)
    errors = pa.StructArray.from_arrays(
        [
            pa.array(streets[rows.row_street[row]], pa.string()),
            rows.player.take(pa.array(rows.row_player[row], pa.int64())),
            pa.array(kinds[rows.row_kind[row]], pa.string()),
            pa.array(result.error_amount[by_hand], pa.int64()),
            allowed,
            pa.array(rules[result.error_rule[by_hand]], pa.string()),
        ],
        fields=list(ERROR_TYPE),
    )
    offsets = np.zeros(rows.hands + 1, dtype=np.int32)
    np.cumsum(np.bincount(result.error_hand, minlength=rows.hands), out=offsets[1:])
    return {
        "betting": pa.array(statuses[result.status], pa.string()),
        "betting_reason": pa.array(result.reason, pa.string()),
        "betting_errors": pa.ListArray.from_arrays(
            pa.array(offsets, pa.int32()), errors, type=pa.list_(ERROR_TYPE)
        ),
    }


def unknown_columns(count: int, reason: str) -> dict[str, pa.Array[Any]]:
    """The betting columns of `count` hands whose legality is unknown for `reason`."""
    return {
        "betting": pa.array([BettingStatus.UNKNOWN.value] * count, pa.string()),
        "betting_reason": pa.array([reason] * count, pa.string()),
        "betting_errors": pa.array([[]] * count, pa.list_(ERROR_TYPE)),
    }
