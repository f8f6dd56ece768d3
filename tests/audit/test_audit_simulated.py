"""The audit against the simulator, which knows the truth: 10,000 hands of each hi/lo game
with payout errors written into about one hand in a hundred, listed in each file's
sidecar. Every injected error must be found, and nothing else flagged; hands simulated
without errors must all audit ok; and the vectorised path must agree with the exact path
on every hand."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tracker.audit.batch_rows import audit_batch
from tracker.audit.conventions import convention_for
from tracker.audit.loading import load_batch, partitions
from tracker.audit.run import AuditSummary, run_audit
from tracker.audit.verdict import Status
from tracker.importer import import_paths
from tracker.model import Game, Structure
from tracker.simulate import errors_path, simulate
from tracker.store import Store

HANDS_PER_GAME = 10_000
ERROR_RATE = 0.01
HILO_GAMES = (Game.OMAHA_HILO, Game.OMAHA5_HILO, Game.COURCHEVEL_HILO, Game.STUD_HILO)


@dataclass(frozen=True)
class Simulated:
    """A data folder of simulated hands, audited, and the errors written into them."""

    store: Store
    summary: AuditSummary
    errors: dict[str, dict[str, object]]
    games: dict[str, int]


@pytest.fixture(scope="module")
def with_errors(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Simulated]:
    folder = tmp_path_factory.mktemp("simulated")
    errors: dict[str, dict[str, object]] = {}
    for seed, game in enumerate(HILO_GAMES, start=101):
        out = folder / f"{game.value}.txt"
        structure = Structure.LIMIT if game.is_stud else Structure.POT_LIMIT
        simulate(game, structure, hands=HANDS_PER_GAME, players=6, seed=seed, out=out,
                 error_rate=ERROR_RATE)  # fmt: skip
        for line in errors_path(out).read_text().splitlines():
            error = json.loads(line)
            errors[error["hand_id"]] = error
    with Store(folder / "data") as store:
        imported = import_paths([folder], store)
        assert (imported.imported, imported.failed) == (HANDS_PER_GAME * len(HILO_GAMES), 0)
        summary = run_audit(store)
        games = store.read("hands", ["game"]).group_by("game").aggregate([("game", "count")])
        counts = {row["game"]: row["game_count"] for row in games.to_pylist()}
        yield Simulated(store, summary, errors, counts)


def _audit(store: Store) -> dict[str, dict[str, object]]:
    return {row["hand_id"]: row for row in store.read("audit").to_pylist()}


def test_every_injected_error_is_found_and_nothing_else(with_errors: Simulated) -> None:
    assert with_errors.games == {game.value: HANDS_PER_GAME for game in HILO_GAMES}
    audit = _audit(with_errors.store)
    flagged = {hand_id for hand_id, row in audit.items() if Status(row["status"]).flagged}
    assert len(with_errors.errors) >= 0.8 * ERROR_RATE * HANDS_PER_GAME * len(HILO_GAMES)
    assert flagged == set(with_errors.errors)
    assert with_errors.summary.counts[Status.UNVERIFIABLE] == 0


EXPECTED_VERDICT = {
    "cent-moved": (Status.MISMATCH, "odd chip in "),
    "odd-chip-to-wrong-player": (Status.MISMATCH, "odd chip in "),
    "low-to-wrong-player": (Status.MISMATCH, "wrong winner in "),
    "quarter-as-half": (Status.MISMATCH, "quartering in "),
    "side-pot-to-ineligible": (Status.INCONSISTENT, None),
}
"""Per injected kind, the verdict and how its reason starts (None: it names the player
paid from a side pot they were not eligible for)."""


def test_each_kind_of_error_gets_its_reason(with_errors: Simulated) -> None:
    audit = _audit(with_errors.store)
    kinds = set()
    for hand_id, error in with_errors.errors.items():
        row = audit[hand_id]
        status, start = EXPECTED_VERDICT[str(error["kind"])]
        reason = str(row["reason"])
        assert Status(row["status"]) is status, (hand_id, error, reason)
        if start is None:
            assert "without being eligible for it" in reason, (hand_id, error, reason)
        else:
            assert reason.startswith(start), (hand_id, error, reason)
        kinds.add(error["kind"])
    assert kinds == set(EXPECTED_VERDICT)


def test_reported_minus_expected_is_the_injected_change(with_errors: Simulated) -> None:
    audit = _audit(with_errors.store)
    for hand_id, error in with_errors.errors.items():
        players = audit[hand_id]["players"]
        assert isinstance(players, list)
        change = {
            entry["player"]: entry["reported"] - entry["expected"]
            for entry in players
            if entry["reported"] != entry["expected"]
        }
        assert change == error["delta"], hand_id


def test_the_fast_path_agrees_with_the_exact_path_on_every_hand(with_errors: Simulated) -> None:
    store = with_errors.store
    proven = 0
    for site, month, _ in partitions(store):
        batch = load_batch(store, site, month)
        fast = audit_batch(batch, convention_for(site))
        exact = audit_batch(batch, convention_for(site), exact=True)
        assert fast.audit.equals(exact.audit), month
        assert fast.awards.equals(exact.awards), month
        proven += fast.fast
    # The fast path proves nearly every sound hand; the exact path takes the rest.
    assert proven >= 0.97 * HANDS_PER_GAME * len(HILO_GAMES)


ROUND_TRIPS = [
    (Game.OMAHA_HILO, Structure.LIMIT, False),
    (Game.OMAHA_HILO, Structure.NO_LIMIT, True),
    (Game.OMAHA5_HILO, Structure.POT_LIMIT, False),
    (Game.COURCHEVEL_HILO, Structure.POT_LIMIT, False),
    (Game.STUD_HILO, Structure.LIMIT, False),
    (Game.STUD_HILO, Structure.LIMIT, True),
    (Game.OMAHA_HI, Structure.POT_LIMIT, False),
    (Game.STUD_HI, Structure.LIMIT, False),
]
"""Games, structures and tournament (True) or cash, simulated without errors."""


def test_hands_simulated_without_errors_all_audit_ok(tmp_path: Path) -> None:
    for seed, (game, structure, tournament) in enumerate(ROUND_TRIPS, start=201):
        out = tmp_path / f"{seed}.txt"
        simulate(game, structure, hands=1_000, players=6, seed=seed, out=out,
                 tournament=tournament)  # fmt: skip
    with Store(tmp_path / "data") as store:
        assert import_paths([tmp_path], store).imported == 1_000 * len(ROUND_TRIPS)
        summary = run_audit(store)
        not_ok = [row for row in store.read("audit").to_pylist() if row["status"] != "ok"]
    assert not_ok == []
    assert summary.counts[Status.OK] == 1_000 * len(ROUND_TRIPS)
