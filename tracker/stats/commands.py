"""The `tracker stats`, `tracker plot` and `tracker report` commands.

Registered on the `tracker` app in `tracker/cli.py`; each parses its options, calls one
library function (`tracker.stats.run.player_stats`, `tracker.report.draw_plot`,
`tracker.report.build_report`) and prints the result. Only `TrackerError` is caught: a
one-line message and exit status 2.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer

from tracker.cli_engines import Engine, EngineOption, MasterOption
from tracker.errors import TrackerError
from tracker.model import Game
from tracker.spark.session import DEFAULT_MASTER
from tracker.stats.options import (
    DEFAULT_SESSION_GAP,
    Grouping,
    OutputFormat,
    PlotKind,
    RakeMethod,
)
from tracker.store import default_data_dir

DEFAULT_TABLE_PLAYERS = 20
"""Players the terminal table shows at most by default (`--limit`)."""

DataOption = Annotated[
    Path | None,
    typer.Option(
        "--data",
        envvar="TRACKER_DATA",
        help="The data folder (default: $TRACKER_DATA, else the user data folder).",
    ),
]
PlayerOption = Annotated[
    str | None,
    typer.Option("--player", metavar="NAME", help="The player (default: the hero)."),
]


def _failed(error: TrackerError) -> typer.Exit:
    typer.echo(f"error: {error}", err=True)
    return typer.Exit(2)


def _audit_first(data_dir: Path) -> None:
    """Audit the hands not audited yet (the outcomes read the audit's split), saying so
    on standard error."""
    from tracker.stats.auditing import audit_if_needed

    if (data_dir / "hands").is_dir():  # else the stats say there is no hand
        audit_if_needed(data_dir, notify=lambda line: typer.echo(line, err=True))


def stats_command(
    data: DataOption = None,
    player: Annotated[
        str | None,
        typer.Option("--player", metavar="NAME", help="One player (default: every player)."),
    ] = None,
    hero: Annotated[
        bool,
        typer.Option(
            "--hero",
            help='Only the hero: the player the files were dealt to ("Dealt to NAME"), '
            "when one name is on more than half of the hands.",
        ),
    ] = False,
    by: Annotated[Grouping | None, typer.Option("--by", help="Break the rows down.")] = None,
    game: Annotated[Game | None, typer.Option("--game", help="One game only.")] = None,
    since: Annotated[
        datetime | None,
        typer.Option("--since", formats=["%Y-%m-%d"], metavar="DATE", help="First day (UTC)."),
    ] = None,
    until: Annotated[
        datetime | None,
        typer.Option("--until", formats=["%Y-%m-%d"], metavar="DATE", help="Last day (UTC)."),
    ] = None,
    min_hands: Annotated[
        int, typer.Option("--min-hands", min=1, metavar="N", help="Hide rows of fewer hands.")
    ] = 1,
    session_gap: Annotated[
        int,
        typer.Option(
            "--session-gap", min=1, metavar="MINUTES", help="A longer gap starts a new session."
        ),
    ] = DEFAULT_SESSION_GAP,
    outcomes: Annotated[
        bool,
        typer.Option("--outcomes", help="The hi/lo outcomes at showdown instead."),
    ] = False,
    output: Annotated[
        OutputFormat, typer.Option("--format", help="Output format.")
    ] = OutputFormat.TABLE,
    limit: Annotated[
        int,
        typer.Option(
            "--limit",
            min=0,
            metavar="N",
            help="The terminal table shows the N players with the most hands (0: every "
            "player); json and csv give every row.",
        ),
    ] = DEFAULT_TABLE_PLAYERS,
    columns: Annotated[
        str | None,
        typer.Option(
            "--columns",
            metavar="NAMES",
            help="The terminal table's columns, e.g. vpip,pfr,net_won, or all (default: "
            "the main ones that fit the terminal); json and csv give every column.",
        ),
    ] = None,
    rake_method: Annotated[
        RakeMethod,
        typer.Option(
            "--rake-method",
            help="How rake paid shares each hand's rake: contributed (weighted "
            "contributed: by what each player put in) or collected (by what each won).",
        ),
    ] = RakeMethod.CONTRIBUTED,
    engine: EngineOption = Engine.ONE_MACHINE,
    master: MasterOption = DEFAULT_MASTER,
) -> None:
    """Player stats: VPIP, PFR, 3-bet, AF, WTSD, W$SD, WWSF, net won, bb/100, rake.

    Without --player or --hero: every player, one row each (one row per
    player and group with --by). With --outcomes: how the hi/lo showdowns
    ended (scoops, three-quarters, high or low only, splits, quarters),
    from the audit's awards. --by position covers flop games, door-card and
    bring-in cover stud, hand-class the flop-game hands whose hole cards are
    known (a hand counts in every class it fits). docs/stats.md defines
    every figure. A row per money unit: cents and chips are never added up.
    With --outcomes the hands not audited yet are audited first.
    --engine spark counts the same figures with Spark SQL on the executors
    of --master (docs/scaling.md).
    """
    from rich.console import Console

    from tracker.stats.output import (
        ColumnError,
        chosen_columns,
        most_played,
        outcomes_table,
        standard_table,
        to_json,
        write_csv,
    )
    from tracker.stats.run import StatsFilter, player_stats

    if player is not None and hero:
        raise _failed(TrackerError("give --player NAME or --hero, not both"))
    filters = StatsFilter(
        player=player,
        game=game,
        since=None if since is None else since.date(),
        until=None if until is None else until.date(),
        min_hands=min_hands,
        session_gap=session_gap,
        rake_method=rake_method,
    )
    group = None if by is None else by.value
    data_dir = data or default_data_dir()
    try:
        wanted = chosen_columns(columns, outcomes)
    except ColumnError as error:
        raise _failed(TrackerError(str(error))) from None
    try:
        if engine is Engine.SPARK:
            from tracker.spark.jobs import stats_on_cluster

            rows = stats_on_cluster(
                data_dir, filters, master, by=group, outcomes=outcomes, hero=hero,
                notify=lambda line: typer.echo(line, err=True),
            )  # fmt: skip
        else:
            if outcomes:
                _audit_first(data_dir)
            rows = player_stats(data_dir, filters, by=group, outcomes=outcomes, hero=hero)
    except TrackerError as error:
        raise _failed(error) from None
    if output is OutputFormat.JSON:
        typer.echo(to_json(rows))
        return
    if output is OutputFormat.CSV:
        write_csv(rows, typer.get_binary_stream("stdout"))
        return
    shown, players = most_played(rows, limit)
    console = Console()
    draw = outcomes_table if outcomes else standard_table
    title = "Hi/lo outcomes at showdown" if outcomes else "Player stats"
    fitted = draw(shown, group, title, columns=wanted, width=console.width)
    console.print(fitted.table)
    if fitted.left_out:
        typer.echo(
            f"columns left out to fit the terminal: {', '.join(fitted.left_out)} "
            "(--columns NAMES or all, or --format csv|json)",
            err=True,
        )
    if shown.num_rows < rows.num_rows:
        typer.echo(
            f"{limit:,} of {players:,} players shown, those with the most hands "
            "(--limit 0 for every player, or --format csv|json)",
            err=True,
        )


def plot_command(
    kind: Annotated[PlotKind, typer.Argument(help="What to draw.")],
    out: Annotated[Path, typer.Option("--out", metavar="FILE.png", help="The image to write.")],
    data: DataOption = None,
    player: PlayerOption = None,
) -> None:
    """Draw a plot into a PNG file (the hero's, or --player's).

    KIND: winnings (cumulative: total, at showdown, without showdown), positions
    (net by position), outcomes (hi/lo outcomes at showdown), sessions (net by
    session). Prints the file's path. For outcomes, the hands not audited yet are
    audited first.
    """
    from tracker.report import draw_plot

    data_dir = data or default_data_dir()
    try:
        if kind is PlotKind.OUTCOMES:
            _audit_first(data_dir)
        figure, _ = draw_plot(data_dir, kind.value, player)
    except TrackerError as error:
        raise _failed(error) from None
    figure.savefig(out, format="png", dpi=100)
    typer.echo(str(out))


def report_command(
    out: Annotated[Path, typer.Option("--out", metavar="FILE.html", help="The file to write.")],
    data: DataOption = None,
    player: PlayerOption = None,
    session: Annotated[
        str,
        typer.Option("--session", metavar="last|all|YYYY-MM-DD", help="Which sessions."),
    ] = "all",
    session_gap: Annotated[
        int,
        typer.Option(
            "--session-gap", min=1, metavar="MINUTES", help="A longer gap starts a new session."
        ),
    ] = DEFAULT_SESSION_GAP,
) -> None:
    """Write a self-contained HTML report of the hero's (or --player's) play.

    The report holds a summary, the plots, the stats by position, the hi/lo
    outcomes, the sessions and the audit (how many hands were checked, and
    every hand that is not ok). --session last: the last session; a day
    YYYY-MM-DD: the sessions started that day (UTC); all: every hand. Prints
    the file's path. The hands not audited yet are audited first.
    """
    from tracker.report import build_report

    data_dir = data or default_data_dir()
    try:
        _audit_first(data_dir)
        report = build_report(data_dir, player=player, session=session,
                              session_gap=session_gap)  # fmt: skip
    except TrackerError as error:
        raise _failed(error) from None
    out.write_text(report.html, encoding="utf-8")
    typer.echo(str(out))
