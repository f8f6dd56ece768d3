"""Cards, ranks and suits, and parsing them from text.

A card is one of 52 shared instances, so parsing is a dictionary look-up and cards
compare by identity as well as by value.

>>> parse_cards("Ah kd 10h")
(Card('Ah'), Card('Kd'), Card('Th'))
>>> parse_card("As").index
51
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from tracker.errors import CardError


class Rank(IntEnum):
    """Card ranks, valued 2 to 14 (the ace is high here; the low evaluator counts it as 1)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The one-character symbol: "2".."9", "T", "J", "Q", "K", "A"."""
        return RANK_SYMBOLS[self.value - 2]


class Suit(IntEnum):
    """Suits, valued in the order that breaks stud odd-chip ties: clubs < diamonds <
    hearts < spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The one-letter symbol: "c", "d", "h", "s"."""
        return SUIT_SYMBOLS[self.value]


RANK_SYMBOLS = "23456789TJQKA"
SUIT_SYMBOLS = "cdhs"


class Card:
    """One playing card. Use `parse_card` or `card_from_index`; never construct twice.

    `index` is 4 * (rank - 2) + suit, from 0 (2c) to 51 (As): the engine's encoding.
    """

    __slots__ = ("index", "rank", "suit", "text")

    def __init__(self, rank: Rank, suit: Suit) -> None:
        self.rank = rank
        self.suit = suit
        self.index = 4 * (rank.value - 2) + suit.value
        self.text = rank.symbol + suit.symbol

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.index == self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_from_index, (self.index,))


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""All 52 cards in index order."""

_BY_TEXT: dict[str, Card] = {}
for _card in DECK:
    for _rank_text in (_card.rank.symbol, _card.rank.symbol.lower()):
        for _suit_text in (_card.suit.symbol, _card.suit.symbol.upper()):
            _BY_TEXT[_rank_text + _suit_text] = _card
    if _card.rank is Rank.TEN:
        _BY_TEXT["10" + _card.suit.symbol] = _card
        _BY_TEXT["10" + _card.suit.symbol.upper()] = _card


def card_from_index(index: int) -> Card:
    """The card with engine index `index` (0 = 2c ... 51 = As).

    >>> card_from_index(0)
    Card('2c')
    """
    if not 0 <= index < 52:
        raise CardError(f"no card has index {index}")
    return DECK[index]


def parse_card(text: str) -> Card:
    """Parse one card: "Ah", "ah", "AH", "Th" or "10h".

    >>> parse_card("10d")
    Card('Td')

    Raises:
        CardError: for anything else ("1x", "Zz", "").
    """
    card = _BY_TEXT.get(text)
    if card is None:
        raise CardError(f"unknown card {text!r}")
    return card


def parse_cards(text: str, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas: "As Kd", "[As Kd]", "As,Kd".

    >>> parse_cards("[As Kd]")
    (Card('As'), Card('Kd'))

    Raises:
        CardError: for an unknown card, or the same card twice (unless allowed).
    """
    stripped = text.strip().strip("[]").replace(",", " ")
    cards = tuple(parse_card(part) for part in stripped.split())
    if not allow_duplicates:
        ensure_distinct(cards)
    return cards


def ensure_distinct(cards: Iterable[Card]) -> None:
    """Raise CardError naming the first card that appears twice.

    >>> ensure_distinct(parse_cards("As Ks"))
    """
    seen: set[int] = set()
    for card in cards:
        if card.index in seen:
            raise CardError(f"duplicate card {card.text}")
        seen.add(card.index)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as text, space separated.

    >>> format_cards(parse_cards("Ah 2c"))
    'Ah 2c'
    """
    return " ".join(card.text for card in cards)
