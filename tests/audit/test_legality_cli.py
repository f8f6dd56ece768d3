"""The legality audit through the CLI: `tracker simulate --bet-error-rate`, the betting
keys of `tracker audit --format json`, the table's first broken rule and its exit status,
and the illegal action marked by `tracker show`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tracker.cli import app
from tracker.simulate import bet_errors_path

runner = CliRunner()
Played = dict[str, dict[str, Any]]
"""Per hand id, the illegal action the simulator played (its bet-errors line)."""


@pytest.fixture(scope="module")
def illegal_data(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Played]:
    """400 simulated limit hands, some given an illegal action, imported; the actions."""
    folder = tmp_path_factory.mktemp("cli-illegal")
    out = folder / "hands" / "limit.txt"
    out.parent.mkdir()
    result = runner.invoke(app, ["simulate", "--game", "omaha-hilo", "--structure", "limit",
                                 "--hands", "400", "--seed", "3", "--bet-error-rate", "0.03",
                                 "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "illegal actions played" in result.output
    played = {}
    for line in bet_errors_path(out).read_text().splitlines():
        action = json.loads(line)
        played[action["hand_id"]] = action
    data = folder / "data"
    assert runner.invoke(app, ["import", str(out), "--data", str(data)]).exit_code == 0
    return data, played


def test_simulate_lists_the_illegal_actions(illegal_data: tuple[Path, Played]) -> None:
    _, played = illegal_data
    assert len(played) >= 10
    for action in played.values():
        assert set(action) == {"hand_id", "kind", "street", "player", "amount", "allowed"}
        assert action["kind"] in ("limit-raise-size", "limit-past-cap")


def test_audit_json_gives_each_hand_its_betting(illegal_data: tuple[Path, Played]) -> None:
    data, played = illegal_data
    result = runner.invoke(app, ["audit", "--data", str(data), "--format", "json", "--all"])
    assert result.exit_code == 1  # illegal betting, as for a payout mismatch
    hands = json.loads(result.stdout)
    assert len(hands) == 400
    illegal = {hand["hand_id"]: hand for hand in hands if hand["betting"] == "illegal"}
    assert set(illegal) == set(played)
    assert {hand["betting"] for hand in hands} == {"legal", "illegal"}
    for hand_id, hand in illegal.items():
        error = hand["betting_errors"][0]
        assert set(error) == {"street", "player", "action", "amount", "allowed", "rule"}
        assert (error["player"], error["amount"], error["allowed"]) == (
            played[hand_id]["player"],
            played[hand_id]["amount"],
            played[hand_id]["allowed"],
        )
    assert "betting: " in result.stderr


def test_audit_table_lists_illegal_hands_with_the_first_rule(
    illegal_data: tuple[Path, Played],
) -> None:
    data, played = illegal_data
    result = runner.invoke(app, ["audit", "--data", str(data)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    listed = list(lines[1:-2])
    assert len(listed) == len(played)
    assert all("limit-size: " in line or "limit-cap: " in line for line in listed)
    assert lines[-1] == f"betting: {400 - len(played)} legal, {len(played)} illegal, 0 unknown"


def test_show_marks_the_illegal_action(illegal_data: tuple[Path, Played]) -> None:
    data, played = illegal_data
    hand_id, action = next(iter(played.items()))
    result = runner.invoke(app, ["show", hand_id, "--data", str(data)])
    assert result.exit_code == 0, result.output
    marked = [line for line in result.stdout.splitlines() if "<- illegal: " in line]
    assert marked
    assert marked[0].lstrip().startswith(f"{action['player']}: raise")
    assert "betting: illegal" in result.stdout


def test_a_bad_bet_error_rate_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", "--game", "omaha-hilo", "--out",
                                 str(tmp_path / "x.txt"), "--bet-error-rate", "2"])  # fmt: skip
    assert result.exit_code == 2


def test_the_report_counts_the_illegal_hands(
    illegal_data: tuple[Path, Played], tmp_path: Path
) -> None:
    data, played = illegal_data
    page = tmp_path / "report.html"
    result = runner.invoke(app, ["report", "--data", str(data), "--out", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    assert f"{len(played)} illegal" in text
    assert "Betting (docs/legality.md): " in text
