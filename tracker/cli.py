"""The `tracker` command: parse options, call one library function, print the result.

Only `TrackerError` is caught here (a one-line message and exit status 2 for bad input);
anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import typer

from tracker import __version__

app = typer.Typer(
    name="tracker",
    help="Hand-history tracker and payout auditor for hi/lo split poker.",
    no_args_is_help=True,
    add_completion=False,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"hilo-tracker {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(
        False, "--version", callback=_print_version, is_eager=True, help="Print the version."
    ),
) -> None:
    """Import hand histories, audit hi/lo payouts, and report stats."""


@app.command()
def showdown(
    game: str | None = typer.Option(
        None,
        "--game",
        metavar="GAME",
        help="omaha-hilo, omaha5-hilo, courchevel-hilo, "
        "stud-hilo, omaha-hi, omaha5-hi, courchevel-hi or stud-hi.",
    ),
    board: list[str] | None = typer.Option(  # noqa: B008
        None,
        "--board",
        metavar="CARDS",
        help='The board, e.g. "Jd 4d 3c Qd 5h"; give it twice for run it twice.',
    ),
    player: list[str] | None = typer.Option(  # noqa: B008
        None,
        "--player",
        metavar="NAME:CARDS:AMOUNT[:folded]",
        help='A player, e.g. "Alice:Ad Kd 3s 2s:500", in seat order left of the button.',
    ),
    rake: str = typer.Option("0", "--rake", metavar="AMOUNT", help="Total rake."),
    output_format: str = typer.Option("text", "--format", metavar="FORMAT", help="text or json."),
    jsonl: bool = typer.Option(
        False, "--jsonl", help="Read one JSON request per line from standard input."
    ),
) -> None:
    """Work out who gets what at a showdown: hands, pots, halves, odd chips.

    Give players in seat order, starting with the first seat left of the
    button: that order decides odd chips. AMOUNT is the player's total
    contribution in the smallest unit (cents, or chips). Stud players give
    their seven cards and no board.

    With --jsonl each input line is one request: {"game": ..., "board": "..."
    (or a list of two for run it twice), "players": [{"name": ..., "cards":
    ..., "contributed": 500, "folded": false}], "rake": 0}; each answer is one
    line, shaped as --format json. A line that cannot be answered gets
    {"error": "line N: ..."} and the run goes on; the exit status is then 2,
    with a count on standard error.

    Bad input (unknown card or game, duplicate card, wrong card count,
    negative amount, bad --player): a one-line error and exit status 2.
    """
    import sys

    from tracker import showdown as calculator
    from tracker.errors import TrackerError

    try:
        if jsonl:
            calculator.check_jsonl_options(game, board or [], player or [])
            summary = calculator.run_jsonl(sys.stdin, sys.stdout.write)
            if summary.errors:
                typer.echo(f"{summary.errors} of {summary.requests} requests failed", err=True)
                raise typer.Exit(2)
            return
        typer.echo(calculator.run_options(game, board or [], player or [], rake, output_format))
    except TrackerError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
