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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any, Final

import numpy as np
import pyarrow as pa
import pyarrow.csv as pa_csv
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tracker.arrow_arrays import from_numpy, numpy_integers
from tracker.safe_text import spreadsheet_table, terminal_cell
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
    # no cell a spreadsheet would run as a formula (tracker/safe_text.py)
    pa_csv.write_csv(spreadsheet_table(table), stream, pa_csv.WriteOptions(quoting_style="needed"))


def money_text(amount: Any, unit: Any) -> str:
    """An amount in the smallest unit, as the rows' unit reads it.

    >>> money_text(188, "USD"), money_text(-5, "EUR"), money_text(1500, "chips")
    ('1.88 USD', '-0.05 EUR', '1,500 chips')
    >>> money_text(2500, "play")
    '2,500 play'
    """
    if amount is None or (isinstance(amount, float) and math.isnan(amount)):
        return ""
    amount = int(amount)
    if unit in ("chips", "play"):  # whole chips: tournaments and play money
        return f"{amount:,} {unit}"
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


Cell = Callable[[dict[str, Any]], str]
"""A terminal cell: the text of one figure of a row."""


def _column(name: str, shown: Callable[[Any], str]) -> Cell:
    return lambda row: shown(row[name])


def _money_column(name: str) -> Cell:
    return lambda row: money_text(row[name], row.get("money_unit"))


def _share_column(name: str) -> Cell:
    return lambda row: _count_and_share(row[name], row[f"{name}_pct"])


STANDARD_COLUMNS: dict[str, tuple[str, Cell]] = {
    "hands": ("hands", _column("hands", _whole)),
    "vpip": ("VPIP %", _column("vpip", _number(1))),
    "pfr": ("PFR %", _column("pfr", _number(1))),
    "three_bet": ("3-bet %", _column("three_bet", _number(1))),
    "aggression_factor": ("AF", _column("aggression_factor", _number(2))),
    "wtsd": ("WTSD %", _column("wtsd", _number(1))),
    "wsd": ("W$SD %", _column("wsd", _number(1))),
    "wwsf": ("WWSF %", _column("wwsf", _number(1))),
    "net_won": ("net won", _money_column("net_won")),
    "net_big": ("net (bb)", _column("net_big", _number(2))),
    "bb_per_100": ("bb/100", _column("bb_per_100", _number(2))),
    "rake_paid": ("rake paid", _money_column("rake_paid")),
}
"""Every standard column the terminal can show (`--columns` names them), with its
heading and cell; money is written in the row's unit."""

STANDARD_DEFAULT: Final = ("hands", "vpip", "pfr", "net_won", "bb_per_100", "wtsd", "wsd",
                           "three_bet", "aggression_factor", "rake_paid")  # fmt: skip
"""The standard columns a terminal table shows by default, most wanted first: the last
are left out when the terminal is too narrow for them."""

OUTCOME_COLUMNS: dict[str, tuple[str, Cell]] = {
    "showdowns": ("showdowns", _column("showdowns", _whole)),
    "scoops": ("scoops", _share_column("scoops")),
    **{name: (OUTCOME_LABELS[name], _share_column(name)) for name in OUTCOMES},
    "quartered_net": ("quartered net", _money_column("quartered_net")),
    "low_possible": ("board allowed a low", _share_column("low_possible")),
    "made_low": ("made a low (of those)", _share_column("made_low")),
    "won_without_showdown": ("won without showdown", _column("won_without_showdown", _whole)),
    "unaudited": ("unaudited", _column("unaudited", _whole)),
}
"""Every outcome column the terminal can show, with its heading and cell."""

OUTCOME_DEFAULT: Final = ("showdowns", "scoops", "three_quarters", "split", "quartered",
                          "lost", "high_only", "low_only", "won_without_showdown")  # fmt: skip
"""The outcome columns a terminal table shows by default, most wanted first."""

OUTCOME_FULL: Final = ("showdowns", *OUTCOMES, "quartered_net", "low_possible", "made_low",
                       "won_without_showdown", "unaudited")  # fmt: skip
"""The outcome columns of the full set (`--columns all`), in order."""


class ColumnError(ValueError):
    """A `--columns` name that is not a column of the table."""


def chosen_columns(asked: str | None, outcomes: bool) -> tuple[str, ...] | None:
    """The columns `--columns` names ("vpip,pfr,net_won"; "all": every one), or None
    for the default set fitted to the terminal.

    >>> chosen_columns("vpip, net_won", outcomes=False)
    ('vpip', 'net_won')
    >>> len(chosen_columns("all", outcomes=False)) == len(STANDARD_COLUMNS)
    True

    Raises:
        ColumnError: for a name that is not a column of the table.
    """
    if asked is None:
        return None
    known = OUTCOME_COLUMNS if outcomes else STANDARD_COLUMNS
    if asked.strip() == "all":
        return OUTCOME_FULL if outcomes else tuple(known)
    names = tuple(name.strip() for name in asked.split(",") if name.strip())
    unknown = [name for name in names if name not in known]
    if unknown or not names:
        named = ", ".join(unknown) if unknown else repr(asked)
        raise ColumnError(f"unknown column {named}; columns: all, {', '.join(known)}")
    return names


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


