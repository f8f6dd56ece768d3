"""Issue 14, part A: the audit never stops on one hand, tells a bug from errors found,
and raises no false alarm on hands the site paid right (cancelled hands, uncalled bets
the site did not print). Every hand here is written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest
from audit_hands import hand
from typer.testing import CliRunner

import parsers
from tracker.audit import batch_rows
from tracker.audit.batch import audit_fast
from tracker.audit.contributions import ledger_of
from tracker.audit.conventions import RULES_CONVENTION, convention_for
from tracker.audit.ledgers import ledgers
from tracker.audit.loading import load_batch, partitions
from tracker.audit.run import run_audit
from tracker.audit.verdict import CANCELLED_NOTE, Status, audit_hand
from tracker.cards import parse_cards
from tracker.cli import BUG_EXIT_STATUS, app
from tracker.engine.rules import stud_high_order, stud_low_order
from tracker.importer import import_paths
from tracker.model import Game, Hand
from tracker.store import Store

runner = CliRunner()

HEADER = (
    "PokerStars Hand #{id}:  Omaha Hi/Lo Pot Limit ($0.25/$0.50 USD) - "
    "2015/10/22 0:24:41 CET [2015/10/21 18:24:41 ET]"
)

# Only one player in, who posts and has it back: no chips in any pot of the batch.
CANCELLED_ALONE = f"""{HEADER.format(id=900000000001)}
Table 'Test I' 6-max Seat #2 is the button
Seat 2: alice ($40 in chips)
alice: posts small blind $0.25
bob: is sitting out
Hand cancelled
*** SUMMARY ***
Seat 2: alice (button) collected ($0)
"""

CANCELLED_DEALT = f"""{HEADER.format(id=900000000002)}
Table 'Test I' 6-max Seat #3 is the button
Seat 2: alice ($40 in chips)
Seat 3: bob ($50 in chips)
bob: posts small blind $0.25
alice: posts big blind $0.50
*** HOLE CARDS ***
Hand cancelled
*** SUMMARY ***
Total pot $0.75 | Rake $0
Seat 2: alice (big blind) collected ($0)
Seat 3: bob (button) (small blind) collected ($0)
"""

PLAIN = f"""{HEADER.format(id=900000000003)}
Table 'Test I' 6-max Seat #3 is the button
Seat 2: alice ($40 in chips)
Seat 3: bob ($50 in chips)
bob: posts small blind $0.25
alice: posts big blind $0.50
*** HOLE CARDS ***
bob: folds
Uncalled bet ($0.25) returned to alice
alice collected $0.50 from pot
*** SUMMARY ***
Total pot $0.50 | Rake $0
Seat 2: alice (big blind) collected ($0.50)
Seat 3: bob (button) (small blind) folded before Flop
"""


def _hand(text: str) -> Hand:
    [hand] = parsers.parse_text(text)
    assert isinstance(hand, Hand), hand
    return hand


def _imported(tmp_path: Path, *texts: str) -> Path:
    folder = tmp_path / "hands"
    folder.mkdir()
    for number, text in enumerate(texts):
        (folder / f"hands-{number}.txt").write_text(text, encoding="utf-8")
    data = tmp_path / "data"
    with Store(data) as store:
        import_paths([folder], store)
    return data


def test_a_cancelled_hand_is_stored_as_such_and_ok_with_nothing_paid() -> None:
    for text in (CANCELLED_ALONE, CANCELLED_DEALT):
        hand = _hand(text)
        assert hand.cancelled
        verdict = audit_hand(hand)
        assert (verdict.status, verdict.reason) == (Status.OK, CANCELLED_NOTE)


def test_a_cancelled_hand_with_a_payment_is_unverifiable() -> None:
    text = CANCELLED_DEALT.replace(
        "Seat 3: bob (button) (small blind) collected ($0)", "Seat 3: bob (button)"
    ).replace("Hand cancelled\n", "Hand cancelled\nbob collected $0.75 from pot\n")
    verdict = audit_hand(_hand(text))
    assert verdict.status is Status.UNVERIFIABLE
    assert verdict.reason is not None
    assert "cancelled" in verdict.reason


def test_the_fast_path_takes_a_batch_with_no_chips_in_any_pot(tmp_path: Path) -> None:
    # The IndexError of the pot numbering: one cancelled hand stopped the audit.
    data = _imported(tmp_path, CANCELLED_ALONE)
    with Store(data) as store:
        [(site, month, _)] = partitions(store)
        fast = audit_fast(load_batch(store, site, month), convention_for(site))
    assert not fast.ok.any()  # left to the exact path, which says why


def test_the_audit_goes_on_past_cancelled_hands(tmp_path: Path) -> None:
    data = _imported(tmp_path, CANCELLED_ALONE, CANCELLED_DEALT + "\n\n" + PLAIN)
    result = runner.invoke(app, ["audit", "--data", str(data), "--all", "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert "3 hands: 3 ok" in result.output


def test_a_hand_the_audit_cannot_handle_is_unverifiable_and_the_rest_audited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _imported(tmp_path, CANCELLED_DEALT + "\n\n" + PLAIN)
    audit_ledger = batch_rows.audit_ledger

    def failing(ledger, convention):  # type: ignore[no-untyped-def]
        if ledger.hand_id == "900000000003":
            raise IndexError("a fault of the audit's own")
        return audit_ledger(ledger, convention)

    monkeypatch.setattr(batch_rows, "audit_ledger", failing)
    monkeypatch.setattr(batch_rows, "audit_fast", _fast_path_fault)
    with Store(data) as store:
        summary = run_audit(store, processes=1)
        rows = {row["hand_id"]: row for row in store.read("audit").to_pylist()}
    assert summary.counts[Status.OK] == 1
    assert rows["900000000003"]["status"] == "unverifiable"
    assert rows["900000000003"]["reason"] == (
        f"{batch_rows.AUDIT_FAULT}: IndexError: a fault of the audit's own"
    )


def _fast_path_fault(*_: object) -> object:
    raise ValueError("a fault of the fast path")


def test_a_fault_of_the_fast_path_leaves_every_hand_to_the_exact_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _imported(tmp_path, PLAIN)
    monkeypatch.setattr(batch_rows, "audit_fast", _fast_path_fault)
    with Store(data) as store:
        summary = run_audit(store, processes=1)
    assert (summary.counts[Status.OK], summary.fast) == (1, 0)


def test_an_internal_error_exits_3_with_its_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _imported(tmp_path, PLAIN)

    def broken(*_: object, **__: object) -> object:
        raise KeyError("a bug")

    monkeypatch.setattr("tracker.audit.run.run_audit", broken)
    result = runner.invoke(app, ["audit", "--data", str(data)])
    assert result.exit_code == BUG_EXIT_STATUS == 3
    assert "Traceback" in result.output
    assert "KeyError: 'a bug'" in result.output


def test_an_internal_error_in_import_audit_exits_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = tmp_path / "plain.txt"
    history.write_text(PLAIN, encoding="utf-8")

    def broken(*_: object, **__: object) -> object:
        raise KeyError("a bug")

    monkeypatch.setattr("tracker.audit.run.run_audit", broken)
    data = tmp_path / "data"
    result = runner.invoke(app, ["import", str(history), "--data", str(data), "--audit"])
    assert result.exit_code == BUG_EXIT_STATUS, result.output
    assert "KeyError: 'a bug'" in result.output
    with Store(data) as store:  # the import itself landed before the audit broke
        assert store.row_counts()["hands"] == 1


def test_errors_found_still_exit_1(tmp_path: Path) -> None:
    data = _imported(tmp_path, PLAIN.replace("alice collected $0.50", "alice collected $0.40"))
    result = runner.invoke(app, ["audit", "--data", str(data)])
    assert result.exit_code == 1, result.output


# ---- uncalled bets the site did not print --------------------------------------------

OLD_HEADER = "PokerStars Game #900000000010: Omaha Pot Limit ($5/$10) - 2005/09/01 23:34:07 ET"

NOT_PRINTED = f"""{OLD_HEADER}
Table 'Old I' 6-max Seat #3 is the button
Seat 1: ann ($800 in chips)
Seat 2: bob ($500 in chips)
Seat 3: cat ($600 in chips)
ann: posts small blind $5
bob: posts big blind $10
*** HOLE CARDS ***
cat: raises $20 to $30
ann: folds
bob: folds
cat collected $25 from pot
*** SUMMARY ***
Total pot $25 | Rake $0
Seat 1: ann (small blind) folded before Flop
Seat 2: bob (big blind) folded before Flop
Seat 3: cat (button) collected ($25)
"""

LEFT_IN_THE_POT = (
    NOT_PRINTED.replace("cat collected $25", "cat collected $45")
    .replace("Total pot $25", "Total pot $45")
    .replace("collected ($25)", "collected ($45)")
)


def test_an_uncalled_bet_not_printed_is_inferred_from_the_total_pot() -> None:
    verdict = audit_hand(_hand(NOT_PRINTED))
    assert verdict.status is Status.OK
    assert verdict.reason == (
        "uncalled bet of cat (2000) returned, inferred from the total pot "
        "(the site printed no return)"
    )


def test_an_uncalled_bet_left_in_the_pot_for_its_owner_is_no_error() -> None:
    verdict = audit_hand(_hand(LEFT_IN_THE_POT))
    assert verdict.status is Status.OK
    assert verdict.reason is not None
    assert "left in the pot" in verdict.reason


def test_an_uncalled_bet_given_to_another_player_is_still_an_error() -> None:
    text = NOT_PRINTED.replace("cat collected $25", "bob collected $25").replace(
        "Seat 3: cat (button) collected ($25)", "Seat 3: cat (button)"
    )
    assert audit_hand(_hand(text)).status is Status.INCONSISTENT


def test_inferred_returns_through_an_import_and_the_audit(tmp_path: Path) -> None:
    other = LEFT_IN_THE_POT.replace("#900000000010:", "#900000000011:")
    data = _imported(tmp_path, NOT_PRINTED + "\n\n" + other)
    with Store(data) as store:
        run_audit(store, processes=1)
        statuses = store.read("audit").column("status").to_pylist()
    assert statuses == ["ok", "ok"]


# ---- the rake's division among the pots ------------------------------------------------


def _rake_divided(actions: list[str], collections: list[str]) -> tuple[Status, str | None]:
    # RULES convention: the rake (7) from the main pot first; the site took 3 and 4.
    verdict = audit_hand(
        hand(
            seats=["ann:1", "bob:2", "cat:3"], actions=actions, game=Game.OMAHA_HI,
            shown=["ann: Ad Kd 3s 2s", "bob: 7c 6s 7h As", "cat: Kh Kc Ts 9s"],
            boards=["Jd 4d 3c Qd 5h"], rake=7, main_pot=297, side_pots=[396],
            collections=collections,
        ),
        RULES_CONVENTION,
    )  # fmt: skip
    return verdict.status, verdict.reason


def test_a_rake_divided_otherwise_among_pots_one_player_won_is_ok_with_a_note() -> None:
    actions = ["bob call 100", "cat call 300", "ann call 300"]  # ann wins both pots
    status, reason = _rake_divided(actions, ["ann 297", "ann 396 1"])
    assert status is Status.OK
    assert reason == (
        "the site divided the rake (7) among the pots as 3, 4, its rule as 7, 0; "
        "every player was paid right"
    )


def test_a_rake_division_that_changes_who_gets_what_is_a_mismatch() -> None:
    actions = ["ann call 100", "bob call 300", "cat call 300"]  # ann main, bob side
    status, _ = _rake_divided(actions, ["ann 297", "bob 396 1"])
    assert status is Status.MISMATCH


# ---- stud: the card dealt face up to all when the deck runs out ----------------------

DECK_RAN_OUT = """PokerStars Game #900000000020:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - \
2009/11/26 10:27:46 ET
Table 'Deck I' 8-max
Seat 1: ann ($1 in chips)
Seat 2: bob ($1 in chips)
ann: posts the ante $0.01
bob: posts the ante $0.01
*** 3rd STREET ***
Dealt to ann [4s]
Dealt to bob [Qc]
ann: brings in for $0.02
bob: calls $0.02
*** 4th STREET ***
Dealt to ann [4s] [8h]
Dealt to bob [Qc] [Jc]
ann: checks
bob: checks
*** 5th STREET ***
Dealt to ann [4s 8h] [Kc]
Dealt to bob [Qc Jc] [Tc]
ann: checks
bob: checks
*** 6th STREET ***
Dealt to ann [4s 8h Kc] [Kd]
Dealt to bob [Qc Jc Tc] [9d]
ann: checks
bob: checks
*** RIVER ***
ann: checks
bob: checks
*** SHOW DOWN ***
ann: shows [2c 3d 4s 8h Kc Kd] (HI: a pair of Kings; LO: 8,6,4,3,2)
bob: shows [Qs Qd Qc Jc Tc 9d] (HI: three of a kind, Queens)
bob collected $0.03 from pot
ann collected $0.03 from pot
*** SUMMARY ***
Total pot $0.06 | Rake $0
Board [6h]
Seat 1: ann showed [2c 3d 4s 8h Kc Kd] and won ($0.03) with HI: a pair of Kings; LO: 8,6,4,3,2
Seat 2: bob showed [Qs Qd Qc Jc Tc 9d] and won ($0.03) with HI: three of a kind, Queens
"""


def test_a_stud_card_dealt_to_all_is_read_and_plays_in_every_hand(tmp_path: Path) -> None:
    # ann's low, 8-6-4-3-2, needs the shared 6h: without it she has no low.
    hand = _hand(DECK_RAN_OUT)
    assert [[card.text for card in board] for board in hand.boards] == [["6h"]]
    verdict = audit_hand(hand)
    assert verdict.status is Status.OK
    assert [(award.player, award.half, award.amount) for award in verdict.awards] == [
        ("bob", "hi", 3),
        ("ann", "lo", 3),
    ]
    data = _imported(tmp_path, DECK_RAN_OUT)
    with Store(data) as store:
        [(site, month, _)] = partitions(store)
        batch = load_batch(store, site, month)
        assert ledgers(batch, [0]) == [ledger_of(hand)]
        run_audit(store, processes=1)
        assert store.read("audit").column("status").to_pylist() == ["ok"]


# ---- stud odd chips: the cards a player holds decide, not the five the evaluator chose --


def test_a_tied_stud_low_goes_by_the_lowest_card_held_among_the_choices() -> None:
    # Both make 8-7-4-3-2; ann holds the 2c as well as the 2s her five show: her 2c is
    # the lowest card, so the odd chip of the tied low half is hers.
    ann, bob = parse_cards("8d 7d 4d 3d 2s"), parse_cards("8h 7h 4h 3h 2d")
    assert stud_low_order([ann, bob]) == (1, 0)
    assert stud_low_order([ann, bob], [parse_cards("8d 7d 4d 3d 2s 2c Kc"), None]) == (0, 1)


def test_a_tied_stud_high_goes_by_the_highest_card_held_among_the_choices() -> None:
    straight = [parse_cards("9d 8c 7c 6c 5c"), parse_cards("9h 8d 7d 6d 5d")]
    assert stud_high_order(straight) == (1, 0)
    assert stud_high_order(straight, [parse_cards("9s 9d 8c 7c 6c 5c Kd"), None]) == (0, 1)
    # a flush is made with its own suit only
    flushes = [parse_cards("Kc 9c 7c 5c 3c"), parse_cards("Kd 9d 7d 5d 3d")]
    assert stud_high_order(flushes, [parse_cards("Kc Ks 9c 7c 5c 3c 2h"), None]) == (1, 0)
