"""The parser's fast paths read what the exact paths beside them read, and fail alike.

Money in the usual shapes is read by int arithmetic on the digits, seat lines by
splitting, a summary's one amount without its pattern, cards by one look-up per word:
each is compared here with the slower reading it stands in for (Decimal, the seat
pattern, the WON pattern, parse_card), on generated text that is mostly well formed and
often not.
"""

from __future__ import annotations

import doctest
from collections.abc import Callable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import parsers.pokerstars.words
from parsers._base.text import _exact_amount, _parse_amount, money_reader
from parsers.pokerstars.header import _SEAT, read_seat
from parsers.pokerstars.words import WON, bracketed_cards, summary_won
from tracker.cards import parse_card
from tracker.model import Seat

SYMBOLS = "$€£₹"
AMOUNT_TEXT = st.text(alphabet="0123456789.,$€ ", max_size=12) | st.from_regex(
    r"\A[$€]?(\d{1,3}(,\d{3})*|\d+)(\.\d{1,3})?\Z", fullmatch=True
)


def outcome(read: Callable[[], object]) -> object:
    """What a reading returns, or the message of the ValueError it raises."""
    try:
        return read()
    except ValueError as error:
        return ("ValueError", str(error))


@settings(max_examples=400, deadline=None)
@given(text=AMOUNT_TEXT, decimals=st.sampled_from([0, 2]))
@example(text="1,234.5", decimals=2)
@example(text="0.5", decimals=0)
@example(text="$1.005", decimals=2)
@example(text=".50", decimals=2)
@example(text="1,00", decimals=0)
@example(text="12.", decimals=2)
def test_money_fast_path_equals_decimal(text: str, decimals: int) -> None:
    number = text.strip().strip(SYMBOLS).strip()
    exact = outcome(lambda: _exact_amount(number, text, decimals))
    assert outcome(lambda: _parse_amount(text, decimals)) == exact


def seat_by_pattern(line: str, money: Callable[[str], int]) -> Seat:
    match = _SEAT.match(line)
    if match is None:
        raise ValueError("unreadable seat line")
    return Seat(
        int(match["seat"]), match["player"], money(match["stack"]), match["out"] is not None
    )


NAMES = st.text(alphabet="ab :()$0.-_é\t", min_size=0, max_size=10) | st.sampled_from(
    ["Hero", "Lord Joquiel", "a (b)", "x: y", " lead", "trail ", "(", ")"]
)
STACKS = st.sampled_from(["$36.97", "2500", "€5", "$1,234.50", "", "$", "1.2.3", "$$5", "x"])
ENDINGS = st.sampled_from(
    [" in chips)", " in chips, $1 bounty)", " in chips) is sitting out", " in chips)) ", ""]
)


@settings(max_examples=400, deadline=None)
@given(
    number=st.sampled_from(["3", "10", "", "x", "٣"]),
    separator=st.sampled_from([": ", ":", ":\t"]),
    name=NAMES,
    opening=st.sampled_from([" (", "(", "  ("]),
    stack=STACKS,
    ending=ENDINGS,
)
@example(  # the pattern's shortest name: "x", out of hand (the last "(" is not the stack's)
    number="1",
    separator=": ",
    name="x ($5 in chips) out of hand",
    opening=" (",
    stack="$6",
    ending=" in chips)",
)
def test_seat_line_by_splitting_equals_the_pattern(
    number: str, separator: str, name: str, opening: str, stack: str, ending: str
) -> None:
    line = f"Seat {number}{separator}{name}{opening}{stack}{ending}"
    money = money_reader(2)
    assert outcome(lambda: read_seat(line, money)) == outcome(lambda: seat_by_pattern(line, money))


SUMMARY_PARTS = [
    " and won ($4.65)", " won ($1)", "won ($2)", " collected ($0.50)", " collected (20)",
    " won (", ")", " showed [Ah Kd]", " with HI: a pair", "won", " wonder", "\twon ($3)",
    " won\t($3)", " collected", " (button)", " won ($1,000.25)", " won (x)",
    " folded on the 3rd Street (didn't bet)", " showed [5s 2d 7s Ad 8h Kh Td]",  # stud
    " with HI: high card Ace; LO: 8,7,5,2,A",
]  # fmt: skip
SUMMARY_RESTS = st.lists(st.sampled_from(SUMMARY_PARTS), max_size=5).map("".join)


@settings(max_examples=400, deadline=None)
@given(rest=SUMMARY_RESTS, decimals=st.sampled_from([0, 2]))
def test_one_summary_amount_found_as_the_won_pattern_finds_it(rest: str, decimals: int) -> None:
    money = money_reader(decimals)

    def by_pattern() -> int | None:
        if "won (" not in rest and "collected (" not in rest:
            return None
        return sum(money(match["amount"]) for match in WON.finditer(rest))

    assert outcome(lambda: summary_won(rest, money)) == outcome(by_pattern)


CARD_WORDS = st.sampled_from(["Ah", "ah", "AH", "aH", "10h", "10H", "Td", "tD", "Kx", "1h", "A"])


@settings(max_examples=200, deadline=None)
@given(words=st.lists(CARD_WORDS, min_size=1, max_size=5))
def test_cards_by_one_look_up_equal_parse_card(words: list[str]) -> None:
    text = "[" + " ".join(words) + "]"
    expected = outcome(lambda: tuple(parse_card(word) for word in words))
    assert outcome(lambda: bracketed_cards(text)) == expected
    assert outcome(lambda: bracketed_cards(text)) == expected  # read again, from the cache


def test_docstring_examples_of_the_pokerstars_words() -> None:
    result = doctest.testmod(parsers.pokerstars.words)
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Seat 3: Player0 ($91.64 in chips)", Seat(3, "Player0", 9164)),
        ("Seat 1: a (b) ($5 in chips)", Seat(1, "a (b)", 500)),  # two "(": the pattern reads it
        ("Seat 7: bob (2500 in chips) is sitting out", Seat(7, "bob", 250000, True)),
    ],
)
def test_seat_lines(line: str, expected: Seat) -> None:
    assert read_seat(line, money_reader(2)) == expected
