"""The session report: one self-contained HTML file, and the figures of `tracker plot`.

The report holds a summary of the player's play, the four plots (PNG images embedded as
base64 data, so the file needs nothing else), the stats by position, the hi/lo outcomes,
the sessions, and the audit: how many hands were checked and every hand that is not ok.
Every name and text from the data (players, tables, reasons) is escaped, so a player
named `<script>` shows as text.

    html = build_report(data_dir, player="Hero", session="last")
"""

from __future__ import annotations

import base64
import html
import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pandas as pd
from matplotlib.figure import Figure

from tracker import __version__
from tracker.plots import (
    outcomes_figure,
    positions_figure,
    sessions_figure,
    winnings_figure,
)
from tracker.stats.options import DEFAULT_SESSION_GAP, PLOT_KINDS
from tracker.stats.outcomes import OUTCOME_LABELS, OUTCOMES
from tracker.stats.output import money_text
from tracker.stats.run import StatsDatabase, StatsError, StatsFilter

SESSION_CHOICES = "last, all or a day YYYY-MM-DD"


def plot_figure(database: StatsDatabase, kind: str, filters: StatsFilter) -> Figure:
    """The figure `tracker plot KIND` draws for one player (filters.player).

    Raises:
        StatsError: for a kind not in `PLOT_KINDS`.
    """
    player = filters.player or "every player"
    if kind == "winnings":
        return winnings_figure(database.winnings(filters), title=f"Winnings: {player}")
    if kind == "positions":
        by_position = database.standard(filters, "position")
        return positions_figure(by_position, title=f"Net by position: {player}")
    if kind == "outcomes":
        outcomes = database.outcomes(filters)
        return outcomes_figure(outcomes, title=f"Hi/lo outcomes at showdown: {player}")
    if kind == "sessions":
        return sessions_figure(database.sessions(filters), title=f"Results by session: {player}")
    raise StatsError(f"unknown plot {kind!r}; one of: {', '.join(PLOT_KINDS)}")


def draw_plot(data_dir: Path | str, kind: str, player: str | None = None) -> tuple[Figure, str]:
    """The figure of `kind` for `player` (default: the hero), and the player's name.

    Raises:
        NoDataError: no data folder, or no hands in it.
        StatsError: an unknown kind, or no player given and no single hero.
    """
    with StatsDatabase(data_dir) as database:
        name = player or database.hero()
        return plot_figure(database, kind, StatsFilter(player=name)), name


@dataclass(frozen=True, slots=True)
class Report:
    """A built report: its HTML, the player and the scope it covers."""

    html: str
    player: str
    scope: str


def build_report(
    data_dir: Path | str,
    *,
    player: str | None = None,
    session: str = "all",
    session_gap: int = DEFAULT_SESSION_GAP,
) -> Report:
    """The HTML report of `player` (default: the hero) over `session`: "all" hands,
    the "last" session, or the sessions started on a day ("2026-03-05", UTC).

    Raises:
        NoDataError: no data folder, or no hands in it.
        StatsError: no player given and no single hero; an unknown session.
    """
    with StatsDatabase(data_dir) as database:
        name = player or database.hero()
        filters, scope = _scope(database, StatsFilter(player=name, session_gap=session_gap),
                                session)  # fmt: skip
        sections = [
            _summary_section(database, filters),
            _figure_section("Winnings", plot_figure(database, "winnings", filters)),
            _positions_section(database, filters),
            _outcomes_section(database, filters),
            _sessions_section(database, filters),
            _audit_section(database, filters),
        ]
    title = f"hilo-tracker report: {name}"
    return Report(_page(title, scope, sections), name, scope)


def _scope(database: StatsDatabase, filters: StatsFilter, session: str) -> tuple[StatsFilter, str]:
    """The filters covering the sessions asked, and those sessions in words."""
    if session == "all":
        return filters, "all hands"
    sessions = database.sessions(filters)
    if session == "last":  # a session of several money units has a row per unit
        chosen = sessions[sessions["session"] == sessions["session"].max()]
    else:
        try:
            day = date.fromisoformat(session)
        except ValueError:
            raise StatsError(f"unknown session {session!r}: {SESSION_CHOICES}") from None
        chosen = sessions[[started.date() == day for started in sessions["started_at"]]]
    if chosen.empty:
        raise StatsError(f"no session of {filters.player} matches {session!r}")
    since = chosen["started_at"].min().to_pydatetime()
    until = chosen["ended_at"].max().to_pydatetime()
    count = chosen["session"].nunique()
    words = "session" if count == 1 else f"{count} sessions"
    return replace(filters, since=since, until=until), (
        f"{words} from {since:%Y-%m-%d %H:%M} to {until:%Y-%m-%d %H:%M} UTC"
    )


# ---- sections ---------------------------------------------------------------------------


def _money(row: Any, column: str) -> str:
    """`row[column]` in the row's money unit (each row holds one unit)."""
    return money_text(row[column], row["money_unit"])


