"""Arrow arrays from Python lists, built from their buffers.

`pyarrow.array(list)` first asks whether the list is a pandas object, which imports pandas
(0.15 to 0.2 s, paid by every `tracker import`). The store's columns are lists of ints,
bools, text, UTC times and lists of ints, with None for null: for those this module packs
the buffers itself (numbers through numpy, which pyarrow imports anyway; text as one UTF-8
encoding of the joined values) and hands them to `pyarrow.Array.from_buffers`, which
imports nothing. Other column types go to `pyarrow.array`. `from_numpy` and
`numpy_integers` do the same for numpy arrays (`pyarrow.array` of a numpy array and
`Array.to_numpy` import pandas too).

The values must be of the column's Python type, as the model's fields are: for those the
result equals `pyarrow.array(values, type=type)` (a test compares them on random columns).
Unlike pyarrow, a bool in an integer column is taken as 0 or 1, and so is an int in a
boolean column.

>>> arrow_array([3, None, 5], pa.int32()).to_pylist()
[3, None, 5]
>>> arrow_array(["ann", None, "bé"], pa.string()).to_pylist()
['ann', None, 'bé']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, timedelta
from itertools import chain, repeat
from operator import is_not
from typing import Any

import numpy as np
import pyarrow as pa

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)
_MAX_OFFSET = 2**31 - 1

_INTEGERS: dict[pa.DataType, type[np.signedinteger[Any]]] = {
    pa.int64(): np.int64,
    pa.int32(): np.int32,
    pa.int16(): np.int16,
    pa.int8(): np.int8,
}

_Builder = Callable[[list[Any], "pa.DataType"], "pa.Array[Any]"]


def arrow_array(values: Sequence[Any], arrow_type: pa.DataType) -> pa.Array[Any]:
    """`values` (None is null) as an Arrow array of `arrow_type`.

    >>> arrow_array([[1, 2], [], None], pa.list_(pa.int8())).to_pylist()
    [[1, 2], [], None]
    >>> arrow_array([True, None, False], pa.bool_()).to_pylist()
    [True, None, False]
    """
    values = values if isinstance(values, list) else list(values)
    build = _builder(arrow_type)
    if build is None:
        return pa.array(values, type=arrow_type)
    try:
        return build(values, arrow_type)
    except (TypeError, ValueError, OverflowError):  # not the column's type: pyarrow says why
        return pa.array(values, type=arrow_type)


def _builder(arrow_type: pa.DataType) -> _Builder | None:
    if arrow_type in _INTEGERS:
        return _integers
    if arrow_type == pa.bool_():
        return _booleans
    if arrow_type == pa.string():
        return _strings
    if arrow_type == pa.timestamp("us", tz="UTC"):
        return _timestamps
    if isinstance(arrow_type, pa.ListType) and arrow_type.value_type in _INTEGERS:
        return _lists
    return None


def _validity(values: list[Any]) -> tuple[pa.Buffer | None, int]:
    """The validity bitmap (None when no value is None) and the null count."""
    nulls = values.count(None)
    if not nulls:
        return None, 0
    valid = np.frombuffer(bytes(map(is_not, values, repeat(None))), dtype=np.bool_)
    return _buffer(np.packbits(valid, bitorder="little")), nulls


def _filled(values: list[Any], fill: object) -> list[Any]:
    return [fill if value is None else value for value in values]


def _integers(values: list[Any], arrow_type: pa.DataType) -> pa.Array[Any]:
    dtype = _INTEGERS[arrow_type]
    try:
        if values and values[0] is None:
            raise TypeError  # numpy is slow to refuse a first None
        data, bitmap, nulls = np.array(values, dtype=dtype), None, 0
    except TypeError:  # a None among them
        data, bitmap, nulls = _integers_with_nulls(values, dtype)
    return pa.Array.from_buffers(arrow_type, len(values), [bitmap, _buffer(data)], nulls)


def _integers_with_nulls(
    values: list[Any], dtype: type[np.signedinteger[Any]]
) -> tuple[np.ndarray[Any, Any], pa.Buffer | None, int]:
    # None becomes the type's least value, and the valid values are those that are not
    # it: unless a real value is that least value too (then one pass more finds them).
    nulls = values.count(None)
    least = int(np.iinfo(dtype).min)
    data = np.array(_filled(values, least), dtype=dtype)
    valid = data != least
    if len(values) - int(np.count_nonzero(valid)) != nulls:
        valid = np.frombuffer(bytes(map(is_not, values, repeat(None))), dtype=np.bool_)
    data[~valid] = 0
    return data, _buffer(np.packbits(valid, bitorder="little")), nulls


def _booleans(values: list[Any], arrow_type: pa.DataType) -> pa.Array[Any]:
    try:
        flags, bitmap, nulls = bytes(values), None, 0  # True is 1, False 0
    except TypeError:  # a None among them
        bitmap, nulls = _validity(values)
        flags = bytes(_filled(values, False))
    if flags.strip(b"\x00\x01"):
        raise TypeError("values other than True, False or None")  # ints above 1
    data = _buffer(np.packbits(np.frombuffer(flags, dtype=np.bool_), bitorder="little"))
    return pa.Array.from_buffers(arrow_type, len(values), [bitmap, data], nulls)


def _strings(values: list[Any], arrow_type: pa.DataType) -> pa.Array[Any]:
    # The texts joined by NUL, encoded once: the NULs' places give the offsets (numpy,
    # no length asked of each text), and the bytes without them the data.
    try:
        texts, joined, bitmap, nulls = values, "\x00".join(values), None, 0
    except TypeError:  # a None among them
        bitmap, nulls = _validity(values)
        texts = _filled(values, "")
        joined = "\x00".join(texts)
    encoded = np.frombuffer(joined.encode(), dtype=np.uint8)
    ends = np.flatnonzero(encoded == 0)  # where each text but the last ends
    if not texts or len(ends) != len(texts) - 1:  # none, or a text holding a NUL itself
        return _strings_by_lengths(texts, bitmap, nulls, arrow_type)
    offsets = np.empty(len(texts) + 1, dtype=np.int64)
    offsets[0] = 0
    offsets[1:-1] = ends - np.arange(len(ends))
    offsets[-1] = len(encoded) - len(ends)
    if offsets[-1] > _MAX_OFFSET:
        raise OverflowError("more than 32-bit offsets address")
    data = encoded[encoded != 0] if len(ends) else encoded
    buffers = [bitmap, _buffer(offsets.astype(np.int32)), _buffer(data)]
    return pa.Array.from_buffers(arrow_type, len(texts), buffers, nulls)


def _strings_by_lengths(
    texts: list[str], bitmap: pa.Buffer | None, nulls: int, arrow_type: pa.DataType
) -> pa.Array[Any]:
    joined = "".join(texts)
    data = joined.encode()
    # Byte lengths are character lengths when the text is ASCII (one byte each).
    lengths = map(len, texts) if len(data) == len(joined) else map(len, map(str.encode, texts))
    buffers = [bitmap, _buffer(_offsets(lengths, len(texts))), pa.py_buffer(data)]
    return pa.Array.from_buffers(arrow_type, len(texts), buffers, nulls)


def _timestamps(values: list[Any], arrow_type: pa.DataType) -> pa.Array[Any]:
    # An aware time minus the epoch; a time without a zone raises TypeError (pyarrow
    # would read it as a UTC wall time) and so does anything else but None.
    micros = [None if value is None else (value - _EPOCH) // _MICROSECOND for value in values]
    return _integers(micros, pa.int64()).view(arrow_type)


def _lists(values: list[Any], arrow_type: pa.DataType) -> pa.Array[Any]:
    assert isinstance(arrow_type, pa.ListType)  # as `_builder` chose
    bitmap, nulls = _validity(values)
    items = _filled(values, ()) if nulls else values
    offsets = _offsets(map(len, items), len(items))
    child = arrow_array(list(chain.from_iterable(items)), arrow_type.value_type)
    buffers = [bitmap, _buffer(offsets)]
    return pa.Array.from_buffers(arrow_type, len(values), buffers, nulls, children=[child])


def from_numpy(values: np.ndarray[Any, Any], arrow_type: pa.DataType) -> pa.Array[Any]:
    """Numpy integers or bools, without nulls, as an Arrow array of `arrow_type` (an
    integer type or bool).

    >>> from_numpy(np.array([True, False, True]), pa.bool_()).to_pylist()
    [True, False, True]
    >>> from_numpy(np.array([3, 1]), pa.int64()).to_pylist()
    [3, 1]
    """
    if pa.types.is_boolean(arrow_type):
        data = _buffer(np.packbits(values.astype(np.bool_), bitorder="little"))
    else:
        data = _buffer(np.ascontiguousarray(values, dtype=_INTEGERS[arrow_type]))
    return pa.Array.from_buffers(arrow_type, len(values), [None, data], 0)


def numpy_integers(array: pa.Array[Any]) -> np.ndarray[Any, np.dtype[np.int64]]:
    """An Arrow integer array without nulls as numpy int64, read from its buffer.

    >>> numpy_integers(arrow_array([4, 5, 6], pa.int32()).slice(1)).tolist()
    [5, 6]
    """
    if array.null_count:
        raise ValueError("an integer array with nulls")
    data = array.buffers()[1]
    if data is None:
        return np.zeros(len(array), dtype=np.int64)
    dtype = np.dtype(_INTEGERS[array.type])
    values = np.frombuffer(
        memoryview(data), dtype=dtype, count=len(array), offset=array.offset * dtype.itemsize
    )
    return values.astype(np.int64)


def _buffer(data: np.ndarray[Any, Any]) -> pa.Buffer:
    # numpy arrays have the buffer protocol; the stubs know it only from Python 3.12 on
    return pa.py_buffer(data)  # type: ignore[arg-type]


def _offsets(lengths: Iterable[int], count: int) -> np.ndarray[Any, np.dtype[np.int32]]:
    """Arrow offsets: 0, then the running total of the `count` lengths."""
    return _running_total(np.fromiter(lengths, dtype=np.int64, count=count))


def _running_total(
    lengths: np.ndarray[Any, np.dtype[np.int64]],
) -> np.ndarray[Any, np.dtype[np.int32]]:
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    if offsets[-1] > _MAX_OFFSET:
        raise OverflowError("more than 32-bit offsets address")
    return offsets.astype(np.int32)


def empty_table(schema: pa.Schema) -> pa.Table:
    """A table of no rows with `schema` (`Schema.empty_table` goes through
    `pyarrow.array`, and so imports pandas).

    >>> empty_table(pa.schema([("player", pa.string())])).num_rows
    0
    """
    arrays = [pa.nulls(0, field.type) for field in schema]
    return pa.Table.from_arrays(arrays, schema=schema)


def repeated_text(texts: Sequence[str], counts: Sequence[int]) -> pa.Array[Any]:
    """A string array of each text repeated its count of times, in order.

    >>> repeated_text(["a", "bc"], [2, 1]).to_pylist()
    ['a', 'a', 'bc']
    """
    joined = "".join(texts)
    once = joined.encode()
    ascii_only = len(once) == len(joined)
    lengths = map(len, texts) if ascii_only else map(len, map(str.encode, texts))
    sizes = np.fromiter(lengths, dtype=np.int64, count=len(texts))
    each = np.repeat(sizes, counts)
    if len(texts) and (sizes == sizes[0]).all():  # hand ids of one length: rows of bytes
        table = np.frombuffer(once, dtype=np.uint8).reshape(len(texts), int(sizes[0]))
        content = _buffer(np.repeat(table, counts, axis=0))
    else:
        repeated = "".join([text * count for text, count in zip(texts, counts, strict=True)])
        content = pa.py_buffer(repeated.encode())
    buffers = [None, _buffer(_running_total(each)), content]
    return pa.Array.from_buffers(pa.string(), len(each), buffers, 0)


def positions(counts: Sequence[int], arrow_type: pa.DataType) -> pa.Array[Any]:
    """0, 1, ... count - 1 for each count in turn, as integers of `arrow_type`.

    >>> positions([2, 0, 3], pa.int32()).to_pylist()
    [0, 1, 0, 1, 2]
    """
    sizes = np.array(counts, dtype=np.int64)
    starts = np.repeat(np.cumsum(sizes) - sizes, sizes)
    data = (np.arange(len(starts), dtype=np.int64) - starts).astype(_INTEGERS[arrow_type])
    return pa.Array.from_buffers(arrow_type, len(data), [None, _buffer(data)], 0)
