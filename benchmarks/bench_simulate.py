"""Time `tracker.simulate.simulate`: hands written per second, per game and structure.

Each run writes a fresh file (deal, legal random play, the engine's settlement under
PokerStars' convention, the PokerStars text, errors injected at the given rate) into a
temporary folder; the figure is the median of the repeats. Usage:

    .venv/bin/python benchmarks/bench_simulate.py [--hands 20000] [--repeat 3] [--error-rate 0.001]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from tracker.model import Game, Structure
from tracker.simulate import simulate

CONFIGS = (
    (Game.OMAHA_HILO, Structure.POT_LIMIT, 6),
    (Game.OMAHA_HILO, Structure.LIMIT, 6),
    (Game.OMAHA_HILO, Structure.NO_LIMIT, 9),
    (Game.OMAHA5_HILO, Structure.POT_LIMIT, 6),
    (Game.COURCHEVEL_HILO, Structure.POT_LIMIT, 6),
    (Game.STUD_HILO, Structure.LIMIT, 7),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--error-rate", type=float, default=0.001)
    options = parser.parse_args()
    print(f"{'game':<18} {'structure':<10} {'players':>7} {'hands/s':>9} {'MB/s':>6}")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "hands.txt"
        for game, structure, players in CONFIGS:
            times = []
            for repeat in range(options.repeat):
                start = time.perf_counter()
                simulate(
                    game,
                    structure,
                    hands=options.hands,
                    players=players,
                    seed=repeat,
                    out=out,
                    error_rate=options.error_rate,
                )
                times.append(time.perf_counter() - start)
            seconds = statistics.median(times)
            megabytes = out.stat().st_size / 1e6
            print(
                f"{game.value:<18} {structure.value:<10} {players:>7} "
                f"{options.hands / seconds:>9,.0f} {megabytes / seconds:>6.1f}"
            )


if __name__ == "__main__":
    main()