def _summary_section(database: StatsDatabase, filters: StatsFilter) -> str:
    """A column per money unit: cents and chips are never added up."""
    standard = database.standard(filters)
    if standard.empty:
        return _section("Summary", "<p>No hands in this scope.</p>")
    outcomes = {str(row["money_unit"]): row for _, row in database.outcomes(filters).iterrows()}
    lines: list[tuple[str, Callable[[Any, Any], str]]] = [
        ("hands", lambda row, _: _whole(row["hands"])),
        ("net won", lambda row, _: _money(row, "net_won")),
        ("net (big bets / big blinds)", lambda row, _: _decimal(row["net_big"])),
        ("bb/100", lambda row, _: _decimal(row["bb_per_100"])),
        ("rake paid", lambda row, _: _money(row, "rake_paid")),
        ("VPIP / PFR / 3-bet",
         lambda row, _: " / ".join(_percent(row[c]) for c in ("vpip", "pfr", "three_bet"))),
        ("aggression factor", lambda row, _: _decimal(row["aggression_factor"])),
        ("WTSD / W$SD / WWSF",
         lambda row, _: " / ".join(_percent(row[c]) for c in ("wtsd", "wsd", "wwsf"))),
    ]  # fmt: skip
    if outcomes:
        lines += [
            ("hi/lo showdowns", lambda _, won: "-" if won is None else _whole(won["showdowns"])),
            ("scoops", lambda _, won: "-" if won is None else _count_share(won["scoops"],
                                                                           won["scoops_pct"])),
            ("quartered (net)", lambda _, won: "-" if won is None else (
                f"{_count_share(won['quartered'], won['quartered_pct'])}, "
                f"{_money(won, 'quartered_net')}")),
        ]  # fmt: skip
    rows = [row for _, row in standard.iterrows()]
    headings = ["", *(str(row["money_unit"]) for row in rows)] if len(rows) > 1 else ["", ""]
    table = [[label, *(cell(row, outcomes.get(str(row["money_unit"]))) for row in rows)]
             for label, cell in lines]  # fmt: skip
    return _section("Summary", _table(headings, table))


def _positions_section(database: StatsDatabase, filters: StatsFilter) -> str:
    by_position = database.standard(filters, "position")
    columns: list[tuple[str, str, Callable[[Any], str]]] = [
        ("position", "position", str), ("hands", "hands", _whole),
        ("VPIP %", "vpip", _percent), ("PFR %", "pfr", _percent),
        ("3-bet %", "three_bet", _percent), ("WTSD %", "wtsd", _percent),
        ("W$SD %", "wsd", _percent), ("net (bb)", "net_big", _decimal),
        ("bb/100", "bb_per_100", _decimal),
    ]  # fmt: skip
    if by_position["money_unit"].nunique() > 1:  # a row per position and money unit
        columns.insert(1, ("unit", "money_unit", str))
    body = _frame_table(by_position, columns)
    body += _image(positions_figure(by_position, title="Net by position"))
    return _section("By position (flop games)", body)


def _outcomes_section(database: StatsDatabase, filters: StatsFilter) -> str:
    """One column per game: the outcomes run down the rows, so the table stays narrow."""
    by_game = database.outcomes(filters, "game")
    if by_game.empty:
        return _section("Hi/lo outcomes at showdown", "<p>No hi/lo hands.</p>")
    records = [{str(key): value for key, value in row.items()}
               for row in by_game.to_dict(orient="records")]  # fmt: skip
    lines: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
        ("showdowns", lambda row: _whole(row["showdowns"])),
        *((OUTCOME_LABELS[name], _share_cell(name, f"{name}_pct")) for name in OUTCOMES),
        ("net of quartered hands", lambda row: _money(row, "quartered_net")),
        ("a low was possible", _share_cell("low_possible", "low_possible_pct")),
        ("made a low then", _share_cell("made_low", "made_low_pct")),
        ("won without showdown", lambda row: _whole(row["won_without_showdown"])),
    ]  # fmt: skip
    several_units = len({str(row["money_unit"]) for row in records}) > 1
    headings = ["", *(f"{row['game']} ({row['money_unit']})" if several_units
                      else str(row["game"]) for row in records)]  # fmt: skip
    rows = [[label, *(cell(row) for row in records)] for label, cell in lines]
    body = _table(headings, rows)
    body += _image(outcomes_figure(by_game, title="Hi/lo outcomes at showdown (all hi/lo games)"))
    return _section("Hi/lo outcomes at showdown", body)


def _share_cell(count: str, share: str) -> Callable[[dict[str, Any]], str]:
    return lambda row: _count_share(row[count], row[share])


