"""The words of PokerStars hand histories: street markers, posts, pots, the lines that
carry no chips or cards, the summary's patterns, and cards in brackets.

Site words become the model's enums through these explicit tables; `parsers.pokerstars`
reads the lines with them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from tracker.cards import DECK, Card, parse_card
from tracker.hand_rows import card_indexes, card_text
from tracker.model import ActionKind, CardSource, Street

TOTAL_POT = re.compile(
    r"""
    ^Total\spot\s(?P<total>[$€£₹]?[\d.,]+?)                    # "Total pot $4.85"
    (?:\sMain\spot\s(?P<main>[$€£₹]?[\d.,]+?)\.)?              # " Main pot 4170."
    (?P<sides>(?:\sSide\spot(?:-\d+)?\s[$€£₹]?[\d.,]+?\.)*)    # " Side pot-1 399. Side pot-2 1626."
    \s\|\sRake\s(?P<rake>[$€£₹]?[\d.,]+)\s*$                   # " | Rake $0.20"
    """,
    re.VERBOSE,
)
# Run It Once: "Total pot €146.34 | Main pot €119.52 | Side pot €21.82 | STP €5.00 | Rake
# €2.50" (the STP, the room's money, is read from its "STP added: €5.00" line)
TOTAL_POT_BARS = re.compile(
    r"""
    ^Total\spot\s(?P<total>[$€£₹]?[\d.,]+)
    (?:\s\|\sMain\spot\s(?P<main>[$€£₹]?[\d.,]+))?
    (?P<sides>(?:\s\|\sSide\spot(?:[-\s]\d+)?\s[$€£₹]?[\d.,]+)*)
    (?:\s\|\sSTP\s[$€£₹]?[\d.,]+)?
    \s\|\sRake\s(?P<rake>[$€£₹]?[\d.,]+)\s*$
    """,
    re.VERBOSE,
)
SIDE_POT_BARS = re.compile(r"Side\spot(?:[-\s]\d+)?\s(?P<amount>[$€£₹]?[\d.,]+)")
# "Side pot-1 399." (also "Side pot $0.61." without a number)
SIDE_POT = re.compile(r"Side\spot(?:-\d+)?\s(?P<amount>[$€£₹]?[\d.,]+?)\.(?=\s|$)")
WON = re.compile(r"\b(?:won|collected)\s\((?P<amount>[^)]*)\)")  # "won ($40.75)", "collected (20)"
WON_PLAIN = re.compile(r"\band won (?P<amount>[$€£₹][\d.,]+) with ")  # "and won €143.84 with"
SUMMARY_NAME = re.compile(r"^(?P<player>.+?)(?=\s\(|\s(?:folded|showed|mucked|collected)\s|$)")

POSTS: dict[str, ActionKind] = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "small & big blinds": ActionKind.POST_SMALL_AND_BIG_BLIND,
    "the ante": ActionKind.POST_ANTE,
}
POTS: dict[str, int] = {"pot": 0, "main pot": 0, "side pot": 1}

INFO_RESTS = frozenset(
    {"doesn't show hand", "sits out", "is sitting out", "is disconnected", "is connected"}
)
"""What follows "player: " on lines that say nothing about chips or cards."""

INFO_SUFFIXES = (
    " leaves the table",
    " is sitting out",
    " has timed out",
    " has timed out while disconnected",
    " has timed out while being disconnected",
    " has returned",
    " is disconnected",
    " is connected",
    " will be allowed to play after the button",
    " - congratulations!",
    "Pair on board - a double bet is allowed",
    "Betting is capped",
    "No low hand qualified",
)
INFO_INFIXES = (
    " joins the table at seat #",
    " finished the tournament",
    " for eliminating ",
    " was removed from the table",
    " wins the tournament",
    " re-buys and receives ",
    " takes the add-on",
    " wins an entry to tournament #",  # satellites and progressive knock-outs
    " bounty increases by ",  # "bob wins $2.50 for ... and their own bounty increases by"
    " has been disconnected",
    " has been reconnected",
)


@dataclass(frozen=True, slots=True)
class Marker:
    """A "*** NAME ***" line: the street it starts; the board run it deals (None: none)
    and the size of that board after it; for showdowns, the board the following
    collections are paid on."""

    street: Street
    board: int | None = None
    board_size: int = 0
    paid_board: int | None = None


FLOP_MARKERS: dict[str, Marker] = {
    "HOLE CARDS": Marker(Street.PREFLOP),
    "PRE-FLOP": Marker(Street.PREFLOP, 0, 1),  # Courchevel: "*** PRE-FLOP *** [7h]"
    "FLOP": Marker(Street.FLOP, 0, 3),
    "TURN": Marker(Street.TURN, 0, 4),
    "RIVER": Marker(Street.RIVER, 0, 5),
    "FIRST FLOP": Marker(Street.FLOP, 0, 3),
    "FIRST TURN": Marker(Street.TURN, 0, 4),
    "FIRST RIVER": Marker(Street.RIVER, 0, 5),
    "SECOND FLOP": Marker(Street.FLOP, 1, 3),
    "SECOND TURN": Marker(Street.TURN, 1, 4),
    "SECOND RIVER": Marker(Street.RIVER, 1, 5),
    "SHOW DOWN": Marker(Street.SHOWDOWN, paid_board=0),
    "SHOWDOWN": Marker(Street.SHOWDOWN, paid_board=0),  # Run It Once
    "FIRST SHOW DOWN": Marker(Street.SHOWDOWN, paid_board=0),
    "SECOND SHOW DOWN": Marker(Street.SHOWDOWN, paid_board=1),
}
STUD_MARKERS: dict[str, Marker] = {
    "3RD STREET": Marker(Street.THIRD),
    "4TH STREET": Marker(Street.FOURTH),
    "5TH STREET": Marker(Street.FIFTH),
    "6TH STREET": Marker(Street.SIXTH),
    "RIVER": Marker(Street.SEVENTH),  # stud's seventh street: "*** RIVER ***", no cards
    "SHOW DOWN": Marker(Street.SHOWDOWN, paid_board=0),
    "SHOWDOWN": Marker(Street.SHOWDOWN, paid_board=0),  # Run It Once
}
DEAL_MARKERS = frozenset({"HOLE CARDS", "3RD STREET"})


def cut_cap(args: str) -> str:
    """Cut " and has reached the $4 cap" (capped tables) off a betting line's end.

    >>> cut_cap("$2 to $4 and has reached the $4 cap")
    '$2 to $4'
    """
    if args.endswith(" cap"):
        amount, found, _ = args.partition(" and has reached the ")
        if found:
            return amount
    return args


_CARDS_LIMIT = 10_000
_CARDS: dict[str, tuple[Card, ...]] = {}


def bracketed_cards(text: str) -> tuple[Card, ...]:
    """Every card in "[Jc 6c Kd] [9c]": bracketed groups and nothing else.

    >>> bracketed_cards("[Jc 6c Kd] [9c]")
    (Card('Jc'), Card('6c'), Card('Kd'), Card('9c'))

    Raises:
        ValueError: unclosed brackets, text outside them, or a card that is not a card.
    """
    cards = _CARDS.get(text)
    if cards is None:
        cards = _read_bracketed_cards(text)
        if len(_CARDS) >= _CARDS_LIMIT:
            _CARDS.clear()
        _CARDS[text] = cards
    return cards


def _read_bracketed_cards(text: str) -> tuple[Card, ...]:
    inner = text.strip()
    if inner[:1] != "[" or inner[-1:] != "]":
        raise ValueError(f"cards not in closed brackets: {text.strip()!r}")
    inner = inner[1:-1]
    if "[" in inner or "]" in inner:
        inner = inner.replace("] [", " ")
        if "[" in inner or "]" in inner:
            raise ValueError(f"cards not in closed brackets: {text.strip()!r}")
    words = inner.split()
    try:
        return tuple(map(_CARD_WORDS.__getitem__, words))
    except KeyError:  # a spelling not seen yet ("10h", "ah"), or not a card: parse_card says
        return tuple(map(_learn_card_word, words))


CardsRow = tuple[str, list[int]]
"""Cards as the store writes them: their text ("Jc 6c Kd") and their deck indexes."""


def bracketed_cards_row(text: str) -> CardsRow:
    """`bracketed_cards` as the store writes cards: their text and deck indexes.

    >>> bracketed_cards_row("[Jc 6c Kd] [9c]")
    ('Jc 6c Kd 9c', [36, 16, 45, 28])

    Raises:
        ValueError: as `bracketed_cards`.
    """
    # Cards in the deck's own spelling, one space apart, in closed brackets ("[7d As 6c
    # 4d]", "[Js Jd 7c] [Ad]"): one look-up a card, no Card made; the text is then
    # already the store's. Anything else is read (or refused) by `bracketed_cards`.
    inner = text.strip()
    if inner[:1] == "[" and inner[-1:] == "]":
        joined = inner[1:-1].replace("] [", " ")
        try:
            return joined, list(map(_CARD_INDEXES.__getitem__, joined.split(" ")))
        except KeyError:  # not a card word: an empty one among them, if nothing else
            pass
    cards = bracketed_cards(text)
    return card_text(cards), card_indexes(cards)


_CARD_INDEXES: dict[str, int] = {card.text: card.index for card in DECK}
"""The deck's own card words to the cards' indexes."""

_CARD_WORDS: dict[str, Card] = {card.text: card for card in DECK}
"""Card words read before, to their cards: one look-up per card (parse_card adds the
spellings it accepts as they come, at most a few hundred)."""


def _learn_card_word(word: str) -> Card:
    card = _CARD_WORDS[word] = parse_card(word)
    return card


Pots = tuple[int, int, int | None, tuple[int, ...]]
"""A Total pot line read: the total, the rake, the main pot (None: not given), side pots."""

CardGroups = tuple[tuple[CardSource, CardsRow], ...]
"""Cards a summary line shows: ((CardSource.SUMMARY, cards), (CardSource.MUCKED, cards))."""


def read_total_pot(line: str, money: Callable[[str], int]) -> Pots:
    """Read "Total pot 6195 Main pot 4170. Side pot-1 399. Side pot-2 1626. | Rake 0".

    Raises:
        ValueError: not a Total pot line the format allows.
    """
    side_pot = SIDE_POT
    match = TOTAL_POT.match(line)
    if match is None:
        side_pot, match = SIDE_POT_BARS, TOTAL_POT_BARS.match(line)
    if match is None:
        raise ValueError("unreadable Total pot line")
    total = money(match["total"])
    rake = money(match["rake"])
    main = money(match["main"]) if match["main"] else None
    return (
        total,
        rake,
        main,
        tuple(money(amount) for amount in side_pot.findall(match["sides"])),
    )


def summary_won(rest: str, money: Callable[[str], int]) -> int | None:
    """What a summary seat line says the player won, all amounts added (None: none), as
    the WON pattern finds them; one amount, the usual case, is found without it.

    >>> from parsers._base.text import money_reader
    >>> summary_won("showed [Ah 2h 3c Kd] and won ($4.65) with HI: ...", money_reader(2))
    465
    >>> summary_won("(big blind) folded before Flop", money_reader(2)) is None
    True
    >>> summary_won("showed [Ac Jd 5h 4d] and won €143.84 with Two Pairs", money_reader(2))
    14384
    """
    # "... and won ($40.75) with ...", "collected (20)"
    if "won (" not in rest and "collected (" not in rest:
        # Run It Once: "showed [Ac Jd 5h 4d] and won €143.84 with Two Pairs A 5 and K"
        plain = WON_PLAIN.search(rest)
        return money(plain["amount"]) if plain is not None else None
    if rest.count("won") + rest.count("collected") == 1:
        width = 6
        start = rest.find(" won (")
        if start < 0:
            width, start = 12, rest.find(" collected (")
        end = rest.find(")", start + width) if start >= 0 else -1
        if end >= 0:
            return money(rest[start + width : end])
    return sum(money(match["amount"]) for match in WON.finditer(rest))
