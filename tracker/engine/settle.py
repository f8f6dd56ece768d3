"""Who gets what at a showdown: one call from cards and contributions to payments.

`settle` evaluates every player still in on every board (`tracker.engine.hands`), builds
the pots (`tracker.engine.pots`), takes the rake and splits each pot
(`tracker.engine.split`) under the chosen odd-chip and rake rules
(`tracker.engine.rules`). Players are given in seat order, starting with the first seat
left of the button: that order gives the odd chips in flop games.

>>> from tracker.cards import parse_cards
>>> from tracker.model import Game
>>> alice = Entrant("Alice", parse_cards("Ad Kd 3s 2s"), 500)
>>> bob = Entrant("Bob", parse_cards("7c 6s 7h As"), 500)
>>> settlement = settle(Game.OMAHA_HILO, [alice, bob], [parse_cards("Jd 4d 3c Qd 5h")])
>>> settlement.won
(1000, 0)
>>> [(award.half.value, award.amount, award.hand.name) for award in settlement.awards]
[('hi', 500, 'a flush, Ace high'), ('lo', 500, '5,4,3,2,A')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tracker.cards import Card, ensure_distinct
from tracker.engine.hands import BestHands, best_hands
from tracker.engine.pots import Pot, build_pots
from tracker.engine.rules import (
    DEFAULT_ODD_CHIP_RULE,
    DEFAULT_RAKE_RULE,
    OddChipRule,
    RakeRule,
    stud_high_order,
    stud_low_order,
)
from tracker.engine.split import Award, Strengths, deduct_rake, split_pots, won_by_player
from tracker.errors import ShowdownError
from tracker.model import Game

BOARD_CARD_COUNT = 5
"""Cards on a flop game's board at a showdown (the board is run out when players are all in)."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player at the showdown.

    Attributes:
        name: the player's name (not used by the engine; carried for the caller).
        hole_cards: the player's own cards (all seven in stud); may be empty for a
            folded player, or for the lone player left in.
        contributed: everything the player put in during the hand, smallest unit.
        folded: True when the player folded (their chips stay in as dead money).
    """

    name: str
    hole_cards: tuple[Card, ...]
    contributed: int
    folded: bool = False


@dataclass(frozen=True, slots=True)
class Settlement:
    """The outcome of a showdown.

    Attributes:
        pots: the main pot and the side pots as built, before rake.
        rake: the rake taken from each pot.
        awards: every payment, pot by pot, board by board.
        won: per player, the chips won from the pots.
        returned: per player, the uncalled chips given back (not part of `won`).
        hands: per board, per player, the best hands, or None for a player not
            evaluated (folded, or the lone player left in).
    """

    pots: tuple[Pot, ...]
    rake: tuple[int, ...]
    awards: tuple[Award, ...]
    won: tuple[int, ...]
    returned: tuple[int, ...]
    hands: tuple[tuple[BestHands | None, ...], ...]

    @property
    def received(self) -> tuple[int, ...]:
        """Per player, everything handed over: chips won plus uncalled chips returned."""
        return tuple(won + back for won, back in zip(self.won, self.returned, strict=True))


def settle(
    game: Game,
    players: Sequence[Entrant],
    boards: Sequence[Sequence[Card]],
    *,
    rake: int = 0,
    odd_chip_rule: OddChipRule = DEFAULT_ODD_CHIP_RULE,
    rake_rule: RakeRule = DEFAULT_RAKE_RULE,
) -> Settlement:
    """Settle a showdown: pots, rake, the split of every pot, and each player's hands.

    Args:
        game: the game, which decides how hands are made and whether a low counts.
        players: in seat order, starting with the first seat left of the button.
        boards: the board of each run (two for run it twice); none for stud.
        rake: the total rake, taken before the split.
        odd_chip_rule: where units that do not split evenly go.
        rake_rule: how the rake is spread over the pots.

    A lone player left in takes every pot without showing:

    >>> lone = settle(
    ...     Game.STUD_HILO, [Entrant("A", (), 40), Entrant("B", (), 15, folded=True)], []
    ... )
    >>> lone.won, lone.returned
    ((30, 0), (25, 0))

    Raises:
        ShowdownError: no players or all folded, a player still in with no cards when two or more
            are in, a wrong card count, a negative amount, or a rake larger than the pots.
        CardError: the same card twice.
    """
    if not players:
        raise ShowdownError("no players")
    if all(player.folded for player in players):
        raise ShowdownError("every player folded: nobody to pay")
    runs = _runs(game, boards)
    _check_cards(game, players, runs)
    built = build_pots(
        [player.contributed for player in players], [player.folded for player in players]
    )
    net = deduct_rake(built.pots, rake, rake_rule)
    live = [index for index, player in enumerate(players) if not player.folded]
    if len(live) == 1:
        awards = uncontested_awards(net, [player.folded for player in players], odd_chip_rule)
        hands: tuple[tuple[BestHands | None, ...], ...] = ((None,) * len(players),)
    else:
        hands = tuple(_evaluate(game, players, run) for run in runs)
        strengths = [
            board_strengths(game, board, odd_chip_rule,
                            [(*player.hole_cards, *run) for player in players])
            for board, run in zip(hands, runs, strict=True)
        ]  # fmt: skip
        awards = split_pots(net, strengths, odd_chip_rule=odd_chip_rule)
    return Settlement(
        pots=built.pots,
        rake=tuple(
            gross.amount - after.amount for gross, after in zip(built.pots, net, strict=True)
        ),
        awards=awards,
        won=won_by_player(awards, len(players)),
        returned=built.returned,
        hands=hands,
    )


def _runs(game: Game, boards: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    """The boards as tuples. Stud has one "board": empty, or the one shared card dealt
    on seventh street when the deck runs short."""
    runs = tuple(tuple(board) for board in boards)
    if game.is_stud:
        if len(runs) > 1 or (runs and len(runs[0]) > 1):
            raise ShowdownError(f"{game.value} has no board (at most one shared card)")
        return runs or ((),)
    return runs


def _evaluate(
    game: Game, players: Sequence[Entrant], board: tuple[Card, ...]
) -> tuple[BestHands | None, ...]:
    """Each player's best hands on one board; None for folded players."""
    if not game.is_stud and len(board) != BOARD_CARD_COUNT:
        if not board:
            raise ShowdownError("two or more players are still in but there is no board")
        raise ShowdownError(f"a board has {BOARD_CARD_COUNT} cards, not {len(board)}")
    evaluated: list[BestHands | None] = []
    for player in players:
        if player.folded:
            evaluated.append(None)
        elif not player.hole_cards:
            raise ShowdownError(f"{player.name} is still in but has no cards")
        else:
            evaluated.append(best_hands(game, player.hole_cards, board))
    return tuple(evaluated)


