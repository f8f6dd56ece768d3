"""The importer's paths give exactly what the Hand path gives (`parsers.parse_text`,
each Hand added by `HandRows.add_hand`), on the real PokerStars files, the project's
sample files, simulated hands of every game and damaged texts:

- `parsers.read_text_into` (a hand read straight into the store's rows): the same rows,
  of the same types, and the same errors in the same places;
- `parsers.read_text_blocks` (most hands read column-wise into the store's tables, the
  others as by `read_text_into`): the same tables and the same errors.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import parsers
import parsers._base.column_seats as column_seats
from parsers import decode, parse_text, read_text_blocks, read_text_into
from parsers._base.site import SiteParser
from parsers.pokerstars import PokerStarsParser
from parsers.pokerstars.words import bracketed_cards, bracketed_cards_row
from tracker.errors import HandHistoryError
from tracker.hand_block import HandBlock
from tracker.hand_rows import HandRows, card_indexes, card_text
from tracker.model import Game, Hand, Structure
from tracker.row_tables import hand_tables
from tracker.schema import HAND_TABLES
from tracker.simulate import iter_hands
from tracker.simulate.pokerstars_format import HAND_SEPARATOR, format_hand

SAMPLE_FOLDER = Path(__file__).resolve().parents[2] / "sample_histories"

SIMULATED = [
    # (game, structure, players, tournament): about 2,000 hands of each game
    (Game.OMAHA_HILO, Structure.POT_LIMIT, 6, False),
    (Game.OMAHA_HILO, Structure.NO_LIMIT, 9, True),
    (Game.OMAHA_HILO, Structure.LIMIT, 2, False),
    (Game.OMAHA5_HILO, Structure.POT_LIMIT, 6, False),
    (Game.OMAHA5_HILO, Structure.LIMIT, 4, True),
    (Game.COURCHEVEL_HILO, Structure.POT_LIMIT, 6, False),
    (Game.COURCHEVEL_HILO, Structure.NO_LIMIT, 3, True),
    (Game.STUD_HILO, Structure.LIMIT, 7, False),
    (Game.STUD_HILO, Structure.LIMIT, 5, True),
    (Game.OMAHA_HI, Structure.POT_LIMIT, 10, False),
    (Game.OMAHA_HI, Structure.NO_LIMIT, 6, True),
    (Game.OMAHA5_HI, Structure.NO_LIMIT, 6, False),
    (Game.OMAHA5_HI, Structure.LIMIT, 3, True),
    (Game.COURCHEVEL_HI, Structure.LIMIT, 6, False),
    (Game.COURCHEVEL_HI, Structure.POT_LIMIT, 4, True),
    (Game.STUD_HI, Structure.LIMIT, 5, False),
    (Game.STUD_HI, Structure.LIMIT, 6, True),
]
HANDS_PER_CONFIG = 1_000


class HandPathOnly(PokerStarsParser):
    """PokerStars read as a site without a rows reader of its own would be."""

    read_hand_into = SiteParser.read_hand_into


def typed(value: Any) -> Any:
    """`value` with the type of every part beside it: True and 1, "x" and a StrEnum
    member, a list and a tuple all differ."""
    if isinstance(value, list | tuple):
        return type(value).__name__, [typed(item) for item in value]
    return type(value).__name__, value


def described(error: HandHistoryError) -> tuple[object, ...]:
    return (type(error).__name__, error.site, error.file, error.hand_id, error.line_number,
            error.line, error.reason)  # fmt: skip


def by_hand_path(text: str, file: str | None) -> tuple[HandRows, list[object]]:
    """The rows `HandRows.add_hand` gives from the Hands `parse_text` yields, and the
    items in order (None for a hand, the described error otherwise)."""
    rows = HandRows()
    items: list[object] = []
    for item in parse_text(text, file=file):
        if isinstance(item, Hand):
            rows.add_hand(item)
            items.append(None)
        else:
            items.append(described(item))
    return rows, items


def by_rows_path(text: str, file: str | None) -> tuple[HandRows, list[object]]:
    """The rows `read_text_into` adds, and its items in the same form."""
    rows = HandRows()
    items = [
        None if item is None else described(item) for item in read_text_into(text, rows, file=file)
    ]
    return rows, items


def assert_same_rows(text: str, file: str | None = None) -> int:
    """All three paths agree on `text`; returns the number of hands read."""
    expected, expected_items = by_hand_path(text, file)
    found, found_items = by_rows_path(text, file)
    assert found_items == expected_items
    assert found.sites == expected.sites
    assert found.counts == expected.counts
    for index, (got, want) in enumerate(zip(found.hands, expected.hands, strict=True)):
        assert typed(got) == typed(want), (index, got, want)
    for table, rows in expected.rows.items():
        assert typed(found.rows[table]) == typed(rows), table
    assert_same_blocks(text, file, expected, expected_items)
    return len(found)


BLOCK_HANDS: list[int] = []
"""The hands each `assert_same_blocks` found in blocks, last call last."""


def assert_same_blocks(
    text: str, file: str | None, expected: HandRows, expected_items: list[object]
) -> None:
    """`read_text_blocks` gives the tables of `expected` and the same errors (its blocks
    come before the other hands of their chunk: errors are compared as a multiset)."""
    rows = HandRows()
    blocks: list[HandBlock] = []
    items: list[object] = []
    for item in read_text_blocks(text, rows, file=file):
        if isinstance(item, HandBlock):
            blocks.append(item)
        else:
            items.append(None if item is None else described(item))
    errors = sorted(map(repr, filter(None, items)))
    assert errors == sorted(map(repr, filter(None, expected_items)))
    in_blocks = sum(map(len, blocks))
    assert in_blocks + items.count(None) == expected_items.count(None)
    want, got = hand_tables(expected), hand_tables(rows)
    for table in HAND_TABLES:
        joined = pa.concat_tables([*(block.tables[table] for block in blocks), got[table]])
        assert in_order(joined).equals(in_order(want[table])), table
    BLOCK_HANDS.append(in_blocks)


def in_order(table: pa.Table) -> pa.Table:
    """`table`'s rows by hand id, then place in the hand."""
    keys = [name for name in ("hand_id", "sequence", "seat", "board") if name in table.column_names]
    return table.sort_by([(name, "ascending") for name in keys])


