"""Odd-chip and rake conventions as named rule objects a site can pick.

The defaults follow RULES.md (Robert's Rules of Poker and the TDA). A site whose files
show another convention gets its own named rule, added to `ODD_CHIP_RULES` or
`RAKE_RULES`, never a silent adjustment.

Odd chips, by the default rule "rules":
    - a pot halved hi/lo gives its odd unit to the high half;
    - within a half tied by several players, the units left over go one each in
      odd-chip order: in flop games the seat order starting left of the button (the
      order the players are given in); in stud the order of `stud_high_order` (high
      half) and `stud_low_order` (low half), by suit;
    - players with identical hands both ways split what they share as evenly as
      possible (TDA 19F: 33/33 of 66, not 34/32);
    - run it twice: each board takes half of every pot, the odd unit to the first board.

>>> ODD_CHIP_RULES["rules"].halves(1001)
(501, 500)
>>> RAKE_RULES["main-pot-first"].take([300, 50], 320)
(300, 20)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tracker.cards import Card, Rank
from tracker.errors import ShowdownError


class Half(StrEnum):
    """Which part of a pot an award is: the high half, the low half, or all of it."""

    HIGH = "hi"
    LOW = "lo"
    WHOLE = "whole"


def divide(amount: int, ways: int) -> tuple[int, ...]:
    """Split `amount` into `ways` parts as evenly as possible, the first parts larger.

    >>> divide(10, 3)
    (4, 3, 3)
    >>> divide(2, 3)
    (1, 1, 0)
    """
    if ways <= 0:
        raise ShowdownError(f"cannot divide {amount} between {ways} players")
    base, extra = divmod(amount, ways)
    return tuple(base + (1 if part < extra else 0) for part in range(ways))


@dataclass(frozen=True, slots=True)
class OddChipRule:
    """Where the units that do not split evenly go.

    Attributes:
        name: the name the rule is registered under.
        description: one line saying what the rule does.
        odd_unit_half: the half that takes the odd unit of a pot halved hi/lo.
        even_split_identical: True to split evenly between players who tie both
            halves (TDA 19F) instead of dividing each half separately.
        stud_by_suit: True to order tied stud players by suit (`stud_high_order`,
            `stud_low_order`); False to use seat order as in flop games.
        odd_board_first: True to give the odd unit of a run-it-twice split to the
            first board, False to the last.
        low_remainder_to_high: True to give the units a low half tied by several
            players leaves over to the high half (each low winner takes the low half
            divided by their number, rounded down), instead of one each to the tied
            low winners.
        by_seat_number: True to give a tied half's odd units in seat-number order, the
            lowest seat first, instead of clockwise from the button's left (flop games).
    """

    name: str
    description: str
    odd_unit_half: Half = Half.HIGH
    even_split_identical: bool = True
    stud_by_suit: bool = True
    odd_board_first: bool = True
    low_remainder_to_high: bool = False
    by_seat_number: bool = False

    def halves(self, amount: int) -> tuple[int, int]:
        """The high half and the low half of `amount`.

        >>> OddChipRule("low-first", "", odd_unit_half=Half.LOW).halves(7)
        (3, 4)
        """
        larger, smaller = amount - amount // 2, amount // 2
        if self.odd_unit_half is Half.LOW:
            return smaller, larger
        return larger, smaller

    def board_shares(self, amount: int, boards: int) -> tuple[int, ...]:
        """Each board's share of a pot of `amount` when the board is run `boards` times.

        >>> ODD_CHIP_RULES["rules"].board_shares(101, 2)
        (51, 50)
        """
        shares = divide(amount, boards)
        return shares if self.odd_board_first else shares[::-1]


def stud_high_order(
    hands: Sequence[Sequence[Card] | None], held: Sequence[Sequence[Card] | None] | None = None
) -> tuple[int, ...]:
    """Players in odd-chip order for a stud high half: highest card by suit first.

    A player's key is the five cards of their high hand from the highest down, each
    card ranked by rank and then by suit (spades > hearts > diamonds > clubs); keys are
    compared card by card, so the first card decides unless two hands share it. Players
    whose hand is unknown (None) come last, in seat order. When the same hand can be
    made with other cards of the same ranks (`held`: each player's cards, the shared
    one included), the highest suits they hold of those ranks count; a flush keeps its
    suit.

    >>> from tracker.cards import parse_cards
    >>> stud_high_order([parse_cards("Kd Kc 9h 5s 2d"), parse_cards("Ks Kh 9c 5d 2c")])
    (1, 0)
    >>> straight = [parse_cards("9d 8c 7c 6c 5c"), parse_cards("9h 8d 7d 6d 5d")]
    >>> held = [parse_cards("9s 9d 8c 7c 6c 5c"), None]
    >>> stud_high_order(straight), stud_high_order(straight, held)
    ((1, 0), (0, 1))
    """
    known = [player for player, cards in enumerate(hands) if cards is not None]
    unknown = [player for player, cards in enumerate(hands) if cards is None]

    def key(player: int) -> tuple[int, ...]:
        cards = _best_suits(hands[player] or (), _held(held, player), highest=True)
        return tuple(sorted(-card.index for card in cards))

    return tuple(sorted(known, key=key)) + tuple(unknown)


def stud_low_order(
    hands: Sequence[Sequence[Card] | None], held: Sequence[Sequence[Card] | None] | None = None
) -> tuple[int, ...]:
    """Players in odd-chip order for a stud low half: lowest card by suit first.

    A player's key is the five cards of their low hand from the lowest up, the ace
    counting as one, each card ranked by rank and then by suit (clubs lowest); keys are
    compared card by card. Players whose hand is unknown (None) come last, in seat order.

    >>> from tracker.cards import parse_cards
    >>> stud_low_order([parse_cards("As 2d 3h 4s 7d"), parse_cards("Ac 2c 3d 4h 7c")])
    (1, 0)

    When the low can be made with other cards of the same ranks (`held`: each player's
    cards, the shared one included), the lowest suits they hold of those ranks count:
    holding 2c and 2s for 8-7-4-3-2, the player's lowest card is the 2c.

    >>> low = [parse_cards("8d 7d 4d 3d 2s"), parse_cards("8h 7h 4h 3h 2d")]
    >>> held = [parse_cards("8d 7d 4d 3d 2s 2c Kc"), None]
    >>> stud_low_order(low), stud_low_order(low, held)
    ((1, 0), (0, 1))
    """
    known = [player for player, cards in enumerate(hands) if cards is not None]
    unknown = [player for player, cards in enumerate(hands) if cards is None]

    def key(player: int) -> tuple[tuple[int, int], ...]:
        cards = _best_suits(hands[player] or (), _held(held, player), highest=False)
        return tuple(sorted((_low_rank(card), card.suit.value) for card in cards))

    return tuple(sorted(known, key=key)) + tuple(unknown)


def _held(held: Sequence[Sequence[Card] | None] | None, player: int) -> Sequence[Card]:
    if held is None or held[player] is None:
        return ()
    return held[player] or ()


def _best_suits(five: Sequence[Card], held: Sequence[Card], *, highest: bool) -> list[Card]:
    """The five cards with, rank by rank, the highest (or lowest) suits the player holds
    of that rank: the same hand, made with the cards that decide an odd chip by suit.
    A high flush (five of one suit) is made with those cards only, so it stays as it is
    (a low takes no account of suits)."""
    if not held or (highest and len({card.suit for card in five}) == 1):
        return list(five)
    chosen: list[Card] = []
    for rank in {card.rank for card in five}:
        count = sum(card.rank is rank for card in five)
        of_rank = sorted((card for card in held if card.rank is rank),
                         key=lambda card: card.index, reverse=highest)  # fmt: skip
        chosen.extend(of_rank[:count] if len(of_rank) >= count else
                      [card for card in five if card.rank is rank])  # fmt: skip
    return chosen


def _low_rank(card: Card) -> int:
    return 1 if card.rank is Rank.ACE else card.rank.value


RakeSpread = Callable[[Sequence[int], int], tuple[int, ...]]
"""A rake convention: (pot amounts, total rake) -> rake taken from each pot."""


@dataclass(frozen=True, slots=True)
class RakeRule:
    """How a site spreads the rake over the main and side pots.

    Attributes:
        name: the name the rule is registered under.
        description: one line saying what the rule does.
        spread: the convention itself; called only with 0 <= rake <= sum of the pots.
    """

    name: str
    description: str
    spread: RakeSpread

    def take(self, amounts: Sequence[int], rake: int) -> tuple[int, ...]:
        """The rake taken from each pot.

        >>> RAKE_RULES["proportional"].take([300, 100], 41)
        (31, 10)

        Raises:
            ShowdownError: on a negative rake or a rake larger than the pots.
        """
        if rake < 0:
            raise ShowdownError(f"negative rake ({rake})")
        if rake > sum(amounts):
            raise ShowdownError(f"rake {rake} is more than the pots hold ({sum(amounts)})")
        taken = self.spread(amounts, rake)
        if sum(taken) != rake or any(
            not 0 <= part <= amount for part, amount in zip(taken, amounts, strict=True)
        ):
            raise ShowdownError(f"rake rule {self.name!r} spread {rake} as {taken}")
        return taken


def main_pot_first(amounts: Sequence[int], rake: int) -> tuple[int, ...]:
    """Take the rake from the main pot, then from the side pots in order.

    >>> main_pot_first([100, 80, 40], 150)
    (100, 50, 0)
    """
    taken = []
    left = rake
    for amount in amounts:
        part = min(amount, left)
        taken.append(part)
        left -= part
    return tuple(taken)


def proportional(amounts: Sequence[int], rake: int) -> tuple[int, ...]:
    """Spread the rake in proportion to the pots, rounding down; the units left over
    go to the main pot (then to the next pots when the main pot is used up).

    >>> proportional([200, 100], 10)
    (7, 3)
    """
    total = sum(amounts)
    if total == 0:
        return tuple(0 for _ in amounts)
    taken = [rake * amount // total for amount in amounts]
    left = rake - sum(taken)
    for pot, amount in enumerate(amounts):
        part = min(amount - taken[pot], left)
        taken[pot] += part
        left -= part
    return tuple(taken)


def proportional_largest_remainder(amounts: Sequence[int], rake: int) -> tuple[int, ...]:
    """Spread the rake in proportion to the pots, rounding each share down, then give the
    units left over to the pots with the largest remainders (the main pot first among
    equal remainders): Hamilton's method, the shares closest to exact proportions.

    >>> proportional_largest_remainder([44, 64], 5)
    (2, 3)
    >>> proportional_largest_remainder([100, 100], 3)
    (2, 1)
    >>> proportional_largest_remainder([0, 0], 0)
    (0, 0)
    """
    total = sum(amounts)
    if total == 0:
        return tuple(0 for _ in amounts)
    taken = [rake * amount // total for amount in amounts]
    remainders = [rake * amount % total for amount in amounts]
    left = rake - sum(taken)
    by_remainder = sorted(range(len(amounts)), key=lambda pot: (-remainders[pot], pot))
    for pot in by_remainder[:left]:
        taken[pot] += 1
    return tuple(taken)


ODD_CHIP_RULES: dict[str, OddChipRule] = {
    "rules": OddChipRule(
        name="rules",
        description="RULES.md: odd unit to the high half; seat order left of the button, "
        "by suit in stud; TDA 19F even split; odd board unit to the first board",
    ),
    "half-by-half": OddChipRule(
        name="half-by-half",
        description="as 'rules', but players tied both ways divide each half separately",
        even_split_identical=False,
    ),
    "odd-unit-to-low": OddChipRule(
        name="odd-unit-to-low",
        description="as 'rules', but a pot halved hi/lo gives its odd unit to the low half "
        "(Winning)",
        odd_unit_half=Half.LOW,
    ),
    "low-remainder-to-high": OddChipRule(
        name="low-remainder-to-high",
        description="as 'rules', but the units a tied low half leaves over go to the "
        "high half (Bovada)",
        low_remainder_to_high=True,
    ),
    "by-seat-number": OddChipRule(
        name="by-seat-number",
        description="as 'rules', but a tied half's odd units go in seat-number order, the "
        "lowest seat first, not from the button's left (OnGame)",
        by_seat_number=True,
    ),
}
"""Odd-chip conventions by name; "rules" is the default."""

RAKE_RULES: dict[str, RakeRule] = {
    "main-pot-first": RakeRule(
        name="main-pot-first",
        description="rake from the main pot first, then the side pots in order",
        spread=main_pot_first,
    ),
    "proportional": RakeRule(
        name="proportional",
        description="rake in proportion to the pot sizes, the remainder from the main pot",
        spread=proportional,
    ),
    "proportional-largest-remainder": RakeRule(
        name="proportional-largest-remainder",
        description="rake in proportion to the pot sizes, each share rounded down, the "
        "units left to the largest remainders (main pot first among equals)",
        spread=proportional_largest_remainder,
    ),
}
"""Rake conventions by name; "main-pot-first" is the default."""

DEFAULT_ODD_CHIP_RULE = ODD_CHIP_RULES["rules"]
DEFAULT_RAKE_RULE = RAKE_RULES["main-pot-first"]


def odd_chip_rule(name: str) -> OddChipRule:
    """The odd-chip rule registered as `name`.

    >>> odd_chip_rule("rules").odd_unit_half
    <Half.HIGH: 'hi'>

    Raises:
        ShowdownError: for a name that is not registered.
    """
    try:
        return ODD_CHIP_RULES[name]
    except KeyError:
        known = ", ".join(sorted(ODD_CHIP_RULES))
        raise ShowdownError(f"unknown odd-chip rule {name!r} (known: {known})") from None


def rake_rule(name: str) -> RakeRule:
    """The rake rule registered as `name`.

    >>> rake_rule("proportional").name
    'proportional'

    Raises:
        ShowdownError: for a name that is not registered.
    """
    try:
        return RAKE_RULES[name]
    except KeyError:
        known = ", ".join(sorted(RAKE_RULES))
        raise ShowdownError(f"unknown rake rule {name!r} (known: {known})") from None
