"""Stat tables as text: rich tables for the terminal, JSON and CSV for programs.

JSON and CSV keep the library's numbers as they are (money in the smallest unit, shares
as percentages, NULL as null or an empty field); the terminal table rounds them and
writes money in the unit of the rows (cents as "1.88 USD", tournament chips as "188").
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from datetime import datetime
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.csv as pa_csv
from rich.table import Table

from tracker.stats.outcomes import OUTCOME_LABELS, OUTCOMES


def _plain(value: Any) -> Any:
    """A JSON-ready value: NaN and NA as None, numpy scalars as Python, times as text."""
    if value is None or value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, datetime):
        return value.isoformat()
    if hasattr(value, "item"):  # numpy scalars
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def to_json(frame: pd.DataFrame) -> str:
    """The rows as a JSON array of objects (NaN as null, times in ISO 8601).

    >>> to_json(pd.DataFrame({"player": ["Hero"], "vpip": [float("nan")], "hands": [3]}))
    '[{"player":"Hero","vpip":null,"hands":3}]'
    """
    return str(frame.to_json(orient="records", force_ascii=False, date_format="iso"))


def to_csv(frame: pd.DataFrame) -> str:
    """The rows as CSV with a header line (text quoted, NULL as an empty field), written
    by Arrow's CSV writer: every player by position can be hundreds of thousands of rows.

    >>> print(to_csv(pd.DataFrame({"player": ["Hero"], "wsd": [None]})), end="")
    "player","wsd"
    "Hero",
    """
    buffer = io.BytesIO()
    options = pa_csv.WriteOptions(quoting_style="needed")
    pa_csv.write_csv(pa.Table.from_pandas(frame, preserve_index=False), buffer, options)
    return buffer.getvalue().decode("utf-8")


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
    return "-" if value is None or pd.isna(value) else f"{int(value):,}"


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


def standard_table(frame: pd.DataFrame, group: str | None, title: str) -> Table:
    """The standard stats as a terminal table (one player's single row: one line per
    figure)."""
    headings = ["player", *([group] if group else []),
                *(heading for heading, _ in _STANDARD_COLUMNS.values()),
                "net won", "rake paid"]  # fmt: skip
    rows = []
    for row in frame.to_dict(orient="records"):
        unit = row.get("money_unit")
        cells = [str(row["player"]), *([str(row[group])] if group else [])]
        cells += [shown(row[column]) for column, (_, shown) in _STANDARD_COLUMNS.items()]
        cells += [money_text(row["net_won"], unit), money_text(row["rake_paid"], unit)]
        rows.append(cells)
    return _table(title, headings, rows)


def outcomes_table(frame: pd.DataFrame, group: str | None, title: str) -> Table:
    """The hi/lo outcomes as a terminal table: each count with its share of showdowns
    (one player's single row: one line per figure)."""
    headings = ["player", *([group] if group else []), "showdowns",
                *(OUTCOME_LABELS[name] for name in OUTCOMES),
                "quartered net", "board allowed a low", "made a low (of those)",
                "won without showdown"]  # fmt: skip
    rows = []
    for row in frame.to_dict(orient="records"):
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
    if share is None or pd.isna(share):
        return _whole(count)
    return f"{_whole(count)} ({share:.1f}%)"


def frame_table(frame: pd.DataFrame, title: str) -> Table:
    """Any DataFrame as a terminal table (sessions, audit problems), values as text."""
    table = Table(*(str(column) for column in frame.columns), title=title)
    for row in frame.itertuples(index=False):
        table.add_row(*("" if _plain(value) is None else _cell(value) for value in row))
    return table


def _cell(value: Any) -> str:
    if isinstance(value, datetime):
        return f"{value:%Y-%m-%d %H:%M}"
    if isinstance(value, float):
        return f"{value:,.2f}"
    return str(value)
