"""Injected payout errors: exactly the listed hands are paid wrongly, each in the stated way.

The expected payouts are worked out again from the written file alone: the parser reads
it back, and the engine settles every hand from the parsed seats, actions, cards and
rake, as an audit would.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import parsers
from tracker.audit.conventions import convention_for
from tracker.engine.rules import Half
from tracker.engine.settle import Entrant, settle
from tracker.model import ActionKind, CardSource, Game, Hand, Structure
from tracker.simulate import ErrorKind, SimulatedHand, iter_hands, simulate


def _expected(hand: Hand) -> dict[str, int]:
    """Per player, what the rules pay in this parsed hand (zero amounts left out)."""
    by_seat = {seat.player: seat.seat for seat in hand.seats}
    names = sorted(by_seat, key=by_seat.__getitem__)
    if hand.button_seat is not None:
        left = [n for n in names if by_seat[n] > hand.button_seat]
        names = left + [n for n in names if by_seat[n] <= hand.button_seat]
    put_in = Counter[str]()
    folded = set()
    for action in hand.actions:
        if action.kind.puts_chips_in:
            put_in[action.player] += action.amount
        if action.kind is ActionKind.FOLD:
            folded.add(action.player)
    for back in hand.returned:
        put_in[back.player] -= back.amount
    cards = {
        known.player: known.cards
        for known in hand.known_cards
        if known.source in (CardSource.SHOWN, CardSource.MUCKED)
    }
    entrants = [Entrant(name, cards.get(name, ()), put_in[name], name in folded) for name in names]
    convention = convention_for(hand.site)
    settled = settle(
        hand.game,
        entrants,
        hand.boards,
        rake=hand.rake or 0,
        odd_chip_rule=convention.odd_chip_rule,
        rake_rule=convention.rake_rule,
    )
    return {name: won for name, won in zip(names, settled.won, strict=True) if won}


def _reported(hand: Hand) -> dict[str, int]:
    paid = Counter[str]()
    for collection in hand.collections:
        paid[collection.player] += collection.amount
    return {name: amount for name, amount in paid.items() if amount}


def _sidecar(out: Path) -> dict[str, dict[str, object]]:
    lines = Path(f"{out}.errors.jsonl").read_text(encoding="utf-8").splitlines()
    return {entry["hand_id"]: entry for entry in map(json.loads, lines)}


@pytest.mark.parametrize(
    ("game", "structure", "players", "hands"),
    [
        (Game.OMAHA_HILO, Structure.POT_LIMIT, 6, 1500),
        (Game.OMAHA5_HILO, Structure.NO_LIMIT, 9, 600),
        (Game.STUD_HILO, Structure.LIMIT, 7, 800),
        (Game.OMAHA_HI, Structure.LIMIT, 6, 500),
    ],
    ids=["omaha-hilo", "omaha5-hilo", "stud-hilo", "omaha-hi"],
)
def test_exactly_the_listed_hands_are_paid_wrongly(
    tmp_path: Path, game: Game, structure: Structure, players: int, hands: int
) -> None:
    out = tmp_path / "hands.txt"
    summary = simulate(
        game, structure, hands=hands, players=players, seed=31, out=out, error_rate=0.04
    )
    listed = _sidecar(out)
    assert len(listed) == summary.errors_injected >= hands * 0.04 - 3
    wrong = {}
    for hand in parsers.parse_file(out):
        assert isinstance(hand, Hand), hand
        assert sum(c.amount for c in hand.collections) == (hand.total_pot or 0) - (hand.rake or 0)
        expected, reported = _expected(hand), _reported(hand)
        if expected != reported:
            names = set(expected) | set(reported)
            delta = {n: reported.get(n, 0) - expected.get(n, 0) for n in names}
            wrong[hand.hand_id] = {n: d for n, d in delta.items() if d}
    assert set(wrong) == set(listed)
    for hand_id, delta in wrong.items():
        assert delta == listed[hand_id]["delta"]


def test_rate_zero_pays_every_hand_right(tmp_path: Path) -> None:
    out = tmp_path / "hands.txt"
    simulate(Game.COURCHEVEL_HILO, Structure.POT_LIMIT, hands=400, players=6, seed=4, out=out)
    assert _sidecar(out) == {}
    for hand in parsers.parse_file(out):
        assert isinstance(hand, Hand)
        assert _expected(hand) == _reported(hand)


def test_the_number_of_errors_follows_the_rate() -> None:
    hands = list(iter_hands(Game.OMAHA_HILO, Structure.LIMIT, hands=3000, players=6, seed=12,
                            error_rate=0.01))  # fmt: skip
    errors = sum(hand.error is not None for hand in hands)
    assert 27 <= errors <= 30


@pytest.fixture(scope="module")
def injected() -> list[SimulatedHand]:
    hands = iter_hands(
        Game.OMAHA_HILO, Structure.NO_LIMIT, hands=2500, players=6, seed=21, error_rate=0.25
    )
    return [hand for hand in hands if hand.error is not None]


def test_every_kind_is_injected(injected: list[SimulatedHand]) -> None:
    kinds = Counter(hand.error.kind for hand in injected if hand.error)
    assert set(kinds) == set(ErrorKind)
    assert min(kinds.values()) >= 10


def test_each_error_is_of_its_kind(injected: list[SimulatedHand]) -> None:
    for hand in injected:
        error = hand.error
        assert error is not None
        correct, paid = hand.settlement.awards, hand.payments
        assert sum(a.amount for a in paid) == sum(a.amount for a in correct)
        names = hand.setup.names
        delta = {names.index(name): change for name, change in error.delta.items()}
        assert len(delta) >= 2
        assert sum(delta.values()) == 0
        in_pot = [a for a in correct if a.pot == error.pot]
        losers = [p for p, change in delta.items() if change < 0]
        gainers = [p for p, change in delta.items() if change > 0]
        if error.kind in (ErrorKind.CENT_MOVED, ErrorKind.ODD_CHIP_TO_WRONG_PLAYER):
            assert sorted(delta.values()) == [-1, 1]
            assert gainers[0] in hand.settlement.pots[error.pot].eligible
        if error.kind is ErrorKind.ODD_CHIP_TO_WRONG_PLAYER:
            (giver,), (taker,) = losers, gainers
            # The rules gave the giver one unit more than the taker: a split that did
            # not divide evenly, its odd unit now paid to the other player.
            assert any(
                a.player == giver and b.player == taker and a.amount == b.amount + 1
                for a in in_pot
                for b in in_pot
            )
        if error.kind is ErrorKind.LOW_TO_WRONG_PLAYER:
            (low,) = [a for a in in_pot if a.half is Half.LOW]
            assert delta == {low.player: -low.amount, gainers[0]: low.amount}
            assert gainers[0] in hand.settlement.pots[error.pot].eligible
        if error.kind is ErrorKind.QUARTER_AS_HALF:
            halves = Counter(a.half for a in in_pot)
            assert halves[Half.HIGH] >= 1
            assert halves[Half.LOW] >= 1
            (half,) = [
                h
                for h in (Half.HIGH, Half.LOW)
                if {a.player for a in in_pot if a.half is h} == set(delta)
            ]
            (lost,) = [a.amount for a in in_pot if a.half is half and a.player == losers[0]]
            assert delta == {losers[0]: -lost, gainers[0]: lost}
        if error.kind is ErrorKind.SIDE_POT_TO_INELIGIBLE:
            assert error.pot >= 1
            (taker,) = gainers
            assert taker not in hand.settlement.pots[error.pot].eligible
            assert delta[taker] == sum(a.amount for a in in_pot)


@pytest.fixture(scope="module")
def injected_twice() -> list[SimulatedHand]:
    hands = iter_hands(Game.OMAHA_HILO, Structure.NO_LIMIT, hands=2500, players=6, seed=22,
                       error_rate=0.5, run_it_twice=1.0)  # fmt: skip
    return [hand for hand in hands if hand.error is not None and hand.dealt.second_board]


def test_errors_in_hands_run_twice_stay_on_one_board(injected_twice: list[SimulatedHand]) -> None:
    """Every kind applies to hands run twice; each changes who is paid on one board (a
    side pot to an ineligible player, on both), and no money moves between boards."""
    kinds = Counter(hand.error.kind for hand in injected_twice if hand.error)
    assert set(kinds) == set(ErrorKind)
    assert min(kinds.values()) >= 5
    for hand in injected_twice:
        assert hand.error is not None
        change = Counter[tuple[int, int]]()
        for award in hand.payments:
            change[award.board, award.player] += award.amount
        for award in hand.settlement.awards:
            change[award.board, award.player] -= award.amount
        boards = {board for (board, _), amount in change.items() if amount}
        for board in (0, 1):
            assert sum(amount for (on, _), amount in change.items() if on == board) == 0
        if hand.error.kind is ErrorKind.SIDE_POT_TO_INELIGIBLE:
            pot = hand.error.pot
            assert boards == {a.board for a in hand.settlement.awards if a.pot == pot}
        else:
            (board,) = boards
            assert f"on board {board + 1}" in hand.error.detail
