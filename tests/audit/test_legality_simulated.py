"""The legality audit against the simulator, which knows the truth: hands of every game
and structure, some given an illegal action (listed in the file's bet-errors sidecar).
Exactly those hands must be illegal, at the action the simulator played, the others
legal; and every payout must still be ok, the illegal actions having been played with
the chips kept consistent.

The suite plays 2,000 hands a table, one in twenty with an illegal action (about 100 a
table, in a few seconds); `LEGALITY_HANDS=10000 LEGALITY_RATE=0.01` plays the issue's
10,000 hands a table, one in a hundred (docs/legality.md gives that run's figures)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tracker.audit.run import run_audit
from tracker.audit.verdict import Status
from tracker.importer import import_paths
from tracker.model import Game, Structure
from tracker.simulate import bet_errors_path, simulate
from tracker.simulate.bet_errors import BetErrorKind
from tracker.store import Store

HANDS = int(os.environ.get("LEGALITY_HANDS", "2000"))
BET_ERROR_RATE = float(os.environ.get("LEGALITY_RATE", "0.05"))
TABLES = [
    (game, structure)
    for game in Game
    for structure in ((Structure.LIMIT,) if game.is_stud else tuple(Structure))
]
RULE_OF_KIND = {
    BetErrorKind.LIMIT_RAISE_SIZE: "limit-size",
    BetErrorKind.LIMIT_PAST_CAP: "limit-cap",
    BetErrorKind.POT_LIMIT_OVER_MAXIMUM: "pot-limit-maximum",
    BetErrorKind.NO_LIMIT_UNDER_MINIMUM: "minimum-raise",
    BetErrorKind.WRONG_BRING_IN: "bring-in-player",
    BetErrorKind.WRONG_COMPLETION: "completion",
}


@pytest.mark.parametrize(("game", "structure"), TABLES, ids=lambda value: str(value))
def test_exactly_the_illegal_actions_played_are_found(
    game: Game, structure: Structure, tmp_path: Path
) -> None:
    out = tmp_path / "hands.txt"
    seed = TABLES.index((game, structure)) + 500
    summary = simulate(game, structure, hands=HANDS, players=6, seed=seed, out=out,
                       bet_error_rate=BET_ERROR_RATE)  # fmt: skip
    played = {}
    for line in bet_errors_path(out).read_text().splitlines():
        error = json.loads(line)
        played[error["hand_id"]] = error
    assert len(played) >= 0.9 * BET_ERROR_RATE * HANDS
    assert summary.bet_errors is not None
    assert sum(summary.bet_errors.values()) == len(played)
    with Store(tmp_path / "data") as store:
        assert import_paths([out], store).imported == HANDS
        audited = run_audit(store)
        rows = store.read("audit", ["hand_id", "status", "betting", "betting_errors"])
    assert audited.counts[Status.OK] == HANDS  # the payouts are right for the chips in
    illegal = {}
    for row in rows.to_pylist():
        assert row["betting"] in ("legal", "illegal"), row
        if row["betting"] == "illegal":
            illegal[row["hand_id"]] = row["betting_errors"]
    assert set(illegal) == set(played)
    for hand_id, error in played.items():
        first = illegal[hand_id][0]
        assert first["rule"] == RULE_OF_KIND[BetErrorKind(error["kind"])], (hand_id, first)
        assert (first["player"], first["street"]) == (error["player"], error["street"])
        assert (first["amount"], first["allowed"]) == (error["amount"], error["allowed"])
