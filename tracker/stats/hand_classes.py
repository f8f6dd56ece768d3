"""Omaha starting-hand classes: what the hole cards promise before the flop.

The classes overlap: a hand belongs to every class it fits, and to "other" only when it
fits none. The ace counts as a low card (it is the best card for a low).

| class | the hole cards hold |
|---|---|
| A2xx | an ace and a deuce |
| A3xx | an ace and a three, and no deuce |
| A2 suited | an ace and a deuce of the same suit |
| AAxx | two aces or more |
| four low | four cards or more of rank A to 8 (ace, 2, ..., 8) |
| high only | fewer than two different ranks A to 8: the hand can make no low |
| pair | two cards or more of one rank |
| other | none of the above |

They apply to every flop game (4-card and 5-card Omaha, Courchevel): the definitions read
the same with five hole cards. `tracker/queries/stats_base.sql` computes the same classes
in SQL (`hand_classes` macro); a test checks the two agree.

>>> from tracker.cards import parse_cards
>>> hand_classes(parse_cards("As 2s 3d Kh"))
('A2xx', 'A2 suited')
>>> hand_classes(parse_cards("Kd Kh Qs Jc"))
('high only', 'pair')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tracker.cards import Card, Rank

HAND_CLASSES = ("A2xx", "A3xx", "A2 suited", "AAxx", "four low", "high only", "pair", "other")
"""Every class, in the order tables list them."""

_LOW_RANKS = frozenset({Rank.ACE, *(rank for rank in Rank if rank <= Rank.EIGHT)})


def hand_classes(hole_cards: Sequence[Card]) -> tuple[str, ...]:
    """Every class `hole_cards` belong to, in `HAND_CLASSES` order ("other" alone when
    none fits).

    >>> from tracker.cards import parse_cards
    >>> hand_classes(parse_cards("Ah Ad 3c 5s"))
    ('A3xx', 'AAxx', 'four low', 'pair')
    >>> hand_classes(parse_cards("Ah Kd Qc 9s"))
    ('high only',)
    >>> hand_classes(parse_cards("Ah 7d Qc Js"))
    ('other',)
    """
    ranks = Counter(card.rank for card in hole_cards)
    ace_suits = {card.suit for card in hole_cards if card.rank is Rank.ACE}
    deuce_suits = {card.suit for card in hole_cards if card.rank is Rank.TWO}
    low_cards = sum(count for rank, count in ranks.items() if rank in _LOW_RANKS)
    low_ranks = sum(1 for rank in ranks if rank in _LOW_RANKS)
    fits = {
        "A2xx": bool(ace_suits and deuce_suits),
        "A3xx": bool(ace_suits) and Rank.THREE in ranks and not deuce_suits,
        "A2 suited": bool(ace_suits & deuce_suits),
        "AAxx": ranks[Rank.ACE] >= 2,
        "four low": low_cards >= 4,
        "high only": low_ranks < 2,
        "pair": any(count >= 2 for count in ranks.values()),
    }
    found = tuple(name for name in HAND_CLASSES if fits.get(name, False))
    return found or ("other",)