def pokerstars_files(histories: Path) -> list[Path]:
    folder = histories / "PokerStars"
    return sorted(path for path in folder.rglob("*.txt") if path.is_file())


def test_real_files_give_the_same_rows(histories: Path) -> None:
    paths = pokerstars_files(histories)
    assert len(paths) >= 12
    read = in_blocks = 0
    for path in paths:
        read += assert_same_rows(decode(path.read_bytes()), file=str(path))
        in_blocks += BLOCK_HANDS[-1]
    assert read > 80
    assert in_blocks > 140  # the real files' hands of today's shapes, stud among them


def test_sample_files_give_the_same_rows() -> None:
    paths = sorted(SAMPLE_FOLDER.glob("*.txt"))
    assert paths, f"no sample files in {SAMPLE_FOLDER}"
    read = sum(assert_same_rows(decode(path.read_bytes()), file=str(path)) for path in paths)
    assert read > 1_000
    assert sum(BLOCK_HANDS[-len(paths) :]) > read // 2


@pytest.mark.parametrize(
    ("game", "structure", "players", "tournament"),
    SIMULATED,
    ids=[f"{g.value}-{s.value}-{p}{'-tournament' if t else ''}" for g, s, p, t in SIMULATED],
)
def test_simulated_hands_give_the_same_rows(
    game: Game, structure: Structure, players: int, tournament: bool
) -> None:
    simulated = iter_hands(
        game, structure, hands=HANDS_PER_CONFIG, players=players, seed=31,
        error_rate=0.05, tournament=tournament,
    )  # fmt: skip
    text = "".join(format_hand(hand) + HAND_SEPARATOR for hand in simulated)
    assert assert_same_rows(text, file="simulated.txt") == HANDS_PER_CONFIG
    # every hand the simulator writes, stud too, is of a shape the column-wise reader takes
    assert BLOCK_HANDS[-1] == HANDS_PER_CONFIG


