"""Column-wise text tools for readers that read many hands at once: a text's lines as one
Arrow array, substrings and searches over many lines at a time, money amounts and cards
in brackets read for whole columns, and the group sums those readers need.

Everything here works on numpy arrays and Arrow compute kernels, a few calls per column
rather than Python code per line; nothing knows a site's words. A value a reader cannot
take as plain (an amount in an unusual shape, a card spelt another way) is reported
through an `ok` mask, never guessed: the reader then leaves that hand to its line-by-line
reader, which decides.

>>> lines = Lines("Seat 1: ann ($5 in chips)\\nann: calls $0.50")
>>> lines.array.to_pylist()
['Seat 1: ann ($5 in chips)', 'ann: calls $0.50']
>>> values, ok = minor_units(pa.array(["$0.50", "1,500", "0.5"]), np.array([2, 0, 0]))
>>> values.tolist(), ok.tolist()
([50, 1500, 0], [True, True, False])
"""

from __future__ import annotations

import re
from typing import Any, TypeAlias

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from tracker.arrow_arrays import arrow_array, from_numpy
from tracker.cards import DECK

Ints = np.ndarray[Any, np.dtype[np.int64]]
Bools = np.ndarray[Any, np.dtype[np.bool_]]
Strings: TypeAlias = Any
"""An Arrow string array (of `TEXT`, or plain strings): typed loosely, since pyarrow's
stubs type each kernel by the concrete array class it is given."""
Rows: TypeAlias = dict[str, Any]
"""Rows read, by column: numpy arrays and Arrow arrays of the same length."""

_NUMPY_INTEGERS: dict[pa.DataType, Any] = {
    pa.int64(): np.int64, pa.int32(): np.int32, pa.int16(): np.int16, pa.int8(): np.int8,
    pa.uint64(): np.uint64, pa.uint32(): np.uint32, pa.uint16(): np.uint16, pa.uint8(): np.uint8,
}  # fmt: skip

TEXT = pa.large_string()
"""The type of every text column here (64-bit offsets: no size limit on a file)."""


class Lines:
    """The lines of a text ("\\n" line ends) as one Arrow string array, with no copy of
    the text beyond its UTF-8 encoding (the newlines taken out).

    Attributes:
        array: line i of the text, for every i (the text after its last newline is the
            last line, empty when the text ends with one).
    """

    def __init__(self, text: str) -> None:
        encoded = text.encode()
        whole = pa.Array.from_buffers(
            TEXT, 1, [None, buffer(np.array([0, len(encoded)], np.int64)), pa.py_buffer(encoded)]
        )
        self.array: Strings = pc.split_pattern(whole, "\n").values

    def __len__(self) -> int:
        return len(self.array)


def buffer(data: np.ndarray[Any, Any]) -> pa.Buffer:
    """A numpy array's memory as an Arrow buffer (no copy)."""
    return pa.py_buffer(data)  # type: ignore[arg-type]  # numpy arrays have the buffer protocol


def parts(array: Strings) -> tuple[Ints, np.ndarray[Any, np.dtype[np.uint8]]]:
    """The offsets (one more than the rows) and the bytes of a string array."""
    array = array if array.type == TEXT else array.cast(TEXT)
    buffers = array.buffers()
    offsets = np.frombuffer(buffers[1], dtype=np.int64)[
        array.offset : array.offset + len(array) + 1
    ]
    data = (
        np.frombuffer(buffers[2], dtype=np.uint8)
        if buffers[2] is not None
        else np.zeros(0, np.uint8)
    )
    return offsets, data


def texts(array: Strings) -> Strings:
    """`array` in this module's text type."""
    return array if array.type == TEXT else array.cast(TEXT)


