"""Stakes, decks and dealing for the simulated games.

Everything random takes a `random.Random` so that one seed gives one sequence of hands.
Players are indexes in the order the hand is played: seat order starting left of the
button in flop games, seat order in stud.

>>> import random
>>> dealt = deal_hand(random.Random(7), Game.OMAHA_HILO, 3)
>>> [len(cards) for cards in dealt.hole_cards], len(dealt.board)
([4, 4, 4], 5)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from tracker.cards import DECK, Card
from tracker.errors import TrackerError
from tracker.model import Game, Structure


class SimulationError(TrackerError, ValueError):
    """Options the simulator cannot honour: a game it does not deal in that structure,
    more players than the deck serves, stakes that do not parse."""


MAX_PLAYERS: dict[Game, int] = {
    Game.OMAHA_HILO: 10,
    Game.OMAHA_HI: 10,
    # 5 hole cards: 9 players and the board use 50 of the 52 cards.
    Game.OMAHA5_HILO: 9,
    Game.OMAHA5_HI: 9,
    Game.COURCHEVEL_HILO: 9,
    Game.COURCHEVEL_HI: 9,
    # 7 cards each: 7 players never run the deck out, 8 can (and then a community card
    # is dealt on the river, which these files do not model).
    Game.STUD_HILO: 7,
    Game.STUD_HI: 7,
}
"""The most players the simulator seats per game."""


@dataclass(frozen=True, slots=True)
class TableStakes:
    """The stakes of a simulated table, in cents (or chips).

    Flop games use the blinds; limit games also the small and big bet (the blinds are
    half a small bet and a small bet); stud uses the ante, bring-in and the two bets.
    `rake_percent` and `rake_cap` describe the cash rake (0 in tournaments).
    """

    small_blind: int
    big_blind: int
    small_bet: int
    big_bet: int
    ante: int = 0
    bring_in: int = 0
    rake_percent: int = 5
    rake_cap: int = 0

    def rake_for(self, pot: int) -> int:
        """The rake on a pot of `pot`: `rake_percent` of it rounded down, capped.

        >>> TableStakes(25, 50, 50, 100, rake_cap=150).rake_for(1999)
        99
        >>> TableStakes(25, 50, 50, 100, rake_cap=150).rake_for(100_000)
        150
        """
        return min(pot * self.rake_percent // 100, self.rake_cap)


def default_stakes(game: Game, structure: Structure) -> TableStakes:
    """The stakes used when none are given: $0.25/$0.50 pot- and no-limit, $0.50/$1
    limit, $0.10/$0.20 stud with a $0.02 ante and a $0.05 bring-in.

    >>> default_stakes(Game.STUD_HILO, Structure.LIMIT).bring_in
    5
    """
    if game.is_stud:
        return stud_stakes(10, 20)
    if structure is Structure.LIMIT:
        return limit_stakes(50, 100)
    return blind_stakes(25, 50)


def blind_stakes(small_blind: int, big_blind: int) -> TableStakes:
    """Pot- or no-limit stakes from the blinds.

    >>> blind_stakes(1, 2).rake_cap
    50
    """
    return TableStakes(
        small_blind=small_blind,
        big_blind=big_blind,
        small_bet=big_blind,
        big_bet=big_blind,
        rake_cap=_rake_cap(big_blind),
    )


def limit_stakes(small_bet: int, big_bet: int) -> TableStakes:
    """Limit flop-game stakes from the two bets ("$0.50/$1": blinds $0.25 and $0.50).

    >>> limit_stakes(50, 100).small_blind
    25
    """
    return TableStakes(
        small_blind=small_bet // 2,
        big_blind=small_bet,
        small_bet=small_bet,
        big_bet=big_bet,
        rake_cap=_rake_cap(small_bet),
    )


def stud_stakes(small_bet: int, big_bet: int) -> TableStakes:
    """Stud stakes from the two bets; the ante is a fifth and the bring-in half a small
    bet, rounded down, at least one unit each ($0.04/$0.08: ante 1, bring-in 2).

    >>> stud_stakes(4, 8).ante, stud_stakes(4, 8).bring_in
    (1, 2)
    """
    return TableStakes(
        small_blind=0,
        big_blind=0,
        small_bet=small_bet,
        big_bet=big_bet,
        ante=max(small_bet // 5, 1),
        bring_in=max(small_bet // 2, 1),
        rake_cap=_rake_cap(small_bet),
    )


def parse_stakes(text: str, game: Game, structure: Structure) -> TableStakes:
    """Stakes from "0.25/0.50" (blinds, or the two bets in limit and stud), in dollars.

    >>> parse_stakes("0.25/0.50", Game.OMAHA_HILO, Structure.POT_LIMIT).big_blind
    50

    Raises:
        SimulationError: when the text is not two positive amounts, the second larger.
    """
    parts = text.replace("$", "").split("/")
    try:
        low, high = (int(Decimal(part.strip()) * 100) for part in parts)
    except (InvalidOperation, ValueError):
        raise SimulationError(f"stakes {text!r} are not two amounts like 0.25/0.50") from None
    if not 0 < low < high:
        raise SimulationError(f"stakes {text!r}: need two positive amounts, the second larger")
    if game.is_stud:
        return stud_stakes(low, high)
    if structure is Structure.LIMIT:
        return limit_stakes(low, high)
    return blind_stakes(low, high)


def tournament_stakes(stakes: TableStakes) -> TableStakes:
    """The same stakes with no rake, for tournament chips.

    >>> tournament_stakes(blind_stakes(10, 20)).rake_for(5000)
    0
    """
    return TableStakes(
        small_blind=stakes.small_blind,
        big_blind=stakes.big_blind,
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        ante=stakes.ante,
        bring_in=stakes.bring_in,
        rake_percent=0,
        rake_cap=0,
    )


LEVEL_FACTORS = (2, 3, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120, 160, 200, 300, 400)
"""Tournament levels, in halves of the first level's stakes (10/20, 15/30, 25/50, ...)."""


