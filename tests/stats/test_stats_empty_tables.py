"""A table with no file yet is a view over typed NULLs (no Python object for DuckDB to
scan, which would make it import pandas first): the same columns and types as its
schema, and no rows."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

import tracker.stats.summary  # noqa: F401  (registers the summary tables)
from tracker.database import connect
from tracker.schema import TABLES


@pytest.mark.parametrize("table", sorted(TABLES))
def test_an_empty_table_has_its_schema(tmp_path: Path, table: str) -> None:
    connection = connect(tmp_path)
    described = connection.execute(f"DESCRIBE {table}").fetchall()
    reference = duckdb.connect()
    reference.register("expected", TABLES[table].full_schema.empty_table())
    expected = reference.execute("DESCRIBE expected").fetchall()
    assert [row[:2] for row in described] == [row[:2] for row in expected]
    assert connection.execute(f"SELECT count(*) FROM {table}").fetchone() == (0,)
