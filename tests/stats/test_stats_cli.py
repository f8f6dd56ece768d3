"""`tracker stats`, `tracker plot` and `tracker report`, as a user runs them."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from tracker.cli import app
from tracker.stats.run import StatsDatabase

runner = CliRunner()
TRACKER = Path(sys.executable).with_name("tracker")


def test_stats_json_every_player(stats_data: Path) -> None:
    result = runner.invoke(app, ["stats", "--data", str(stats_data), "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [row["player"] for row in rows] == ["Alice", "Bob", "Cara", "Dave", "Erin", "Hero"]
    hero = rows[-1]
    assert (hero["hands"], hero["net_won"], hero["rake_paid"]) == (13, 188, 14)


def test_stats_hero_table(stats_data: Path) -> None:
    result = runner.invoke(app, ["stats", "--data", str(stats_data), "--hero"])
    assert result.exit_code == 0, result.output
    assert "84.6" in result.output  # VPIP
    assert "1.88 USD" in result.output  # net won


def test_stats_by_position_csv(stats_data: Path) -> None:
    result = runner.invoke(
        app, ["stats", "--data", str(stats_data), "--player", "Hero", "--by", "position",
              "--format", "csv"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert [row["position"] for row in rows] == ["UTG", "HJ", "CO", "BTN", "SB", "BB"]
    assert [row["net_won"] for row in rows] == ["105", "-37", "-8", "137", "4", "-10"]


def test_stats_outcomes_and_filters(stats_data: Path) -> None:
    result = runner.invoke(
        app, ["stats", "--data", str(stats_data), "--hero", "--outcomes", "--game", "stud-hilo",
              "--since", "2020-06-01", "--until", "2020-06-01", "--format", "json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.output)
    assert (row["showdowns"], row["low_only"], row["made_low"]) == (1, 1, 1)
    table = runner.invoke(app, ["stats", "--data", str(stats_data), "--hero", "--outcomes"])
    assert "quartered" in table.output
    assert "2 (20.0%)" in table.output  # scoops both ways


def test_stats_sessions_and_min_hands(stats_data: Path) -> None:
    result = runner.invoke(
        app, ["stats", "--data", str(stats_data), "--by", "session", "--session-gap", "29",
              "--min-hands", "2", "--player", "Hero", "--format", "json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert [row["hands"] for row in json.loads(result.output)] == [10, 2]


def test_stats_errors(stats_data: Path, tmp_path: Path) -> None:
    both = runner.invoke(app, ["stats", "--data", str(stats_data), "--hero", "--player", "Bob"])
    assert both.exit_code == 2
    assert "not both" in both.output
    missing = runner.invoke(app, ["stats", "--data", str(tmp_path / "nowhere")])
    assert missing.exit_code == 2
    assert "error: no data folder" in missing.output
    empty = tmp_path / "empty"
    empty.mkdir()
    no_hands = runner.invoke(app, ["plot", "winnings", "--out", "x.png", "--data", str(empty)])
    assert no_hands.exit_code == 2
    assert "no hands" in no_hands.output
    bad_by = runner.invoke(app, ["stats", "--data", str(stats_data), "--by", "weather"])
    assert bad_by.exit_code == 2


def test_plot_writes_a_png(stats_data: Path, tmp_path: Path) -> None:
    for kind in ("winnings", "positions", "outcomes", "sessions"):
        out = tmp_path / f"{kind}.png"
        result = runner.invoke(app, ["plot", kind, "--out", str(out), "--data", str(stats_data)])
        assert result.exit_code == 0, result.output
        assert result.output.strip() == str(out)
        assert out.read_bytes()[:4] == b"\x89PNG"


def test_report_command(stats_data: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    result = runner.invoke(
        app, ["report", "--data", str(stats_data), "--session", "last", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert result.output.strip() == str(out)
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    bad = runner.invoke(app, ["report", "--data", str(stats_data), "--session", "soon",
                              "--out", str(out)])  # fmt: skip
    assert bad.exit_code == 2
    assert "unknown session" in bad.output


def test_every_command_has_help() -> None:
    for command in ("stats", "plot", "report"):
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0
        assert "--data" in result.output


def test_installed_command(stats_data: Path) -> None:
    completed = subprocess.run(
        [str(TRACKER), "stats", "--data", str(stats_data), "--hero", "--by", "game",
         "--format", "json"],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    assert [row["net_won"] for row in json.loads(completed.stdout)] == [191, -3]


def test_stats_command_needs_no_pandas(stats_data: Path) -> None:
    # pandas and matplotlib take longer to import than a stats query takes: not needed
    # (once the summary is up to date: writing it is another matter).
    with StatsDatabase(stats_data):
        pass
    commands = [
        ["stats", "--data", str(stats_data), "--by", "position", "--format", "csv"],
        ["stats", "--data", str(stats_data), "--outcomes", "--format", "json"],
        ["stats", "--data", str(stats_data), "--hero", "--by", "door-card"],
    ]
    script = "\n".join([
        "import sys",
        "from tracker.cli import app",
        *(f"app({command!r}, standalone_mode=False)" for command in commands),
        "print(sorted(set(sys.modules) & {'pandas', 'matplotlib'}), file=sys.stderr)",
    ])  # fmt: skip
    completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                               check=False, timeout=120)  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    # the terminal table (80 columns here) names the columns it left out, then the modules
    assert completed.stderr.strip().splitlines()[-1] == "[]"
    assert completed.stdout.startswith('"player","position","hands"')
    assert '[{"player":"Alice","hands":13,"money_unit":"USD","showdowns":2,' in completed.stdout
    assert "Player stats" in completed.stdout  # the terminal table


def test_the_terminal_table_shows_the_players_with_most_hands(stats_data: Path) -> None:
    every = json.loads(runner.invoke(app, ["stats", "--data", str(stats_data), "--format",
                                           "json"]).output)  # fmt: skip
    most = sorted(every, key=lambda row: (-row["hands"], row["player"]))[:2]
    wide = {"COLUMNS": "300"}  # no name cut short
    result = runner.invoke(app, ["stats", "--data", str(stats_data), "--limit", "2"], env=wide)
    assert result.exit_code == 0, result.output
    shown = {row["player"] for row in every if row["player"] in result.stdout}
    assert shown == {row["player"] for row in most}
    assert f"2 of {len(every)} players shown" in result.stderr
    everyone = runner.invoke(app, ["stats", "--data", str(stats_data), "--limit", "0"], env=wide)
    assert all(row["player"] in everyone.stdout for row in every)
    assert "players shown" not in everyone.stderr