def uncontested_awards(
    pots: Sequence[Pot], folded: Sequence[bool], odd_chip_rule: OddChipRule
) -> tuple[Award, ...]:
    """The awards when one player is left: every pot, whole, to the player not folded."""
    alone = Strengths(high=tuple(int(not out) for out in folded), low=(None,) * len(folded))
    return split_pots(pots, [alone], odd_chip_rule=odd_chip_rule)


def board_strengths(
    game: Game,
    board: Sequence[BestHands | None],
    odd_chip_rule: OddChipRule,
    held: Sequence[Sequence[Card] | None] | None = None,
) -> Strengths:
    """What the split needs from one board's evaluated hands (None for a player out of
    the showdown, or whose hand is unknown: it ranks below every known hand). `held`:
    each player's cards in stud (the shared one included), for the odd chip by suit."""
    high_hands = tuple(None if hands is None else hands.high for hands in board)
    low_hands = tuple(None if hands is None else hands.low for hands in board)
    high_order: tuple[int, ...] = ()
    low_order: tuple[int, ...] = ()
    if game.is_stud and odd_chip_rule.stud_by_suit:
        high_order = stud_high_order([None if h is None else h.cards for h in high_hands], held)
        low_order = stud_low_order([None if h is None else h.cards for h in low_hands], held)
    return Strengths(
        high=tuple(0 if hand is None else hand.rank for hand in high_hands),
        low=tuple(None if hand is None else hand.rank for hand in low_hands),
        high_order=high_order,
        low_order=low_order,
        high_hands=high_hands,
        low_hands=low_hands,
    )


def _check_cards(game: Game, players: Sequence[Entrant], runs: Sequence[tuple[Card, ...]]) -> None:
    """Card counts per player, and no card twice on any board or across runs."""
    expected = game.hole_card_count - (len(runs[0]) if game.is_stud else 0)
    for player in players:
        count = len(player.hole_cards)
        if count and (count > expected if player.folded else count != expected):
            raise ShowdownError(f"{player.name} has {count} cards; {game.value} deals {expected}")
    hole_cards = [card for player in players for card in player.hole_cards]
    for run in runs:
        ensure_distinct([*hole_cards, *run])
    if len(runs) > 1:
        _check_runs(runs)


def _check_runs(runs: Sequence[tuple[Card, ...]]) -> None:
    """Runs share the cards dealt before the all-in (a common start), then differ."""
    shared = 0
    first = runs[0]
    while shared < len(first) and all(
        shared < len(run) and run[shared] == first[shared] for run in runs
    ):
        shared += 1
    ensure_distinct(card for run in runs for card in run[shared:])