def _sessions_section(database: StatsDatabase, filters: StatsFilter) -> str:
    sessions = database.sessions(filters)
    rows = [
        [
            _whole(record["session"]),
            f"{record['started_at']:%Y-%m-%d %H:%M}",
            _decimal(record["minutes"], 0),
            _whole(record["tables"]),
            _whole(record["hands"]),
            money_text(record["net_won"], record["money_unit"]),
            _decimal(record["bb_per_100"]),
        ]
        for record in sessions.to_dict(orient="records")
    ]
    headings = ["session", "start (UTC)", "minutes", "tables", "hands", "net won", "bb/100"]
    body = _table(headings, rows) + _image(sessions_figure(sessions, title="Results by session"))
    return _section(f"Sessions (a gap of more than {filters.session_gap} minutes)", body)


def _audit_section(database: StatsDatabase, filters: StatsFilter) -> str:
    counts = database.audit_counts(filters)
    checked = int(counts["hands"].sum())
    summary = ", ".join(f"{_whole(hands)} {status}" for status, hands in
                        zip(counts["status"], counts["hands"], strict=True))  # fmt: skip
    if checked == 0:
        return _section("Audit", "<p>No audited hands in this scope (run the audit).</p>")
    problems = database.audit_problems(filters)
    columns: list[tuple[str, str, Callable[[Any], str]]] = [
        ("time (UTC)", "started_at", _time), ("site", "site", str),
        ("hand", "hand_id", str), ("table", "table_name", _text), ("game", "game", _text),
        ("verdict", "status", str), ("reason", "reason", _text),
    ]  # fmt: skip
    body = f"<p>{checked:,} hands checked: {html.escape(summary)}.</p>"
    betting = database.audit_betting_counts(filters)
    legality = ", ".join(f"{_whole(hands)} {verdict}" for verdict, hands in
                         zip(betting["betting"], betting["hands"], strict=True))  # fmt: skip
    body += f"<p>Betting (docs/legality.md): {html.escape(legality)}.</p>"
    if problems.empty:
        body += "<p>Every hand checked was paid as the rules say.</p>"
    else:
        body += _frame_table(problems, columns)
    return _section("Audit", body)


def _figure_section(title: str, figure: Figure) -> str:
    return _section(title, _image(figure))


# ---- HTML -------------------------------------------------------------------------------

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
h1 { font-size: 1.6em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.9em; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: left; }
th { background: #f3f3f3; } td.number { text-align: right; white-space: nowrap; }
img { max-width: 100%; display: block; margin: 0.5em 0; }
.scope { color: #555; }
"""


def _page(title: str, scope: str, sections: Sequence[str]) -> str:
    generated = f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC"
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<h1>{html.escape(title)}</h1>\n"
        f'<p class="scope">{html.escape(scope)}; made {generated} by hilo-tracker '
        f"{html.escape(__version__)}.</p>\n" + "\n".join(sections) + "\n</body>\n</html>\n"
    )


def _section(title: str, body: str) -> str:
    return f"<section>\n<h2>{html.escape(title)}</h2>\n{body}\n</section>"


def _table(headings: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """An HTML table, every cell escaped; numbers are right-aligned."""
    head = "".join(f"<th>{html.escape(heading)}</th>" for heading in headings)
    body = "\n".join("<tr>" + "".join(_cell(cell) for cell in row) + "</tr>" for row in rows)
    header = f"<tr>{head}</tr>\n" if any(headings) else ""
    return f"<table>\n{header}{body}\n</table>"


_NUMBER = re.compile(r"^-?[\d,.]+( \([\d.]+%\))?( [A-Za-z]+)?$")


def _cell(text: str) -> str:
    kind = ' class="number"' if _NUMBER.match(text) else ""
    return f"<td{kind}>{html.escape(text)}</td>"


def _frame_table(
    frame: pd.DataFrame, columns: Sequence[tuple[str, str, Callable[[Any], str]]]
) -> str:
    if frame.empty:
        return "<p>No hands.</p>"
    rows = [[shown(record[column]) for _, column, shown in columns]
            for record in frame.to_dict(orient="records")]  # fmt: skip
    return _table([heading for heading, _, _ in columns], rows)


def _image(figure: Figure) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    alt = html.escape(figure.axes[0].get_title() if figure.axes else "plot")
    return f'<img alt="{alt}" src="data:image/png;base64,{data}">'


# ---- cells ------------------------------------------------------------------------------


def _missing(value: Any) -> bool:
    return value is None or bool(pd.isna(value))


def _whole(value: Any) -> str:
    return "-" if _missing(value) else f"{int(value):,}"


def _decimal(value: Any, digits: int = 2) -> str:
    return "-" if _missing(value) else f"{float(value):,.{digits}f}"


def _percent(value: Any) -> str:
    return "-" if _missing(value) else f"{float(value):.1f}"


def _count_share(count: Any, share: Any) -> str:
    if _missing(share):
        return _whole(count)
    return f"{_whole(count)} ({float(share):.1f}%)"


def _time(value: Any) -> str:
    return "-" if _missing(value) else f"{value:%Y-%m-%d %H:%M}"


def _text(value: Any) -> str:
    return "" if _missing(value) else str(value)
