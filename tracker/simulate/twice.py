"""Run it twice: the rest of the board dealt a second time once the betting is over.

When two or more players are in a flop game and at most one of them has chips behind
before the river, nothing is left to bet and the board is run out
(`PlayedHand.run_out`). With run it twice the cards still to come are dealt twice: the
first run is the deal's own board, the second is drawn from the cards left in the deck
(neither in anyone's hand nor on the first board). The two boards share the cards dealt
before the run-out (none when the players are all in before the flop, one in
Courchevel, three or four after the flop or the turn). The engine then pays each board
half of every pot (`tracker.engine.settle` with two boards).

The simulator deals it in cash games only: both real PokerStars hands run twice are cash
hands, and PokerStars offers it at cash tables.

>>> from tracker.model import Street
>>> shared_cards(Game.OMAHA_HILO, Street.TURN), shared_cards(Game.COURCHEVEL_HILO, Street.FLOP)
(3, 1)
"""

from __future__ import annotations

import random

from tracker.cards import DECK, Card
from tracker.model import Game, Street
from tracker.simulate.deal import Deal
from tracker.simulate.play import PlayedHand

BOARD_SIZE = 5
_DEALT_BEFORE = {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}
"""Per street the board is run out from, the board cards dealt before it."""


def shared_cards(game: Game, run_out: Street) -> int:
    """The board cards both runs share: those dealt before the board was run out from
    `run_out` (Courchevel shows its first card before the pre-flop betting).

    >>> shared_cards(Game.OMAHA5_HI, Street.FLOP), shared_cards(Game.OMAHA_HI, Street.RIVER)
    (0, 4)
    """
    dealt = _DEALT_BEFORE[run_out]
    if game in (Game.COURCHEVEL_HILO, Game.COURCHEVEL_HI):
        return max(dealt, 1)
    return dealt


def second_run_or_none(
    rng: random.Random, game: Game, dealt: Deal, played: PlayedHand
) -> tuple[Card, ...] | None:
    """The second board of a hand run twice, all five cards, or None when the hand
    cannot be: no board run out, or too few cards left in the deck (five-card games at a
    full table).

    >>> from tracker.simulate.deal import deal_hand
    >>> from tracker.simulate.play import PlayedHand
    >>> deal = deal_hand(random.Random(1), Game.OMAHA_HILO, 2)
    >>> played = PlayedHand([], [10, 10], [0, 0], [False, False], [None, None],
    ...                     [True, True], Street.RIVER, True, run_out=Street.TURN)
    >>> second = second_run_or_none(random.Random(2), Game.OMAHA_HILO, deal, played)
    >>> second[:3] == deal.board[:3], set(second[3:]) & set(deal.board)
    (True, set())
    """
    if game.is_stud or played.run_out is None or not played.showdown:
        return None
    shared = shared_cards(game, played.run_out)
    used = {card for cards in dealt.hole_cards for card in cards} | set(dealt.board)
    left = [card for card in DECK if card not in used]
    needed = BOARD_SIZE - shared
    if len(left) < needed:
        return None
    return dealt.board[:shared] + tuple(rng.sample(left, needed))


class TwiceDealer:
    """Decides, from its own random source, which run-out hands are run twice.

    Args:
        rng: the random source for the choice and the second run's cards; apart from
            the deal's and the betting's, so that running a hand twice changes neither
            its first board nor its betting (later hands differ only as the stacks,
            paid on two boards, do).
        rate: the chance that a hand whose board is run out is run twice (0 to 1).
    """

    def __init__(self, rng: random.Random, rate: float) -> None:
        self.rng = rng
        self.rate = rate

    def deal(self, game: Game, dealt: Deal, played: PlayedHand) -> Deal:
        """The deal, with a second board when this hand is run twice."""
        if played.run_out is None or self.rng.random() >= self.rate:
            return dealt
        second = second_run_or_none(self.rng, game, dealt, played)
        if second is None:
            return dealt
        return Deal(hole_cards=dealt.hole_cards, board=dealt.board, second_board=second)
