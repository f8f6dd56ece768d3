"""The rake and the engine's settlement of a simulated hand, and who shows or mucks.

>>> import random
>>> from tracker.model import Game, Structure
>>> from tracker.simulate.deal import blind_stakes, deal_hand
>>> from tracker.simulate.play import play_hand
>>> rng = random.Random(5)
>>> stakes = blind_stakes(25, 50)
>>> dealt = deal_hand(rng, Game.OMAHA_HILO, 3)
>>> played = play_hand(rng, Game.OMAHA_HILO, Structure.POT_LIMIT, stakes, [4000] * 3, dealt)
>>> rake = rake_for(Game.OMAHA_HILO, stakes, played)
>>> settlement = settle_hand(Game.OMAHA_HILO, dealt, played, rake)
>>> sum(settlement.won) == sum(played.contributed) - rake
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tracker.cards import Card
from tracker.engine.rules import DEFAULT_ODD_CHIP_RULE, DEFAULT_RAKE_RULE, OddChipRule, RakeRule
from tracker.engine.settle import Entrant, Settlement, settle
from tracker.engine.split import Award
from tracker.model import ActionKind, Game, Street
from tracker.simulate.deal import Deal, TableStakes
from tracker.simulate.play import Act, PlayedHand

_BOARD_SEEN = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
_MUCK_CHANCE = 0.35


def rake_for(game: Game, stakes: TableStakes, played: PlayedHand) -> int:
    """The cash rake: a share of the pot, capped; none when the hand ends before the
    flop (before fourth street in stud): "no flop, no drop"."""
    if played.last_street in (Street.PREFLOP, Street.THIRD):
        return 0
    return stakes.rake_for(sum(played.contributed))


def board_seen(game: Game, dealt: Deal, played: PlayedHand) -> tuple[Card, ...]:
    """The board cards dealt by the end of the hand (Courchevel shows one before the flop)."""
    if game.is_stud:
        return ()
    seen = _BOARD_SEEN[played.last_street]
    if game in (Game.COURCHEVEL_HILO, Game.COURCHEVEL_HI):
        seen = max(seen, 1)
    return dealt.board[:seen]


def boards_seen(game: Game, dealt: Deal, played: PlayedHand) -> tuple[tuple[Card, ...], ...]:
    """Each board as far as it was dealt: none in stud, two when the hand is run twice."""
    board = board_seen(game, dealt, played)
    if dealt.second_board:
        return (board, dealt.second_board)
    return (board,) if board else ()


def settle_hand(
    game: Game,
    dealt: Deal,
    played: PlayedHand,
    rake: int,
    *,
    odd_chip_rule: OddChipRule = DEFAULT_ODD_CHIP_RULE,
    rake_rule: RakeRule = DEFAULT_RAKE_RULE,
) -> Settlement:
    """The engine's settlement: pots, rake per pot, and every award.

    Only players still in at the showdown show their cards to the engine. A hand run
    twice is settled on both boards.
    """
    entrants = [
        Entrant(
            name=str(player),
            hole_cards=() if played.folded[player] or not played.showdown else cards,
            contributed=played.contributed[player],
            folded=played.folded[player],
        )
        for player, cards in enumerate(dealt.hole_cards)
    ]
    boards = [] if game.is_stud else [board_seen(game, dealt, played)]
    if dealt.second_board:
        boards.append(dealt.second_board)  # run twice: each board pays half of every pot
    return settle(
        game, entrants, boards, rake=rake, odd_chip_rule=odd_chip_rule, rake_rule=rake_rule
    )


def show_order(played: PlayedHand) -> list[int]:
    """The players at the showdown in the order they table their hands: the last
    player to bet or raise first, then clockwise; with no bet, the first player in."""
    live = [player for player, out in enumerate(played.folded) if not out]
    aggressors = (
        step.player
        for step in reversed(played.steps)
        if isinstance(step, Act) and step.kind in (ActionKind.BET, ActionKind.RAISE)
    )
    last_bettor = next(aggressors, None)
    if last_bettor is None or last_bettor not in live:
        return live
    start = live.index(last_bettor)
    return live[start:] + live[:start]


def choose_mucks(
    rng: random.Random,
    played: PlayedHand,
    correct: Sequence[Award],
    reported: Sequence[Award],
) -> frozenset[int]:
    """Players who muck at the showdown: only those paid nothing (neither by the rules
    nor as written) and not all-in, and never the first to show."""
    if not played.showdown:
        return frozenset()
    paid = {award.player for award in correct} | {award.player for award in reported}
    order = show_order(played)
    return frozenset(
        player
        for player in order[1:]
        if player not in paid and played.stacks[player] > 0 and rng.random() < _MUCK_CHANCE
    )
