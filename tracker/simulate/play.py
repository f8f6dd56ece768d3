"""Legal random betting for limit, pot-limit and no-limit, with blinds or antes and a
bring-in.

`play_hand` plays one hand from the deal and the stacks and returns what happened as a
list of steps in the order a hand history prints them: streets dealt, actions, notes
("Betting is capped") and uncalled bets returned. Players are indexes in the order of
the hand (flop games: seat order starting left of the button, so the small blind is 0
and the big blind 1, or the big blind 0 and the button 1 heads-up; stud: seat order).

The rules kept:
    - a bet is at least the big blind (limit: the street's bet); a raise adds at least
      the last full raise of the street (limit: one bet) to the current bet;
    - pot-limit: a raise goes at most to the current bet plus the pot after calling;
    - limit: four bets a street at most (bet and three raises, the big blind or the
      completion counting as the first), "Betting is capped" printed at the fourth;
    - an all-in for less than a full raise does not reopen the betting for players who
      have acted (they may only call or fold), unless short raises add up to a full one;
    - stud: the lowest door card brings in (or completes); later streets start with the
      best hand showing; stud high allows a double bet on fourth street when a pair shows.

The random choices lean towards calling so that many hands reach a multiway showdown,
which is where hi/lo splits, ties and quartered pots happen.

>>> import random
>>> from tracker.simulate.deal import deal_hand, blind_stakes
>>> rng = random.Random(3)
>>> dealt = deal_hand(rng, Game.OMAHA_HILO, 4)
>>> played = play_hand(rng, Game.OMAHA_HILO, Structure.POT_LIMIT, blind_stakes(25, 50),
...                    [5000, 5000, 2000, 9000], dealt)
>>> sum(played.contributed) == 21000 - sum(played.stacks)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from tracker.model import ActionKind, Game, Street, Structure
from tracker.simulate.bet_errors import BetErrorKind, IllegalAction
from tracker.simulate.deal import Deal, TableStakes, best_showing, bring_in_player

FLOP_STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
STUD_STREETS = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
CAP_BETS = 4
KEEN_SHARE = 0.36
"""The share of players who play a hand through rather than fold it early."""

CAPPED_NOTE = "Betting is capped"
DOUBLE_BET_NOTE = "Pair on board - a double bet is allowed"


class Act(NamedTuple):
    """One action: what `amount` the player put in, and their street total for raises."""

    street: Street
    player: int
    kind: ActionKind
    amount: int
    to_amount: int | None
    all_in: bool


class Dealt(NamedTuple):
    """A street's cards were dealt (flop games: "*** FLOP ***"; stud: "*** 4th STREET ***")."""

    street: Street


class Note(NamedTuple):
    """A line the dealer prints between actions ("Betting is capped")."""

    text: str


class Uncalled(NamedTuple):
    """An uncalled bet given back to `player`."""

    player: int
    amount: int


Step = Act | Dealt | Note | Uncalled


@dataclass(slots=True)
class PlayedHand:
    """What happened in one hand's betting.

    Attributes:
        steps: streets, actions, notes and returns in printing order.
        contributed: per player, what they put in the pot (returns taken off).
        stacks: per player, their stack at the end of the betting.
        folded: per player, True when they folded.
        fold_street: per player, the street they folded on (None when they did not).
        put_in: per player, True when they put chips in other than antes.
        last_street: the last street dealt.
        showdown: True when two or more players are left at the end.
        run_out: flop games, the first street dealt with no betting left (two or more
            players in and at most one with chips behind): from it on, the board is run
            out; None when every street dealt had betting.
        illegal: the illegal action played into the hand, if any
            (`tracker.simulate.bet_errors`).
    """

    steps: list[Step]
    contributed: list[int]
    stacks: list[int]
    folded: list[bool]
    fold_street: list[Street | None]
    put_in: list[bool]
    last_street: Street
    showdown: bool
    run_out: Street | None = None
    illegal: IllegalAction | None = None

    @property
    def actions(self) -> list[Act]:
        """The actions only, in order."""
        return [step for step in self.steps if isinstance(step, Act)]


