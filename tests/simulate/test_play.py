"""Every simulated hand is played legally and keeps its chips.

A referee written apart from the simulator replays each hand's steps and checks turn
order, bet sizes for the structure (limit sizes and cap, pot-limit maximum, minimum
raises, short all-ins that do not reopen the betting), stacks and all-ins, uncalled bets,
and that the pot less the rake is exactly what was paid.
"""

from __future__ import annotations

import doctest
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from types import ModuleType

import pytest

import tracker.simulate
from tracker.cards import Card
from tracker.model import ActionKind, Game, Street, Structure
from tracker.simulate import (
    SimulatedHand,
    deal,
    iter_hands,
    options,
    payout,
    play,
    pokerstars_format,
    table,
    twice,
)
from tracker.simulate.deal import MAX_PLAYERS
from tracker.simulate.play import CAPPED_NOTE, DOUBLE_BET_NOTE, Act, Dealt, Note, Uncalled

FLOP_ORDER = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
STUD_ORDER = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)

CONFIGS = [
    (Game.OMAHA_HILO, Structure.POT_LIMIT, 6),
    (Game.OMAHA_HILO, Structure.NO_LIMIT, 9),
    (Game.OMAHA_HILO, Structure.LIMIT, 2),
    (Game.OMAHA5_HILO, Structure.POT_LIMIT, 3),
    (Game.OMAHA5_HILO, Structure.LIMIT, 9),
    (Game.COURCHEVEL_HILO, Structure.POT_LIMIT, 6),
    (Game.COURCHEVEL_HILO, Structure.NO_LIMIT, 2),
    (Game.STUD_HILO, Structure.LIMIT, 7),
    (Game.STUD_HI, Structure.LIMIT, 4),
    (Game.OMAHA_HI, Structure.NO_LIMIT, 10),
    (Game.OMAHA5_HI, Structure.POT_LIMIT, 6),
    (Game.COURCHEVEL_HI, Structure.LIMIT, 5),
]


class IllegalPlayError(AssertionError):
    """The referee's verdict on a step that breaks the rules."""


