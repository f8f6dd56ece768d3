"""The vectorised path: a whole batch of hands audited with numpy, no loop per hand.

It does what `tracker.audit.expected` and `tracker.audit.verdict` do, for the hands it
can: the engine's uncalled bets (the top contribution above the second), the main and
side pots cut at the levels of the players still in, the rake spread over them by the
site's rule, every showdown hand ranked by `tracker.engine.batch`, and each pot split:
halves, ties in odd-chip order, quarters, odd units to the high half, players tied both
ways (TDA 19F). A hand it proves `ok` (every check passes and every player, per pot
where the site names the pot, was paid what the engine pays) is done; every other hand,
and every hand out of its reach (run it twice, stud ties broken by suit, hands cancelled,
cut off, cashed out or whose chips do not add up), goes through the exact path, which
also writes the reasons. The tests check both paths agree on every hand of large samples.

Arrays are segments: players grouped by hand (`Batch.player_starts`); pots by hand;
"cross" rows pair each pot with every player of its hand, pot by pot.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tracker.audit.conventions import SiteConvention
from tracker.audit.loading import GAMES, Batch
from tracker.audit.orders import sort_order
from tracker.engine.batch import (
    omaha_high_ranks,
    omaha_low_ranks,
    stud_high_ranks,
    stud_low_ranks,
)
from tracker.engine.rules import Half

Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]

HALF_CODES: tuple[Half, ...] = (Half.HIGH, Half.LOW, Half.WHOLE)
"""Award half codes: a half's code is its place in this tuple."""

_STUD = np.array([game.is_stud for game in GAMES])
_HILO = np.array([game.is_hilo for game in GAMES])
_HOLE_COUNT = np.array([game.hole_card_count for game in GAMES], dtype=np.int64)
_VECTOR_RAKE_RULES = ("main-pot-first", "proportional", "proportional-largest-remainder")


@dataclass(frozen=True, slots=True)
class FastAwards:
    """The engine's payments in the hands the fast path proved ok, one row each, in the
    exact path's order (hand, pot, high half then low half, odd-chip order).

    `rank` is the high rank of a high or whole award, the low rank of a low award, 0 when
    no hand was shown (the pot was won without a showdown).
    """

    hand: Ints
    pot: Ints
    half: Ints
    player: Ints
    amount: Ints
    rank: Ints


@dataclass(frozen=True, slots=True)
class FastResult:
    """What the fast path proved.

    Attributes:
        ok: per hand, True when the hand is proven ok (the rest go the exact path).
        expected: per player, the engine's payment (meaningful in ok hands).
        awards: the engine's payments in the ok hands.
    """

    ok: Flags
    expected: Ints
    awards: FastAwards


def audit_fast(batch: Batch, convention: SiteConvention) -> FastResult:
    """Prove what hands of `batch` the site paid right under `convention`, vectorised."""
    hands, players = batch.hands, len(batch.player_hand)
    owner = batch.player_hand
    reachable = _reachable(batch, convention)
    contributed = batch.contributed
    # the uncalled chips are live ones: antes and dead blinds are no bets
    live_in = contributed - batch.antes - batch.dead
    engine_back = _uncalled(live_in, batch.player_starts, owner)
    in_pot = contributed - engine_back
    live = ~batch.folded
    reachable &= _segment_all(engine_back == batch.returned, batch.player_starts)
    reachable &= ~_segment_any(live & (in_pot <= 0), batch.player_starts)
    pots = _pots(batch, in_pot, live)
    reachable &= pots.count > 0
    taken = _rake(batch, pots, convention, reachable)
    net = pots.amount - taken
    high, low = _ranks(batch, live)
    split = _split(batch, pots, net, high, low, convention)
    reachable &= ~_segment_any(split.out_of_reach, pots.starts)
    expected = np.zeros(players, dtype=np.int64)
    np.add.at(expected, split.player, split.amount)
    ok = reachable & _paid_as_expected(batch, pots, net, split, hands)
    keep = ok[owner[split.player]]
    awards = FastAwards(
        hand=owner[split.player][keep],
        pot=pots.number[split.pot][keep],
        half=split.half[keep],
        player=split.player[keep],
        amount=split.amount[keep],
        rank=split.rank[keep],
    )
    return FastResult(ok=ok, expected=expected, awards=awards)