def substrings(array: Strings, begin: Ints, end: Ints, rows: Ints | None = None) -> Strings:
    """Row i's bytes `begin[i]:end[i]` (byte positions within the row, which must fall
    on character boundaries: the positions of ASCII separators found by `find`; cut to
    the row's own bytes); with `rows`, of the rows at `rows` only (`begin` and `end`
    then one per place in `rows`)."""
    offsets, data = parts(array)
    row_start, row_end = (
        (offsets[:-1], offsets[1:]) if rows is None else (offsets[rows], offsets[rows + 1])
    )
    first = np.clip(row_start + begin, row_start, row_end)
    last = np.clip(row_start + end, first, row_end)
    if rows is None or bool((np.diff(rows) > 0).all()):
        # the parts in byte order: the data as the rows gap, part, gap, part, ..., gap,
        # and Arrow's `take` of the parts (several times faster than gathering the bytes
        # with numpy)
        bounds = np.empty(2 * len(first) + 2, np.int64)
        bounds[0], bounds[-1] = 0, len(data)
        bounds[1:-1:2], bounds[2:-1:2] = first, last
        spans = pa.Array.from_buffers(TEXT, len(bounds) - 1, [None, buffer(bounds), buffer(data)])
        return take(spans, np.arange(1, len(bounds) - 1, 2))
    size = last - first
    new_offsets = np.zeros(len(size) + 1, dtype=np.int64)
    np.cumsum(size, out=new_offsets[1:])
    picked = np.arange(new_offsets[-1]) + np.repeat(first - new_offsets[:-1], size)
    return pa.Array.from_buffers(TEXT, len(size), [None, buffer(new_offsets), buffer(data[picked])])


def lengths(array: Strings) -> Ints:
    """Each row's length in bytes."""
    offsets, _ = parts(array)
    return np.diff(offsets)


def find(array: Strings, needle: str) -> Ints:
    """The byte position of the first `needle` in each row (-1: none)."""
    return ints(pc.find_substring(array, needle))


def rfind(array: Strings, needle: str) -> Ints:
    """The byte position of the last `needle` (ASCII) in each row (-1: none)."""
    if not needle.isascii():
        raise ValueError(f"rfind looks for ASCII only, not {needle!r}")
    backwards = pc.binary_reverse(texts(array).cast(pa.large_binary()))
    found = ints(pc.find_substring(backwards, needle[::-1]))
    size = len(needle.encode())
    return np.where(found >= 0, lengths(array) - found - size, -1)


def ints(array: Any) -> Ints:
    """An Arrow integer array without nulls as numpy int64."""
    if isinstance(array, pa.ChunkedArray):
        array = array.combine_chunks()
    if array.null_count:
        raise ValueError("an integer array with nulls")
    dtype = np.dtype(_NUMPY_INTEGERS[array.type])
    data = array.buffers()[1]
    values = np.frombuffer(
        data, dtype=dtype, count=len(array), offset=array.offset * dtype.itemsize
    )
    return values.astype(np.int64)


def bools(array: Any) -> Bools:
    """An Arrow boolean array as numpy bools (null: False)."""
    if isinstance(array, pa.ChunkedArray):
        array = array.combine_chunks()
    if array.null_count:
        array = pc.fill_null(array, False)
    data = np.frombuffer(array.buffers()[1], dtype=np.uint8)
    bits = np.unpackbits(data, bitorder="little")
    return bits[array.offset : array.offset + len(array)].astype(np.bool_)


def codes(*arrays: Strings) -> list[Ints]:
    """The rows of several string arrays as integer codes: equal texts, equal codes,
    across all the arrays."""
    if not arrays:
        return []
    joined = pa.concat_arrays([texts(array) for array in arrays])
    found = ints(pc.dictionary_encode(joined).indices) if len(joined) else np.zeros(0, np.int64)
    return np.split(found, np.cumsum([len(array) for array in arrays])[:-1])


_AMOUNT = r"^[$€£₹]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?$"
_SIGN_SIZE = np.full(256, -1, np.int64)  # by a currency sign's first byte: its UTF-8 size
for _sign in "$€£₹":
    _SIGN_SIZE[_sign.encode()[0]] = len(_sign.encode())