STUD_SHAPES = [
    # (what, pattern, replacement, taken): one change to the first hand it applies to, among
    # simulated stud hands; `taken`: the changed hand is still read column-wise
    ("a street name in capitals", r"\*\*\* 3rd STREET", "*** 3RD STREET", False),
    ("flop streets in stud", r"\*\*\* 3rd STREET", "*** HOLE CARDS", False),
    ("stud streets in Omaha", r"7 Card Stud Hi/Lo", "Omaha Hi/Lo", False),
    ("a mixed game", r"7 Card Stud Hi/Lo Limit \((\$[^ ]*) USD\)",
     r"8-Game (7 Card Stud Hi/Lo Limit, \1 USD)", True),
    ("cards after seventh street", r"\*\*\* RIVER \*\*\*", "*** RIVER *** [5h]", True),
    ("a button in stud", r"(Table '[^']*' 8-max)", r"\1 Seat #2 is the button", True),
    ("the deck run out", r"(Total pot [^\n]*)", r"\1\nBoard [6h]", False),
    ("two hole cards", r"(Dealt to Hero \[.. ..) ..\]", r"\1]", False),
    ("three cards on fourth street", r"(Dealt to Hero \[[^]]*\] \[..)\]", r"\1 2c 3c]", False),
    ("two up cards", r"(Dealt to Boto \[..)\]\n", r"\1 2c]\n", False),
    ("another player's hole cards", r"(Dealt to Boto \[..)\]\n", r"\1 2c 3c]\n", True),
    ("no hero", r"Dealt to Hero [^\n]*\n", "", True),
    ("a bring-in all in", r"(brings in for \$[0-9.]+)", r"\1 and is all-in", True),
    ("a bring-in of another shape", r"brings in for", "brings in with", False),
    ("a bring-in by no one seated", r"\n[^\n:]+: brings in", "\nnobody: brings in", False),
    ("a completion bet", r"raises \$0\.05 to \$0\.10", "bets $0.10", True),
]  # fmt: skip


@pytest.mark.parametrize(
    ("pattern", "replacement", "taken"),
    [shape[1:] for shape in STUD_SHAPES],
    ids=[shape[0] for shape in STUD_SHAPES],
)
def test_stud_hands_of_other_shapes_give_the_same_rows(
    pattern: str, replacement: str, taken: bool
) -> None:
    # Each change either leaves a shape the column-wise reader takes, or sends the hand to
    # the line reader, which reads it or says why it cannot: the same rows and errors.
    simulated = iter_hands(Game.STUD_HILO, Structure.LIMIT, hands=20, players=7, seed=3)
    hands = [format_hand(hand) for hand in simulated]
    changed = [index for index, hand in enumerate(hands) if re.search(pattern, hand)]
    assert changed, pattern
    first = changed[0]
    hands[first] = re.sub(pattern, replacement, hands[first], count=1)
    text = "".join(hand + HAND_SEPARATOR for hand in hands)
    assert_same_rows(text, file="stud.txt")
    assert BLOCK_HANDS[-1] == len(hands) - (not taken)


def damaged(text: str, rng: random.Random) -> str:
    """`text` with one kind of damage: cut off, a line removed, repeated or moved."""
    lines = text.split("\n")
    where = rng.randrange(len(lines))
    kind = rng.randrange(4)
    if kind == 0:
        return text[: rng.randrange(len(text))]
    if kind == 1:
        del lines[where]
    elif kind == 2:
        lines.insert(where, lines[where])
    else:
        lines.insert(rng.randrange(len(lines)), lines.pop(where))
    return "\n".join(lines)


def sample_hand_texts() -> list[str]:
    """A few hands of every sample file, whole texts of a few hands each."""
    texts = []
    for path in sorted(SAMPLE_FOLDER.glob("*.txt")):
        hands = decode(path.read_bytes()).split(HAND_SEPARATOR)
        texts.extend(HAND_SEPARATOR.join(hands[start : start + 3]) for start in (0, 40, 80))
    return texts


def test_damaged_texts_give_the_same_rows_and_errors() -> None:
    rng = random.Random(2024)
    texts = sample_hand_texts()
    errors = 0
    for _ in range(1_500):
        text = damaged(rng.choice(texts), rng)
        if not text.strip() or not PokerStarsParser().detect(text):
            continue
        assert_same_rows(text, file="damaged.txt")
        errors += sum(item is not None for item in by_rows_path(text, "damaged.txt")[1])
    assert errors > 300  # the damage was seen, not only read past


def test_damaged_real_files_give_the_same_rows_and_errors(histories: Path) -> None:
    rng = random.Random(7)
    texts = [decode(path.read_bytes()) for path in pokerstars_files(histories)]
    for _ in range(300):
        text = damaged(rng.choice(texts), rng)
        if text.strip() and PokerStarsParser().detect(text):
            assert_same_rows(text, file="damaged.txt")


def test_a_site_without_a_rows_reader_adds_its_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    text = decode(sorted(SAMPLE_FOLDER.glob("*.txt"))[0].read_bytes())
    expected, expected_items = by_rows_path(text, "sample.txt")
    monkeypatch.setattr(parsers, "SITE_PARSERS", (HandPathOnly(),))
    found, found_items = by_rows_path(text, "sample.txt")
    assert found_items == expected_items
    assert typed(found.hands) == typed(expected.hands)
    assert typed(found.rows) == typed(expected.rows)


