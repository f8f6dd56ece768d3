"""The best high and the best low a player makes in each game, with the five cards and a name.

The high and the low are chosen independently: they may use different hole cards and
different board cards. In the Omaha family a hand is exactly two hole cards and exactly
three board cards (four aces in the hand are not quads; a royal flush on the board plays
for nobody); in stud it is the best five of the player's own cards.

>>> from tracker.cards import parse_cards
>>> best = best_omaha(parse_cards("Ad Kd 3s 2s"), parse_cards("Jd 4d 3c Qd 5h"), hilo=True)
>>> best.high.name, best.low.name
('a flush, Ace high', '5,4,3,2,A')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from tracker.cards import Card, ensure_distinct
from tracker.engine.high import arrange_high, describe_high_rank, high_rank_of_indexes
from tracker.engine.low8 import arrange_low, describe_low_rank, low_rank_of_indexes
from tracker.errors import ShowdownError
from tracker.model import Game

__all__ = ["BestHands", "MadeHand", "best_hands", "best_oklahoma", "best_omaha", "best_stud"]

OMAHA_HOLE_CARD_COUNTS = (4, 5, 6)
"""Hole cards `best_omaha` accepts: Omaha, 5-card Omaha (and Courchevel), 6-card Omaha."""


@dataclass(frozen=True, slots=True)
class MadeHand:
    """A five-card hand a player makes.

    Attributes:
        rank: the high rank (1..7462) or the low rank (1..56); higher is better.
        cards: the five cards, in reading order (most significant first; for a low the
            highest first and the ace last).
        name: the hand in words: "a flush, Ace high", or "8,7,5,3,A" for a low.
    """

    rank: int
    cards: tuple[Card, ...]
    name: str


@dataclass(frozen=True, slots=True)
class BestHands:
    """A player's best high, and best low (None in high-only games or when none qualifies)."""

    high: MadeHand
    low: MadeHand | None


def best_omaha(hole: Sequence[Card], board: Sequence[Card], *, hilo: bool) -> BestHands:
    """The best hands from exactly two of 4 to 6 hole cards and exactly three of 3 to 5 board
    cards.

    >>> from tracker.cards import parse_cards
    >>> best = best_omaha(parse_cards("Ah As Ad Ac"), parse_cards("Kh Qh Jh Th 2c"), hilo=True)
    >>> best.high.name, best.low
    ('a pair of Aces', None)

    Raises:
        ShowdownError: for a hole of another size, or fewer than 3 or more than 5 board cards.
        CardError: when a card appears twice.
    """
    if len(hole) not in OMAHA_HOLE_CARD_COUNTS:
        raise ShowdownError(f"an Omaha hand has 4, 5 or 6 hole cards, not {len(hole)}")
    return _best_two_and_three(hole, board, hilo=hilo)


def best_oklahoma(hole: Sequence[Card], board: Sequence[Card], *, hilo: bool) -> BestHands:
    """The best hands when two hole cards are left and both must play, with three board cards.

    >>> from tracker.cards import parse_cards
    >>> best_oklahoma(parse_cards("Ah 2h"), parse_cards("Kh 7h 3c 4h 5d"), hilo=False).high.name
    'a flush, Ace high'

    Raises:
        ShowdownError: unless there are two hole cards and 3 to 5 board cards.
        CardError: when a card appears twice.
    """
    if len(hole) != 2:
        raise ShowdownError(f"this hand plays with 2 hole cards, not {len(hole)}")
    return _best_two_and_three(hole, board, hilo=hilo)


def best_stud(cards: Sequence[Card], *, hilo: bool) -> BestHands:
    """The best hands from five of a stud player's own 5 to 7 cards.

    >>> from tracker.cards import parse_cards
    >>> best = best_stud(parse_cards("Ks Qh 8s 7d 6c 5h 4c"), hilo=True)
    >>> best.high.name, best.low.name
    ('a straight, Eight high', '8,7,6,5,4')

    Raises:
        ShowdownError: unless there are 5 to 7 cards.
        CardError: when a card appears twice.
    """
    if not 5 <= len(cards) <= 7:
        raise ShowdownError(f"a stud hand is 5 to 7 cards, not {len(cards)}")
    ensure_distinct(cards)
    fives = list(combinations(cards, 5))
    return BestHands(_best_high(fives), _best_low(fives) if hilo else None)


def best_hands(
    game: Game, hole_cards: Sequence[Card], board_cards: Sequence[Card] = ()
) -> BestHands:
    """The best hands in `game`: hole cards and board for flop games; stud gets its seven
    cards as `hole_cards` (and an empty board, or the one shared card dealt when the deck
    runs short on seventh street).

    Courchevel plays as 5-card Omaha; the "-hi" games get no low.

    >>> from tracker.cards import parse_cards
    >>> best = best_hands(Game.STUD_HILO, parse_cards("Kh 8h 5c 4h 3h 2s Ah"), ())
    >>> best.high.name, best.low.name
    ('a flush, Ace high', '5,4,3,2,A')

    Raises:
        ShowdownError: when the card counts do not fit the game.
        CardError: when a card appears twice.
    """
    hole_count = game.hole_card_count
    if game.is_stud:
        if len(board_cards) > 1 or len(hole_cards) + len(board_cards) != hole_count:
            raise ShowdownError(
                f"a stud showdown needs {hole_count} cards per player (at most one shared),"
                f" not {len(hole_cards)} and {len(board_cards)} shared"
            )
        return best_stud((*hole_cards, *board_cards), hilo=game.is_hilo)
    if len(hole_cards) != hole_count:
        raise ShowdownError(f"{game.value} deals {hole_count} hole cards, not {len(hole_cards)}")
    return best_omaha(hole_cards, board_cards, hilo=game.is_hilo)


def _best_two_and_three(hole: Sequence[Card], board: Sequence[Card], *, hilo: bool) -> BestHands:
    if not 3 <= len(board) <= 5:
        raise ShowdownError(f"a board has 3 to 5 cards, not {len(board)}")
    ensure_distinct((*hole, *board))
    board_threes = list(combinations(board, 3))
    fives = [pair + three for pair in combinations(hole, 2) for three in board_threes]
    return BestHands(_best_high(fives), _best_low(fives) if hilo else None)


def _best_high(fives: Iterable[tuple[Card, ...]]) -> MadeHand:
    """The best high among candidate five-card hands (the first found among equals)."""
    best_rank, best_cards = 0, tuple[Card, ...]()
    for cards in fives:
        a, b, c, d, e = cards
        rank = high_rank_of_indexes(a.index, b.index, c.index, d.index, e.index)
        if rank > best_rank:
            best_rank, best_cards = rank, cards
    return MadeHand(best_rank, arrange_high(best_cards), describe_high_rank(best_rank))


def _best_low(fives: Iterable[tuple[Card, ...]]) -> MadeHand | None:
    """The best qualifying low among candidate five-card hands, or None."""
    best_rank, best_cards = 0, tuple[Card, ...]()
    for cards in fives:
        a, b, c, d, e = cards
        rank = low_rank_of_indexes(a.index, b.index, c.index, d.index, e.index)
        if rank > best_rank:
            best_rank, best_cards = rank, cards
    if best_rank == 0:
        return None
    return MadeHand(best_rank, arrange_low(best_cards), describe_low_rank(best_rank))
