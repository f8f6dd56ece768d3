"""Arrays built from their buffers equal what pyarrow.array builds, for every column type
the store writes, with and without nulls; and building them imports no pandas."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tracker.arrow_arrays import (
    arrow_array,
    empty_table,
    from_numpy,
    numpy_integers,
    positions,
    repeated_text,
)
from tracker.model import ActionKind, Street
from tracker.schema import TABLES

INT_RANGES = {
    pa.int64(): (-(2**63), 2**63 - 1),
    pa.int32(): (-(2**31), 2**31 - 1),
    pa.int16(): (-(2**15), 2**15 - 1),
    pa.int8(): (-128, 127),
}
TIMES = st.datetimes(
    min_value=datetime(1970, 1, 2),
    max_value=datetime(2100, 1, 1),
    timezones=st.sampled_from([UTC, timezone(timedelta(hours=-5))]),
)


def values_of(arrow_type: pa.DataType) -> st.SearchStrategy[Any]:
    if arrow_type in INT_RANGES:
        low, high = INT_RANGES[arrow_type]
        return st.integers(low, high)
    if arrow_type == pa.bool_():
        return st.booleans()
    if arrow_type == pa.string():
        return st.text() | st.sampled_from(["", "Hero", "Lord Joquiel", "fold", "José"])
    if arrow_type == pa.timestamp("us", tz="UTC"):
        return TIMES
    assert isinstance(arrow_type, pa.ListType)
    return st.lists(values_of(arrow_type.value_type), max_size=7).map(tuple)


TYPES = [*INT_RANGES, pa.bool_(), pa.string(), pa.timestamp("us", tz="UTC"),
         pa.list_(pa.int64()), pa.list_(pa.int8())]  # fmt: skip


@pytest.mark.parametrize("arrow_type", TYPES, ids=str)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_equal_to_pyarrow(arrow_type: pa.DataType, data: st.DataObject) -> None:
    element = values_of(arrow_type)
    values = data.draw(st.lists(element | st.none(), max_size=40) | st.lists(element, max_size=40))
    built = arrow_array(values, arrow_type)
    built.validate(full=True)
    expected = pa.array([list(v) if isinstance(v, tuple) else v for v in values], arrow_type)
    assert built.type == arrow_type
    assert built.null_count == expected.null_count
    assert built.equals(expected)


def test_longer_columns_with_sparse_nulls() -> None:
    # Bitmaps of several bytes, nulls at either end.
    values = [None if i % 97 in (0, 96) else i * 1_000_003 for i in range(5_000)]
    assert arrow_array(values, pa.int64()).equals(pa.array(values, pa.int64()))
    texts = [None if value is None else f"p{value}é" for value in values]
    assert arrow_array(texts, pa.string()).equals(pa.array(texts, pa.string()))


@pytest.mark.parametrize(
    "texts",
    [["a\x00b", "c"], ["\x00", None, ""], ["", ""], [""], ["é\x00", "ü", None]],
    ids=repr,
)
def test_texts_holding_nul(texts: list[str | None]) -> None:
    # Strings are cut at the NULs that join them; a NUL of a text's own must stay in it.
    built = arrow_array(texts, pa.string())
    built.validate(full=True)
    assert built.equals(pa.array(texts, pa.string()))


@pytest.mark.parametrize(
    ("values", "arrow_type"),
    [
        (["a", 1], pa.string()),
        ([1, "a"], pa.int64()),
        ([2**40], pa.int32()),
        ([1.0, None], pa.int64()),
        ([datetime(2020, 1, 1)], pa.timestamp("us", tz="UTC")),  # no zone: read as UTC
    ],
)
def test_what_the_fast_path_does_not_take_is_pyarrows_to_judge(
    values: list[Any], arrow_type: pa.DataType
) -> None:
    try:
        expected = pa.array(values, type=arrow_type)
    except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError, OverflowError) as error:
        with pytest.raises(type(error)):
            arrow_array(values, arrow_type)
    else:
        assert arrow_array(values, arrow_type).equals(expected)


def test_other_types_go_to_pyarrow() -> None:
    struct = pa.struct([pa.field("player", pa.string())])
    assert arrow_array([{"player": "ann"}], struct).to_pylist() == [{"player": "ann"}]


@pytest.mark.parametrize("table", sorted(TABLES))
def test_empty_tables(table: str) -> None:
    schema = TABLES[table].full_schema
    assert empty_table(schema).equals(schema.empty_table())


def test_building_columns_imports_no_pandas() -> None:
    code = (
        "import sys, pyarrow as pa\n"
        "from tracker.arrow_arrays import arrow_array, empty_table\n"
        "arrow_array([1, None], pa.int64()); arrow_array(['a', None], pa.string())\n"
        "arrow_array([True], pa.bool_()); arrow_array([(1, 2), None], pa.list_(pa.int8()))\n"
        "empty_table(pa.schema([('a', pa.dictionary(pa.int32(), pa.string()))]))\n"
        "print('pandas' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.text(max_size=6), st.integers(0, 5)), max_size=20))
def test_repeated_text_and_positions(groups: list[tuple[str, int]]) -> None:
    texts = [text for text, _ in groups]
    counts = [count for _, count in groups]
    repeated = repeated_text(texts, counts)
    repeated.validate(full=True)
    assert repeated.to_pylist() == [text for text, count in groups for _ in range(count)]
    numbered = positions(counts, pa.int32())
    assert numbered.to_pylist() == [place for count in counts for place in range(count)]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 4).flatmap(
        lambda width: st.lists(
            st.tuples(st.text(min_size=width, max_size=width), st.integers(0, 5)), max_size=20
        )
    )
)
def test_repeated_text_of_one_length(groups: list[tuple[str, int]]) -> None:
    # Texts of one length (hand ids) are repeated as rows of bytes: one UTF-8 byte each
    # or not, every text's bytes must come out whole and in order.
    texts = [text for text, _ in groups]
    counts = [count for _, count in groups]
    repeated = repeated_text(texts, counts)
    repeated.validate(full=True)
    assert repeated.to_pylist() == [text for text, count in groups for _ in range(count)]


def test_text_enums_are_stored_as_their_text() -> None:
    values = [Street.FLOP, None, ActionKind.RAISE]
    assert arrow_array(values, pa.string()).to_pylist() == ["flop", None, "raise"]


@pytest.mark.parametrize("arrow_type", list(INT_RANGES), ids=str)
def test_nulls_beside_the_least_integer(arrow_type: pa.DataType) -> None:
    # None is first written as the type's least value: a real least value stays valid.
    least, _ = INT_RANGES[arrow_type]
    values = [least, None, 0, least, None]
    assert arrow_array(values, arrow_type).equals(pa.array(values, arrow_type))


@given(st.lists(st.booleans(), max_size=70), st.sampled_from([0, 1, 3]))
def test_numpy_bools_and_integers_round_trip(flags: list[bool], start: int) -> None:
    values = np.array(flags, dtype=np.bool_)
    assert from_numpy(values, pa.bool_()) == pa.array(flags, pa.bool_())
    numbers = np.arange(len(flags), dtype=np.int64) * 7 - 50
    for arrow_type in (pa.int64(), pa.int32(), pa.int16()):
        array = from_numpy(numbers, arrow_type)
        assert array == pa.array(numbers.tolist(), arrow_type)
        assert numpy_integers(array.slice(start)).tolist() == numbers.tolist()[start:]