def test_a_failed_hand_adds_no_rows() -> None:
    hands = decode(sorted(SAMPLE_FOLDER.glob("*.txt"))[0].read_bytes()).split(HAND_SEPARATOR)
    broken = hands[1].replace("*** SUMMARY ***", "*** SUMMARY")
    rows = HandRows()
    items = list(read_text_into(HAND_SEPARATOR.join([hands[0], broken, hands[2]]), rows))
    assert [item is None for item in items] == [True, False, True]
    assert len(rows) == 2
    assert sum(rows.counts["seats"]) == len(rows.rows["seats"])


CARD_TEXT_PARTS = ["[", "]", " ", "  ", "] [", "]  [", "\t", "Ah", "ah", "10h", "Td", "Kx", "2c"]


def card_row_outcome(read: Callable[[], object]) -> object:
    try:
        return read()
    except ValueError as error:
        return ("ValueError", str(error))


@settings(max_examples=500, deadline=None)
@given(parts=st.lists(st.sampled_from(CARD_TEXT_PARTS), max_size=9))
@example(parts=["[", "Ah", " ", "2c", "]", " ", "[", "Td", "]"])
@example(parts=[" ", "[", "Ah", "]", " "])
@example(parts=["[", "]"])
def test_cards_rows_are_the_cards_as_the_store_writes_them(parts: list[str]) -> None:
    # The rows' own reading (one look-up a word of the deck's spelling) against the
    # cards `bracketed_cards` reads, written as `add_hand` writes them.
    text = "".join(parts)

    def from_cards() -> object:
        cards = bracketed_cards(text)
        return card_text(cards), card_indexes(cards)

    assert card_row_outcome(lambda: bracketed_cards_row(text)) == card_row_outcome(from_cards)


def test_long_and_odd_names_give_the_same_rows() -> None:
    # Names of more than 16 bytes are matched as text by the column-wise reader, shorter
    # ones as two words: both, with spaces and non-ASCII letters, and names that start
    # other players' names, read as the line reader reads them.
    simulated = iter_hands(Game.OMAHA_HILO, Structure.POT_LIMIT, hands=200, players=6, seed=5)
    text = "".join(format_hand(hand) + HAND_SEPARATOR for hand in simulated)
    seat_line = r"^Seat \d+: (.+?) \(\$[\d.,]+ in chips\)"
    players = sorted(set(re.findall(seat_line, text, re.MULTILINE)))
    shapes = ["A Very Long Screen Name {}", "Zoë Ämmälä-Öberg {}", "p{}", "p{} x"]
    for number, old in enumerate(players):
        new = shapes[number % len(shapes)].format(number // len(shapes))
        text = re.sub(
            rf"(?m)(^|Seat \d+: |Dealt to |returned to ){re.escape(old)}(?=[ :(]|$)",
            lambda match, new=new: match.group(1) + new,
            text,
        )
    assert assert_same_rows(text, file="names.txt") == 200
    assert BLOCK_HANDS[-1] > 150


def test_names_of_a_shared_key_are_told_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    # Names are first matched to a hand's seats by a 64-bit key, then checked whole; with
    # keys made of the size alone, every name of a size shares one: the whole check and
    # its second look at the seats must still find each player's own seat.
    monkeypatch.setattr(column_seats, "_MIX", np.zeros(2, np.uint64))
    simulated = iter_hands(Game.OMAHA_HILO, Structure.POT_LIMIT, hands=200, players=6, seed=9)
    text = "".join(format_hand(hand) + HAND_SEPARATOR for hand in simulated)
    assert assert_same_rows(text, file="keys.txt") == 200
    assert BLOCK_HANDS[-1] == 200


def test_hands_far_apart_give_the_same_rows() -> None:
    # A hand ends at its last line that is not empty, however many empty lines follow it
    # (the column-wise reader steps back over a few, then looks further back at once).
    simulated = iter_hands(Game.OMAHA_HILO, Structure.POT_LIMIT, hands=60, players=6, seed=3)
    gaps = ["\n\n", "\n" * 9, "\n" * 30]
    text = "".join(
        format_hand(hand) + gaps[number % len(gaps)] for number, hand in enumerate(simulated)
    )
    assert assert_same_rows(text, file="gaps.txt") == 60
    assert BLOCK_HANDS[-1] == 60