def minor_units(array: Strings, decimals: Ints, space: str = "") -> tuple[Ints, Bools]:
    """Amounts ("$1,234.5", "20") in minor units at `decimals` places per row, and
    whether each was one of those plain shapes, exact at its places (values of rows not
    ok are 0). With `space`, also digits grouped by threes with it, a currency sign
    after it ending them ("1 500 $", "25 $" with that space).

    >>> values, ok = minor_units(pa.array(["1 500 $", "15 00", "$2"]), np.array([0, 0, 0]), " ")
    >>> values.tolist(), ok.tolist()
    ([1500, 0, 2], [True, False, True])
    """
    grouped = None
    if space and contains(array, space).any():
        gap = re.escape(space)
        grouped = contains(array, space)
        good = matches(array, rf"^[0-9]{{1,3}}(?:{gap}[0-9]{{3}})*(?:{gap}[$€£₹])?$")
        array = pc.replace_substring(pc.replace_substring_regex(array, rf"{gap}[$€£₹]$", ""),
                                     space, "")  # fmt: skip
    bare = pc.utf8_ltrim(array, "$€£₹")
    dot = find(bare, ".")
    size = lengths(bare)
    digits = pc.replace_substring(bare, ".", "") if (dot >= 0).any() else bare
    # the plain shape, "^[$€£₹]?[0-9]+(?:\.[0-9]+)?$", checked without a pattern (several
    # times faster on short texts): one currency sign or none, then digits with at most
    # one dot inside them
    symbol = lengths(array) - size
    ok = (symbol == 0) | (symbol == _SIGN_SIZE[byte_at(array, np.zeros(len(size), np.int64))])
    ok &= bools(pc.ascii_is_decimal(digits)) & (lengths(digits) >= size - 1)
    ok &= (dot != 0) & (dot != size - 1)
    if not ok.all():  # thousands ("1,500"), or not an amount
        rows = np.flatnonzero(~ok)
        ok[rows] = matches(take(array, rows), _AMOUNT)
        if ok[rows].any() and contains(bare, ",").any():
            bare = pc.replace_substring(bare, ",", "")
            dot, size = find(bare, "."), lengths(bare)
            digits = pc.replace_substring(bare, ".", "")
    fraction = np.where(dot >= 0, size - dot - 1, 0)
    scale = np.maximum(decimals - fraction, 0)
    ok &= (fraction <= decimals) & (size - (dot >= 0) + scale <= 18)  # within int64
    if grouped is not None:
        ok &= ~grouped | good
    values = integers(digits, ok) * _POWERS[np.where(ok, scale, 0)]
    return values, ok


_POWERS = 10 ** np.arange(19, dtype=np.int64)


_CARD_CODES = np.full(65536, -1, dtype=np.int8)
for _card in DECK:
    _CARD_CODES[ord(_card.text[0]) * 256 + ord(_card.text[1])] = _card.index


