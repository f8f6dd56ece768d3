"""The `tracker` command: parse options, call one library function, print the result.

Only `TrackerError` is caught here (a one-line message and exit status 2 for bad input);
anything else is a bug and keeps its traceback (`tracker audit` then exits 3, since its
exit status 1 says "payout errors found").
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from tracker import __version__
from tracker.cli_engines import Engine, EngineOption, MasterOption
from tracker.cli_errors import OneLineErrorsGroup
from tracker.errors import TrackerError
from tracker.importer import (
    DEFAULT_BATCH_SIZE,
    ImportProgress,
    ProgressCallback,
    describe_summary,
    import_paths,
)
from tracker.safe_text import terminal_text
from tracker.spark.session import DEFAULT_MASTER
from tracker.stats.commands import plot_command, report_command, stats_command
from tracker.store import Store, default_data_dir

app = typer.Typer(
    name="tracker",
    help="Hand-history tracker and payout auditor for hi/lo split poker.",
    no_args_is_help=True,
    add_completion=False,
    cls=OneLineErrorsGroup,  # a usage error is one line (tracker/cli_errors.py)
)
# tracker stats / plot / report: defined in tracker/stats/commands.py
app.command("stats")(stats_command)
app.command("plot")(plot_command)
app.command("report")(report_command)


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
    from tracker import showdown as calculator

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


# ---- tracker import / tracker sql ------------------------------------------------------

_DataOption = Annotated[
    Path | None,
    typer.Option(
        "--data",
        envvar="TRACKER_DATA",
        help="The data folder (default: $TRACKER_DATA, else the user data folder).",
    ),
]


class ImportFormat(StrEnum):
    """How `tracker import` prints its summary."""

    TEXT = "text"
    JSON = "json"


class SqlFormat(StrEnum):
    """How `tracker sql` prints its rows."""

    TABLE = "table"
    CSV = "csv"
    JSON = "json"


def _exit_on(error: TrackerError) -> typer.Exit:
    typer.echo(f"error: {error}", err=True)
    return typer.Exit(2)


BUG_EXIT_STATUS = 3
"""The exit status of a command stopped by a bug (not 1, which says "errors found")."""


def _exit_on_bug() -> typer.Exit:
    """Print the traceback of the exception being handled, a bug, and exit with
    `BUG_EXIT_STATUS`, so that a script tells it apart from errors found."""
    traceback.print_exc(file=sys.stderr)
    typer.echo("internal error: this is a bug in the tracker; please report it", err=True)
    return typer.Exit(BUG_EXIT_STATUS)


@contextmanager
def _progress_bar(enabled: bool) -> Iterator[ProgressCallback | None]:
    if not enabled:
        yield None
        return
    # rich loads for the bar only (a terminal), not for every command
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        TextColumn("{task.fields[hands]:,} hands, {task.fields[rate]:,.0f} hands/s"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("importing", total=None, hands=0, rate=0.0)

        def update(progress: ImportProgress) -> None:
            elapsed = bar.tasks[task].elapsed or 0.0
            rate = progress.hands_seen / elapsed if elapsed > 0 else 0.0
            bar.update(
                task,
                completed=progress.bytes_done,
                total=progress.bytes_total or None,
                hands=progress.hands_seen,
                rate=rate,
                description=f"file {progress.files_done + 1:,}/{progress.files_total:,}",
            )

        yield update


@contextmanager
def _audit_bar(enabled: bool) -> Iterator[Callable[[int, int], None] | None]:
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("auditing"), BarColumn(), MofNCompleteColumn(), TextColumn("hands"),
               TimeElapsedColumn())  # fmt: skip
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("auditing", total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


@app.command("import")
def import_command(
    paths: Annotated[
        list[Path],
        typer.Argument(exists=True, help="Hand-history files, or folders to read recursively."),
    ],
    data: _DataOption = None,
    output: Annotated[
        ImportFormat, typer.Option("--format", help="Summary format.")
    ] = ImportFormat.TEXT,
    strict: Annotated[
        bool, typer.Option("--strict", help="Stop at the first failure (exit 1).")
    ] = False,
    batch_size: Annotated[
        int, typer.Option("--batch-size", min=1, help="Hands written per batch.")
    ] = DEFAULT_BATCH_SIZE,
    compact: Annotated[
        bool, typer.Option("--compact", help="Then merge the data folder's small files.")
    ] = False,
    audit: Annotated[
        bool,
        typer.Option(
            "--audit", help="Then audit the data folder (as `tracker audit`) and count verdicts."
        ),
    ] = False,
    engine: EngineOption = Engine.ONE_MACHINE,
    master: MasterOption = DEFAULT_MASTER,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", min=1, help="Processes reading files at once [default: the cores]."),
    ] = None,
    watch: Annotated[
        bool,
        typer.Option("--watch", help="Then keep importing new and growing files until Ctrl-C."),
    ] = False,
    poll: Annotated[
        float | None,
        typer.Option(
            "--poll",
            min=0.1,
            metavar="SECONDS",
            help="With --watch: look at every file this often, not on file events.",
        ),
    ] = None,
) -> None:
    """Import hand-history files; exit 1 when some hands or files could not be read.

    The summary counts hands seen, imported, duplicates, skipped (games not covered)
    and failed, which add up to the hands seen, and apart from them the files that
    are not hand histories the tracker reads (files_failed). --audit then audits
    every hand and adds the count per verdict (exit status still the import's). Exit 3,
    with its traceback, for an internal error (a bug), in the import or its audit.
    --engine spark reads the new files (and audits, with --audit) on the executors
    of --master, with the same result (docs/scaling.md).
    """
    data_dir = data or default_data_dir()
    show_bar = output is ImportFormat.TEXT and sys.stderr.isatty()
    if watch:  # a line per batch, until Ctrl-C (tracker/watch.py)
        from tracker.watch import watch_until_stopped

        try:
            status = watch_until_stopped(paths, data_dir, typer.echo, poll=poll,
                                         batch_size=batch_size)  # fmt: skip
        except TrackerError as error:
            raise _exit_on(error) from None
        raise typer.Exit(status)
    try:
        if engine is Engine.SPARK:
            from tracker.spark.jobs import import_on_cluster

            summary = import_on_cluster(
                paths, data_dir, master, batch_size=batch_size, strict=strict,
                compact_after=compact, audit=audit,
            )  # fmt: skip
        else:
            with Store(data_dir) as store, _progress_bar(show_bar) as progress:
                summary = import_paths(
                    paths,
                    store,
                    batch_size=batch_size,
                    strict=strict,
                    progress=progress,
                    compact_after=compact,
                    jobs=jobs,
                )
        if audit and engine is Engine.ONE_MACHINE and (data_dir / "hands").is_dir():
            from tracker.audit.run import run_audit

            with Store(data_dir) as store, _audit_bar(show_bar) as audit_progress:
                verdicts = run_audit(store, progress=audit_progress)
            summary.audit_counts = {str(status): count for status, count in
                                    verdicts.counts.items()}  # fmt: skip
    except TrackerError as error:
        raise _exit_on(error) from None
    except Exception:
        raise _exit_on_bug() from None
    if output is ImportFormat.JSON:
        typer.echo(json.dumps(summary.to_json(), ensure_ascii=False))
    else:
        typer.echo(terminal_text(describe_summary(summary, data_dir)))
    raise typer.Exit(1 if summary.has_failures else 0)


@app.command("sql")
def sql_command(
    query: Annotated[str, typer.Argument(help='The query, e.g. "SELECT count(*) FROM hands".')],
    data: _DataOption = None,
    output: Annotated[SqlFormat, typer.Option("--format", help="Output format.")] = SqlFormat.TABLE,
) -> None:
    """Run a SQL query (DuckDB) against the imported tables."""
    from tracker.database import run_query  # DuckDB loads for this command only

    try:
        result = run_query(data or default_data_dir(), query)
    except TrackerError as error:
        raise _exit_on(error) from None
    if output is SqlFormat.JSON:
        typer.echo(result.to_json())
    elif output is SqlFormat.CSV:
        typer.echo(result.to_csv(), nl=False)
    else:
        from rich.console import Console
        from rich.markup import escape
        from rich.table import Table
        from rich.text import Text

        from tracker.safe_text import terminal_cell

        # plain text, inert: no rich markup, no terminal escape
        table = Table(*(escape(terminal_cell(name)) for name in result.columns))
        for row in result.rows:
            table.add_row(*(Text("" if value is None else terminal_cell(str(value)))
                            for value in row))  # fmt: skip
        Console().print(table)


# ---- tracker simulate ------------------------------------------------------------------


@app.command("simulate")
def simulate_command(
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            metavar="GAME",
            help="omaha-hilo, omaha5-hilo, courchevel-hilo, stud-hilo, omaha-hi, omaha5-hi, "
            "courchevel-hi or stud-hi (required).",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", metavar="FILE", help="The hand-history file to write (required)."),
    ] = None,
    structure: Annotated[
        str | None,
        typer.Option(
            "--structure",
            metavar="STRUCTURE",
            help="limit, pot-limit or no-limit (default: limit for stud, else pot-limit).",
        ),
    ] = None,
    hands: Annotated[str, typer.Option("--hands", metavar="N", help="Hands to deal.")] = "1000",
    players: Annotated[
        str, typer.Option("--players", metavar="K", help="Players dealt into each hand.")
    ] = "6",
    seed: Annotated[str, typer.Option("--seed", metavar="S", help="The random seed.")] = "0",
    site: Annotated[
        str, typer.Option("--site", metavar="SITE", help="The site format to write.")
    ] = "pokerstars",
    error_rate: Annotated[
        str,
        typer.Option(
            "--error-rate", metavar="R", help="The fraction of hands given one payout error."
        ),
    ] = "0",
    stakes: Annotated[
        str | None,
        typer.Option(
            "--stakes",
            metavar="LOW/HIGH",
            help='Blinds, or the two bets in limit and stud, in dollars: "0.25/0.50".',
        ),
    ] = None,
    tournament: Annotated[
        bool,
        typer.Option(
            "--tournament", help="Tournament hands: chips, no rake, levels rising as it goes."
        ),
    ] = False,
    run_it_twice: Annotated[
        str,
        typer.Option(
            "--run-it-twice",
            metavar="R",
            help="The chance that a cash hand of a flop game all in before the river "
            "has the rest of the board dealt twice.",
        ),
    ] = "0",
    output: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help="text or json.")
    ] = "text",
    bet_error_rate: Annotated[
        str,
        typer.Option(
            "--bet-error-rate",
            metavar="R",
            help="The fraction of hands given one illegal bet, raise or bring-in.",
        ),
    ] = "0",
) -> None:
    """Deal random hands, play them legally, pay them by the rules, and write them
    as real PokerStars hand histories; --error-rate writes payout errors into some
    hands and lists them in FILE.errors.jsonl; --bet-error-rate plays one illegal
    action into some hands (the chips and the payout stay right) and lists them in
    FILE.bet-errors.jsonl."""
    from tracker.simulate import SimulationError, simulate
    from tracker.simulate import options as parse

    try:
        if game is None or out is None:
            raise SimulationError("--game and --out are required")
        if output not in ("text", "json"):
            raise SimulationError(f"--format takes text or json, not {output!r}")
        chosen = parse.parse_game(game)
        summary = simulate(
            chosen,
            parse.parse_structure(structure, chosen),
            hands=parse.parse_count(hands, "--hands"),
            players=parse.parse_count(players, "--players", least=2),
            seed=parse.parse_count(seed, "--seed"),
            out=out,
            site=site,
            error_rate=parse.parse_rate(error_rate),
            stakes=stakes,
            tournament=tournament,
            run_it_twice=parse.parse_rate(run_it_twice, "--run-it-twice"),
            bet_error_rate=parse.parse_rate(bet_error_rate, "--bet-error-rate"),
        )
    except TrackerError as error:
        raise _exit_on(error) from None
    typer.echo(parse.describe(summary, as_json=output == "json"))


# ---- tracker audit / tracker show ------------------------------------------------------


class AuditFormat(StrEnum):
    """How `tracker audit` prints the hands."""

    TABLE = "table"
    JSON = "json"
    CSV = "csv"


@app.command("audit")
def audit_command(
    data: _DataOption = None,
    site: Annotated[
        str | None, typer.Option("--site", metavar="SITE", help="Only this site's hands.")
    ] = None,
    since: Annotated[
        datetime | None,
        typer.Option(
            "--since",
            metavar="DATE",
            formats=["%Y-%m-%d", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S"],
            help="Only hands started on this date (UTC) or later.",
        ),
    ] = None,
    output: Annotated[
        AuditFormat, typer.Option("--format", help="table, json or csv.")
    ] = AuditFormat.TABLE,
    every_hand: Annotated[
        bool, typer.Option("--all", help="List every hand, not only those not ok.")
    ] = False,
    processes: Annotated[
        int | None,
        typer.Option(
            "--processes",
            min=1,
            help="Processes auditing at once (default: 2 for 50,000 hands or more on a "
            "machine of 2 cores or more, else 1).",
        ),
    ] = None,
    engine: EngineOption = Engine.ONE_MACHINE,
    master: MasterOption = DEFAULT_MASTER,
) -> None:
    """Re-pay every imported hand with the engine and compare with the site's payout.

    Rebuilds the audit and awards tables, then lists the hands that are not
    ok (every hand with --all), one line each with its reason, and the count
    of hands per verdict: ok, mismatch, unverifiable, inconsistent. Amounts
    are in the smallest unit (cents, or chips). The betting of every hand is
    checked too (legal, illegal or unknown; docs/legality.md): illegal hands
    are listed with the first rule broken. Exit status 1 when a listed site
    and date range holds a mismatch, an inconsistent hand or illegal betting,
    else 0; 2 for bad options or no imported hands; 3, with its traceback,
    for an internal error (a bug). --engine spark audits on the executors of
    --master, with the same result (docs/scaling.md).
    """
    from tracker.audit import report
    from tracker.audit.run import run_audit

    data_dir = data or default_data_dir()
    try:
        if engine is Engine.SPARK:
            from tracker.spark.jobs import audit_on_cluster

            audit_on_cluster(data_dir, master)
        else:
            with Store(data_dir) as store, _audit_bar(sys.stderr.isatty()) as progress:
                run_audit(store, processes=processes, progress=progress)
        listing = report.read_listing(data_dir, site=site, since=since, every_hand=every_hand)
    except TrackerError as error:
        raise _exit_on(error) from None
    except Exception:
        raise _exit_on_bug() from None
    if output is AuditFormat.JSON:
        typer.echo(report.as_json(listing))
        typer.echo(report.describe_counts(listing.counts), err=True)
        typer.echo(report.describe_betting(listing.betting), err=True)
    elif output is AuditFormat.CSV:
        typer.echo(report.as_csv(listing), nl=False)
        typer.echo(report.describe_counts(listing.counts), err=True)
        typer.echo(report.describe_betting(listing.betting), err=True)
    else:
        typer.echo(terminal_text(report.as_table(listing)))  # names inert in the terminal
    raise typer.Exit(1 if listing.flagged else 0)


@app.command("show")
def show_command(
    hand_id: Annotated[str, typer.Argument(metavar="HAND_ID", help="The site's hand id.")],
    data: _DataOption = None,
    site: Annotated[
        str | None,
        typer.Option("--site", metavar="SITE", help="The site, when several use the id."),
    ] = None,
) -> None:
    """Replay a stored hand street by street: each showdown player's best high
    and low, each pot, and the engine's split beside the site's payout; an
    action the betting rules do not allow is marked with the rule broken."""
    from tracker.audit.show import show_hand
    from tracker.audit.stored_hand import read_hand

    try:
        text = show_hand(read_hand(data or default_data_dir(), hand_id, site))
    except TrackerError as error:
        raise _exit_on(error) from None
    typer.echo(terminal_text(text))  # names inert in the terminal
