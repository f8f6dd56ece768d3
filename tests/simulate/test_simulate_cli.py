"""`tracker simulate`: the files it writes, its summary, bad options, the installed command."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

import parsers
from tracker.cli import app
from tracker.model import Game, Hand

runner = CliRunner()


def test_writes_a_history_and_says_so(tmp_path: Path) -> None:
    out = tmp_path / "hands.txt"
    args = ["simulate", "--game", "omaha-hilo", "--structure", "limit", "--hands", "120"]
    result = runner.invoke(app, [*args, "--players", "4", "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("wrote 120 hands (")
    assert f"to {out}; no payout errors injected" in result.stdout
    hands = [hand for hand in parsers.parse_file(out) if isinstance(hand, Hand)]
    assert len(hands) == 120
    assert {hand.game for hand in hands} == {Game.OMAHA_HILO}
    assert all(len(hand.seats) == 4 for hand in hands)
    assert Path(f"{out}.errors.jsonl").read_text(encoding="utf-8") == ""


def test_json_summary_with_errors(tmp_path: Path) -> None:
    out = tmp_path / "stud.txt"
    result = runner.invoke(
        app,
        ["simulate", "--game", "stud-hilo", "--hands", "300", "--players", "7", "--seed", "5",
         "--out", str(out), "--error-rate", "0.05", "--format", "json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["hands"] == 300
    assert summary["file"] == str(out)
    assert summary["errors_injected"] == sum(summary["errors"].values()) >= 12
    lines = Path(summary["errors_file"]).read_text(encoding="utf-8").splitlines()
    assert len(lines) == summary["errors_injected"]
    assert all(set(json.loads(line)) >= {"hand_id", "kind", "detail"} for line in lines)


def test_run_it_twice_is_counted_in_the_summary(tmp_path: Path) -> None:
    out = tmp_path / "twice.txt"
    args = ["simulate", "--game", "omaha-hilo", "--structure", "no-limit", "--hands", "300"]
    result = runner.invoke(app, [*args, "--run-it-twice", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    twice = out.read_text(encoding="utf-8").count("\nHand was run twice\n")
    assert twice >= 5
    assert result.stdout.startswith("wrote 300 hands (")
    assert f" showdowns, {twice} run twice) to {out}" in result.stdout


def test_tournament_hands_are_in_chips_without_rake(tmp_path: Path) -> None:
    out = tmp_path / "tournament.txt"
    args = ["simulate", "--game", "omaha-hilo", "--structure", "no-limit", "--tournament"]
    result = runner.invoke(app, [*args, "--hands", "60", "--out", str(out)])
    assert result.exit_code == 0, result.output
    hands = [hand for hand in parsers.parse_file(out) if isinstance(hand, Hand)]
    assert len(hands) == 60
    assert all(hand.tournament is not None and hand.rake == 0 for hand in hands)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert not [line for line in lines if "$" in line and not line.startswith("PokerStars Hand")]


def test_the_same_seed_writes_the_same_bytes(tmp_path: Path) -> None:
    written = []
    for name in ("a.txt", "b.txt"):
        out = tmp_path / name
        args = ["simulate", "--game", "courchevel-hilo", "--hands", "80", "--seed", "42"]
        assert runner.invoke(app, [*args, "--out", str(out)]).exit_code == 0
        written.append(out.read_bytes())
    assert written[0] == written[1]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--game", "razz"], "error: unknown game 'razz'"),
        (["--game", "omaha-hilo", "--site", "fulltilt"], "error: unknown site 'fulltilt'"),
        (["--game", "omaha-hilo", "--structure", "spread"], "error: unknown structure"),
        (["--game", "stud-hilo", "--structure", "no-limit"], "error: stud-hilo is dealt in limit"),
        (["--game", "omaha5-hilo", "--players", "10"], "error: omaha5-hilo seats 2 to 9"),
        (["--game", "omaha-hilo", "--players", "1"], "error: --players must be at least 2"),
        (["--game", "omaha-hilo", "--hands", "lots"], "error: --hands takes a whole number"),
        (["--game", "omaha-hilo", "--error-rate", "2"], "error: --error-rate takes a fraction"),
        (["--game", "omaha-hilo", "--run-it-twice", "x"], "error: --run-it-twice takes a fraction"),
        (["--game", "stud-hi", "--run-it-twice", "0.5"], "error: stud-hi has no board to run"),
        (
            ["--game", "omaha-hilo", "--tournament", "--run-it-twice", "1"],
            "error: run it twice is dealt in cash games only",
        ),
        (["--game", "omaha-hilo", "--stakes", "1/abc"], "error: stakes '1/abc'"),
        (["--game", "omaha-hilo", "--format", "xml"], "error: --format takes text or json"),
        (["--hands", "5"], "error: --game and --out are required"),
    ],
)
def test_bad_options_exit_2_with_one_line(tmp_path: Path, options: list[str], message: str) -> None:
    out = tmp_path / "never.txt"
    with_out = options if "--game" not in options else [*options, "--out", str(out)]
    result = runner.invoke(app, ["simulate", *with_out])
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert len(result.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_an_unwritable_file_is_a_clean_error(tmp_path: Path) -> None:
    out = tmp_path / "missing" / "hands.txt"
    result = runner.invoke(app, ["simulate", "--game", "omaha-hi", "--out", str(out)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot write")


def test_help_names_every_option() -> None:
    result = runner.invoke(app, ["simulate", "--help"])
    assert result.exit_code == 0
    for option in ("--game", "--structure", "--hands", "--players", "--seed", "--out",
                   "--site", "--error-rate", "--stakes", "--run-it-twice", "--format"):  # fmt: skip
        assert option in result.stdout


def test_the_installed_command(tmp_path: Path) -> None:
    command = shutil.which("tracker") or str(Path(__file__).parents[2] / ".venv/bin/tracker")
    if not Path(command).exists():
        pytest.skip("the tracker command is not installed (pip install -e . puts it on PATH)")
    out = tmp_path / "hands.txt"
    done = subprocess.run(
        [command, "simulate", "--game", "omaha5-hilo", "--hands", "40", "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("wrote 40 hands")
    assert out.read_text(encoding="utf-8").startswith("PokerStars Hand #")
