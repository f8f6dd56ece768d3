"""Player-evaluations per second of the batch evaluators, beside pokerkit and phevaluator.

A "spot" is one player's hand on one deal: one Omaha hole and its board, or one stud
player's seven cards. Each figure is the median of several repeats over the same random
spots, on one core (numpy runs these operations on one thread).

    .venv/bin/python benchmarks/bench_engine.py [--spots 100000] [--repeats 5]

pokerkit (a dev dependency) is timed on a smaller sample, as it is about a thousand times
slower. phevaluator is optional, used only here; install it with

    .venv/bin/pip install phevaluator

and its column is left empty when it is missing. Both are called from a Python loop, one
spot at a time, since that is how they are used (phevaluator's ranks are checked against ours
first). "no check" skips our validation of the input (index range, repeated cards).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tracker.cards import DECK
from tracker.engine import batch
from tracker.engine.batch_tables import omaha_high_tables, omaha_low_table, stud_high_tables


def _optional_module(name: str) -> Any:
    """The module, or None when it is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


pokerkit = _optional_module("pokerkit")
phevaluator = _optional_module("phevaluator")

Deals = npt.NDArray[np.int8]


@dataclass(frozen=True)
class Case:
    """One row of the report: how we evaluate the spots, and how the others do."""

    name: str
    hole_count: int
    board_count: int
    ours: Callable[[Deals, Deals], object]
    pokerkit: Callable[[str, str], object] | None
    phevaluator: Callable[[Sequence[int], Sequence[int]], object] | None


def deal(spots: int, hole_count: int, board_count: int, seed: int) -> tuple[Deals, Deals]:
    """`spots` random deals of distinct cards: (spots, hole_count) and (spots, board_count)."""
    shuffled = np.argsort(np.random.default_rng(seed).random((spots, 52)), axis=1)
    dealt = shuffled[:, : hole_count + board_count].astype(np.int8)
    return dealt[:, :hole_count], dealt[:, hole_count:]


def median_rate(run: Callable[[], object], spots: int, repeats: int) -> float:
    """Median spots per second over `repeats` runs."""
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        seconds.append(time.perf_counter() - start)
    return spots / statistics.median(seconds)


def _pokerkit_cases() -> dict[str, Callable[[str, str], object]]:
    if pokerkit is None:
        return {}
    high = pokerkit.OmahaHoldemHand.from_game
    low = pokerkit.OmahaEightOrBetterLowHand.from_game_or_none

    def hilo(hole: str, board: str) -> object:
        return high(hole, board), low(hole, board)

    return {
        "Omaha hi": high,
        "Omaha lo": low,
        "Omaha hi+lo": hilo,
        "5-card Omaha hi+lo": hilo,
        "Stud hi": lambda hole, _: pokerkit.StandardHighHand.from_game(hole),
        "Stud lo": lambda hole, _: pokerkit.EightOrBetterLowHand.from_game_or_none(hole),
    }


def _phevaluator_cases() -> dict[str, Callable[[Sequence[int], Sequence[int]], object]]:
    if phevaluator is None:
        return {}
    omaha, cards = phevaluator.evaluate_omaha_cards, phevaluator.evaluate_cards
    return {
        "Omaha hi": lambda hole, board: omaha(*board, *hole),
        "Stud hi": lambda hole, _: cards(*hole),
    }


def cases() -> list[Case]:
    """The rows of the report."""
    pk, ph = _pokerkit_cases(), _phevaluator_cases()

    def case(name: str, holes: int, boards: int, ours: Callable[[Deals, Deals], object]) -> Case:
        return Case(name, holes, boards, ours, pk.get(name), ph.get(name))

    return [
        case("Omaha hi", 4, 5, batch.omaha_high_ranks),
        case("Omaha lo", 4, 5, batch.omaha_low_ranks),
        case("Omaha hi+lo", 4, 5, batch.omaha_hilo_ranks),
        case(
            "Omaha hi+lo, no check",
            4,
            5,
            lambda hole, board: batch.omaha_hilo_ranks(hole, board, check=False),
        ),
        case("5-card Omaha hi+lo", 5, 5, batch.omaha_hilo_ranks),
        case("Stud hi", 7, 0, lambda hole, _: batch.stud_high_ranks(hole)),
        case("Stud lo", 7, 0, lambda hole, _: batch.stud_low_ranks(hole)),
    ]


