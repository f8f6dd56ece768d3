"""JSON and CSV of stat tables, written column by column by Arrow: the rows read back as
they were, whatever the names hold."""

from __future__ import annotations

import csv
import io
import json
import math

import pyarrow as pa
from hypothesis import given
from hypothesis import strategies as st

from tracker.safe_text import spreadsheet_cell
from tracker.stats.output import to_csv, to_json

NAMES = st.text(st.characters(codec="utf-8"), max_size=12)  # quotes, backslashes, controls
ROWS = st.lists(
    st.tuples(
        NAMES,
        st.none() | st.integers(-(2**63), 2**63 - 1),
        st.none() | st.floats(allow_nan=True, allow_infinity=True),
        st.none() | st.booleans(),
    ),
    max_size=20,
)


def table_of(rows: list[tuple[str, int | None, float | None, bool | None]]) -> pa.Table:
    columns = list(zip(*rows, strict=True)) if rows else [[], [], [], []]
    return pa.table({
        "player": pa.array(columns[0], pa.string()),
        "net_won": pa.array(columns[1], pa.int64()),
        "vpip": pa.array(columns[2], pa.float64()),
        "stud": pa.array(columns[3], pa.bool_()),
    })  # fmt: skip


@given(ROWS)
def test_json_reads_back(rows: list[tuple[str, int | None, float | None, bool | None]]) -> None:
    expected = [
        {"player": player, "net_won": net_won,
         "vpip": None if vpip is None or not math.isfinite(vpip) else vpip, "stud": stud}
        for player, net_won, vpip, stud in rows
    ]  # fmt: skip
    assert json.loads(to_json(table_of(rows))) == expected


@given(ROWS)
def test_csv_reads_back(rows: list[tuple[str, int | None, float | None, bool | None]]) -> None:
    read = list(csv.reader(io.StringIO(to_csv(table_of(rows)), newline="")))
    assert read[0] == ["player", "net_won", "vpip", "stud"]
    assert [row[:2] for row in read[1:]] == [  # a name that starts a formula: neutralised
        [spreadsheet_cell(player), "" if net_won is None else str(net_won)]
        for player, net_won, _, _ in rows
    ]
