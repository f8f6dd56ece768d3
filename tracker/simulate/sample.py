"""The bundled sample: a few thousand simulated PokerStars hands across the hi/lo games,
some high-only hands, and a handful of payout errors listed in one sidecar.

Run as ``python -m tracker.simulate.sample sample_histories/`` (add ``--scale 0.1`` for a
smaller sample). The same command always writes the same bytes.

The sidecar is ``injected_errors.json``, one JSON document: the files written (game,
structure, players, hands, seed, error rate) and every injected error (file, hand id,
kind, detail, pot, and per player the reported minus the correct payment). It is JSON,
not JSON lines, so that importing the folder skips it as a data file.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tracker.model import Game, Structure
from tracker.simulate import SimulationError, iter_hands
from tracker.simulate.pokerstars_format import HAND_SEPARATOR, format_hand

SIDECAR = "injected_errors.json"


@dataclass(frozen=True, slots=True)
class SampleFile:
    """One file of the sample."""

    game: Game
    structure: Structure
    players: int
    hands: int
    seed: int
    error_rate: float
    tournament: bool = False

    @property
    def name(self) -> str:
        """The file name: "pokerstars-omaha-hilo-pot-limit-6p.txt" ("-tournament" added)."""
        kind = "-tournament" if self.tournament else ""
        return f"pokerstars-{self.game.value}-{self.structure.value}-{self.players}p{kind}.txt"


SAMPLE: tuple[SampleFile, ...] = (
    SampleFile(Game.OMAHA_HILO, Structure.POT_LIMIT, 6, 600, 101, 0.006),
    SampleFile(Game.OMAHA_HILO, Structure.LIMIT, 6, 400, 102, 0.006),
    SampleFile(Game.OMAHA_HILO, Structure.NO_LIMIT, 9, 300, 103, 0.0),
    SampleFile(Game.OMAHA5_HILO, Structure.POT_LIMIT, 6, 400, 104, 0.006),
    SampleFile(Game.COURCHEVEL_HILO, Structure.POT_LIMIT, 6, 250, 105, 0.006),
    SampleFile(Game.STUD_HILO, Structure.LIMIT, 7, 400, 106, 0.006),
    SampleFile(Game.OMAHA_HI, Structure.POT_LIMIT, 6, 150, 107, 0.0),
    SampleFile(Game.STUD_HI, Structure.LIMIT, 7, 150, 108, 0.0),
    SampleFile(Game.OMAHA_HILO, Structure.NO_LIMIT, 6, 200, 109, 0.01, tournament=True),
)
"""The sample's files: 2,850 hands (200 of them tournament chips), about ten paid wrongly."""


def write_sample(folder: Path, *, scale: float = 1.0) -> dict[str, object]:
    """Write the sample's files and its sidecar into `folder`; return the sidecar.

    Args:
        folder: where to write (created when missing).
        scale: a factor on every file's number of hands (at least one hand each).

    Raises:
        SimulationError: when the folder cannot be written.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        files, errors = [], []
        for sample in SAMPLE:
            hands = max(1, round(sample.hands * scale))
            file_errors = _write_file(folder / sample.name, sample, hands)
            errors.extend(file_errors)
            files.append(
                {
                    "file": sample.name,
                    "game": sample.game.value,
                    "structure": sample.structure.value,
                    "players": sample.players,
                    "hands": hands,
                    "seed": sample.seed,
                    "error_rate": sample.error_rate,
                    "tournament": sample.tournament,
                    "errors": len(file_errors),
                }
            )
        sidecar: dict[str, object] = {
            "generated_by": "python -m tracker.simulate.sample",
            "files": files,
            "errors": errors,
        }
        text = json.dumps(sidecar, indent=1) + "\n"
        (folder / SIDECAR).write_text(text, encoding="utf-8", newline="\n")
    except OSError as error:
        raise SimulationError(f"cannot write {error.filename}: {error.strerror}") from None
    return sidecar


def _write_file(path: Path, sample: SampleFile, hands: int) -> list[dict[str, object]]:
    errors: list[dict[str, object]] = []
    chunks: list[str] = []
    simulated = iter_hands(
        sample.game,
        sample.structure,
        hands=hands,
        players=sample.players,
        seed=sample.seed,
        error_rate=sample.error_rate,
        tournament=sample.tournament,
    )
    for hand in simulated:
        chunks.append(format_hand(hand) + HAND_SEPARATOR)
        if hand.error is not None:
            errors.append(
                {
                    "file": sample.name,
                    "hand_id": str(hand.setup.hand_id),
                    "kind": hand.error.kind.value,
                    "detail": hand.error.detail,
                    "pot": hand.error.pot,
                    "delta": hand.error.delta,
                }
            )
    path.write_text("".join(chunks), encoding="utf-8", newline="\n")
    return errors


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``python -m tracker.simulate.sample FOLDER [--scale F]``."""
    parser = argparse.ArgumentParser(
        prog="python -m tracker.simulate.sample", description=__doc__.splitlines()[0]
    )
    parser.add_argument("folder", type=Path, help="where to write the sample")
    parser.add_argument("--scale", type=float, default=1.0, help="factor on the hand counts")
    options = parser.parse_args(argv)
    try:
        sidecar = write_sample(options.folder, scale=options.scale)
    except SimulationError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    files = sidecar["files"]
    assert isinstance(files, list)
    hands = sum(int(entry["hands"]) for entry in files)
    errors = sidecar["errors"]
    assert isinstance(errors, list)
    print(f"wrote {hands:,} hands in {len(files)} files to {options.folder}, "
          f"{len(errors)} payout errors listed in {options.folder / SIDECAR}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