def _reachable(batch: Batch, convention: SiteConvention) -> Flags:
    """Hands the fast path may try: sound, complete, one board, rules it knows."""
    if (
        convention.rake_rule.name not in _VECTOR_RAKE_RULES
        or convention.odd_chip_rule.by_seat_number
    ):
        return np.zeros(batch.hands, dtype=np.bool_)  # the exact path knows the rule
    reachable: Flags = (
        (batch.total_pot >= 0)
        & ~batch.cancelled
        & batch.chips_consistent
        & (batch.added_money == 0)  # the room's money: the exact path adds it to the main pot
        # a jackpot fee under a rule of its own: the exact path takes it apart
        & ((batch.jackpot_fee == 0) | (convention.jackpot_rule is None))
        & ~_segment_any(batch.cashed_out, batch.player_starts)
        & (batch.boards_per_hand <= 1)
        & ~(_STUD[batch.game] & (batch.boards_per_hand > 0))  # a card dealt to all
        & (batch.player_starts[1:] > batch.player_starts[:-1])
    )
    if len(batch.collection_board):
        named_board = np.zeros(batch.hands, dtype=np.bool_)
        named_board[batch.collection_hand[batch.collection_board > 0]] = True
        reachable &= ~named_board
    return reachable


def _uncalled(contributed: Ints, starts: Ints, owner: Ints) -> Ints:
    """Per player, the engine's uncalled chips: the first top contributor of each hand
    gets back what they put in above the second largest contribution (of live money:
    `contributed` less antes and dead blinds)."""
    top = _segment_max(contributed, starts, 0)
    is_top = contributed == top[owner]
    first_top = is_top & (_rank_within(is_top, starts, owner) == 0)
    second = _segment_max(np.where(first_top, -1, contributed), starts, 0)
    back: Ints = np.where(first_top, top[owner] - np.maximum(second[owner], 0), 0)
    return back


@dataclass(frozen=True, slots=True)
class _Pots:
    """The pots of every hand: `starts` segments them by hand; cross rows pair each pot
    with every player of its hand."""

    hand: Ints
    number: Ints
    level: Ints
    amount: Ints
    starts: Ints
    count: Ints
    cross_pot: Ints
    cross_player: Ints
    cross_starts: Ints
    eligible: Flags


def _pots(batch: Batch, in_pot: Ints, live: Flags) -> _Pots:
    """One pot per distinct level of the players still in (`engine.pots.build_pots`)."""
    owner, starts = batch.player_hand, batch.player_starts
    chosen = np.flatnonzero(live & (in_pot > 0))
    order = chosen[sort_order((in_pot[chosen], owner[chosen]))]
    keys_hand, keys_level = owner[order], in_pot[order]
    # Sized from the keys: a batch where no player has chips in a pot has no pots at all.
    distinct = np.ones(len(order), dtype=np.bool_)
    distinct[1:] = (keys_hand[1:] != keys_hand[:-1]) | (keys_level[1:] != keys_level[:-1])
    hand, level = keys_hand[distinct], keys_level[distinct]
    pot_starts = np.searchsorted(hand, np.arange(batch.hands + 1)).astype(np.int64)
    count = pot_starts[1:] - pot_starts[:-1]
    number = np.arange(len(hand)) - pot_starts[hand]
    floor = np.where(number > 0, np.r_[0, level[:-1]], 0)
    sizes = (starts[1:] - starts[:-1])[hand]
    cross_starts = np.zeros(len(hand) + 1, dtype=np.int64)
    np.cumsum(sizes, out=cross_starts[1:])
    cross_pot = np.repeat(np.arange(len(hand)), sizes)
    cross_player = starts[hand][cross_pot] + np.arange(len(cross_pot)) - cross_starts[cross_pot]
    paid = in_pot[cross_player]
    piece = np.minimum(paid, level[cross_pot]) - np.minimum(paid, floor[cross_pot])
    amount = _segment_sum(piece, cross_starts)
    # Dead chips above the top level of the players still in go to the last pot.
    top = np.zeros(batch.hands, dtype=np.int64)
    has = count > 0
    top[has] = level[pot_starts[1:][has] - 1]
    above = _segment_sum(np.maximum(in_pot - top[owner], 0), starts)
    amount[pot_starts[1:][has] - 1] += above[has]
    eligible = live[cross_player] & (paid >= level[cross_pot])
    return _Pots(hand, number, level, amount, pot_starts, count, cross_pot, cross_player,
                 cross_starts, eligible)  # fmt: skip


