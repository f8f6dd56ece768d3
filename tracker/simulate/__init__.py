"""The hand simulator: real random deals, legal random betting, the engine's payouts,
written as PokerStars hand histories, optionally with payout errors injected.

`simulate` writes a file and its sidecar of injected errors; `iter_hands` yields the
simulated hands themselves (for tests and for anything that wants the truth behind a
file). One seed gives the same bytes every time. With `run_it_twice` some hands whose
board is run out are run twice (`tracker.simulate.twice`); at 0, the default, the
output is what it was before that option existed.

>>> from tracker.model import Game, Structure
>>> hands = list(iter_hands(Game.OMAHA_HILO, Structure.POT_LIMIT, hands=50, players=6, seed=1))
>>> len(hands), format_hand(hands[0]).startswith("PokerStars Hand #")
(50, True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from tracker.audit.conventions import convention_for
from tracker.engine.rules import OddChipRule, RakeRule
from tracker.engine.split import Award
from tracker.model import Game, Structure
from tracker.simulate.bet_errors import BetErrorPlanner, bet_error_kinds
from tracker.simulate.deal import (
    Deal,
    SimulationError,
    TableStakes,
    check_table,
    deal_hand,
    default_stakes,
    default_tournament_stakes,
    parse_stakes,
    tournament_stakes,
)
from tracker.simulate.inject import Injector
from tracker.simulate.payout import choose_mucks, rake_for, settle_hand
from tracker.simulate.play import PlayedHand, play_hand
from tracker.simulate.pokerstars_format import HAND_SEPARATOR, format_hand
from tracker.simulate.record import ErrorKind, InjectedError, SimulatedHand
from tracker.simulate.table import HERO, Tables, run_kind
from tracker.simulate.twice import TwiceDealer

__all__ = [
    "SITES",
    "ErrorKind",
    "InjectedError",
    "SimulatedHand",
    "SimulationError",
    "SimulationSummary",
    "bet_errors_path",
    "errors_path",
    "iter_hands",
    "simulate",
]

SITES = ("pokerstars",)
"""The sites whose hand-history format the simulator writes."""

_CHUNK = 1000


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """What a simulation wrote.

    Attributes:
        hands: hands written.
        showdowns: hands that reached a showdown.
        path: the hand-history file.
        errors_path: the sidecar listing the injected errors (one JSON object a line).
        errors: per error kind, how many hands got one.
        run_twice: hands run twice, or None when run it twice was not dealt (a rate
            of 0).
        bet_errors: per kind, the illegal actions played, listed in
            `bet_errors_path(path)`; None when none were asked for (a rate of 0).
    """

    hands: int
    showdowns: int
    path: Path
    errors_path: Path
    errors: dict[str, int] = field(default_factory=dict)
    run_twice: int | None = None
    bet_errors: dict[str, int] | None = None

    @property
    def errors_injected(self) -> int:
        """All injected errors."""
        return sum(self.errors.values())


def errors_path(out: Path) -> Path:
    """The sidecar of a hand-history file: "<FILE>.errors.jsonl".

    >>> errors_path(Path("a/hands.txt")).as_posix()
    'a/hands.txt.errors.jsonl'
    """
    return out.with_name(out.name + ".errors.jsonl")


def bet_errors_path(out: Path) -> Path:
    """The sidecar listing the illegal actions of a hand-history file.

    >>> bet_errors_path(Path("a/hands.txt")).as_posix()
    'a/hands.txt.bet-errors.jsonl'
    """
    return out.with_name(out.name + ".bet-errors.jsonl")


def iter_hands(
    game: Game,
    structure: Structure,
    *,
    hands: int,
    players: int,
    seed: int,
    error_rate: float = 0.0,
    stakes: TableStakes | str | None = None,
    tournament: bool = False,
    odd_chip_rule: OddChipRule | None = None,
    rake_rule: RakeRule | None = None,
    run_it_twice: float = 0.0,
    bet_error_rate: float = 0.0,
) -> Iterator[SimulatedHand]:
    """Simulate `hands` hands of `game` at tables of `players` players.

    Args:
        game: the game to deal.
        structure: limit, pot-limit or no-limit (stud: limit only).
        hands: how many hands.
        players: players dealt into every hand, the hero included.
        seed: the seed; the same seed gives the same hands.
        error_rate: the fraction of hands that get one payout error (0 to 1).
        stakes: the stakes (or text like "0.25/0.50"); None for the defaults. In a
            tournament, the first level's, in chips.
        tournament: True for tournament hands: chips, no rake, rising levels
            (`tracker.simulate.table.Tables`).
        odd_chip_rule: the engine's odd-chip rule for the correct payouts; None for
            PokerStars' own convention (`tracker.audit.conventions`).
        rake_rule: the engine's rule for spreading the rake over the pots; None for
            PokerStars' own convention.
        run_it_twice: the chance (0 to 1) that a cash hand of a flop game whose board
            is run out (two or more players in, at most one with chips behind, before
            the river) has the rest of the board dealt twice.
        bet_error_rate: the fraction of hands that get one illegal action (0 to 1;
            `tracker.simulate.bet_errors`), played into the hand: the chips stay
            consistent and the payout is right for the chips put in.

    Returns:
        An iterator of one `SimulatedHand` per hand, in order; the options are checked
        before it is returned.

    Raises:
        SimulationError: for a table the simulator cannot deal, a negative number of
            hands, an error rate or a run-it-twice rate outside 0..1, run it twice in
            stud or in a tournament, or stakes that do not parse.
    """
    check_table(game, structure, players)
    if hands < 0:
        raise SimulationError(f"cannot simulate {hands} hands")
    if not 0.0 <= error_rate <= 1.0:
        raise SimulationError(f"the error rate is a fraction from 0 to 1, not {error_rate}")
    if not 0.0 <= bet_error_rate <= 1.0:
        raise SimulationError(f"the bet error rate is a fraction from 0 to 1, not {bet_error_rate}")
    _check_run_it_twice(run_it_twice, game, tournament=tournament)
    if stakes is None:
        stakes = default_stakes(game, structure)
        if tournament:
            stakes = default_tournament_stakes(game, structure)
    elif isinstance(stakes, str):
        stakes = parse_stakes(stakes, game, structure)
    if tournament:
        stakes = tournament_stakes(stakes)
    convention = convention_for("pokerstars")
    odd_chip_rule = odd_chip_rule or convention.odd_chip_rule
    rake_rule = rake_rule or convention.rake_rule
    tables = Tables(
        random.Random(f"{seed}:tables"),
        game,
        stakes,
        players=players,
        seed=seed,
        tournament=tournament,
        run_kind=run_kind(game, structure, players, tournament=tournament),
    )
    run = _Run(game, structure, tables, seed, error_rate, odd_chip_rule, rake_rule)
    if run_it_twice:
        run.twice = TwiceDealer(random.Random(f"{seed}:twice"), run_it_twice)
    if bet_error_rate:
        run.bet_errors = BetErrorPlanner(bet_error_rate, bet_error_kinds(game, structure))
    return (run.next_hand() for _ in range(hands))


def _check_run_it_twice(rate: float, game: Game, *, tournament: bool) -> None:
    if not 0.0 <= rate <= 1.0:
        raise SimulationError(f"the run-it-twice rate is a fraction from 0 to 1, not {rate}")
    if rate and game.is_stud:
        raise SimulationError(f"{game.value} has no board to run twice")
    if rate and tournament:
        raise SimulationError("run it twice is dealt in cash games only, as on PokerStars")


class _Run:
    """One simulation: its random streams (tables, play, mucks, errors) and its tables.

    The streams are apart so that injecting errors never changes the cards or the play
    of the hand it is injected into, and running a board twice never changes the first
    board or the play.
    """

    def __init__(
        self,
        game: Game,
        structure: Structure,
        tables: Tables,
        seed: int,
        error_rate: float,
        odd_chip_rule: OddChipRule,
        rake_rule: RakeRule,
    ) -> None:
        self.game, self.structure, self.tables = game, structure, tables
        self.odd_chip_rule, self.rake_rule = odd_chip_rule, rake_rule
        self.play_rng = random.Random(f"{seed}:play")
        self.show_rng = random.Random(f"{seed}:show")
        errors_rng = random.Random(f"{seed}:errors")
        hilo = game.is_hilo
        self.injector = Injector(errors_rng, error_rate, hilo=hilo) if error_rate else None
        self.twice: TwiceDealer | None = None
        self.bet_errors: BetErrorPlanner | None = None

    def next_hand(self) -> SimulatedHand:
        """Deal, play and settle the next hand; the stacks carry over what was paid."""
        game = self.game
        setup = self.tables.next_hand()
        stakes = setup.stakes
        dealt = deal_hand(self.play_rng, game, len(setup.seats))
        plan = None if self.bet_errors is None else self.bet_errors.next_plan()
        played = play_hand(
            self.play_rng, game, self.structure, stakes, setup.stacks, dealt, illegal=plan
        )
        if self.bet_errors is not None and plan is not None:
            self.bet_errors.played(played.illegal)
        if self.twice is not None:
            dealt = self.twice.deal(game, dealt, played)
        rake = rake_for(game, stakes, played)
        settlement = settle_hand(
            game, dealt, played, rake, odd_chip_rule=self.odd_chip_rule, rake_rule=self.rake_rule
        )
        payments, error = settlement.awards, None
        if self.injector is not None:  # every hand counts towards the rate
            live = [player for player, out in enumerate(played.folded) if not out]
            payments, error = self.injector.maybe_inject(settlement, live, setup.names)
        hand = SimulatedHand(
            setup=setup,
            game=game,
            structure=self.structure,
            stakes=stakes,
            dealt=dealt,
            played=played,
            rake=rake,
            settlement=settlement,
            payments=payments,
            error=error,
            mucked=self.mucks(dealt, played, settlement.awards, payments),
            hero=setup.names.index(HERO),
        )
        paid = hand.reported()
        self.tables.finish_hand(
            [
                stack + won + back
                for stack, won, back in zip(played.stacks, paid, settlement.returned, strict=True)
            ]
        )
        return hand

    def mucks(
        self, dealt: Deal, played: PlayedHand, correct: Sequence[Award], paid: Sequence[Award]
    ) -> frozenset[int]:
        """Who mucks at the showdown: nobody in a hand run twice, whose cards are all
        turned up before the board is run out."""
        if dealt.second_board:
            return frozenset()
        return choose_mucks(self.show_rng, played, correct, paid)


def simulate(
    game: Game,
    structure: Structure,
    *,
    hands: int,
    players: int,
    seed: int,
    out: Path,
    site: str = "pokerstars",
    error_rate: float = 0.0,
    stakes: TableStakes | str | None = None,
    tournament: bool = False,
    run_it_twice: float = 0.0,
    bet_error_rate: float = 0.0,
) -> SimulationSummary:
    """Simulate hands and write them to `out` as `site` hand histories, with the
    sidecar `<out>.errors.jsonl` listing the hands given a payout error (empty when
    none): one {"hand_id", "kind", "detail", "pot", "delta"} object a line.
    `run_it_twice` and `bet_error_rate` are as for `iter_hands`; with a bet error
    rate, `<out>.bet-errors.jsonl` lists the illegal actions: one {"hand_id", "kind",
    "street", "player", "amount", "allowed"} object a line.

    Raises:
        SimulationError: for a site other than PokerStars, or as `iter_hands`.
    """
    if site not in SITES:
        raise SimulationError(f"unknown site {site!r}: the simulator writes {', '.join(SITES)}")
    sidecar = errors_path(out)
    # The site's own rake and odd-chip convention (docs/sites.md), as its real files show.
    convention = convention_for(site)
    hand_iter = iter_hands(
        game,
        structure,
        hands=hands,
        players=players,
        seed=seed,
        error_rate=error_rate,
        stakes=stakes,
        tournament=tournament,
        odd_chip_rule=convention.odd_chip_rule,
        rake_rule=convention.rake_rule,
        run_it_twice=run_it_twice,
        bet_error_rate=bet_error_rate,
    )
    bet_counts: dict[str, int] = {}
    try:
        with (
            out.open("w", encoding="utf-8", newline="\n") as history,
            sidecar.open("w", encoding="utf-8", newline="\n") as errors,
        ):
            if bet_error_rate:
                with bet_errors_path(out).open("w", encoding="utf-8", newline="\n") as bets:
                    listed = _listing_bet_errors(hand_iter, bets, bet_counts)
                    written, showdowns, twice, counts = _write(listed, history, errors)
            else:
                written, showdowns, twice, counts = _write(hand_iter, history, errors)
    except OSError as error:
        raise SimulationError(f"cannot write {error.filename}: {error.strerror}") from None
    return SimulationSummary(
        hands=written,
        showdowns=showdowns,
        path=out,
        errors_path=sidecar,
        errors=counts,
        run_twice=twice if run_it_twice else None,
        bet_errors=bet_counts if bet_error_rate else None,
    )


def _listing_bet_errors(
    hands: Iterator[SimulatedHand], sidecar: TextIO, counts: dict[str, int]
) -> Iterator[SimulatedHand]:
    """The hands, each illegal action written to `sidecar` and counted on the way."""
    for hand in hands:
        illegal = hand.played.illegal
        if illegal is not None:
            counts[illegal.kind.value] = counts.get(illegal.kind.value, 0) + 1
            line = {
                "hand_id": str(hand.setup.hand_id),
                "kind": illegal.kind.value,
                "street": illegal.street.value,
                "player": hand.setup.names[illegal.player],
                "amount": illegal.amount,
                "allowed": illegal.allowed,
            }
            sidecar.write(json.dumps(line) + "\n")
        yield hand


def _write(
    hands: Iterator[SimulatedHand], history: TextIO, errors: TextIO
) -> tuple[int, int, int, dict[str, int]]:
    """Write the hands in chunks and the errors as they come; return the counts (hands,
    showdowns, hands run twice, errors per kind)."""
    written = showdowns = twice = 0
    counts: dict[str, int] = {}
    chunk: list[str] = []
    for hand in hands:
        chunk.append(format_hand(hand) + HAND_SEPARATOR)
        written += 1
        showdowns += hand.played.showdown
        twice += bool(hand.dealt.second_board)
        if hand.error is not None:
            counts[hand.error.kind.value] = counts.get(hand.error.kind.value, 0) + 1
            errors.write(_error_line(hand) + "\n")
        if len(chunk) >= _CHUNK:
            history.write("".join(chunk))
            chunk.clear()
    history.write("".join(chunk))
    return written, showdowns, twice, counts


def _error_line(hand: SimulatedHand) -> str:
    error = hand.error
    assert error is not None
    return json.dumps(
        {
            "hand_id": str(hand.setup.hand_id),
            "kind": error.kind.value,
            "detail": error.detail,
            "pot": error.pot,
            "delta": error.delta,
        },
        sort_keys=False,
    )
