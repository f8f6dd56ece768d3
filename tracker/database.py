"""DuckDB over the data folder: one view per table, defined in `tracker/queries/`.

Each view reads its table's Parquet files straight from the folder (hive partitions
`site` and `month` become columns); a table with no file yet is an empty view with the
right columns, so queries work on a fresh folder. `tracker/queries/view_<table>.sql` holds
each view's SQL, with `{source}` standing for the Parquet scan.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from tracker.errors import NoDataError, TrackerError
from tracker.folder_checks import check_version, corrupted_file_error
from tracker.safe_text import spreadsheet_cell
from tracker.schema import TABLES, TableSpec


class QueryError(TrackerError):
    """A query DuckDB rejects (syntax, unknown column, type error)."""


_DEFAULT_VIEW = "CREATE OR REPLACE VIEW {name} AS SELECT * FROM {source};"


def connect(data_dir: Path | str, tables: Iterable[str] | None = None) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB connection with a view per table of `data_dir` (or per table
    of `tables` only: making a view reads the footer of each of its files).

    Raises:
        NoDataError: when `data_dir` is not a folder.
    """
    root = Path(data_dir)
    if not root.is_dir():
        raise NoDataError(f"no data folder at {root} (run `tracker import` first)")
    check_version(root)  # a newer tracker's folder is refused (tracker/data_version.py)
    connection = duckdb.connect(":memory:")
    try:
        for name in TABLES if tables is None else tables:
            create_view(connection, root, name)
    except TrackerError:
        connection.close()
        raise
    return connection


def create_view(connection: duckdb.DuckDBPyConnection, root: Path, name: str) -> None:
    """Make the view of table `name` of the data folder `root` on `connection`.

    Raises:
        CorruptedFileError: a file of the table cannot be read (named in the message).
    """
    try:
        connection.execute(view_sql(root, name, TABLES[name], connection))
    except duckdb.Error:
        damaged = corrupted_file_error(root / name)
        if damaged is None:
            raise
        raise damaged from None  # a damaged file: named, in one line


def view_sql(root: Path, name: str, spec: TableSpec, connection: duckdb.DuckDBPyConnection) -> str:
    """The CREATE VIEW statement of table `name` (over an empty stand-in when the table
    has no file yet)."""
    folder = root / name
    if folder.is_dir() and next(folder.rglob("*.parquet"), None) is not None:
        source = _parquet_scan(folder, spec)
    else:
        # Typed NULLs, no rows: registering an empty Arrow table on `connection` would
        # make DuckDB import pandas (a third of a second) to see what the object is.
        source = _empty_relation(spec.full_schema)
    query_file = resources.files("tracker") / "queries" / f"view_{name}.sql"
    template = query_file.read_text() if query_file.is_file() else _DEFAULT_VIEW
    return template.format(name=name, source=source)


def _parquet_scan(folder: Path, spec: TableSpec) -> str:
    pattern = _quoted(str(folder.resolve() / "**" / "*.parquet"))
    if not spec.partition_by:
        return f"read_parquet({pattern}, union_by_name = true)"
    types = ", ".join(f"{_quoted(column)}: VARCHAR" for column in spec.partition_by)
    return (
        f"read_parquet({pattern}, hive_partitioning = true, "
        f"hive_types = {{{types}}}, union_by_name = true)"
    )


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


_SQL_TYPES = {
    pa.string(): "VARCHAR", pa.bool_(): "BOOLEAN", pa.int8(): "TINYINT",
    pa.int16(): "SMALLINT", pa.int32(): "INTEGER", pa.int64(): "BIGINT",
    pa.float64(): "DOUBLE", pa.date32(): "DATE",
}  # fmt: skip


def _empty_relation(schema: pa.Schema) -> str:
    """A relation with the columns of `schema` and no rows."""
    columns = ", ".join(
        f'CAST(NULL AS {_sql_type(field.type)}) AS "{field.name}"' for field in schema
    )
    return f"(SELECT {columns} WHERE false)"


def _sql_type(kind: pa.DataType) -> str:
    """The DuckDB type of an Arrow type of the table schemas."""
    if pa.types.is_list(kind):
        return f"{_sql_type(kind.value_type)}[]"
    if pa.types.is_struct(kind):
        fields = ", ".join(f'"{field.name}" {_sql_type(field.type)}' for field in kind)
        return f"STRUCT({fields})"
    if pa.types.is_timestamp(kind):
        return "TIMESTAMPTZ" if kind.tz is not None else "TIMESTAMP"
    return _SQL_TYPES[kind]


@dataclass(frozen=True, slots=True)
class QueryResult:
    """The rows of a query, with its column names."""

    columns: list[str]
    rows: list[tuple[Any, ...]]

    def to_json(self) -> str:
        """A JSON array of row objects; times as ISO 8601 text, decimals as text."""
        records = [dict(zip(self.columns, row, strict=True)) for row in self.rows]
        return json.dumps(records, default=_json_value, ensure_ascii=False)

    def to_csv(self) -> str:
        """CSV with a header line; NULL as an empty field."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow([spreadsheet_cell(name) for name in self.columns])
        # no cell a spreadsheet would run as a formula (tracker/safe_text.py)
        writer.writerows([spreadsheet_cell(value) for value in row] for row in self.rows)
        return buffer.getvalue()


def run_query(data_dir: Path | str, sql: str) -> QueryResult:
    """Run `sql` against the views of `data_dir`.

    Raises:
        NoDataError: when `data_dir` is not a folder.
        QueryError: when DuckDB rejects the query (the message is DuckDB's first line).
    """
    connection = connect(data_dir)
    try:
        relation = connection.execute(sql)
        rows = relation.fetchall()
        columns = [column[0] for column in relation.description or []]
    except duckdb.Error as error:
        message = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise QueryError(message) from None
    finally:
        connection.close()
    return QueryResult(columns, rows)


def _json_value(value: object) -> object:
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, bytes):
        return value.hex()
    return str(value)
