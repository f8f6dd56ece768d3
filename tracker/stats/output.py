"""Stat tables as text: rich tables for the terminal, JSON and CSV for programs.

The tables are the Arrow tables of `tracker.stats.run.player_stats` (no pandas on the
way: `tracker stats` starts faster without it). JSON and CSV keep the library's numbers
as they are (money in the smallest unit, shares as percentages, NULL as null or an empty
field), written column by column by Arrow: every player by position can be hundreds of
thousands of rows. The terminal table rounds them and writes money in the unit of the
rows (cents as "1.88 USD", tournament chips as "188").
"""

from __future__ import annotations

import io
import json
import math
import struct
from collections.abc import Callable
from typing import IO, Any

import numpy as np
import pyarrow as pa
import pyarrow.csv as pa_csv
from rich.table import Table

from tracker.arrow_arrays import from_numpy, numpy_integers
from tracker.stats.outcomes import OUTCOME_LABELS, OUTCOMES


def to_json(table: pa.Table) -> str:
    """The rows as a JSON array of objects (NULL, NaN and infinities as null).

    >>> to_json(pa.table({"player": ['Bo "B"'], "vpip": [None], "hands": [3], "af": [0.5]}))
    '[{"player":"Bo \\\\"B\\\\"","vpip":null,"hands":3,"af":0.5}]'
    >>> to_json(pa.table({"player": pa.array([], pa.string())}))
    '[]'
    """
    import pyarrow.compute as pc  # here: JSON only, and it takes a while to import

    parts: list[Any] = []
    for number, (name, column) in enumerate(zip(table.column_names, table.columns, strict=True)):
        key = ("{" if number == 0 else ",") + json.dumps(name, ensure_ascii=False) + ":"
        parts += [_text(key), _json_values(column)]
    objects = pc.binary_join_element_wise(*parts, _text("}"), _text(""))
    return "[" + ",".join(objects.to_pylist()) + "]"


def _json_values(column: pa.ChunkedArray[Any]) -> pa.ChunkedArray[Any]:
    """Each value of `column` as JSON text (null as null)."""
    import pyarrow.compute as pc

    kind = column.type
    if pa.types.is_string(kind):
        text = pc.replace_substring(column, "\\", "\\\\")
        text = pc.replace_substring(text, '"', '\\"')
        if pc.any(pc.match_substring_regex(text, "[\\x00-\\x1f]")).as_py():
            for code in range(32):
                text = pc.replace_substring(text, chr(code), f"\\u{code:04x}")
        text = pc.binary_join_element_wise(_text('"'), text, _text('"'), _text(""))
    elif any(test(kind) for test in (pa.types.is_boolean, pa.types.is_integer,
                                      pa.types.is_floating, pa.types.is_decimal,
                                      pa.types.is_null)):  # fmt: skip
        text = pc.cast(column, pa.string())  # "true", "3", "0.5"; nulls stay null
        if pa.types.is_floating(kind):  # "nan" and "inf" are not JSON
            text = pc.if_else(pc.is_finite(column), text, _text("null"))
    else:
        raise TypeError(f"no JSON for a column of {kind}")
    return pc.fill_null(text, _text("null"))


def _text(text: str) -> Any:
    """`text` as an Arrow string scalar, made from its bytes: converting a Python value
    makes pyarrow import pandas first, which takes longer than writing the rows."""
    data = text.encode()
    offsets = pa.py_buffer(struct.pack("<ii", 0, len(data)))
    return pa.Array.from_buffers(pa.string(), 1, [None, offsets, pa.py_buffer(data)])[0]


def to_csv(table: pa.Table) -> str:
    """The rows as CSV with a header line (text quoted, NULL as an empty field).

    >>> print(to_csv(pa.table({"player": ["Hero"], "wsd": pa.array([None], pa.float64())})),
    ...       end="")
    "player","wsd"
    "Hero",
    """
    buffer = io.BytesIO()
    write_csv(table, buffer)
    return buffer.getvalue().decode("utf-8")


def write_csv(table: pa.Table, stream: IO[bytes]) -> None:
    """Write `to_csv`'s text to a binary stream, in UTF-8 (no copy of it as a string)."""
    pa_csv.write_csv(table, stream, pa_csv.WriteOptions(quoting_style="needed"))


def money_text(amount: Any, unit: Any) -> str:
    """An amount in the smallest unit, as the rows' unit reads it.

    >>> money_text(188, "USD"), money_text(-5, "EUR"), money_text(1500, "chips")
    ('1.88 USD', '-0.05 EUR', '1,500 chips')
    >>> money_text(188, "mixed")
    '188 (mixed units)'
    """
    if amount is None or (isinstance(amount, float) and math.isnan(amount)):
        return ""
    amount = int(amount)
    if unit == "chips":
        return f"{amount:,} chips"
    if unit == "mixed" or not isinstance(unit, str):
        return f"{amount} (mixed units)"
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    return f"{sign}{whole:,}.{cents:02d} {unit}"


