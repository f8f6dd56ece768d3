"""The audit of the real PokerStars files: every verifiable hand balances to the cent
under the PokerStars convention, and each hand's verdict is pinned in
goldens/pokerstars_verdicts.json (the hands not imported say why they are unverifiable)."""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path
from typing import Any

import pytest

import parsers
import tracker.audit.run as audit_run
from tracker.audit.batch_rows import audit_batch
from tracker.audit.contributions import ledger_of
from tracker.audit.conventions import RULES_CONVENTION, SiteConvention, convention_for
from tracker.audit.expected import expected_payout
from tracker.audit.ledgers import ledgers
from tracker.audit.loading import load_batch, partitions
from tracker.audit.run import AuditSummary, run_audit
from tracker.audit.verdict import Status, audit_hand
from tracker.model import Hand
from tracker.store import Store

VERDICTS = Path(__file__).resolve().parent / "goldens" / "pokerstars_verdicts.json"


def _audit_rows(store: Store) -> dict[str, dict[str, Any]]:
    rows = store.read("audit").to_pylist()
    return {
        row["hand_id"]: {"game": row["game"], "status": row["status"], "reason": row["reason"]}
        for row in sorted(rows, key=lambda row: row["hand_id"])
    }


def test_every_verdict_is_pinned(
    pokerstars_data: tuple[Store, AuditSummary], update_goldens: bool
) -> None:
    store, summary = pokerstars_data
    verdicts = _audit_rows(store)
    if update_goldens:
        VERDICTS.write_text(json.dumps(verdicts, indent=1, sort_keys=True) + "\n")
    assert verdicts == json.loads(VERDICTS.read_text())
    assert summary.counts == {
        Status.OK: 162,
        Status.MISMATCH: 0,
        Status.UNVERIFIABLE: 3,
        Status.INCONSISTENT: 0,
    }


def test_the_unverifiable_hands_say_why(pokerstars_data: tuple[Store, AuditSummary]) -> None:
    store, _ = pokerstars_data
    unverifiable = {
        hand_id: row["reason"]
        for hand_id, row in _audit_rows(store).items()
        if row["status"] == Status.UNVERIFIABLE
    }
    assert unverifiable == {
        "112824184047": "not imported: hand cut off: it ends before its summary",
        "112824228684": "not imported: hand cut off: it ends before its summary",
        "142624277978": "not imported: expected the Table line",  # the file ends in it
    }


def _awards(store: Store, hand_id: str) -> list[tuple[Any, ...]]:
    rows = store.read("awards").to_pylist()
    return [
        (row["pot"], row["board"], row["half"], row["player"], row["amount"], row["hand_name"],
         row["cards"])
        for row in rows
        if row["hand_id"] == hand_id
    ]  # fmt: skip


def test_run_it_twice_courchevel_splits_each_board_after_the_rake(
    pokerstars_data: tuple[Store, AuditSummary],
) -> None:
    # Total $163.50, rake $0.50: each board shares $81.50; on board 2 the low ties and
    # the odd cent goes to Hero, the big blind, first left of the button heads-up.
    store, _ = pokerstars_data
    assert _awards(store, "97007286518") == [
        (0, 0, "hi", "Player0", 4075, "a full house, Sevens full of Fives", "7s 7h 7d 5s 5d"),
        (0, 0, "lo", "Hero", 4075, "7,5,4,3,A", "7h 5d 4s 3s As"),
        (0, 1, "hi", "Player0", 4075, "a straight, Seven high", "7d 6d 5d 4h 3s"),
        (0, 1, "lo", "Hero", 2038, "5,4,3,2,A", "5d 4s 3s 2s As"),
        (0, 1, "lo", "Player0", 2037, "5,4,3,2,A", "5s 4h 3s 2s Ah"),
    ]


def test_side_pots_are_paid_pot_by_pot(pokerstars_data: tuple[Store, AuditSummary]) -> None:
    # "Total pot 6195 Main pot 4170. Side pot-1 399. Side pot-2 1626.": the odd chip of
    # side pot-1 goes to the high half.
    store, _ = pokerstars_data
    assert [(pot, half, player, amount) for pot, _, half, player, amount, *_ in
            _awards(store, "68173693354")] == [
        (0, "hi", "Hero", 2085), (0, "lo", "Hero", 2085),
        (1, "hi", "tredex", 200), (1, "lo", "APTEM-89", 199),
        (2, "hi", "APTEM-89", 813), (2, "lo", "APTEM-89", 813),
    ]  # fmt: skip


def _real_hands(histories: Path) -> list[Hand]:
    hands = []
    for path in sorted((histories / "PokerStars").rglob("*.txt")):
        hands.extend(item for item in parsers.parse_file(path) if isinstance(item, Hand))
    return hands