class _Table:
    """The betting state of one hand. Amounts are ints; players are indexes."""

    def __init__(
        self,
        rng: random.Random,
        structure: Structure,
        stakes: TableStakes,
        stacks: Sequence[int],
    ) -> None:
        count = len(stacks)
        self.rng = rng
        self.structure = structure
        self.stakes = stakes
        self.count = count
        self.stacks = list(stacks)
        self.contributed = [0] * count
        self.street_in = [0] * count
        self.folded = [False] * count
        self.in_hand = count
        self.all_in = [False] * count
        self.fold_street: list[Street | None] = [None] * count
        self.put_in = [False] * count
        self.steps: list[Step] = []
        self.run_out: Street | None = None
        # Betting of the current street.
        self.current_bet = 0
        self.full_bet = 0
        self.last_raise = 0
        self.bets = 0
        self.bet_size = 0
        self.acted_at = [-1] * count
        self.keen = [rng.random() < KEEN_SHARE for _ in range(count)]
        self.plan: BetErrorKind | None = None
        self.illegal: IllegalAction | None = None

    # -- putting chips in ---------------------------------------------------------

    def put(self, street: Street, player: int, kind: ActionKind, amount: int) -> Act:
        """Move `amount` from the player's stack to the pot and record the action."""
        amount = min(amount, self.stacks[player])
        self.stacks[player] -= amount
        self.contributed[player] += amount
        self.street_in[player] += amount
        all_in = self.stacks[player] == 0
        self.all_in[player] = all_in
        if kind is not ActionKind.POST_ANTE:
            self.put_in[player] = True
        to_amount = self.street_in[player] if kind is ActionKind.RAISE else None
        act = Act(street, player, kind, amount, to_amount, all_in)
        self.steps.append(act)
        return act

    def start_street(self, street: Street, bet_size: int) -> None:
        """Reset the street's betting (the chips already in stay in `contributed`)."""
        self.street_in = [0] * self.count
        self.current_bet = 0
        self.full_bet = 0
        self.last_raise = bet_size
        self.bets = 0
        self.bet_size = bet_size
        self.acted_at = [-1] * self.count
        self.steps.append(Dealt(street))

    def live(self) -> list[int]:
        """Players who have not folded."""
        return [player for player in range(self.count) if not self.folded[player]]

    def can_act(self, player: int) -> bool:
        """True for a player who has not folded and has chips behind."""
        return not self.folded[player] and not self.all_in[player]

    # -- one betting round ----------------------------------------------------------

    def betting_round(self, street: Street, first: int) -> None:
        """Let players act, clockwise from `first`, until the betting is closed."""
        player = first
        idle = 0
        while idle < self.count and self.in_hand > 1:
            if self.needs_to_act(player):
                self.act(street, player)
                idle = 0
            else:
                idle += 1
            player = (player + 1) % self.count
        self.return_uncalled()

    def needs_to_act(self, player: int) -> bool:
        """True when it is this player's turn to decide something."""
        if self.folded[player] or self.all_in[player]:
            return False
        if self.street_in[player] < self.current_bet:
            return True
        if self.acted_at[player] >= 0:
            return False
        # Nobody left to bet into: checking would be an empty prompt.
        return any(self.can_act(other) for other in range(self.count) if other != player)

    def act(self, street: Street, player: int) -> None:
        """One decision: fold, check, call, bet or raise, chosen at random."""
        to_call = self.current_bet - self.street_in[player]
        may_raise = self.may_raise(player) and self.stacks[player] > to_call
        keen = self.keen[player]
        choice = _choose(self.rng, to_call, self.pot(), may_raise, self.structure, keen)
        if self.plan is BetErrorKind.LIMIT_PAST_CAP and self.past_cap_possible(player):
            target = self.current_bet + self.bet_size
            self.played_illegal(street, player, target, self.current_bet)
            self.raise_to(street, player, target)
        elif choice == "fold":
            self.folded[player] = True
            self.in_hand -= 1
            self.fold_street[player] = street
            self.steps.append(Act(street, player, ActionKind.FOLD, 0, None, False))
        elif choice == "check":
            self.steps.append(Act(street, player, ActionKind.CHECK, 0, None, False))
        elif choice == "call":
            self.put(street, player, ActionKind.CALL, to_call)
        else:
            self.raise_to(street, player, self.illegal_target(street, player))
        self.acted_at[player] = self.full_bet

    # -- illegal actions (tracker.simulate.bet_errors) ----------------------------------

    def played_illegal(self, street: Street, player: int, amount: int, allowed: int | None) -> None:
        """Record the planned illegal action as played."""
        assert self.plan is not None
        self.illegal = IllegalAction(self.plan, street, player, amount, allowed)
        self.plan = None

    def past_cap_possible(self, player: int) -> bool:
        """True when the player faces a capped limit bet they may otherwise raise and
        can raise once more without going all in."""
        reopened = self.acted_at[player] < 0 or self.full_bet > self.acted_at[player]
        to_call = self.current_bet - self.street_in[player]
        return (self.structure is Structure.LIMIT and self.bets >= CAP_BETS and reopened
                and to_call > 0 and self.stacks[player] > to_call + self.bet_size)  # fmt: skip

    def illegal_target(self, street: Street, player: int) -> int:
        """The street total a raise goes to: `raise_target`'s, or the planned illegal
        one when the raise allows it without going all in."""
        target = self.raise_target(player)
        plan, most = self.plan, self.street_in[player] + self.stacks[player]
        if plan is None or target >= most:
            return target
        legal, wrong = target, None
        completing = self.bets == 0 and self.current_bet < self.bet_size
        if self.structure is Structure.LIMIT:
            half = max(self.bet_size // 2, 1)
            sized = plan is BetErrorKind.LIMIT_RAISE_SIZE and not completing
            completion = plan is BetErrorKind.WRONG_COMPLETION and street is Street.THIRD
            if sized or (completion and completing):
                wrong = legal + half
        elif plan is BetErrorKind.POT_LIMIT_OVER_MAXIMUM:
            to_call = self.current_bet - self.street_in[player]
            legal = self.current_bet + self.pot() + to_call
            wrong = legal + self.stakes.big_blind
        elif plan is BetErrorKind.NO_LIMIT_UNDER_MINIMUM and self.current_bet > 0:
            legal = self.current_bet + self.last_raise
            short = legal - max(self.last_raise // 2, 1)
            wrong = short if short > self.current_bet else None
        if wrong is None or wrong >= most:
            return target
        self.played_illegal(street, player, wrong, legal)
        return wrong

    def may_raise(self, player: int) -> bool:
        """True unless the player faces only short all-ins since acting, or the cap."""
        if self.structure is Structure.LIMIT and self.bets >= CAP_BETS:
            return False
        return self.acted_at[player] < 0 or self.full_bet > self.acted_at[player]

    def pot(self) -> int:
        """Every chip put in so far, this street's bets included."""
        return sum(self.contributed)

    def raise_target(self, player: int) -> int:
        """The street total a bet or raise goes to (at most the player's all-in)."""
        most = self.street_in[player] + self.stacks[player]
        if self.structure is Structure.LIMIT:
            return min(self.limit_target(), most)
        least = self.current_bet + self.last_raise
        if self.structure is Structure.POT_LIMIT:
            to_call = self.current_bet - self.street_in[player]
            most = min(most, self.current_bet + self.pot() + to_call)
        if most <= least:
            return most
        wanted = self.current_bet + _raise_size(self.rng, self.pot(), self.structure)
        roll = self.rng.random()
        if roll < 0.06 or (self.structure is Structure.POT_LIMIT and roll < 0.3):
            wanted = most  # all-in, or "raises pot"
        return min(max(wanted, least), most)

    def limit_target(self) -> int:
        """Limit: the total of a full bet, raise or completion of the bring-in."""
        if self.bets == 0 and self.current_bet < self.bet_size:
            return self.bet_size
        return self.current_bet + self.bet_size

    def raise_to(self, street: Street, player: int, target: int) -> None:
        """Bet or raise to `target` and update the street's betting."""
        kind = ActionKind.BET if self.current_bet == 0 else ActionKind.RAISE
        raise_by = target - self.current_bet
        if self.structure is Structure.LIMIT:
            full = target >= self.limit_target()
        else:
            full = raise_by >= self.last_raise
        self.put(street, player, kind, target - self.street_in[player])
        self.current_bet = target
        if full:
            if self.structure is not Structure.LIMIT:
                self.last_raise = raise_by
            self.full_bet = target
            self.bets += 1
            if self.structure is Structure.LIMIT and self.bets == CAP_BETS:
                self.steps.append(Note(CAPPED_NOTE))
        elif target >= self.full_bet + self.last_raise:
            self.full_bet = target  # short all-ins that add up to a full raise reopen

    def return_uncalled(self) -> None:
        """Give the top bettor back what nobody matched."""
        ordered = sorted(self.street_in, reverse=True)
        if self.count < 2 or ordered[0] == ordered[1]:
            return
        top = self.street_in.index(ordered[0])
        back = ordered[0] - ordered[1]
        self.street_in[top] -= back
        self.contributed[top] -= back
        self.stacks[top] += back
        self.all_in[top] = self.stacks[top] == 0
        self.steps.append(Uncalled(top, back))


def _choose(
    rng: random.Random, to_call: int, pot: int, may_raise: bool, structure: Structure, keen: bool
) -> str:
    """A random decision. Keen players (drawn per hand) rarely fold and the others
    rarely stay, so that many hands reach a showdown of three or more players."""
    roll = rng.random()
    aggression = 0.22 if structure is Structure.LIMIT else 0.16
    if not keen:
        aggression /= 3
    if to_call == 0:
        return "raise" if may_raise and roll < aggression + 0.1 else "check"
    price = to_call / (pot + to_call)
    fold = 0.03 + 0.35 * price if keen else 0.35 + price
    if roll < fold:
        return "fold"
    if may_raise and roll < fold + aggression * (1.0 - price):
        return "raise"
    return "call"


def _raise_size(rng: random.Random, pot: int, structure: Structure) -> int:
    """How much to add on top of the current bet: a fraction of the pot."""
    fraction = rng.choice((0.33, 0.5, 0.5, 0.66, 0.75, 1.0, 1.0))
    if structure is Structure.NO_LIMIT and rng.random() < 0.2:
        fraction *= 2.0
    return int(pot * fraction)


def play_hand(
    rng: random.Random,
    game: Game,
    structure: Structure,
    stakes: TableStakes,
    stacks: Sequence[int],
    dealt: Deal,
    illegal: BetErrorKind | None = None,
) -> PlayedHand:
    """Play one hand's betting at random but legally.

    Args:
        rng: the random source (one seed, one hand).
        game: the game; stud plays antes and a bring-in, the others blinds.
        structure: limit, pot-limit or no-limit (stud: limit).
        stakes: blinds, bets, ante and bring-in.
        stacks: per player, the chips in front of them (each at least the forced bets).
        dealt: the cards, which decide the stud bring-in and who acts first.
        illegal: an illegal action to play at the first chance (none when None).

    Returns:
        The steps, contributions, final stacks and who folded where, and the illegal
        action played, if any.
    """
    table = _Table(rng, structure, stakes, stacks)
    table.plan = illegal
    last = _play_stud(table, game, dealt) if game.is_stud else _play_flop_game(table)
    live = table.live()
    return PlayedHand(
        steps=table.steps,
        contributed=table.contributed,
        stacks=table.stacks,
        folded=table.folded,
        fold_street=table.fold_street,
        put_in=table.put_in,
        last_street=last,
        showdown=len(live) > 1,
        run_out=table.run_out,
        illegal=table.illegal,
    )


def _play_flop_game(table: _Table) -> Street:
    stakes = table.stakes
    count = table.count
    small_blind, big_blind = (1, 0) if count == 2 else (0, 1)
    table.start_street(Street.PREFLOP, stakes.small_bet)
    table.steps.pop()  # the blinds come before "*** HOLE CARDS ***"
    table.put(Street.PREFLOP, small_blind, ActionKind.POST_SMALL_BLIND, stakes.small_blind)
    table.put(Street.PREFLOP, big_blind, ActionKind.POST_BIG_BLIND, stakes.big_blind)
    table.steps.append(Dealt(Street.PREFLOP))
    table.current_bet = table.full_bet = stakes.big_blind
    table.last_raise = stakes.big_blind
    table.bets = 1
    table.betting_round(Street.PREFLOP, (big_blind + 1) % count)
    for number, street in enumerate(FLOP_STREETS[1:], start=1):
        if table.in_hand < 2:
            return FLOP_STREETS[number - 1]
        bet_size = stakes.small_bet if street is Street.FLOP else stakes.big_bet
        table.start_street(street, bet_size)
        if sum(table.can_act(player) for player in range(count)) > 1:
            table.betting_round(street, 0)
        elif table.run_out is None:
            table.run_out = street
    return Street.RIVER


def _play_stud(table: _Table, game: Game, dealt: Deal) -> Street:
    stakes = table.stakes
    count = table.count
    for player in range(count):
        table.put(Street.THIRD, player, ActionKind.POST_ANTE, stakes.ante)
    table.start_street(Street.THIRD, stakes.small_bet)  # antes are dead: not street bets
    opener = bring_in_player(dealt.hole_cards, range(count))
    wrong_opener = table.plan is BetErrorKind.WRONG_BRING_IN and count > 1
    if wrong_opener:
        opener = max(range(count), key=lambda player: dealt.hole_cards[player][2].index)
    _bring_in(table, opener)
    if wrong_opener:  # the bring-in, or the completion, by the highest door card
        table.played_illegal(Street.THIRD, opener, table.street_in[opener], None)
    table.betting_round(Street.THIRD, (opener + 1) % count)
    for number, street in enumerate(STUD_STREETS[1:], start=1):
        if table.in_hand < 2:
            return STUD_STREETS[number - 1]
        bet_size = stakes.small_bet if street is Street.FOURTH else stakes.big_bet
        table.start_street(street, bet_size)
        if street is Street.FOURTH and not game.is_hilo and _pair_showing(table, dealt):
            table.steps.append(Note(DOUBLE_BET_NOTE))
            if table.rng.random() < 0.35:
                table.bet_size = table.last_raise = stakes.big_bet
        if sum(table.can_act(player) for player in range(count)) > 1:
            first = best_showing(dealt.hole_cards, table.live(), number)
            table.betting_round(street, first)
    return Street.SEVENTH


def _bring_in(table: _Table, opener: int) -> None:
    """The lowest door card posts the bring-in, or completes to a full small bet."""
    stakes = table.stakes
    if table.rng.random() < 0.15 and table.stacks[opener] > stakes.small_bet:
        table.raise_to(Street.THIRD, opener, table.illegal_target(Street.THIRD, opener))
    else:
        table.put(Street.THIRD, opener, ActionKind.BRING_IN, stakes.bring_in)
        table.current_bet = table.street_in[opener]
    table.acted_at[opener] = table.full_bet


def _pair_showing(table: _Table, dealt: Deal) -> bool:
    for player in table.live():
        first, second = dealt.hole_cards[player][2:4]
        if first.rank is second.rank:
            return True
    return False