def _number(digits: int) -> Callable[[Any], str]:
    def shown(value: Any) -> str:
        if value is None or (isinstance(value, float) and math.isnan(value)):
            return "-"
        return f"{value:,.{digits}f}"

    return shown


def _whole(value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{int(value):,}"


_STANDARD_COLUMNS: dict[str, tuple[str, Callable[[Any], str]]] = {
    "hands": ("hands", _whole),
    "vpip": ("VPIP %", _number(1)),
    "pfr": ("PFR %", _number(1)),
    "three_bet": ("3-bet %", _number(1)),
    "aggression_factor": ("AF", _number(2)),
    "wtsd": ("WTSD %", _number(1)),
    "wsd": ("W$SD %", _number(1)),
    "wwsf": ("WWSF %", _number(1)),
    "net_big": ("net (bb)", _number(2)),
    "bb_per_100": ("bb/100", _number(2)),
}
"""The standard columns the terminal shows, with their heading and format; money
columns (net won, rake paid) are added in the rows' unit."""


def most_played(table: pa.Table, limit: int) -> tuple[pa.Table, int]:
    """The rows of the `limit` players with the most hands (all of them when `limit` is 0),
    in their order, and how many players the rows had.

    >>> rows = pa.table({"player": ["ann", "bob", "bob", "cy"], "hands": [5, 2, 4, 1]})
    >>> kept, players = most_played(rows, 2)
    >>> kept.column("player").to_pylist(), players
    (['ann', 'bob', 'bob'], 3)
    """
    if not table.num_rows:
        return table, 0
    encoded = table.column("player").combine_chunks().dictionary_encode()
    codes = numpy_integers(encoded.indices)
    hands = numpy_integers(table.column("hands").combine_chunks())
    totals = np.bincount(codes, weights=hands, minlength=len(encoded.dictionary))
    players = len(totals)
    if not limit or players <= limit:
        return table, players
    # The most hands first; names in order break ties, so the choice is always the same.
    least = np.partition(totals, players - limit)[players - limit]
    candidates = np.flatnonzero(totals >= least)
    names = encoded.dictionary.take(from_numpy(candidates, pa.int64())).to_pylist()
    ranked = sorted(zip(candidates.tolist(), names, strict=True),
                    key=lambda item: (-totals[item[0]], item[1]))  # fmt: skip
    chosen = [code for code, _ in ranked[:limit]]
    return table.filter(from_numpy(np.isin(codes, chosen), pa.bool_())), players


def standard_table(table: pa.Table, group: str | None, title: str) -> Table:
    """The standard stats as a terminal table (one player's single row: one line per
    figure)."""
    headings = ["player", *([group] if group else []),
                *(heading for heading, _ in _STANDARD_COLUMNS.values()),
                "net won", "rake paid"]  # fmt: skip
    rows = []
    for row in table.to_pylist():
        unit = row.get("money_unit")
        cells = [str(row["player"]), *([str(row[group])] if group else [])]
        cells += [shown(row[column]) for column, (_, shown) in _STANDARD_COLUMNS.items()]
        cells += [money_text(row["net_won"], unit), money_text(row["rake_paid"], unit)]
        rows.append(cells)
    return _table(title, headings, rows)


def outcomes_table(table: pa.Table, group: str | None, title: str) -> Table:
    """The hi/lo outcomes as a terminal table: each count with its share of showdowns
    (one player's single row: one line per figure)."""
    headings = ["player", *([group] if group else []), "showdowns",
                *(OUTCOME_LABELS[name] for name in OUTCOMES),
                "quartered net", "board allowed a low", "made a low (of those)",
                "won without showdown"]  # fmt: skip
    rows = []
    for row in table.to_pylist():
        cells = [str(row["player"]), *([str(row[group])] if group else [])]
        cells.append(_whole(row["showdowns"]))
        cells += [_count_and_share(row[name], row[f"{name}_pct"]) for name in OUTCOMES]
        cells.append(money_text(row["quartered_net"], row.get("money_unit")))
        cells.append(_count_and_share(row["low_possible"], row["low_possible_pct"]))
        cells.append(_count_and_share(row["made_low"], row["made_low_pct"]))
        cells.append(_whole(row["won_without_showdown"]))
        rows.append(cells)
    return _table(title, headings, rows)


def _table(title: str, headings: list[str], rows: list[list[str]]) -> Table:
    """Rows under their headings; a single row is turned on its side (figure, value),
    which reads better than a row too wide for the terminal."""
    if len(rows) == 1:
        table = Table("", "", title=title, show_header=False)
        for heading, cell in zip(headings, rows[0], strict=True):
            table.add_row(heading, cell)
        return table
    table = Table(*headings, title=title)
    for cells in rows:
        table.add_row(*cells)
    return table


def _count_and_share(count: Any, share: Any) -> str:
    """ "3 (30.0%)"; just the count when there is no share."""
    if share is None or (isinstance(share, float) and math.isnan(share)):
        return _whole(count)
    return f"{_whole(count)} ({share:.1f}%)"
