"""`tracker showdown`: text, JSON and JSON lines, bad input, and the installed command."""

from __future__ import annotations

import doctest
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tracker.showdown
from tracker.cli import app

runner = CliRunner()

BOARD = "Jd 4d 3c Qd 5h"
ALICE = "Alice:Ad Kd 3s 2s:500"
BOB = "Bob:7c 6s 7h As:500"
WORKED = ["showdown", "--game", "omaha-hilo", "--board", BOARD, "--player", ALICE, "--player", BOB]


def test_text_shows_hands_pots_and_payouts() -> None:
    result = runner.invoke(app, WORKED)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "high: Ad Kd Qd Jd 4d  a flush, Ace high" in out
    assert "low:  5h 4d 3c 2s Ad  5,4,3,2,A" in out
    assert "high: 7c 6s 5h 4d 3c  a straight, Seven high" in out
    assert "low:  6s 5h 4d 3c As  6,5,4,3,A" in out
    assert "main pot 1000, eligible: Alice, Bob" in out
    assert out.rstrip().endswith("payouts: Alice 1000, Bob 0")


def test_json_answer_shape() -> None:
    result = runner.invoke(app, [*WORKED, "--format", "json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["payouts"] == {"Alice": 1000, "Bob": 0}
    assert answer["returned"] == {"Alice": 0, "Bob": 0}
    (pot,) = answer["pots"]
    assert pot["pot"] == 0
    assert pot["amount"] == 1000
    assert pot["eligible"] == ["Alice", "Bob"]
    assert [(a["player"], a["half"], a["amount"], a["board"]) for a in pot["awards"]] == [
        ("Alice", "hi", 500, 0),
        ("Alice", "lo", 500, 0),
    ]
    assert pot["awards"][0]["hand"]["cards"] == "Ad Kd Qd Jd 4d"
    alice = answer["players"]["Alice"]
    assert alice["high"]["name"] == "a flush, Ace high"
    assert alice["low"]["cards"] == "5h 4d 3c 2s Ad"
    assert isinstance(alice["high"]["rank"], int)


def test_quartered_pot_with_a_folded_player_and_rake() -> None:
    # 1203 less rake 3 = 1200 (main pot, rake taken there): A's quads take 600, the two
    # 7-4-3-2-A lows 300 each. Dead's 3 chips are dead money; Dead gets nothing.
    args = [
        "showdown", "--game", "omaha-hilo", "--board", "2c 3d 7h Ks Kd", "--rake", "3",
        "--player", "A:Kh Kc Qs Qc:400", "--player", "B:Ah 4h Js Jc:400",
        "--player", "Dead::3:folded", "--player", "C:Ad 4c Ts Tc:400", "--format", "json",
    ]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["payouts"] == {"A": 600, "B": 300, "Dead": 0, "C": 300}
    assert answer["pots"][0]["rake"] == 3
    assert answer["players"]["Dead"] == {"high": None, "low": None}


def test_run_it_twice_and_uncalled_bet() -> None:
    args = [
        "showdown", "--game", "omaha-hilo", "--board", BOARD, "--board", "Jd 4d 3c 9s 9h",
        "--player", ALICE, "--player", "Bob:7c 6s 7h As:501", "--format", "json",
    ]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    # Pot 1000: 500 per board; Alice scoops board 1, Bob's nines and sevens win board 2.
    assert answer["payouts"] == {"Alice": 500, "Bob": 500}
    assert answer["returned"] == {"Alice": 0, "Bob": 1}
    assert len(answer["players"]["Bob"]["boards"]) == 2
    assert answer["players"]["Bob"]["boards"][1]["low"] is None


def test_stud_text() -> None:
    args = [
        "showdown", "--game", "stud-hilo",
        "--player", "A:Kd Kc 9h 5s 2d 3c 7c:50", "--player", "B:Ks Kh 9c 8d 6h 4s Ad:50",
    ]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    # Neither has five low ranks (A: 7 5 3 2, B: 8 6 4 A), so no low; B's kings with
    # an ace kicker beat A's kings with a nine and take the whole 100.
    assert "payouts: A 0, B 100" in result.stdout


def test_jsonl_answers_every_line_and_reports_bad_ones() -> None:
    good = {
        "game": "omaha-hilo",
        "board": BOARD,
        "players": [
            {"name": "Alice", "cards": "Ad Kd 3s 2s", "contributed": 500},
            {"name": "Bob", "cards": "7c 6s 7h As", "contributed": 500, "folded": False},
        ],
    }
    twice = {**good, "board": [BOARD, "Jd 4d 3c 9s 9h"], "rake": 2}
    bad = {**good, "board": "Jd 4d 3c Qd Zz"}
    lines = [json.dumps(good), "", json.dumps(bad), "{not json", json.dumps(twice)]
    result = runner.invoke(app, ["showdown", "--jsonl"], input="\n".join(lines) + "\n")
    assert result.exit_code == 2
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == 4
    assert answers[0]["payouts"] == {"Alice": 1000, "Bob": 0}
    assert answers[1] == {"error": "line 3: unknown card 'Zz'"}
    assert answers[2]["error"].startswith("line 4: not JSON")
    assert answers[3]["payouts"] == {"Alice": 499, "Bob": 499}
    assert result.stderr.strip() == "2 of 4 requests failed"


def test_jsonl_all_good_exits_zero() -> None:
    request = {
        "game": "omaha-hi",
        "board": "2c 3c 4c 5c 6c",
        "players": [{"name": "A", "cards": "As Ks Qs Js", "contributed": 5}],
    }
    result = runner.invoke(app, ["showdown", "--jsonl"], input=json.dumps(request) + "\n")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["payouts"] == {"A": 0}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"--game": "razz"}, "unknown game 'razz'"),
        ({"--board": "Jd 4d 3c Qd Zz"}, "unknown card 'Zz'"),
        ({"--board": "Jd 4d 3c Qd Ad"}, "duplicate card Ad"),
        ({"--player": "Alice:Ad Kd 3s:500"}, "Alice has 3 cards; omaha-hilo deals 4"),
        ({"--player": "Alice:Ad Kd 3s 2s:-5"}, "negative contribution of Alice (-5)"),
        ({"--player": "Alice:Ad Kd 3s 2s:5.50"}, "must be a whole number"),
        ({"--player": "Alice Ad Kd 3s 2s 500"}, "bad player"),
        ({"--player": "Bob:7c 6s 7h As:500"}, "two players are named 'Bob'"),
        ({"--rake": "-1"}, "negative rake (-1)"),
        ({"--rake": "2000"}, "rake 2000 is more than the pots hold (1000)"),
        ({"--format": "xml"}, "unknown format 'xml'"),
        ({"--board": "Jd 4d 3c"}, "a board has 5 cards, not 3"),
    ],
)
def test_bad_input_is_one_line_exit_2(change: dict[str, str], message: str) -> None:
    options = {"--game": "omaha-hilo", "--board": BOARD, "--player": ALICE, "--format": "text"}
    options.update(change)
    args = ["showdown"]
    for name, value in options.items():
        args += [name, value]
    args += ["--player", BOB]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.output
    assert message in lines[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["showdown", "--player", ALICE], "--game is required"),
        (["showdown", "--game", "omaha-hilo", "--board", BOARD], "at least one --player"),
        (["showdown", "--jsonl", "--game", "omaha-hilo"], "--jsonl reads the requests"),
        (["showdown", "--game", "stud-hi", "--board", BOARD, "--player", ALICE], "no board"),
    ],
)
def test_missing_or_conflicting_options(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert message in result.stderr


def test_help_text() -> None:
    result = runner.invoke(app, ["showdown", "--help"])
    assert result.exit_code == 0
    assert "who gets what" in result.stdout
    assert "--jsonl" in result.stdout


def _installed_tracker() -> list[str]:
    """The installed `tracker` console script: beside this interpreter, else on PATH."""
    beside = Path(sys.executable).parent / "tracker"
    found = str(beside) if beside.exists() else shutil.which("tracker")
    if found is None:
        pytest.skip("the tracker command is not installed (pip install -e . puts it in place)")
    return [found]


def test_installed_command_in_a_subprocess() -> None:
    command = [*_installed_tracker(), *WORKED, "--format", "json"]
    completed = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["payouts"] == {"Alice": 1000, "Bob": 0}
    bad = [*_installed_tracker(), "showdown", "--game", "omaha-hilo", "--player", "x"]
    failed = subprocess.run(bad, capture_output=True, text=True, timeout=120, check=False)
    assert failed.returncode == 2
    assert failed.stderr.count("\n") == 1
    assert "Traceback" not in failed.stderr


def test_library_doctests() -> None:
    failures, tried = doctest.testmod(tracker.showdown)
    assert tried > 0
    assert failures == 0