@dataclass(frozen=True, slots=True)
class TerminalTable:
    """A table fitted to the terminal, and the columns left out to fit it."""

    table: Table
    left_out: tuple[str, ...]


def standard_table(
    table: pa.Table,
    group: str | None,
    title: str,
    *,
    columns: Sequence[str] | None = None,
    width: int = 80,
) -> TerminalTable:
    """The standard stats as a terminal table: the `columns` asked, or the default set
    (`STANDARD_DEFAULT`) less the columns that do not fit in `width` characters. One
    player's single row is turned on its side (figure, value), with every column.

    >>> rows = pa.table({"player": ["ann", "bob"], "hands": [5, 2], "vpip": [20.0, None],
    ...     "pfr": [10.0, 5.0], "net_won": [150, -75], "money_unit": ["USD", "USD"],
    ...     "bb_per_100": [3.0, -1.5]})
    >>> fitted = standard_table(rows, None, "stats", columns=("hands", "vpip", "net_won"))
    >>> fitted.left_out, [column.header for column in fitted.table.columns]
    ((), ['player', 'hands', 'VPIP %', 'net won'])
    """
    return _fitted(table, group, title, STANDARD_COLUMNS, columns or STANDARD_DEFAULT,
                   fit=columns is None, width=width)  # fmt: skip


def outcomes_table(
    table: pa.Table,
    group: str | None,
    title: str,
    *,
    columns: Sequence[str] | None = None,
    width: int = 80,
) -> TerminalTable:
    """The hi/lo outcomes as a terminal table: each count with its share of showdowns;
    the `columns` asked, or `OUTCOME_DEFAULT` fitted to `width` (one player's single
    row: one line per figure, every column). Rows of several money units get a column
    naming each row's unit."""
    return _fitted(table, group, title, OUTCOME_COLUMNS, columns or OUTCOME_DEFAULT,
                   fit=columns is None, width=width)  # fmt: skip


def _fitted(
    table: pa.Table,
    group: str | None,
    title: str,
    known: dict[str, tuple[str, Cell]],
    wanted: Sequence[str],
    *,
    fit: bool,
    width: int,
) -> TerminalTable:
    rows = table.to_pylist()
    keys = ["player", *([group] if group else [])]
    if known is OUTCOME_COLUMNS and len({row.get("money_unit") for row in rows}) > 1:
        keys.append("money_unit")  # a row per unit, and no amount in most cells to say so
    if len(rows) == 1 and fit:  # one figure a line fits any terminal: every column
        every = OUTCOME_FULL if known is OUTCOME_COLUMNS else tuple(known)
        return TerminalTable(_table(title, keys, every, known, rows), ())
    shown = list(wanted)
    while True:
        rendered = _table(title, keys, shown, known, rows)
        if not fit or len(shown) <= 1 or _natural_width(rendered) <= width:
            left_out = tuple(name for name in wanted if name not in shown)
            return TerminalTable(rendered, left_out)
        shown.pop()


def _natural_width(table: Table) -> int:
    """The width `table` takes with nothing wrapped or cut."""
    console = Console(width=10_000, file=io.StringIO())
    return console.measure(table).maximum


def _table(
    title: str,
    keys: Sequence[str],
    columns: Sequence[str],
    known: dict[str, tuple[str, Cell]],
    rows: list[dict[str, Any]],
) -> Table:
    """Rows under their headings; a single row is turned on its side (figure, value),
    which reads better than a row too wide for the terminal."""
    headings = [*("unit" if key == "money_unit" else key for key in keys),
                *(known[name][0] for name in columns)]  # fmt: skip
    # names as plain text, inert: no rich markup, no terminal escape (tracker/safe_text.py)
    cells = [[Text(terminal_cell(str(row[key]))) for key in keys]
             + [Text(terminal_cell(known[name][1](row))) for name in columns]
             for row in rows]  # fmt: skip
    if len(rows) == 1:
        sideways = Table("", "", title=title, show_header=False)
        for heading, cell in zip(headings, cells[0], strict=True):
            sideways.add_row(heading, cell)
        return sideways
    result = Table(*headings, title=title)
    for line in cells:
        result.add_row(*line)
    return result


def _count_and_share(count: Any, share: Any) -> str:
    """ "3 (30.0%)"; just the count when there is no share."""
    if share is None or (isinstance(share, float) and math.isnan(share)):
        return _whole(count)
    return f"{_whole(count)} ({share:.1f}%)"
