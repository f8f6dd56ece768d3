"""DuckDB over the data folder: one view per table, defined in `tracker/queries/`.

Each view reads its table's Parquet files straight from the folder (hive partitions
`site` and `month` become columns); a table with no file yet is an empty view with the
right columns, so queries work on a fresh folder. `tracker/queries/view_<table>.sql` holds
each view's SQL, with `{source}` standing for the Parquet scan.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import duckdb

from tracker.errors import NoDataError
from tracker.store import TABLES, TableSpec

_DEFAULT_VIEW = "CREATE OR REPLACE VIEW {name} AS SELECT * FROM {source};"


def connect(data_dir: Path | str) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB connection with a view per table of `data_dir`.

    Raises:
        NoDataError: when `data_dir` is not a folder.
    """
    root = Path(data_dir)
    if not root.is_dir():
        raise NoDataError(f"no data folder at {root} (run `tracker import` first)")
    connection = duckdb.connect(":memory:")
    for name, spec in TABLES.items():
        connection.execute(view_sql(root, name, spec, connection))
    return connection


def view_sql(root: Path, name: str, spec: TableSpec, connection: duckdb.DuckDBPyConnection) -> str:
    """The CREATE VIEW statement of table `name` (registering an empty stand-in on
    `connection` when the table has no file yet)."""
    folder = root / name
    if folder.is_dir() and next(folder.rglob("*.parquet"), None) is not None:
        source = _parquet_scan(folder, spec)
    else:
        source = f"_empty_{name}"
        connection.register(source, spec.full_schema.empty_table())
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