class Referee:
    """Replays one hand's steps against the betting rules."""

    def __init__(self, hand: SimulatedHand) -> None:
        self.hand = hand
        self.stakes = hand.stakes
        self.structure = hand.structure
        count = len(hand.setup.stacks)
        self.count = count
        self.stacks = list(hand.setup.stacks)
        self.put_in = [0] * count
        self.folded = [False] * count
        self.on_street = [0] * count
        self.acted: list[int | None] = [None] * count  # the full-bet level when they acted
        self.street: Street | None = None
        self.to_match = 0
        self.full_level = 0
        self.full_raise = 0
        self.bets = 0
        self.bet_size = 0
        self.expected: int | None = None
        self.capped_due = False

    # -- helpers --------------------------------------------------------------------

    def fail(self, message: str) -> IllegalPlayError:
        return IllegalPlayError(f"hand {self.hand.setup.hand_id}: {message}")

    def free(self, player: int) -> bool:
        return not self.folded[player] and self.stacks[player] > 0

    def owes_action(self, player: int) -> bool:
        if not self.free(player) or self.folded.count(False) < 2:
            return False
        if self.on_street[player] < self.to_match:
            return True
        if self.acted[player] is not None:
            return False
        return any(self.free(other) for other in range(self.count) if other != player)

    def next_after(self, player: int) -> int | None:
        for step in range(1, self.count + 1):
            candidate = (player + step) % self.count
            if self.owes_action(candidate):
                return candidate
        return None

    def first_from(self, player: int) -> int | None:
        return player if self.owes_action(player) else self.next_after(player)

    def pay(self, player: int, amount: int, all_in: bool) -> None:
        if amount < 0 or amount > self.stacks[player]:
            raise self.fail(f"player {player} puts in {amount} with {self.stacks[player]}")
        self.stacks[player] -= amount
        self.put_in[player] += amount
        self.on_street[player] += amount
        if all_in != (self.stacks[player] == 0):
            raise self.fail(f"player {player} all-in flag {all_in} with {self.stacks[player]}")

    # -- the replay -----------------------------------------------------------------

    def run(self) -> None:
        steps = self.hand.played.steps
        position = self.forced_bets(steps)
        for step in steps[position:]:
            if self.capped_due and step != Note(CAPPED_NOTE):
                raise self.fail("the fourth bet is not followed by 'Betting is capped'")
            if isinstance(step, Dealt):
                self.deal(step.street)
            elif isinstance(step, Act):
                self.act(step)
            elif isinstance(step, Uncalled):
                self.uncalled(step)
            elif step == Note(CAPPED_NOTE):
                if not self.capped_due:
                    raise self.fail("'Betting is capped' before the fourth bet")
                self.capped_due = False
            elif step == Note(DOUBLE_BET_NOTE):
                self.double_bet_allowed()
        self.close_street()
        self.finish()

    def forced_bets(self, steps: Sequence[object]) -> int:
        """Check the blinds or antes; return where the betting starts."""
        if self.hand.game.is_stud:
            for player in range(self.count):
                self.expect_post(steps[player], player, ActionKind.POST_ANTE, self.stakes.ante)
            self.on_street = [0] * self.count  # antes are dead money, not bets
            return self.count
        small, big = (1, 0) if self.count == 2 else (0, 1)
        self.expect_post(steps[0], small, ActionKind.POST_SMALL_BLIND, self.stakes.small_blind)
        self.expect_post(steps[1], big, ActionKind.POST_BIG_BLIND, self.stakes.big_blind)
        return 2

    def expect_post(self, step: object, player: int, kind: ActionKind, amount: int) -> None:
        if not (isinstance(step, Act) and step.player == player and step.kind is kind):
            raise self.fail(f"expected {kind} by {player}, got {step}")
        if step.amount != min(amount, self.stacks[player]):
            raise self.fail(f"{kind} of {step.amount}, the stakes say {amount}")
        self.pay(player, step.amount, step.all_in)

    def deal(self, street: Street) -> None:
        order = STUD_ORDER if self.hand.game.is_stud else FLOP_ORDER
        wanted = order[0] if self.street is None else order[order.index(self.street) + 1]
        if street is not wanted:
            raise self.fail(f"street {street} dealt, {wanted} due")
        if self.street is not None:
            self.close_street()
        self.street = street
        number = order.index(street)
        late = number >= 2  # the turn, or fifth street: big bets
        self.bet_size = self.stakes.big_bet if late else self.stakes.small_bet
        self.full_raise = self.bet_size
        self.acted = [None] * self.count
        self.bets = 0
        if street is Street.PREFLOP:
            self.to_match = self.full_level = self.stakes.big_blind
            self.bets = 1
            self.expected = self.first_from((1 if self.count == 2 else 2) % self.count)
            return
        self.on_street = [0] * self.count
        self.to_match = self.full_level = 0
        if street is Street.THIRD:
            self.expected = self.bring_in_player()
        elif self.hand.game.is_stud:
            self.expected = self.first_from(self.best_showing(number))
        else:
            self.expected = self.first_from(0)

    def close_street(self) -> None:
        for player in range(self.count):
            if self.owes_action(player):
                raise self.fail(f"the {self.street} betting closed before player {player} acted")
        top = sorted(self.on_street, reverse=True)
        if self.count > 1 and top[0] != top[1]:
            raise self.fail(f"an uncalled {top[0] - top[1]} was not returned on {self.street}")

    def bring_in_player(self) -> int:
        cards = self.hand.dealt.hole_cards
        return min(
            range(self.count), key=lambda player: (cards[player][2].rank, cards[player][2].suit)
        )

    def best_showing(self, number: int) -> int:
        cards = self.hand.dealt.hole_cards
        live = [player for player in range(self.count) if not self.folded[player]]
        return max(live, key=lambda player: _showing_key(cards[player][2 : 2 + number + 1][:4]))

    def double_bet_allowed(self) -> None:
        up = [self.hand.dealt.hole_cards[p][2:4] for p in range(self.count) if not self.folded[p]]
        if self.hand.game.is_hilo or self.street is not Street.FOURTH:
            raise self.fail("a double bet offered outside stud high's fourth street")
        if not any(first.rank == second.rank for first, second in up):
            raise self.fail("a double bet offered with no pair showing")
        self.bet_size = 0  # either bet size; the first bet decides

    def act(self, act: Act) -> None:
        if act.player != self.expected:
            raise self.fail(f"player {act.player} acts, player {self.expected} is due: {act}")
        if act.street is not self.street:
            raise self.fail(f"an action on {act.street} during {self.street}")
        player = act.player
        owed = self.to_match - self.on_street[player]
        kind = act.kind
        if kind is ActionKind.FOLD:
            if owed <= 0:
                raise self.fail("a fold when checking is free")
            self.folded[player] = True
        elif kind is ActionKind.CHECK:
            if owed != 0:
                raise self.fail(f"a check facing {owed}")
        elif kind is ActionKind.CALL:
            if owed <= 0 or act.amount != min(owed, self.stacks[player]):
                raise self.fail(f"a call of {act.amount} facing {owed}")
            self.pay(player, act.amount, act.all_in)
        elif kind is ActionKind.BRING_IN:
            if self.street is not Street.THIRD or any(self.on_street):
                raise self.fail("a bring-in that is not the first bet of third street")
            if act.amount != min(self.stakes.bring_in, self.stacks[player]):
                raise self.fail(f"a bring-in of {act.amount}")
            self.pay(player, act.amount, act.all_in)
            self.to_match = act.amount
        elif kind in (ActionKind.BET, ActionKind.RAISE):
            self.bet_or_raise(act, owed)
        else:
            raise self.fail(f"{kind} during the betting")
        self.acted[player] = self.full_level
        self.expected = self.next_after(player)

    def bet_or_raise(self, act: Act, owed: int) -> None:
        player = act.player
        total = self.on_street[player] + act.amount
        if (act.kind is ActionKind.BET) != (self.to_match == 0):
            raise self.fail(f"{act.kind} when the bet to match is {self.to_match}")
        if act.kind is ActionKind.RAISE and act.to_amount != total:
            raise self.fail(f"raise to {act.to_amount} but the street total is {total}")
        acted = self.acted[player]
        if acted is not None and self.full_level <= acted:
            raise self.fail("a raise by a player facing only short all-ins since acting")
        if act.amount <= owed or act.amount > self.stacks[player]:
            raise self.fail(f"a raise of {act.amount} facing {owed} with {self.stacks[player]}")
        all_in = act.amount == self.stacks[player]
        full = self.check_size(act, total, owed, all_in)
        self.pay(player, act.amount, act.all_in)
        raise_by = total - self.to_match
        self.to_match = total
        if full:
            if self.structure is not Structure.LIMIT:
                self.full_raise = raise_by
            self.full_level = total
            self.bets += 1
            self.capped_due = self.structure is Structure.LIMIT and self.bets == 4
        elif total >= self.full_level + self.full_raise:
            self.full_level = total

    def check_size(self, act: Act, total: int, owed: int, all_in: bool) -> bool:
        """Check a bet or raise's size for the structure; True when it is a full one."""
        if self.structure is Structure.LIMIT:
            if self.bets >= 4:
                raise self.fail("a fifth bet in limit")
            if self.bet_size == 0:  # double bet allowed: the first bet sets the size
                self.bet_size = self.full_raise = total
                if total not in (self.stakes.small_bet, self.stakes.big_bet):
                    raise self.fail(f"a fourth-street bet of {total}")
            completing = self.bets == 0 and self.to_match < self.bet_size
            level = self.bet_size if completing else self.to_match + self.bet_size
            if total != level and not (all_in and total < level):
                raise self.fail(f"a limit bet to {total}; the level is {level}")
            return total == level
        least = self.to_match + self.full_raise
        if total < least and not all_in:
            raise self.fail(f"a raise to {total}, less than the minimum {least}")
        if self.structure is Structure.POT_LIMIT:
            most = self.to_match + sum(self.put_in) + owed
            if total > most:
                raise self.fail(f"a pot-limit raise to {total}, more than the pot allows ({most})")
        return total >= least

    def uncalled(self, step: Uncalled) -> None:
        top = sorted(self.on_street, reverse=True)
        if step.player != self.on_street.index(top[0]) or step.amount != top[0] - top[1]:
            raise self.fail(f"{step} but the street totals are {self.on_street}")
        self.on_street[step.player] -= step.amount
        self.put_in[step.player] -= step.amount
        self.stacks[step.player] += step.amount
        self.to_match = max(self.on_street)

    def finish(self) -> None:
        played = self.hand.played
        live = [player for player in range(self.count) if not self.folded[player]]
        order = STUD_ORDER if self.hand.game.is_stud else FLOP_ORDER
        if played.showdown != (len(live) > 1):
            raise self.fail(f"showdown {played.showdown} with {len(live)} players left")
        if played.showdown and self.street is not order[-1]:
            raise self.fail(f"a showdown after {self.street}")
        if self.put_in != played.contributed or self.stacks != played.stacks:
            raise self.fail("contributions or stacks differ from the replay")


