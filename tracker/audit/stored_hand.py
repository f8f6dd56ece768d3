"""One stored hand read back from the data folder as the `Hand` the parser made.

`tracker show` replays a hand from the store (the source file may have moved): every
hand table holds its rows under (site, hand_id), and this puts them back together.

>>> import tempfile
>>> read_hand(tempfile.mkdtemp(), "1")
Traceback (most recent call last):
...
tracker.errors.NoDataError: no hand 1 in the data folder
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import duckdb

from tracker.database import connect
from tracker.errors import NoDataError, TrackerError
from tracker.hand_rows import hand_from_rows
from tracker.model import ActionKind, CardSource, Game, Hand, Street, Structure
from tracker.schema import CHILD_COLUMNS, HAND_COLUMNS

_CHILD_TABLES = {
    "seats": "seat",
    "actions": "sequence",
    "cards": "sequence",
    "boards": "board",
    "collections": "sequence",
    "returned": "sequence",
    "summaries": "seat",
}
"""Each table read for a hand, and the column that orders its rows."""


class AmbiguousHandError(TrackerError):
    """A hand id that more than one site uses: the site must be given."""


def read_hand(data_dir: Path | str, hand_id: str, site: str | None = None) -> Hand:
    """The stored hand `hand_id` (of `site`, when given).

    Raises:
        NoDataError: no such hand (or no data folder).
        AmbiguousHandError: the id is stored for several sites and `site` is None.
    """
    if not Path(data_dir).is_dir():
        raise NoDataError(f"no hand {hand_id} in the data folder")
    connection = connect(data_dir)
    try:
        headers = _rows(connection, "hands", hand_id, site, "site")
        if not headers:
            raise NoDataError(f"no hand {hand_id} in the data folder")
        sites = sorted({row["site"] for row in headers})
        if len(sites) > 1:
            raise AmbiguousHandError(
                f"hand {hand_id} is stored for several sites ({', '.join(sites)}): give --site"
            )
        header = headers[0]
        rows = {
            table: _rows(connection, table, hand_id, header["site"], order)
            for table, order in _CHILD_TABLES.items()
        }
    finally:
        connection.close()
    return _hand(header, rows)


def _rows(
    connection: duckdb.DuckDBPyConnection, table: str, hand_id: str, site: str | None, order: str
) -> list[dict[str, Any]]:
    # `table` and `order` are names from _CHILD_TABLES, never user input.
    query = (
        f"SELECT * FROM {table} WHERE hand_id = $hand_id "
        "AND ($site IS NULL OR site = $site) "
        f"ORDER BY {order}"
    )
    result: list[dict[str, Any]] = (
        connection.sql(query, params={"hand_id": hand_id, "site": site})
        .to_arrow_table()
        .to_pylist()
    )
    return result


_ENUMS: dict[str, Callable[[str], Any]] = {
    "game": Game, "structure": Structure, "street": Street, "kind": ActionKind,
    "source": CardSource,
}  # fmt: skip
"""The columns stored as the text of a model enum."""


def _row(record: dict[str, Any], columns: Sequence[str]) -> tuple[Any, ...]:
    """A stored row as the row tuple of `tracker.hand_rows`, enums made again."""
    return tuple(
        _ENUMS[name](record[name]) if name in _ENUMS and record[name] is not None else record[name]
        for name in columns
    )


def _hand(header: dict[str, Any], rows: dict[str, list[dict[str, Any]]]) -> Hand:
    children = {
        table: [_row(record, columns) for record in rows[table]]
        for table, columns in CHILD_COLUMNS.items()
    }
    return hand_from_rows(header["site"], _row(header, HAND_COLUMNS[:-2]), children)
