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