def _showing_key(up: Sequence[Card]) -> tuple[list[int], list[int], int]:
    counts = Counter(card.rank.value for card in up)
    groups = sorted(((size, rank) for rank, size in counts.items()), reverse=True)
    return [size for size, _ in groups], [rank for _, rank in groups], max(c.index for c in up)


TOURNAMENTS = [
    (Game.OMAHA_HILO, Structure.NO_LIMIT, 9, True),
    (Game.STUD_HI, Structure.LIMIT, 7, True),
    (Game.OMAHA5_HILO, Structure.LIMIT, 6, True),
]


@pytest.fixture(
    scope="module",
    params=[(*config, False) for config in CONFIGS] + TOURNAMENTS,
    ids=lambda c: f"{c[0].value}-{c[1].value}-{c[2]}{'-tournament' if c[3] else ''}",
)
def hands(request: pytest.FixtureRequest) -> list[SimulatedHand]:
    game, structure, players, tournament = request.param
    simulated = iter_hands(
        game, structure, hands=250, players=players, seed=2024, tournament=tournament
    )
    return list(simulated)


def test_every_hand_is_played_legally(hands: list[SimulatedHand]) -> None:
    for hand in hands:
        Referee(hand).run()


def test_chips_are_conserved(hands: list[SimulatedHand]) -> None:
    for hand in hands:
        played, settlement = hand.played, hand.settlement
        start = sum(hand.setup.stacks)
        assert sum(played.contributed) + sum(played.stacks) == start
        assert sum(pot.amount for pot in settlement.pots) == sum(played.contributed)
        assert sum(settlement.returned) == 0  # uncalled bets went back during the play
        assert sum(settlement.won) == sum(played.contributed) - hand.rake
        assert sum(hand.reported()) == sum(settlement.won)
        assert all(stack >= 0 for stack in played.stacks)
        assert 0 <= hand.rake <= hand.stakes.rake_cap


