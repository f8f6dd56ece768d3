"""Run it twice in the simulator: what is dealt, how it is paid and written, and that a
rate of 0 leaves every output as it was before the option existed."""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from pathlib import Path

import pytest
from simulated_tables import each_table

from tracker.cards import DECK
from tracker.model import Game, Street, Structure
from tracker.simulate import SimulatedHand, SimulationError, iter_hands, simulate
from tracker.simulate.pokerstars_format import format_hand
from tracker.simulate.twice import shared_cards

PINNED = {
    (Game.OMAHA_HILO, Structure.POT_LIMIT, 6, False): "d52c9a10d96d5e059603bfa6ed7b53ca",
    (Game.OMAHA5_HILO, Structure.NO_LIMIT, 6, False): "15600af5782560d5cdbc8248abb5c2a1",
    (Game.COURCHEVEL_HILO, Structure.LIMIT, 6, False): "dc647e466897d575b2a92e73c7adc739",
    (Game.STUD_HILO, Structure.LIMIT, 7, False): "d896db7aa22b208b96c15487e7c6fd5c",
    (Game.OMAHA_HI, Structure.POT_LIMIT, 6, False): "05624e7b7ccac2d3bf1dfc3fbe3700e3",
    (Game.OMAHA5_HI, Structure.POT_LIMIT, 6, False): "d2fb8323a163b10fa45f1e580c044a4f",
    (Game.COURCHEVEL_HI, Structure.NO_LIMIT, 6, False): "4ad6f7a803319d6eddf56678f18f5095",
    (Game.STUD_HI, Structure.LIMIT, 7, False): "bd9700a4006cfb04f29bb9f4ad9a6958",
    (Game.OMAHA_HILO, Structure.NO_LIMIT, 6, True): "1d3a93d79de09545e69c865750299460",
}  # fmt: skip
"""Per game (structure, players, tournament), the first half of the SHA-256 of 300 hands
of seed 2024 at an error rate of 0.05, the file then a zero byte then its sidecar, as the
simulator wrote them before run it twice existed."""


@pytest.mark.parametrize(
    ("game", "structure", "players", "tournament"),
    list(PINNED),
    ids=[f"{g.value}-{s.value}{'-tournament' if t else ''}" for g, s, _, t in PINNED],
)
def test_a_rate_of_zero_writes_what_was_written_before(
    tmp_path: Path, game: Game, structure: Structure, players: int, tournament: bool
) -> None:
    out = tmp_path / "hands.txt"
    simulate(game, structure, hands=300, players=players, seed=2024, out=out,
             error_rate=0.05, tournament=tournament, run_it_twice=0.0)  # fmt: skip
    written = out.read_bytes() + b"\0" + Path(f"{out}.errors.jsonl").read_bytes()
    digest = hashlib.sha256(written).hexdigest()[:32]
    assert digest == PINNED[game, structure, players, tournament]


def _hands(game: Game, structure: Structure, players: int, rate: float) -> list[SimulatedHand]:
    return list(iter_hands(game, structure, hands=500, players=players, seed=31,
                           run_it_twice=rate))  # fmt: skip


RUN_OUT_CONFIGS = [
    (Game.OMAHA_HILO, Structure.NO_LIMIT, 6),
    (Game.OMAHA5_HILO, Structure.NO_LIMIT, 9),
    (Game.COURCHEVEL_HILO, Structure.NO_LIMIT, 6),
    (Game.OMAHA_HI, Structure.POT_LIMIT, 4),
]


@each_table(RUN_OUT_CONFIGS)
def test_every_hand_run_out_is_run_twice_at_a_rate_of_one(
    game: Game, structure: Structure, players: int
) -> None:
    """The second board keeps the cards dealt before the run-out and draws the rest from
    the cards nobody holds and the first board does not use; only a deck too short for
    the second run (five-card games at a full table) keeps a run-out hand to one board."""
    hands = _hands(game, structure, players, 1.0)
    twice = [hand for hand in hands if hand.dealt.second_board]
    assert len(twice) >= 10
    for hand in hands:
        run_out = hand.played.run_out
        if not hand.dealt.second_board:
            if run_out is not None:
                shared = shared_cards(game, run_out)
                assert len(DECK) - players * game.hole_card_count - 5 < 5 - shared
            continue
        assert run_out is not None
        assert hand.played.showdown
        first, second = hand.dealt.board, hand.dealt.second_board
        shared = shared_cards(game, run_out)
        assert len(second) == 5
        assert second[:shared] == first[:shared]
        held = {card for cards in hand.dealt.hole_cards for card in cards}
        drawn = set(second[shared:])
        assert len(drawn) == 5 - shared
        assert not drawn & (held | set(first))
        assert len(hand.settlement.hands) == 2


def test_the_hands_before_the_first_one_run_twice_are_the_same() -> None:
    """The run-it-twice choice and cards come from their own random stream: until a hand
    is run twice the hands are those of a rate of 0, and the hand run twice has the same
    cards and betting (later hands differ as the stacks paid out differ)."""
    once = _hands(Game.OMAHA_HILO, Structure.NO_LIMIT, 6, 0.0)
    twice = _hands(Game.OMAHA_HILO, Structure.NO_LIMIT, 6, 0.5)
    first = next(index for index, hand in enumerate(twice) if hand.dealt.second_board)
    assert first > 0
    for before, after in zip(once[:first], twice[:first], strict=True):
        assert format_hand(before) == format_hand(after)
    same, run_twice = once[first], twice[first]
    assert same.played.steps == run_twice.played.steps
    assert same.dealt.board == run_twice.dealt.board
    assert same.dealt.hole_cards == run_twice.dealt.hole_cards


