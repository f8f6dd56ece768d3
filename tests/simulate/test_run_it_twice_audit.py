"""Hands run twice through the whole tool, as a user runs it: `tracker simulate
--run-it-twice 0.5` for each flop hi/lo game, `tracker import`, `tracker audit`. Paid
right, every hand audits ok; with payout errors written in, exactly the hands listed in
the sidecars are flagged, each by the change the sidecar states, hands run twice among
them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tracker.cli import app
from tracker.store import Store

runner = CliRunner()

GAMES = (
    ("omaha-hilo", "no-limit", "9"),
    ("omaha5-hilo", "no-limit", "6"),
    ("courchevel-hilo", "pot-limit", "6"),
)
HANDS = 400


@dataclass(frozen=True)
class Audited:
    """Simulated files imported and audited: the audit's rows, the hands run twice, the
    errors listed in the sidecars and what `tracker simulate` said."""

    rows: dict[str, dict[str, object]]
    run_twice: set[str]
    errors: dict[str, dict[str, object]]
    said: list[dict[str, object]]


def _simulate_import_audit(folder: Path, error_rate: str) -> Audited:
    histories, data = folder / "histories", folder / "data"
    histories.mkdir()
    said, errors = [], {}
    for seed, (game, structure, players) in enumerate(GAMES, start=61):
        out = histories / f"{game}.txt"
        result = runner.invoke(
            app,
            ["simulate", "--game", game, "--structure", structure, "--players", players,
             "--hands", str(HANDS), "--seed", str(seed), "--out", str(out),
             "--error-rate", error_rate, "--run-it-twice", "0.5", "--format", "json"],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        said.append(json.loads(result.stdout))
        for line in Path(f"{out}.errors.jsonl").read_text(encoding="utf-8").splitlines():
            error = json.loads(line)
            errors[error["hand_id"]] = error
    imported = runner.invoke(app, ["import", str(histories), "--data", str(data)])
    assert imported.exit_code == 0, imported.output
    audited = runner.invoke(app, ["audit", "--data", str(data), "--all", "--format", "json"])
    assert audited.exit_code == (1 if errors else 0), audited.output
    rows = {row["hand_id"]: row for row in json.loads(audited.stdout)}
    with Store(data) as store:
        boards = store.read("boards", ["hand_id", "board"]).to_pylist()
    run_twice = {row["hand_id"] for row in boards if row["board"] == 1}
    return Audited(rows, run_twice, errors, said)


@pytest.fixture(scope="module")
def paid_right(tmp_path_factory: pytest.TempPathFactory) -> Audited:
    return _simulate_import_audit(tmp_path_factory.mktemp("right"), "0")


@pytest.fixture(scope="module")
def paid_wrong(tmp_path_factory: pytest.TempPathFactory) -> Audited:
    return _simulate_import_audit(tmp_path_factory.mktemp("wrong"), "0.2")


def test_hands_paid_right_all_audit_ok(paid_right: Audited) -> None:
    assert len(paid_right.rows) == HANDS * len(GAMES)
    assert {row["status"] for row in paid_right.rows.values()} == {"ok"}
    assert paid_right.errors == {}
    # The summary counts the hands run twice; the store holds exactly those two boards.
    assert sum(int(said["run_twice"]) for said in paid_right.said) == len(paid_right.run_twice)
    assert all(int(said["run_twice"]) >= 10 for said in paid_right.said)


def test_exactly_the_injected_hands_are_flagged(paid_wrong: Audited) -> None:
    rows, errors = paid_wrong.rows, paid_wrong.errors
    assert len(rows) == HANDS * len(GAMES)
    flagged = {hand_id for hand_id, row in rows.items() if row["status"] != "ok"}
    assert flagged == set(errors)
    assert {rows[hand_id]["status"] for hand_id in flagged} <= {"mismatch", "inconsistent"}
    twice_wrong = paid_wrong.run_twice & set(errors)
    assert len(twice_wrong) >= 8
    assert len({errors[hand_id]["kind"] for hand_id in twice_wrong}) >= 3


def test_the_audit_finds_the_change_each_error_made(paid_wrong: Audited) -> None:
    for hand_id, error in paid_wrong.errors.items():
        players = paid_wrong.rows[hand_id]["players"]
        assert isinstance(players, list)
        change = {
            entry["player"]: entry["reported"] - entry["expected"]
            for entry in players
            if entry["reported"] != entry["expected"]
        }
        assert change == error["delta"], (hand_id, error)


def test_a_wrong_board_share_is_named_by_its_board(paid_wrong: Audited) -> None:
    """An error on one board of a hand run twice is reported on that board."""
    named = 0
    for hand_id in paid_wrong.run_twice & set(paid_wrong.errors):
        detail = str(paid_wrong.errors[hand_id]["detail"])
        reason = str(paid_wrong.rows[hand_id]["reason"])
        for board in ("1", "2"):
            if f"on board {board}" in detail:
                assert f"board {board}" in reason, (hand_id, detail, reason)
                named += 1
    assert named >= 5
