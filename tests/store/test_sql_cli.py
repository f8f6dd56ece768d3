"""`tracker sql`: the views, the three output formats, and clean errors."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from store_samples import omaha_hand, stud_hand
from typer.testing import CliRunner

from tracker.cli import app
from tracker.store import Store

runner = CliRunner()
TOTALS = (
    "SELECT game, count(*) AS hands, sum(total_pot) AS pots FROM hands GROUP BY game ORDER BY game"
)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    with Store(tmp_path / "data") as store:
        store.write_hands([omaha_hand(n) for n in range(4)] + [stud_hand(1)])
    return tmp_path / "data"


def _sql(data: Path, query: str, *options: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["sql", query, "--data", str(data), *options])
    return result.exit_code, result.stdout, result.stderr


def test_json_is_an_array_of_row_objects(data: Path) -> None:
    status, output, _ = _sql(data, TOTALS, "--format", "json")
    assert status == 0
    pots = sum(omaha_hand(n).total_pot or 0 for n in range(4))
    assert json.loads(output) == [
        {"game": "omaha-hilo", "hands": 4, "pots": pots},
        {"game": "stud-hilo", "hands": 1, "pots": 14},
    ]


def test_json_writes_times_and_lists(data: Path) -> None:
    query = (
        "SELECT started_at, side_pots, card_indexes"
        " FROM hands JOIN boards USING (site, hand_id) LIMIT 1"
    )
    status, output, _ = _sql(data, query, "--format", "json")
    assert status == 0
    (row,) = json.loads(output)
    assert row["started_at"].startswith("2013-04-30T22:")
    assert row["side_pots"] == []
    assert len(row["card_indexes"]) == 5


def test_csv_has_a_header(data: Path) -> None:
    status, output, _ = _sql(data, TOTALS, "--format", "csv")
    assert status == 0
    rows = list(csv.reader(io.StringIO(output)))
    assert rows[0] == ["game", "hands", "pots"]
    assert [row[:2] for row in rows[1:]] == [["omaha-hilo", "4"], ["stud-hilo", "1"]]


def test_table_shows_the_rows(data: Path) -> None:
    status, output, _ = _sql(data, "SELECT player, count(*) AS n FROM seats GROUP BY 1 ORDER BY 1")
    assert status == 0
    for player in ("ann", "bob", "cat", "dan", "eve", "fay"):
        assert player in output


def test_a_bad_query_is_a_one_line_error(data: Path) -> None:
    status, output, errors = _sql(data, "SELEKT * FROM hands")
    assert status == 2
    assert output == ""
    assert errors.startswith("error: ")
    assert len(errors.strip().splitlines()) == 1


def test_an_unknown_column_is_a_one_line_error(data: Path) -> None:
    status, _, errors = _sql(data, "SELECT no_such_column FROM hands")
    assert status == 2
    assert "no_such_column" in errors
    assert len(errors.strip().splitlines()) == 1


def test_a_missing_data_folder_is_an_error(tmp_path: Path) -> None:
    status, _, errors = _sql(tmp_path / "nowhere", "SELECT 1")
    assert status == 2
    assert "no data folder" in errors


def test_an_empty_data_folder_has_empty_views(tmp_path: Path) -> None:
    status, output, _ = _sql(tmp_path, "SELECT count(*) AS n FROM parse_errors", "--format", "json")
    assert status == 0
    assert json.loads(output) == [{"n": 0}]


def test_a_bad_format_is_a_usage_error(data: Path) -> None:
    status, _, _ = _sql(data, "SELECT 1", "--format", "xml")
    assert status == 2
