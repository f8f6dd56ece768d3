"""Simulated PokerStars files read back, by the site's own parser, as what was dealt and paid."""

from __future__ import annotations

import itertools
from pathlib import Path

from simulated_tables import each_table

import parsers
from tracker.model import CardSource, Game, Hand, Street, Structure
from tracker.simulate import SimulatedHand, iter_hands, simulate, truth
from tracker.simulate.pokerstars_format import HAND_SEPARATOR, format_hand, roman

CONFIGS = [
    (Game.OMAHA_HILO, Structure.POT_LIMIT, 6),
    (Game.OMAHA_HILO, Structure.NO_LIMIT, 9),
    (Game.OMAHA_HILO, Structure.LIMIT, 2),
    (Game.OMAHA5_HILO, Structure.POT_LIMIT, 6),
    (Game.OMAHA5_HILO, Structure.LIMIT, 4),
    (Game.COURCHEVEL_HILO, Structure.POT_LIMIT, 6),
    (Game.COURCHEVEL_HILO, Structure.NO_LIMIT, 3),
    (Game.STUD_HILO, Structure.LIMIT, 7),
    (Game.STUD_HI, Structure.LIMIT, 5),
    (Game.OMAHA_HI, Structure.POT_LIMIT, 10),
    (Game.OMAHA5_HI, Structure.NO_LIMIT, 6),
    (Game.COURCHEVEL_HI, Structure.LIMIT, 6),
]
TOURNAMENTS = [
    (Game.OMAHA_HILO, Structure.NO_LIMIT, 6),
    (Game.STUD_HILO, Structure.LIMIT, 7),
    (Game.COURCHEVEL_HILO, Structure.LIMIT, 4),
]


def _facts(hand: SimulatedHand) -> dict[str, object]:
    """What the text states, from the simulator's side."""
    settlement = hand.settlement
    sides = truth.side_pots(hand)
    return {
        "hand_id": str(hand.setup.hand_id),
        "game": hand.game,
        "structure": hand.structure,
        "table_name": hand.setup.table_name,
        "max_seats": hand.setup.max_seats,
        "button_seat": hand.setup.button_seat,
        "started_at": hand.setup.started_at,
        "hero": "Hero",
        "seats": truth.seats(hand),
        "actions": truth.actions(hand),
        "boards": truth.boards(hand),
        "returned": truth.returned(hand),
        "collections": truth.collections(hand),
        "total_pot": truth.total_pot(hand),
        "main_pot": settlement.pots[0].amount - settlement.rake[0] if sides else None,
        "side_pots": sides,
        "rake": hand.rake,
        "shown": truth.shown_cards(hand),
        "mucked": truth.mucked_cards(hand),
        "won": {hand.setup.names[p]: won for p, won in enumerate(hand.reported()) if won},
        "tournament": (
            None
            if hand.setup.tournament_id is None
            else (str(hand.setup.tournament_id), roman(hand.setup.level or 0))
        ),
    }


def _parsed_facts(hand: Hand) -> dict[str, object]:
    """The same facts, from the parser's side."""

    def cards(source: CardSource) -> dict[str, object]:
        return {known.player: known.cards for known in hand.known_cards if known.source is source}

    return {
        "hand_id": hand.hand_id,
        "game": hand.game,
        "structure": hand.structure,
        "table_name": hand.table_name,
        "max_seats": hand.max_seats,
        "button_seat": hand.button_seat,
        "started_at": hand.started_at,
        "hero": hand.hero,
        "seats": hand.seats,
        "actions": hand.actions,
        "boards": hand.boards,
        "returned": hand.returned,
        "collections": hand.collections,
        "total_pot": hand.total_pot,
        "main_pot": hand.main_pot,
        "side_pots": hand.side_pots,
        "rake": hand.rake,
        "shown": cards(CardSource.SHOWN),
        "mucked": cards(CardSource.MUCKED),
        "won": {summary.player: summary.won for summary in hand.summaries if summary.won},
        "tournament": (
            None
            if hand.tournament is None
            else (hand.tournament.tournament_id, hand.tournament.level)
        ),
    }


@each_table(CONFIGS)
def test_every_hand_reads_back_as_simulated(game: Game, structure: Structure, players: int) -> None:
    simulated = iter_hands(game, structure, hands=200, players=players, seed=77, error_rate=0.05)
    _check_round_trip(list(simulated))