def bracketed_cards(array: Strings) -> tuple[Strings, Any, Bools]:
    """Cards in brackets ("[Jc 6c Kd] [9c]", in the deck's own spelling, one space
    apart): their text as the store writes it ("Jc 6c Kd 9c"), their deck indexes (a list
    per row), and whether the row was such cards (at least one)."""
    joined = pc.replace_substring(pc.utf8_slice_codeunits(array, 1, -1), "] [", " ")
    ok = bools(pc.starts_with(array, "[")) & bools(pc.ends_with(array, "]"))
    offsets, data = parts(joined)
    size = np.diff(offsets)
    ok &= (size % 3 == 2) & (size > 0)
    count = np.where(ok, (size + 1) // 3, 0)
    first = np.repeat(offsets[:-1], count)
    within = np.arange(count.sum(), dtype=np.int64) - np.repeat(np.cumsum(count) - count, count)
    at = first + 3 * within
    padded = np.concatenate([data, np.zeros(2, np.uint8)])
    found = _CARD_CODES[padded[at].astype(np.int64) * 256 + padded[at + 1]]
    spaced = (within == np.repeat(count - 1, count)) | (padded[at + 2] == 32)
    bad = np.repeat(np.arange(len(count)), count)[(found < 0) | ~spaced]
    ok[bad] = False
    keep = np.repeat(ok, count)
    count = np.where(ok, count, 0)
    list_offsets = np.zeros(len(count) + 1, dtype=np.int32)
    np.cumsum(count, out=list_offsets[1:])
    values = pa.Array.from_buffers(pa.int8(), int(count.sum()), [None, buffer(found[keep])])
    lists: Any = pa.ListArray  # its stubs know no int32 offsets given as an Array
    indexes = lists.from_arrays(
        pa.Array.from_buffers(pa.int32(), len(list_offsets), [None, buffer(list_offsets)]),
        values,
    )
    return joined, indexes, ok


def list_sizes(lists: Any) -> Ints:
    """Each list's length (0 for a null list)."""
    return ints(pc.fill_null(pc.list_value_length(lists), scalar(0, pa.int32())))


def list_array(sizes: Ints, values: pa.Array[Any], valid: Bools | None = None) -> Any:
    """Lists of `values` in turn, `sizes[i]` of them in list i (null where not
    `valid`), made without `pyarrow.array`."""
    offsets = np.zeros(len(sizes) + 1, dtype=np.int32)
    np.cumsum(sizes, out=offsets[1:])
    lists: Any = pa.ListArray  # its stubs know no int32 offsets given as an Array
    return lists.from_arrays(
        pa.Array.from_buffers(pa.int32(), len(offsets), [None, buffer(offsets)]),
        values,
        mask=None if valid is None else from_numpy(~valid, pa.bool_()),
    )


def last_at_or_before(mask: Bools) -> Ints:
    """For each row, the index of the last row at or before it where `mask` holds
    (-1: none)."""
    return np.maximum.accumulate(np.where(mask, np.arange(len(mask)), -1))


def group_starts(groups: Ints) -> Bools:
    """Where a new group starts, in rows sorted by group."""
    starts = np.ones(len(groups), dtype=np.bool_)
    starts[1:] = groups[1:] != groups[:-1]
    return starts


# pyarrow turns a Python value given to a kernel into a scalar with `pyarrow.scalar`,
# which imports pandas (0.15 s): the kernels here get arrays and scalars made without it.


def arrow(values: Any, arrow_type: pa.DataType | None = None) -> pa.Array[Any]:
    """Numpy integers (as int64) or bools, or a Python list (of `arrow_type`, text by
    default), as an Arrow array, without `pyarrow.array` (which imports pandas)."""
    if isinstance(values, np.ndarray):
        if values.dtype == np.bool_:
            return from_numpy(values, pa.bool_())
        return from_numpy(values.astype(np.int64, copy=False), pa.int64())
    if arrow_type == TEXT:
        return arrow_array(values, pa.string()).cast(TEXT)
    return arrow_array(values, arrow_type or pa.string())


def scalar(value: Any, arrow_type: pa.DataType) -> pa.Scalar[Any]:
    """An Arrow scalar, made without `pyarrow.scalar`."""
    found: pa.Scalar[Any] = arrow([value], arrow_type)[0]
    return found


def literal(text: str) -> str:
    """`text` as a regular expression (RE2) that matches it and nothing else."""
    return re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", text)


def take(array: pa.Array[Any], rows: Ints) -> pa.Array[Any]:
    """The rows of `array` at `rows`."""
    return pc.take(array, arrow(rows))


def starts_with(array: Strings, text: str) -> Bools:
    """Rows that start with `text`."""
    return bools(pc.starts_with(array, text))


def ends_with(array: Strings, text: str) -> Bools:
    """Rows that end with `text`."""
    return bools(pc.ends_with(array, text))


def contains(array: Strings, text: str) -> Bools:
    """Rows that hold `text`."""
    return bools(pc.match_substring(array, text))


def matches(array: Strings, pattern: str) -> Bools:
    """Rows in which the regular expression `pattern` (RE2) matches."""
    return bools(pc.match_substring_regex(array, pattern))


def equal(array: Strings, text: str) -> Bools:
    """Rows equal to `text`."""
    return bools(pc.equal(array, scalar(text, array.type)))


def count(array: Strings, text: str) -> Ints:
    """How many times each row holds `text` (not overlapping)."""
    return ints(pc.count_substring(array, text))


def index_in(array: Strings, words: list[str]) -> Ints:
    """Each row's place in `words` (-1: none of them)."""
    found = pc.index_in(array, value_set=arrow(words, array.type))
    return ints(pc.fill_null(found, scalar(-1, pa.int32())))


def equal_parts(
    array: Strings, begin: Ints, end: Ints, expected: Strings, rows: Ints | None = None
) -> Bools:
    """Whether each row's bytes `begin:end` (`substrings`; with `rows`, of the rows at
    `rows`) are the text beside it in `expected` (a null equals nothing)."""
    part = substrings(array, begin, end, rows)
    return bools(pc.equal(texts(part), texts(expected)))


def joined(left: Strings, right: Strings | str, between: str = "") -> Strings:
    """Each row of `left`, then `between`, then the row of `right` (or the text `right`)."""
    join: Any = pc.binary_join_element_wise  # its stubs know no scalar arguments
    other = scalar(right, left.type) if isinstance(right, str) else right
    found: Strings = join(left, other, scalar(between, left.type))
    return found


def trimmed(array: Strings) -> Strings:
    """The rows without white space at either end."""
    return pc.utf8_trim_whitespace(array)


def integers(array: Strings, ok: Bools) -> Ints:
    """The rows that are `ok` (decimal digits, at most 18) as integers; 0 elsewhere."""
    if ok.all():
        return ints(pc.cast(array, pa.int64()))
    values = np.zeros(len(ok), np.int64)
    rows = np.flatnonzero(ok)
    if len(rows):
        values[rows] = ints(pc.cast(take(array, rows), pa.int64()))
    return values


def joined_rows(*parts: Rows) -> Rows:
    """Rows of the same columns, those of each part after those of the part before."""
    return {
        name: np.concatenate([part[name] for part in parts])
        if isinstance(values, np.ndarray)
        else pa.concat_arrays([part[name] for part in parts])
        for name, values in parts[0].items()
    }


def pick(values: Any, at: Ints) -> Any:
    """The rows at `at` of a numpy or Arrow column."""
    return values[at] if isinstance(values, np.ndarray) else take(values, at)


def nullable(values: Ints, valid: Bools) -> pa.Array[Any]:
    """Integers, null where not `valid`."""
    bitmap = buffer(np.packbits(valid, bitorder="little"))
    data = buffer(np.ascontiguousarray(values, dtype=np.int64))
    return pa.Array.from_buffers(pa.int64(), len(values), [bitmap, data])


def nullable_texts(array: Strings, valid: Bools) -> Strings:
    """`array`, null where not `valid`."""
    return pc.if_else(arrow(valid), array, scalar(None, array.type))


Window = np.ndarray[Any, np.dtype[np.uint64]]
_WINDOW = 16


def window(array: Strings, start: Ints, rows: Ints | None = None) -> Window:
    """The 16 bytes of each row from byte `start` on (0 past the row's end), as two
    64-bit words a row: for telling words at a known place apart with no substrings.
    With `rows`, of the rows at `rows` only."""
    offsets, data = parts(array)
    if rows is None:
        first, last = offsets[:-1] + start, offsets[1:]
    else:
        first, last = offsets[rows] + start, offsets[rows + 1]
    room = np.clip(last - first, 0, _WINDOW)
    # every run of 16 bytes of the data, as a view (no copy): one run copied per row; the
    # runs of the last 16 bytes from a padded copy of those bytes only
    cut = max(len(data) - _WINDOW, 0)
    picked = np.zeros((len(first), _WINDOW), np.uint8)
    if len(data) >= _WINDOW:
        runs = np.ndarray((cut + 1,), _RUN, data, strides=(1,))
        picked = runs[np.clip(first, 0, cut)].view(np.uint8).reshape(len(first), _WINDOW)
    late = np.flatnonzero(first > cut - 1)
    if len(late):
        tail = np.concatenate([data[-_WINDOW:], np.zeros(_WINDOW, np.uint8)])
        tail_runs = np.lib.stride_tricks.as_strided(tail, (_WINDOW + 1, _WINDOW), (1, 1))
        offset = len(data) - min(len(data), _WINDOW)
        picked[late] = tail_runs[np.minimum(first[late] - offset, _WINDOW)]
    words: Window = picked.view(np.uint64) & np.take(WINDOW_MASKS, room, axis=0)
    return words


_RUN = np.dtype((np.void, _WINDOW))


WINDOW_MASKS: Window = np.frombuffer(
    b"".join((b"\xff" * size).ljust(_WINDOW, b"\0") for size in range(_WINDOW + 1)), np.uint64
).reshape(_WINDOW + 1, 2)
"""For each length 0 to 16, the mask of a window's first that many bytes."""


def window_is(found: Window, text: str) -> Bools:
    """Rows of a `window` that start with `text` (at most 16 bytes)."""
    code = text.encode()
    pattern = np.frombuffer(code.ljust(_WINDOW, b"\0"), np.uint64)
    mask = WINDOW_MASKS[len(code)]
    same: Bools = (found[:, 0] & mask[0]) == pattern[0]
    if len(code) > _WINDOW // 2:
        same &= (found[:, 1] & mask[1]) == pattern[1]
    return same


def member(values: Ints, pool: Ints) -> Bools:
    """Whether each value is in `pool` (`numpy.isin`, by a binary search: faster here)."""
    known = np.sort(pool)
    place = np.minimum(np.searchsorted(known, values), max(len(known) - 1, 0))
    return known[place] == values if len(known) else np.zeros(len(values), np.bool_)


def distinct(keys: Ints) -> tuple[Ints, Ints]:
    """The first row of each distinct key (in the keys' order) and each row's place among
    them: `numpy.unique(keys, return_index=True, return_inverse=True)` by a stable sort,
    several times faster here than numpy's hashing."""
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    new = np.ones(len(keys), np.bool_)
    new[1:] = ordered[1:] != ordered[:-1]
    inverse = np.empty(len(keys), np.int64)
    inverse[order] = np.cumsum(new) - 1
    return order[new], inverse


def byte_at(array: Strings, position: Ints) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """Each row's byte at `position` (0 past its end)."""
    offsets, data = parts(array)
    inside = (position >= 0) & (position < np.diff(offsets))
    if not len(data):
        return np.zeros(len(position), np.uint8)
    return np.where(inside, data[np.where(inside, offsets[:-1] + position, 0)], 0)


def small_integers(array: Strings, begin: Ints, end: Ints) -> tuple[Ints, Bools]:
    """Each row's bytes `begin:end` as a number of 1 to 4 decimal digits, and whether
    they were one."""
    size = end - begin
    ok = (size >= 1) & (size <= 4)
    values = np.zeros(len(size), np.int64)
    for place in range(4):
        digit = byte_at(array, begin + place).astype(np.int64) - ord("0")
        here = place < size
        ok &= ~here | ((digit >= 0) & (digit <= 9))
        values = np.where(here, values * 10 + digit, values)
    return np.where(ok, values, 0), ok
