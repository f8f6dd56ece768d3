"""Reading the simulator's options from text, with one-line errors.

>>> parse_game("omaha-hilo"), parse_structure(None, Game.STUD_HILO)
(<Game.OMAHA_HILO: 'omaha-hilo'>, <Structure.LIMIT: 'limit'>)
"""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation

from tracker.model import Game, Structure
from tracker.simulate import SimulationSummary, bet_errors_path
from tracker.simulate.deal import SimulationError


def parse_game(text: str) -> Game:
    """A game by its command-line name.

    Raises:
        SimulationError: for a name that is not one of the games.
    """
    try:
        return Game(text)
    except ValueError:
        names = ", ".join(game.value for game in Game)
        raise SimulationError(f"unknown game {text!r} (games: {names})") from None


def parse_structure(text: str | None, game: Game) -> Structure:
    """A betting structure by name; None gives limit for stud, else pot-limit.

    >>> parse_structure("no-limit", Game.OMAHA_HILO)
    <Structure.NO_LIMIT: 'no-limit'>

    Raises:
        SimulationError: for a name that is not limit, pot-limit or no-limit.
    """
    if text is None:
        return Structure.LIMIT if game.is_stud else Structure.POT_LIMIT
    try:
        return Structure(text)
    except ValueError:
        names = ", ".join(structure.value for structure in Structure)
        raise SimulationError(f"unknown structure {text!r} (structures: {names})") from None


def parse_count(text: str, option: str, *, least: int = 0) -> int:
    """A whole number of at least `least`, for option `option`.

    >>> parse_count("1000", "--hands")
    1000

    Raises:
        SimulationError: for anything else.
    """
    try:
        value = int(text)
    except ValueError:
        raise SimulationError(f"{option} takes a whole number, not {text!r}") from None
    if value < least:
        raise SimulationError(f"{option} must be at least {least}, not {value}")
    return value


def parse_rate(text: str, option: str = "--error-rate") -> float:
    """A rate for option `option`: a fraction from 0 to 1 ("0.001").

    >>> parse_rate("0.25"), parse_rate("0.5", "--run-it-twice")
    (0.25, 0.5)

    Raises:
        SimulationError: for anything else.
    """
    try:
        rate = Decimal(text)
    except InvalidOperation:
        raise SimulationError(f"{option} takes a fraction from 0 to 1, not {text!r}") from None
    if not Decimal(0) <= rate <= Decimal(1):
        raise SimulationError(f"{option} takes a fraction from 0 to 1, not {text}")
    return float(rate)


def describe(summary: SimulationSummary, *, as_json: bool) -> str:
    """The summary `tracker simulate` prints: one line of text, or one JSON object. The
    hands run twice are counted when run it twice was dealt (`--run-it-twice` above 0)."""
    if as_json:
        fields: dict[str, object] = {
            "hands": summary.hands,
            "showdowns": summary.showdowns,
            "file": str(summary.path),
            "errors_file": str(summary.errors_path),
            "errors_injected": summary.errors_injected,
            "errors": summary.errors,
        }
        if summary.run_twice is not None:
            fields["run_twice"] = summary.run_twice
        if summary.bet_errors is not None:
            fields["bet_errors_file"] = str(bet_errors_path(summary.path))
            fields["bet_errors"] = summary.bet_errors
        return json.dumps(fields)
    twice = "" if summary.run_twice is None else f", {summary.run_twice:,} run twice"
    text = (
        f"wrote {summary.hands:,} hands ({summary.showdowns:,} showdowns{twice}) to {summary.path}"
    )
    if summary.errors_injected:
        kinds = ", ".join(f"{count} {kind}" for kind, count in sorted(summary.errors.items()))
        text += (
            f"; {summary.errors_injected:,} payout errors injected ({kinds}),"
            f" listed in {summary.errors_path}"
        )
    else:
        text += "; no payout errors injected"
    if summary.bet_errors is not None:
        played = sum(summary.bet_errors.values())
        kinds = ", ".join(f"{count} {kind}" for kind, count in sorted(summary.bet_errors.items()))
        text += f"; {played:,} illegal actions played ({kinds or 'none'}), listed in " + str(
            bet_errors_path(summary.path)
        )
    return text