def _rake(batch: Batch, pots: _Pots, convention: SiteConvention, reachable: Flags) -> Ints:
    """The rake taken from each pot by the site's rule; hands whose rake does not fit
    their pots are taken out of `reachable` (the exact path says why)."""
    # A jackpot fee is taken from the pots as the rake is, under the same rule (Winning).
    taken_in_all = np.where(batch.rake >= 0, batch.rake + batch.jackpot_fee, batch.rake)
    rake = taken_in_all[pots.hand]
    totals = _segment_sum(pots.amount, pots.starts)
    reachable &= (taken_in_all >= 0) & (taken_in_all <= totals)
    before = _exclusive_within(pots.amount, pots.starts, pots.hand)
    name = convention.rake_rule.name
    if name == "main-pot-first":
        taken: Ints = np.clip(rake - before, 0, pots.amount)
        return taken
    total = np.maximum(totals[pots.hand], 1)
    share = rake * pots.amount // total
    left = (taken_in_all - _segment_sum(share, pots.starts))[pots.hand]
    if name == "proportional":
        room = pots.amount - share
        room_before = _exclusive_within(room, pots.starts, pots.hand)
        extra: Ints = np.clip(left - room_before, 0, room)
        return share + extra
    remainder = rake * pots.amount % total
    order = np.lexsort((pots.number, -remainder, pots.hand))
    place = np.empty(len(order), dtype=np.int64)
    place[order] = np.arange(len(order)) - pots.starts[pots.hand[order]]
    largest: Ints = share + (place < left)
    return largest


def _ranks(batch: Batch, live: Flags) -> tuple[Ints, Ints]:
    """Per player, the high and low rank of their best hand at the showdown; 0 for
    players not evaluated (folded, cards unknown, no showdown, no complete board)."""
    owner = batch.player_hand
    players = len(owner)
    high = np.zeros(players, dtype=np.int64)
    low = np.zeros(players, dtype=np.int64)
    game = batch.game[owner].astype(np.intp)
    live_count = _segment_sum(live.astype(np.int64), batch.player_starts)
    card_count = batch.card_starts[1:] - batch.card_starts[:-1]
    board_row = batch.board_of[owner]
    board_ok = np.ones(players, dtype=np.bool_)
    flop = ~_STUD[game]
    has_board = board_row >= 0
    board_ok[flop] = has_board[flop]
    board_ok[flop & has_board] = (batch.board_cards[board_row[flop & has_board]] >= 0).all(axis=1)
    shown = live & (live_count[owner] > 1) & (card_count == _HOLE_COUNT[game]) & board_ok
    for count in np.unique(_HOLE_COUNT[game[shown]]):
        rows = np.flatnonzero(shown & (_HOLE_COUNT[game] == count))
        cards = batch.card_values[batch.card_starts[rows][:, None] + np.arange(count)]
        hilo = _HILO[game[rows]]
        if count == 7:
            high[rows] = stud_high_ranks(cards, check=False)
            low[rows] = np.where(hilo, stud_low_ranks(cards, check=False), 0)
        else:
            board = batch.board_cards[board_row[rows]]
            high[rows] = omaha_high_ranks(cards, board, check=False)
            low[rows] = np.where(hilo, omaha_low_ranks(cards, board, check=False), 0)
    return high, low


@dataclass(frozen=True, slots=True)
class _Split:
    """The engine's payments, one row per award; `out_of_reach` flags pots the fast
    path leaves to the exact path."""

    pot: Ints
    player: Ints
    half: Ints
    amount: Ints
    rank: Ints
    out_of_reach: Flags


@dataclass(frozen=True, slots=True)
class _Winners:
    """Per cross row, whether the player wins the pot's high (or whole) and its low;
    per pot, how many share each, whether it is halved, and what is out of reach."""

    high_won: Flags
    low_won: Flags
    high_ways: Ints
    low_ways: Ints
    halved: Flags
    identical: Flags
    out_of_reach: Flags