@each_table(TOURNAMENTS)
def test_tournament_hands_read_back_as_simulated(
    game: Game, structure: Structure, players: int
) -> None:
    simulated = list(
        iter_hands(game, structure, hands=200, players=players, seed=78, tournament=True)
    )
    assert all(hand.rake == 0 for hand in simulated)
    assert len({hand.setup.level for hand in simulated}) >= 3
    _check_round_trip(simulated)


RUN_TWICE = [
    (Game.OMAHA_HILO, Structure.NO_LIMIT, 6),
    (Game.OMAHA_HILO, Structure.POT_LIMIT, 9),
    (Game.OMAHA5_HILO, Structure.NO_LIMIT, 6),
    (Game.COURCHEVEL_HILO, Structure.NO_LIMIT, 6),
    (Game.COURCHEVEL_HILO, Structure.POT_LIMIT, 4),
    (Game.OMAHA_HI, Structure.NO_LIMIT, 2),
    (Game.OMAHA5_HI, Structure.POT_LIMIT, 6),
    (Game.COURCHEVEL_HI, Structure.NO_LIMIT, 6),
]


@each_table(RUN_TWICE)
def test_hands_run_twice_read_back_as_simulated(
    game: Game, structure: Structure, players: int
) -> None:
    """Both boards, and the collections of each board, as dealt and paid (errors too)."""
    hands = iter_hands(game, structure, hands=300, players=players, seed=79, error_rate=0.1,
                       run_it_twice=0.5)  # fmt: skip
    simulated = list(hands)
    twice = [hand for hand in simulated if hand.dealt.second_board]
    assert len(twice) >= 3
    assert any(award.board == 1 for hand in twice for award in hand.payments)
    _check_round_trip(simulated)


def test_hands_run_twice_are_run_out_from_every_street() -> None:
    run_out = set()
    for game, structure, players in RUN_TWICE:
        simulated = iter_hands(game, structure, hands=300, players=players, seed=79,
                               run_it_twice=0.5)  # fmt: skip
        run_out |= {hand.played.run_out for hand in simulated if hand.dealt.second_board}
    assert run_out == {Street.FLOP, Street.TURN, Street.RIVER}


def _check_round_trip(simulated: list[SimulatedHand]) -> None:
    text = "".join(format_hand(hand) + HAND_SEPARATOR for hand in simulated)
    parsed = list(parsers.parse_text(text, file="simulated.txt"))
    assert len(parsed) == len(simulated)
    for hand, read in zip(simulated, parsed, strict=True):
        assert isinstance(read, Hand), read
        expected, found = _facts(hand), _parsed_facts(read)
        differing = [key for key in expected if expected[key] != found[key]]
        assert not differing, (hand.setup.hand_id, {k: (expected[k], found[k]) for k in differing})


def test_a_written_file_parses_whole(tmp_path: Path) -> None:
    out = tmp_path / "hands.txt"
    summary = simulate(Game.OMAHA_HILO, Structure.POT_LIMIT, hands=300, players=6, seed=5, out=out)
    hands = list(parsers.parse_file(out))
    assert summary.hands == 300
    assert all(isinstance(hand, Hand) for hand in hands)
    ids = [int(hand.hand_id) for hand in hands if isinstance(hand, Hand)]
    assert ids == sorted(set(ids))
    assert len(ids) == 300


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    first, second, other = (tmp_path / name for name in ("a.txt", "b.txt", "c.txt"))
    for out, seed in ((first, 8), (second, 8), (other, 9)):
        simulate(
            Game.STUD_HILO, Structure.LIMIT, hands=150, players=7, seed=seed, out=out,
            error_rate=0.1,
        )  # fmt: skip
    assert first.read_bytes() == second.read_bytes()
    assert Path(f"{first}.errors.jsonl").read_bytes() == Path(f"{second}.errors.jsonl").read_bytes()
    assert first.read_bytes() != other.read_bytes()


def test_time_moves_on_in_sessions() -> None:
    """Hands one to two minutes apart, sessions apart by more than half an hour, and
    the table changes between sessions."""
    hands = list(iter_hands(Game.OMAHA_HILO, Structure.POT_LIMIT, hands=1500, players=6, seed=3))
    gaps = [
        ((later.setup.started_at - earlier.setup.started_at).total_seconds(), later.setup)
        for earlier, later in itertools.pairwise(hands)
    ]
    assert all(55 <= gap <= 125 or gap > 30 * 60 for gap, _ in gaps)
    assert sum(gap > 30 * 60 for gap, _ in gaps) >= 3
    assert len({hand.setup.table_name for hand in hands}) >= 3