def _texts(rows: Deals) -> list[str]:
    return ["".join(DECK[index].text for index in row) for row in rows]


def check_phevaluator(case: Case, holes: Deals, boards: Deals) -> None:
    """phevaluator's ranks (1 = best) must be ours (7462 = best) turned around."""
    assert case.phevaluator is not None
    ours = np.asarray(case.ours(holes, boards))
    pairs = zip(holes.tolist(), boards.tolist(), strict=True)
    theirs = [case.phevaluator(hole, board) for hole, board in pairs]
    if not (ours == 7463 - np.array(theirs)).all():
        raise SystemExit(f"{case.name}: phevaluator disagrees with our ranks")


def measure(case: Case, args: argparse.Namespace) -> dict[str, float | None]:
    """Rates for one case: ours, pokerkit's and phevaluator's (None when not measured)."""
    holes, boards = deal(args.spots, case.hole_count, case.board_count, seed=args.seed)
    rates: dict[str, float | None] = {"ours": None, "pokerkit": None, "phevaluator": None}
    rates["ours"] = median_rate(lambda: case.ours(holes, boards), args.spots, args.repeats)
    if case.pokerkit is not None:
        sample = slice(0, args.pokerkit_spots)
        pairs = list(zip(_texts(holes[sample]), _texts(boards[sample]), strict=True))
        evaluate = case.pokerkit

        def run_pokerkit() -> None:
            for hole, board in pairs:
                evaluate(hole, board)

        rates["pokerkit"] = median_rate(run_pokerkit, len(pairs), args.repeats)
    if case.phevaluator is not None:
        check_phevaluator(case, holes[: args.pokerkit_spots], boards[: args.pokerkit_spots])
        lists = list(zip(holes.tolist(), boards.tolist(), strict=True))
        ph = case.phevaluator

        def run_phevaluator() -> None:
            for hole, board in lists:
                ph(hole, board)

        rates["phevaluator"] = median_rate(run_phevaluator, len(lists), args.repeats)
    return rates


def machine() -> str:
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    versions = f"Python {platform.python_version()}, numpy {np.__version__}"
    for name, module in (("pokerkit", pokerkit), ("phevaluator", phevaluator)):
        if module is not None:
            versions += f", {name} {importlib.metadata.version(name)}"
    return f"{model}, nproc {os.cpu_count()}, {versions}"


def table_build_seconds() -> dict[str, float]:
    """First-call build time of each lazily built table (they are cached afterwards)."""
    times = {}
    for build in (omaha_high_tables, omaha_low_table, stud_high_tables):
        build.cache_clear()
        start = time.perf_counter()
        build()
        times[build.__name__] = time.perf_counter() - start
    return times


def _format(value: float | None, scale: float, digits: int) -> str:
    return "-" if value is None else f"{value / scale:.{digits}f}"


def _ratio(ours: float | None, other: float | None) -> str:
    return "-" if ours is None or other is None else f"{ours / other:,.0f}x"


def report(rows: list[tuple[Case, dict[str, Any]]]) -> None:
    header = (
        f"{'evaluation':<22} {'ours M/s':>9} {'pokerkit k/s':>13} {'phevaluator M/s':>16}"
        f" {'ours/pokerkit':>14} {'ours/phevaluator':>17}"
    )
    print(header)
    print("-" * len(header))
    for case, rates in rows:
        print(
            f"{case.name:<22} {_format(rates['ours'], 1e6, 2):>9}"
            f" {_format(rates['pokerkit'], 1e3, 2):>13} {_format(rates['phevaluator'], 1e6, 2):>16}"
            f" {_ratio(rates['ours'], rates['pokerkit']):>14}"
            f" {_ratio(rates['ours'], rates['phevaluator']):>17}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spots", type=int, default=100_000, help="spots per evaluation")
    parser.add_argument("--pokerkit-spots", type=int, default=1_000, help="pokerkit's sample")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    print(machine())
    builds = table_build_seconds()
    print("table build (first call): " + ", ".join(f"{k} {v:.3f} s" for k, v in builds.items()))
    if phevaluator is None:
        print("phevaluator not installed (.venv/bin/pip install phevaluator): column skipped")
    print(f"{args.spots:,} spots (pokerkit {args.pokerkit_spots:,}), median of {args.repeats}")
    report([(case, measure(case, args)) for case in cases()])


if __name__ == "__main__":
    main()