def _winners(batch: Batch, pots: _Pots, net: Ints, high: Ints, low: Ints) -> _Winners:
    """The best high and the best low among each pot's eligible players; a hand whose
    cards are unknown ranks 0, below every shown hand."""
    cross_pot, cross_player, cross_starts = pots.cross_pot, pots.cross_player, pots.cross_starts
    eligible = pots.eligible
    high_x = np.where(eligible, high[cross_player], -1)
    best_high = _segment_max(high_x, cross_starts, -1)
    high_won = eligible & (high_x == best_high[cross_pot])
    low_x = np.where(eligible, low[cross_player], 0)
    best_low = _segment_max(low_x, cross_starts, 0)
    low_won = eligible & (best_low[cross_pot] > 0) & (low_x == best_low[cross_pot])
    high_ways = _segment_sum(high_won.astype(np.int64), cross_starts)
    low_ways = _segment_sum(low_won.astype(np.int64), cross_starts)
    stud = _STUD[batch.game[pots.hand]]
    out_of_reach = ((best_high <= 0) & (high_ways > 1) & (net > 0)) | (  # nobody showed
        stud & ((high_ways > 1) | (low_ways > 1))  # stud ties go by suit
    )
    # TDA 19F: the same players tie both ways.
    same_both_ways = _segment_all(high_won == low_won, cross_starts)
    identical = (high_ways > 1) & (low_ways > 0) & same_both_ways
    return _Winners(high_won, low_won, high_ways, low_ways, best_low > 0, identical,
                    out_of_reach)  # fmt: skip


def _split(
    batch: Batch, pots: _Pots, net: Ints, high: Ints, low: Ints, convention: SiteConvention
) -> _Split:
    """Split every pot between its eligible players (`engine.split.split_pot`)."""
    cross_pot, cross_player, cross_starts = pots.cross_pot, pots.cross_player, pots.cross_starts
    won = _winners(batch, pots, net, high, low)
    rule = convention.odd_chip_rule
    out_of_reach = won.out_of_reach | (won.identical & (not rule.even_split_identical))
    larger, smaller = net - net // 2, net // 2
    if rule.odd_unit_half is Half.LOW:
        larger, smaller = smaller, larger
    high_amount = np.where(won.halved, larger, net)
    low_amount = np.where(won.halved, smaller, 0)
    if rule.low_remainder_to_high:
        # a tied low half's left-over units go high: the exact path pays those pots
        uneven = low_amount % np.maximum(won.low_ways, 1) > 0
        out_of_reach = out_of_reach | (won.halved & ~won.identical & uneven)
    high_share = _shares(won.high_won, high_amount, won.high_ways, cross_starts, cross_pot)
    low_share = _shares(won.low_won, low_amount, won.low_ways, cross_starts, cross_pot)
    # Players tied both ways take even shares of the whole pot (TDA 19F).
    even = _shares(won.high_won, net, won.high_ways, cross_starts, cross_pot) - high_share
    low_share = np.where(won.identical[cross_pot], even, low_share)
    high_rows = np.flatnonzero(high_share > 0)
    low_rows = np.flatnonzero(low_share > 0)
    rows = np.r_[high_rows, low_rows]
    half = np.r_[np.where(won.halved[cross_pot[high_rows]], 0, 2), np.ones(len(low_rows), int)]
    amount = np.r_[high_share[high_rows], low_share[low_rows]]
    rank = np.r_[high[cross_player[high_rows]], low[cross_player[low_rows]]]
    # The exact path's order: pot by pot, the high half first, then odd-chip order.
    order = sort_order((rows, (half == 1).astype(np.int64), cross_pot[rows]))
    return _Split(
        pot=cross_pot[rows][order],
        player=cross_player[rows][order],
        half=half[order].astype(np.int64),
        amount=amount[order],
        rank=np.maximum(rank[order], 0),
        out_of_reach=out_of_reach,
    )