def test_pokerstars_spreads_rake_in_proportion_with_largest_remainders(histories: Path) -> None:
    # "Total pot $1.08 Main pot $0.42. Side pot $0.61. | Rake $0.05": pots of 44 and 64
    # cents gave up 2 and 3. Rake from the main pot first, or in proportion with the
    # remainder to the main pot, both take 3 and 2, and do not balance.
    hand = next(h for h in _real_hands(histories) if h.hand_id == "60974484959")
    payout = expected_payout(ledger_of(hand), convention_for("pokerstars"))
    assert [pot.amount for pot in payout.pots] == [44, 64]
    assert payout.rake == (2, 3)
    assert (audit_hand(hand).status, audit_hand(hand).reason) == (Status.OK, None)
    # ranchim won both pots: under another rule only the division differs, and the
    # verdict, which is about players, is ok with a note
    other = audit_hand(hand, RULES_CONVENTION)
    assert other.status is Status.OK
    assert other.reason == (
        "the site divided the rake (5) among the pots as 2, 3, its rule as 5, 0; "
        "every player was paid right"
    )


def test_the_per_hand_path_agrees_with_the_audit_table(
    histories: Path, pokerstars_data: tuple[Store, AuditSummary]
) -> None:
    store, _ = pokerstars_data
    stored = _audit_rows(store)
    for hand in _real_hands(histories):
        verdict = audit_hand(hand)
        assert (verdict.status.value, verdict.reason) == (
            stored[hand.hand_id]["status"],
            stored[hand.hand_id]["reason"],
        ), hand.hand_id


def test_ledgers_read_back_from_the_store_are_the_parsed_ones(
    histories: Path, pokerstars_data: tuple[Store, AuditSummary]
) -> None:
    store, _ = pokerstars_data
    from_store = {}
    for site, month, _ in partitions(store):
        batch = load_batch(store, site, month)
        from_store.update((ledger.hand_id, ledger) for ledger in ledgers(batch, range(batch.hands)))
    hands = _real_hands(histories)
    assert len(hands) == len(from_store) == 162
    for hand in hands:
        assert from_store[hand.hand_id] == ledger_of(hand), hand.hand_id


def test_both_paths_give_the_same_rows(pokerstars_data: tuple[Store, AuditSummary]) -> None:
    store, _ = pokerstars_data
    for site, month, _ in partitions(store):
        batch = load_batch(store, site, month)
        fast = audit_batch(batch, convention_for(site))
        slow = audit_batch(batch, convention_for(site), exact=True)
        assert fast.audit.equals(slow.audit)
        assert fast.awards.equals(slow.awards)
        assert slow.fast == 0
        assert fast.fast > 0 or batch.hands < 3


def test_two_processes_write_the_same_tables(pokerstars_data: tuple[Store, AuditSummary]) -> None:
    store, summary = pokerstars_data
    before = {table: _sorted_rows(store, table) for table in ("audit", "awards")}
    again = run_audit(store, processes=2)
    assert again.counts == summary.counts
    assert {table: _sorted_rows(store, table) for table in before} == before


def _sorted_rows(store: Store, table: str) -> list[dict[str, Any]]:
    return sorted(store.read(table).to_pylist(), key=lambda row: json.dumps(row, default=str))


class _StoppedError(Exception):
    """Stands for the audit being stopped half way."""


def test_an_audit_stopped_half_way_leaves_the_previous_one(
    pokerstars_data: tuple[Store, AuditSummary],
) -> None:
    store, _ = pokerstars_data
    before = {table: _sorted_rows(store, table) for table in ("audit", "awards")}
    batches = iter(range(3))

    def stops_at_the_third_batch(site: str) -> SiteConvention:
        if next(batches, None) is None:
            raise _StoppedError
        return convention_for(site)

    with pytest.raises(_StoppedError):
        run_audit(store, conventions=stops_at_the_third_batch)
    assert {table: _sorted_rows(store, table) for table in before} == before
    assert not list(store.root.rglob("*.tmp"))


def test_progress_counts_the_hands_batch_by_batch(
    pokerstars_data: tuple[Store, AuditSummary],
) -> None:
    store, _ = pokerstars_data
    calls: list[tuple[int, int]] = []
    run_audit(store, processes=1, progress=lambda done, total: calls.append((done, total)))
    assert len(calls) == len(partitions(store))
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    imported = sum(count for _, _, count in partitions(store))
    assert {total for _, total in calls} == {imported}
    assert calls[-1][0] == imported


def test_a_worker_killed_half_way_stops_the_audit(
    pokerstars_data: tuple[Store, AuditSummary], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The worker (a forked child) dies on its first batch; this process audits the rest
    # and must then say the worker's batch is missing rather than wait for it for ever.
    store, _ = pokerstars_data
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("the worker inherits the patch only when forked")
    parent = os.getpid()
    real = audit_run._audit_job
    taken = multiprocessing.get_context("fork").Event()

    def dies_in_the_worker(job: Any, piece_hands: int) -> Any:
        if os.getpid() != parent:
            taken.set()
            os._exit(1)
        return real(job, piece_hands)

    def waits_for_the_worker(job: Any, conventions: Any, piece_hands: int) -> Any:
        taken.wait(timeout=30)  # so that the worker surely takes a batch
        return real_here(job, conventions, piece_hands)

    real_here = audit_run._audits_here
    monkeypatch.setattr(audit_run, "_audit_job", dies_in_the_worker)
    monkeypatch.setattr(audit_run, "_audits_here", waits_for_the_worker)
    before = {table: _sorted_rows(store, table) for table in ("audit", "awards")}
    with pytest.raises(RuntimeError, match="stopped before the end"):
        run_audit(store, processes=2)
    assert {table: _sorted_rows(store, table) for table in before} == before