def test_each_board_takes_half_of_every_pot_the_odd_unit_to_the_first() -> None:
    """PokerStars' convention as docs/sites.md records it: the rake off first, then half
    of every pot to each board, an odd unit to the first board (the real files do not
    show one); each board's half is then split on that board. A pot only one player is
    eligible for is paid whole on the first board (Full Tilt's real files show it)."""
    odd = 0
    for game, structure, players in RUN_OUT_CONFIGS:
        for hand in _hands(game, structure, players, 1.0):
            if not hand.dealt.second_board:
                continue
            settlement = hand.settlement
            for pot, (built, rake) in enumerate(zip(settlement.pots, settlement.rake, strict=True)):
                per_board = Counter[int]()
                for award in settlement.awards:
                    if award.pot == pot:
                        per_board[award.board] += award.amount
                net = built.amount - rake
                if len(built.eligible) == 1:  # not contested, so not run again
                    assert (per_board[0], per_board[1]) == (net, 0)
                    continue
                assert (per_board[0], per_board[1]) == (net - net // 2, net // 2)
                odd += net % 2
    assert odd > 0


def _markers(text: str) -> list[str]:
    """The "*** NAME ***" markers of a hand, and its run-it-twice summary lines without
    their cards."""
    found = []
    for line in text.splitlines():
        if line.startswith("*** "):
            found.append(line[: line.index(" ***", 4) + 4])
        elif line == "Hand was run twice" or line.startswith(("FIRST Board", "SECOND Board")):
            found.append(line.partition(" [")[0])
    return found


_SEAT_RESULT = re.compile(
    r"showed \[[^]]+\] and (won \(\$[\d.]+\)|lost) with .+?, and (won \(\$[\d.]+\)|lost) with .+"
)
"""A shown hand's summary when run twice: one result per board, joined by ", and "."""

REAL_HANDS = {
    "flop": (
        Game.COURCHEVEL_HILO,
        "PokerStars/courchevel-hilo/PL-Courchevel-HL-6max-USD-1.00-2.00-201303.Run.It.Twice.txt",
    ),
    "preflop": (
        Game.OMAHA_HI,
        "PokerStars/omaha-hi/PLO-6max-USD-200-400-201505.rit.leaves.table.txt",
    ),
}
"""The two real PokerStars hands run twice: all in on the flop, and before it."""


@pytest.mark.parametrize("all_in", list(REAL_HANDS))
def test_hands_run_twice_are_laid_out_as_the_real_ones(histories: Path, all_in: str) -> None:
    game, name = REAL_HANDS[all_in]
    real = (histories / name).read_text(encoding="utf-8-sig").replace("\r\n", "\n")
    run_out = Street.TURN if all_in == "flop" else Street.FLOP
    hands = _hands(game, Structure.NO_LIMIT, 2 if game is Game.OMAHA_HI else 6, 1.0)
    heads_up = [
        hand
        for hand in hands
        if hand.played.run_out is run_out
        and hand.dealt.second_board
        and len(hand.settlement.pots) == 1
        and sum(not out for out in hand.played.folded) == 2
    ]
    assert heads_up, "no simulated hand is run twice from the same street, heads-up"
    written = format_hand(heads_up[0])
    assert _markers(written) == _markers(real)
    for text in (real, written):
        summary = text.split("*** SUMMARY ***")[1].splitlines()
        results = [line[line.index("showed [") :] for line in summary if " showed [" in line]
        assert len(results) == 2
        assert all(_SEAT_RESULT.fullmatch(result) for result in results), results


def test_hands_run_twice_table_every_hand_from_the_left_of_the_button() -> None:
    """As in both real hands: nobody mucks, and each showdown shows every hand again;
    with one pot, in seat order from the first seat left of the button."""
    one_pot = 0
    for hand in _hands(Game.COURCHEVEL_HILO, Structure.NO_LIMIT, 6, 1.0):
        if not hand.dealt.second_board:
            continue
        assert not hand.mucked
        names = hand.setup.names
        live = [names[player] for player, out in enumerate(hand.played.folded) if not out]
        text = format_hand(hand).split("*** SUMMARY ***")[0]
        first, second = text.split("*** FIRST SHOW DOWN ***")[1].split("*** SECOND SHOW DOWN ***")
        for showdown in (first, second):
            shown = [
                line.split(": shows [")[0] for line in showdown.splitlines() if ": shows [" in line
            ]
            assert sorted(shown) == sorted(live)
            if len(hand.settlement.pots) == 1:
                assert shown == live
                one_pot += 1
    assert one_pot >= 10


@pytest.mark.parametrize(
    ("game", "tournament", "rate", "message"),
    [
        (Game.STUD_HILO, False, 0.5, "stud-hilo has no board to run twice"),
        (Game.OMAHA_HILO, True, 0.5, "run it twice is dealt in cash games only"),
        (Game.OMAHA_HILO, False, 1.5, "the run-it-twice rate is a fraction from 0 to 1"),
    ],
)
def test_run_it_twice_where_it_cannot_be_dealt(
    game: Game, tournament: bool, rate: float, message: str
) -> None:
    structure = Structure.LIMIT if game.is_stud else Structure.POT_LIMIT
    with pytest.raises(SimulationError, match=message):
        iter_hands(game, structure, hands=1, players=6, seed=1, tournament=tournament,
                   run_it_twice=rate)  # fmt: skip