def default_tournament_stakes(game: Game, structure: Structure) -> TableStakes:
    """The first tournament level: blinds 10/20, or bets 20/40 in limit and stud.

    >>> default_tournament_stakes(Game.OMAHA_HILO, Structure.NO_LIMIT).big_blind
    20
    """
    if game.is_stud:
        stakes = stud_stakes(20, 40)
    elif structure is Structure.LIMIT:
        stakes = limit_stakes(20, 40)
    else:
        stakes = blind_stakes(10, 20)
    return tournament_stakes(stakes)


def level_stakes(first: TableStakes, level: int) -> TableStakes:
    """The stakes of tournament level `level` (1 is `first`), with no rake.

    >>> third = level_stakes(blind_stakes(10, 20), 3)
    >>> third.small_blind, third.big_blind, third.rake_for(1000)
    (25, 50, 0)
    """
    halves = LEVEL_FACTORS[min(level, len(LEVEL_FACTORS)) - 1]
    return TableStakes(
        small_blind=first.small_blind * halves // 2,
        big_blind=first.big_blind * halves // 2,
        small_bet=first.small_bet * halves // 2,
        big_bet=first.big_bet * halves // 2,
        ante=first.ante * halves // 2,
        bring_in=first.bring_in * halves // 2,
        rake_percent=0,
        rake_cap=0,
    )


def _rake_cap(unit: int) -> int:
    # PokerStars-like caps: a few big blinds, at least $0.50, at most $3.
    return min(max(4 * unit, 50), 300)


def check_table(game: Game, structure: Structure, players: int) -> None:
    """Raise SimulationError unless `players` can be dealt `game` in `structure`.

    >>> check_table(Game.STUD_HI, Structure.LIMIT, 7)
    """
    if game.is_stud and structure is not Structure.LIMIT:
        raise SimulationError(f"{game.value} is dealt in limit only")
    most = MAX_PLAYERS[game]
    if not 2 <= players <= most:
        raise SimulationError(f"{game.value} seats 2 to {most} players, not {players}")


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one hand.

    Attributes:
        hole_cards: per player, their cards in the order dealt (stud: two down, four
            up, one down).
        board: the five board cards (empty in stud); the first board when run twice.
        second_board: the second board, all five cards, when the rest of the board is
            run twice (`tracker.simulate.twice`); empty otherwise.
    """

    hole_cards: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    second_board: tuple[Card, ...] = ()


def deal_hand(rng: random.Random, game: Game, players: int) -> Deal:
    """Shuffle a deck and deal every player their cards (all seven in stud) and the board.

    Dealing the whole hand up front is the same as dealing street by street from a
    shuffled deck; cards of players who fold are simply never shown.
    """
    per_player = game.hole_card_count
    board_size = 0 if game.is_stud else 5
    cards = rng.sample(DECK, per_player * players + board_size)
    hole_cards = tuple(
        tuple(cards[player * per_player : (player + 1) * per_player]) for player in range(players)
    )
    return Deal(hole_cards=hole_cards, board=tuple(cards[per_player * players :]))


STUD_UP_CARDS: tuple[slice, ...] = (slice(2, 3), slice(2, 4), slice(2, 5), slice(2, 6), slice(2, 6))
"""Per stud street (third to seventh), the slice of a player's seven cards that is face up."""


def bring_in_player(hole_cards: Sequence[Sequence[Card]], players: Sequence[int]) -> int:
    """The stud player who brings in: the lowest door card, the ace high, ties broken
    by suit (clubs lowest).

    >>> from tracker.cards import parse_cards
    >>> bring_in_player([parse_cards("As Ks 2d"), parse_cards("Ad Kd 2c")], [0, 1])
    1
    """
    return min(players, key=lambda player: hole_cards[player][2].index)


def best_showing(hole_cards: Sequence[Sequence[Card]], players: Sequence[int], street: int) -> int:
    """The stud player who acts first on a later street: the best hand showing.

    `street` counts from 0 (third street). Fewer than five up cards make no straight or
    flush, so the showing hand is its pairs, trips or quads and then its high cards;
    identical showings go to the highest card by suit.

    >>> from tracker.cards import parse_cards
    >>> a, b = parse_cards("2c 3c Ks Kd 4h 5h"), parse_cards("2d 3d Ah Qs 4c 5c")
    >>> best_showing([a, b], [0, 1], 1)
    0
    """
    up = STUD_UP_CARDS[street]
    return max(players, key=lambda player: showing_strength(hole_cards[player][up]))


def showing_strength(up_cards: Sequence[Card]) -> tuple[int, ...]:
    """A sort key for up cards: the group sizes, the ranks by group, then the best card.

    >>> from tracker.cards import parse_cards
    >>> showing_strength(parse_cards("Kd 9s Ks"))
    (2, 1, 13, 9, 47)
    """
    counts: dict[int, int] = {}
    for card in up_cards:
        counts[card.rank.value] = counts.get(card.rank.value, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    sizes = tuple(size for _, size in groups)
    ranks = tuple(rank for rank, _ in groups)
    best_card = max(card.index for card in up_cards)
    return (*sizes, *ranks, best_card)