def _shares(won: Flags, amount: Ints, ways: Ints, starts: Ints, segment: Ints) -> Ints:
    """Each winner's part of a half: an even share, the units left over one each to the
    first winners in odd-chip order (`engine.rules.divide`)."""
    safe_ways = np.maximum(ways, 1)
    place = _rank_within(won, starts, segment)
    base = (amount // safe_ways)[segment]
    extra = (place < (amount % safe_ways)[segment]).astype(np.int64)
    share: Ints = np.where(won, base + extra, 0)
    return share


def _paid_as_expected(batch: Batch, pots: _Pots, net: Ints, split: _Split, hands: int) -> Flags:
    """Per hand: the site's listed pots are the engine's, and every player got what the
    engine pays, per pot where the site names the pot."""
    owner = batch.player_hand
    named = np.zeros(hands, dtype=np.bool_)
    named[batch.collection_hand[batch.collection_pot > 0]] = True
    listed = (batch.main_pot >= 0) & (batch.side_pot_starts[1:] > batch.side_pot_starts[:-1])
    agree = ~listed & ((pots.count <= 1) | named)
    # Listed pots: main pot then side pots, each equal to the engine's pot less rake.
    listed_count = 1 + batch.side_pot_starts[1:] - batch.side_pot_starts[:-1]
    same_count = listed & (listed_count == pots.count)
    site_pots = np.full(len(pots.hand), -1, dtype=np.int64)
    fits = same_count[pots.hand]
    main = fits & (pots.number == 0)
    site_pots[main] = batch.main_pot[pots.hand[main]]
    side = fits & (pots.number > 0)
    site_pots[side] = batch.side_pot_values[
        batch.side_pot_starts[pots.hand[side]] + pots.number[side] - 1
    ]
    agree |= same_count & _segment_all(site_pots == net, pots.starts)
    # Per player and pot (all pots as one where the site names none): paid less owed.
    expected_pot = np.where(named[owner[split.player]], pots.number[split.pot], 0)
    reported_pot = np.where(named[batch.collection_hand], batch.collection_pot, 0)
    width = int(max(expected_pot.max(initial=0), reported_pot.max(initial=0))) + 1
    balance = np.zeros((len(owner), width), dtype=np.int64)
    np.add.at(balance, (batch.collection_player, reported_pot), batch.collection_amount)
    np.subtract.at(balance, (split.player, expected_pot), split.amount)
    wrong = _segment_any((balance != 0).any(axis=1), batch.player_starts)
    return agree & ~wrong


# ---- segments --------------------------------------------------------------------------


def _segment_sum(values: Ints, starts: Ints) -> Ints:
    """Per segment (`starts`: n + 1 offsets), the sum of `values`; 0 when empty."""
    running = np.zeros(len(values) + 1, dtype=np.int64)
    np.cumsum(values, out=running[1:])
    total: Ints = running[starts[1:]] - running[starts[:-1]]
    return total


def _segment_max(values: Ints, starts: Ints, empty: int) -> Ints:
    """Per segment, the largest value; `empty` for empty segments."""
    result = np.full(len(starts) - 1, empty, dtype=np.int64)
    full = starts[1:] > starts[:-1]
    if full.any():
        result[full] = np.maximum.reduceat(values, starts[:-1][full])
    return result


def _segment_any(flags: Flags, starts: Ints) -> Flags:
    """Per segment, True when any flag is set."""
    found: Flags = _segment_sum(flags.astype(np.int64), starts) > 0
    return found


def _segment_all(flags: Flags, starts: Ints) -> Flags:
    """Per segment, True when every flag is set (and for empty segments)."""
    return ~_segment_any(~flags, starts)


def _rank_within(flags: Flags, starts: Ints, segment: Ints) -> Ints:
    """Per element, how many flagged elements come before it in its segment."""
    running = np.zeros(len(flags) + 1, dtype=np.int64)
    np.cumsum(flags, out=running[1:])
    place: Ints = running[:-1] - running[starts[:-1]][segment]
    return place


def _exclusive_within(values: Ints, starts: Ints, segment: Ints) -> Ints:
    """Per element, the sum of the values before it in its segment."""
    running = np.zeros(len(values) + 1, dtype=np.int64)
    np.cumsum(values, out=running[1:])
    before: Ints = running[:-1] - running[starts[:-1]][segment]
    return before