def test_players_are_in_the_limits() -> None:
    for game, most in MAX_PLAYERS.items():
        structure = Structure.LIMIT
        assert (
            len(next(iter_hands(game, structure, hands=1, players=most, seed=1)).setup.seats)
            == most
        )


def test_the_referee_rejects_a_raise_over_the_pot() -> None:
    legal = _first_with_raise(Game.OMAHA_HILO, Structure.POT_LIMIT)
    steps = legal.played.steps
    index = next(
        i for i, step in enumerate(steps) if isinstance(step, Act) and step.kind is ActionKind.RAISE
    )
    raise_act = steps[index]
    assert isinstance(raise_act, Act)
    assert raise_act.to_amount is not None
    huge = 10 * sum(legal.setup.stacks)
    bad_steps = [
        *steps[:index],
        raise_act._replace(amount=huge, to_amount=huge),
        *steps[index + 1 :],
    ]
    tampered = replace(legal, played=replace(legal.played, steps=bad_steps))
    with pytest.raises(IllegalPlayError):
        Referee(tampered).run()


def test_the_referee_rejects_acting_out_of_turn() -> None:
    legal = _first_with_raise(Game.STUD_HILO, Structure.LIMIT)
    steps = list(legal.played.steps)
    acts = [
        i for i, step in enumerate(steps) if isinstance(step, Act) and step.kind is ActionKind.CALL
    ]
    first, second = acts[0], acts[1]
    steps[first], steps[second] = steps[second], steps[first]
    tampered = replace(legal, played=replace(legal.played, steps=steps))
    with pytest.raises(IllegalPlayError):
        Referee(tampered).run()


def test_play_reaches_the_interesting_showdowns() -> None:
    """Over 2,000 Omaha hi/lo hands the bias towards calling shows: many multiway
    showdowns, hi/lo splits, quartered pots, side pots, and pot-sized raises."""
    seen: Counter[str] = Counter()
    for hand in iter_hands(Game.OMAHA_HILO, Structure.POT_LIMIT, hands=2000, players=6, seed=9):
        played = hand.played
        live = played.folded.count(False)
        seen["showdown"] += played.showdown
        seen["multiway"] += played.showdown and live >= 3
        seen["side pot"] += len(hand.settlement.pots) > 1
        halves = Counter((award.pot, award.half.value) for award in hand.settlement.awards)
        seen["split"] += any(half == "lo" for _, half in halves)
        seen["quartered"] += any(n == 2 for (_, half), n in halves.items() if half == "lo")
    assert seen["showdown"] >= 1000
    assert seen["multiway"] >= 400
    assert seen["split"] >= 500
    assert seen["side pot"] >= 100
    assert seen["quartered"] >= 20


@pytest.mark.parametrize(
    "module",
    [tracker.simulate, deal, options, payout, play, pokerstars_format, table, twice],
    ids=lambda module: module.__name__,
)
def test_the_examples_in_the_docstrings(module: ModuleType) -> None:
    results = doctest.testmod(module)
    assert results.attempted > 0
    assert results.failed == 0


def _first_with_raise(game: Game, structure: Structure) -> SimulatedHand:
    for hand in iter_hands(game, structure, hands=200, players=6, seed=3):
        kinds = [step.kind for step in hand.played.steps if isinstance(step, Act)]
        if ActionKind.RAISE in kinds and kinds.count(ActionKind.CALL) >= 2:
            return hand
    raise AssertionError("no hand with a raise and two calls in 200 hands")
