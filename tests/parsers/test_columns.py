"""The column-wise text tools (`parsers._base.columns`) against the plain Python they stand
for: the same lines, substrings, positions, amounts and cards, or a row marked not ok."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from parsers._base.columns import (
    TEXT,
    Lines,
    arrow,
    bracketed_cards,
    byte_at,
    codes,
    distinct,
    find,
    member,
    minor_units,
    rfind,
    small_integers,
    substrings,
    window,
    window_is,
)
from parsers._base.text import to_minor_units
from parsers.pokerstars.words import bracketed_cards_row

TEXTS = st.lists(st.text(alphabet="ab: é€\t[]$.,0123", max_size=12), min_size=1, max_size=30)


@settings(max_examples=200, deadline=None)
@given(lines=TEXTS)
def test_lines_are_the_text_split_at_newlines(lines: list[str]) -> None:
    text = "\n".join(lines)
    assert Lines(text).array.to_pylist() == text.split("\n")


@settings(max_examples=200, deadline=None)
@given(rows=TEXTS, data=st.data())
def test_substrings_and_positions_are_those_of_the_bytes(
    rows: list[str], data: st.DataObject
) -> None:
    array = arrow(rows, TEXT)
    encoded = [row.encode() for row in rows]
    for needle in (": ", "é", "[", "ab"):
        assert find(array, needle).tolist() == [row.find(needle.encode()) for row in encoded]
    for needle in (": ", "[", "ab"):
        assert rfind(array, needle).tolist() == [row.rfind(needle.encode()) for row in encoded]
    # cut at ASCII separators, as the readers do: before or after a ": "
    colon = find(array, ": ")
    begin = np.where(colon >= 0, colon + 2, 0)
    end = np.array([len(row) for row in encoded])
    expected = [row[b:e].decode() for row, b, e in zip(encoded, begin, end, strict=True)]
    assert substrings(array, begin, end).to_pylist() == expected
    rows_at = np.array(data.draw(st.lists(st.integers(0, len(rows) - 1), max_size=5)), np.int64)
    prefix = substrings(
        array, np.zeros(len(rows_at), np.int64), np.maximum(colon[rows_at], 0), rows_at
    )
    assert prefix.to_pylist() == [
        encoded[row][: max(colon[row], 0)].decode() for row in rows_at.tolist()
    ]


def test_substrings_pick_few_bytes_or_most_bytes_alike() -> None:
    rows = ["Seat 1: ann ($5 in chips)", "bob: calls $0.50", "x"] * 50
    array = arrow(rows, TEXT)
    for width in (1, 12):  # a small share of the bytes (picked by index), then most of them
        end = np.minimum([len(row) for row in rows], width)
        found = substrings(array, np.zeros(len(rows), np.int64), end)
        assert found.to_pylist() == [row[:size] for row, size in zip(rows, end, strict=True)]


AMOUNT_PARTS = st.lists(st.sampled_from(list("0123456789,.$€£₹ -x")), min_size=0, max_size=12)


@settings(max_examples=400, deadline=None)
@given(parts=st.lists(AMOUNT_PARTS, min_size=1, max_size=20), decimals=st.sampled_from([0, 2]))
@example(parts=[list("$1,234.56"), list("1,500"), list("0.5"), list("12.")], decimals=2)
def test_amounts_are_to_minor_units_or_not_ok(parts: list[list[str]], decimals: int) -> None:
    texts = ["".join(part) for part in parts]
    values, ok = minor_units(arrow(texts, TEXT), np.full(len(texts), decimals))
    for text, value, plain in zip(texts, values.tolist(), ok.tolist(), strict=True):
        if plain:
            assert to_minor_units(text, decimals=decimals) == value, text


def test_the_usual_amounts_are_ok() -> None:
    texts = ["$0.50", "1,500", "12", "$1,234.56", "€3.2", "£10", "₹7", "123,456,789", "0.05"]
    values, ok = minor_units(arrow(texts, TEXT), np.full(len(texts), 2))
    assert ok.all()
    assert values.tolist() == [to_minor_units(text, decimals=2) for text in texts]


CARD_PARTS = st.lists(
    st.sampled_from(["[", "]", " ", "] [", "Ah", "ah", "10h", "Td", "Kx", "2c"]), max_size=9
)


@settings(max_examples=400, deadline=None)
@given(parts=st.lists(CARD_PARTS, min_size=1, max_size=10))
@example(parts=[["[", "Ah", " ", "2c", "]", " ", "[", "Td", "]"], ["[", "]"], ["[", "Td", "]"]])
def test_bracketed_cards_are_the_row_readers_or_not_ok(parts: list[list[str]]) -> None:
    texts = ["".join(part) for part in parts]
    text, indexes, ok = bracketed_cards(arrow(texts, TEXT))
    for place, (written, read) in enumerate(zip(texts, ok.tolist(), strict=True)):
        if read:
            assert (text[place].as_py(), indexes[place].as_py()) == bracketed_cards_row(written)


def test_deck_cards_in_brackets_are_ok() -> None:
    # boards, hole cards, and stud's cards dealt over the streets ("[7c 3s 5h] [Qc]")
    texts = ["[Jc 6c Kd] [9c]", "[As]", "[2c 3d 4h 5s Th]", "[7c 3s 5h]", "[7c 3s 5h Qc] [Kc]"]
    text, indexes, ok = bracketed_cards(arrow(texts, TEXT))
    assert ok.all()
    assert list(zip(text.to_pylist(), indexes.to_pylist(), strict=True)) == [
        bracketed_cards_row(written) for written in texts
    ]


def test_small_numbers_bytes_and_windows() -> None:
    array = arrow(["Seat 10: a", "Seat x: b", "Seat 12345: c", "Seat 7: d"], TEXT)
    colon = find(array, ": ")
    values, ok = small_integers(array, np.full(4, 5), colon)
    assert ok.tolist() == [True, False, False, True]
    assert values[ok].tolist() == [10, 7]
    assert byte_at(array, np.array([0, 5, 99, -1])).tolist() == [ord("S"), ord("x"), 0, 0]
    words = window(array, np.full(4, 5))
    assert window_is(words, "10: a").tolist() == [True, False, False, False]
    assert window_is(words, "7: d").tolist() == [False, False, False, True]


@pytest.mark.parametrize("pool", [[], [3], [5, 1, 5, 9]])
def test_member_is_isin(pool: list[int]) -> None:
    values = np.array([0, 1, 3, 5, 9, 10], np.int64)
    assert member(values, np.array(pool, np.int64)).tolist() == np.isin(values, pool).tolist()


def test_codes_are_equal_for_equal_texts_across_arrays() -> None:
    first, second = codes(arrow(["a", "b", "a"], TEXT), arrow(["b", "c"], TEXT))
    assert first[0] == first[2] != first[1]
    assert second[0] == first[1]
    assert second[1] not in first


@settings(max_examples=200, deadline=None)
@given(
    rows=st.lists(st.text(alphabet="abé: ", max_size=40), min_size=1, max_size=12),
    start=st.integers(0, 20),
)
def test_windows_are_the_sixteen_bytes_from_a_place(rows: list[str], start: int) -> None:
    words = window(arrow(rows, TEXT), np.full(len(rows), start))
    found = [bytes(row.view(np.uint8)) for row in words]
    assert found == [row.encode()[start : start + 16].ljust(16, b"\0") for row in rows]


@settings(max_examples=200, deadline=None)
@given(keys=st.lists(st.integers(-5, 5), max_size=30))
def test_distinct_is_numpy_unique(keys: list[int]) -> None:
    values = np.array(keys, np.int64)
    first, inverse = distinct(values)
    _, expected_first, expected_inverse = np.unique(values, return_index=True, return_inverse=True)
    assert first.tolist() == expected_first.tolist()
    assert inverse.tolist() == expected_inverse.reshape(-1).tolist()
