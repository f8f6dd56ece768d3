"""Plots: a DataFrame in (from `tracker.stats`), a matplotlib Figure out.

Figures are built with `matplotlib.figure.Figure` directly, never through pyplot, so no
global state is kept and any number can be drawn side by side (the Agg canvas renders
them: `figure.savefig("plot.png")`). Nothing here reads the database or writes files.
Amounts are drawn in big bets (limit) or big blinds (pot- and no-limit), which compare
across stakes.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from tracker.stats.outcomes import OUTCOME_LABELS, OUTCOMES

_SIZE = (8.0, 4.5)
_GAIN, _LOSS, _NEUTRAL = "#2e7d32", "#c62828", "#455a64"
_BIG_UNITS = "big bets / big blinds"
_MOST_LABELS = 8


def _figure(title: str) -> tuple[Figure, Axes]:
    figure = Figure(figsize=_SIZE, layout="constrained")
    axes = figure.add_subplot()
    axes.set_title(title)
    axes.grid(True, axis="y", alpha=0.3)
    return figure, axes


def _nothing_to_draw(axes: Axes) -> None:
    axes.text(0.5, 0.5, "no hands", ha="center", va="center", transform=axes.transAxes)
    axes.set_xticks([])
    axes.set_yticks([])


def _bar_colours(values: Sequence[float]) -> list[str]:
    return [_GAIN if value >= 0 else _LOSS for value in values]


def winnings_figure(winnings: pd.DataFrame, *, title: str = "Winnings") -> Figure:
    """Cumulative winnings over the hands played: the total, the part won or lost in
    hands that went to showdown, and the part in hands that did not.

    Args:
        winnings: `StatsDatabase.winnings` rows (one player): `hand_number`,
            `total_big`, `at_showdown_big`, `without_showdown_big`.
        title: the figure's title.

    >>> frame = pd.DataFrame({"hand_number": [1, 2], "total_big": [1.0, 0.5],
    ...     "at_showdown_big": [1.0, 1.0], "without_showdown_big": [0.0, -0.5]})
    >>> winnings_figure(frame).axes[0].get_legend_handles_labels()[1]
    ['total', 'at showdown', 'without showdown']
    """
    figure, axes = _figure(title)
    if winnings.empty:
        _nothing_to_draw(axes)
        return figure
    hands = winnings["hand_number"]
    axes.plot(hands, winnings["total_big"], color=_NEUTRAL, linewidth=2, label="total")
    axes.plot(hands, winnings["at_showdown_big"], color=_GAIN, label="at showdown")
    axes.plot(hands, winnings["without_showdown_big"], color=_LOSS, label="without showdown")
    axes.axhline(0, color="black", linewidth=0.6)
    axes.set_xlabel("hands")
    axes.set_ylabel(f"won ({_BIG_UNITS})")
    axes.legend(loc="best")
    return figure


def positions_figure(by_position: pd.DataFrame, *, title: str = "Net by position") -> Figure:
    """Net won by table position, as bars (positions in the order they act).

    Args:
        by_position: `StatsDatabase.standard(..., by="position")` rows (one player):
            `position`, `hands`, `net_big` (the rows of one position in several money
            units are added up: big bets and big blinds compare across units).
        title: the figure's title.

    >>> frame = pd.DataFrame({"position": ["CO", "BTN"], "hands": [3, 4],
    ...     "net_big": [-1.5, 2.0]})
    >>> [float(bar.get_height()) for bar in positions_figure(frame).axes[0].patches]
    [-1.5, 2.0]
    """
    figure, axes = _figure(title)
    if by_position.empty:
        _nothing_to_draw(axes)
        return figure
    # a row per position and money unit: big units compare across units, so add them up
    by_position = by_position.groupby("position", sort=False, as_index=False)[
        ["hands", "net_big"]
    ].sum(min_count=1)
    labels = [f"{position}\nn={hands}" for position, hands in
              zip(by_position["position"], by_position["hands"], strict=True)]  # fmt: skip
    values = [float(value) for value in by_position["net_big"].fillna(0.0)]
    axes.bar(labels, values, color=_bar_colours(values))
    axes.axhline(0, color="black", linewidth=0.6)
    axes.set_ylabel(f"net ({_BIG_UNITS})")
    return figure


def outcomes_figure(outcomes: pd.DataFrame, *, title: str = "Hi/lo outcomes at showdown") -> Figure:
    """How the showdowns ended, as a share of all showdowns (scoops, three-quarters, high
    only, low only, splits, quarters, losses), with the counts on the bars.

    Args:
        outcomes: `StatsDatabase.outcomes` rows: `showdowns` and one count column per
            outcome (`scoop_no_low`, ..., `lost`); several rows are added together.
        title: the figure's title.

    >>> frame = pd.DataFrame({"showdowns": [4], "scoop_no_low": [1], "scoop_both_ways": [1],
    ...     "three_quarters": [0], "high_only": [1], "low_only": [0], "split": [0],
    ...     "quartered": [1], "lost": [0]})
    >>> [round(bar.get_height()) for bar in outcomes_figure(frame).axes[0].patches]
    [25, 25, 0, 25, 0, 0, 25, 0]
    """
    figure, axes = _figure(title)
    showdowns = int(outcomes["showdowns"].sum()) if not outcomes.empty else 0
    if showdowns == 0:
        _nothing_to_draw(axes)
        return figure
    counts = [int(outcomes[name].sum()) for name in OUTCOMES]
    shares = [100.0 * count / showdowns for count in counts]
    colours = [_GAIN] * 5 + [_NEUTRAL] * 2 + [_LOSS]
    bars = axes.bar([OUTCOME_LABELS[name] for name in OUTCOMES], shares, color=colours)
    axes.bar_label(bars, labels=[str(count) for count in counts], padding=2)
    axes.set_ylabel(f"% of {showdowns} showdowns")
    axes.tick_params(axis="x", labelrotation=30)
    return figure


def sessions_figure(sessions: pd.DataFrame, *, title: str = "Results by session") -> Figure:
    """Net won in each session, as bars in the order played.

    Args:
        sessions: `StatsDatabase.sessions` rows (one player): `started_at`, `hands`,
            `net_big`.
        title: the figure's title.

    >>> frame = pd.DataFrame({"started_at": pd.to_datetime(["2020-06-01 16:00"], utc=True),
    ...     "hands": [11], "net_big": [9.55]})
    >>> [float(bar.get_height()) for bar in sessions_figure(frame).axes[0].patches]
    [9.55]
    """
    figure, axes = _figure(title)
    if sessions.empty:
        _nothing_to_draw(axes)
        return figure
    if "session" in sessions.columns:  # a session in several money units: a row per unit
        sessions = sessions.groupby("session", sort=True, as_index=False).agg(
            started_at=("started_at", "min"), hands=("hands", "sum"),
            net_big=("net_big", lambda values: values.sum(min_count=1)),
        )  # fmt: skip
    labels = [f"{started:%Y-%m-%d %H:%M} ({hands})" for started, hands in
              zip(sessions["started_at"], sessions["hands"], strict=True)]  # fmt: skip
    values = [float(value) for value in sessions["net_big"].fillna(0.0)]
    axes.bar(range(len(values)), values, color=_bar_colours(values))
    step = max(1, len(values) // _MOST_LABELS)  # label every step-th session when many
    shown = range(0, len(values), step)
    axes.set_xticks(shown, [labels[index] for index in shown], rotation=30, ha="right")
    axes.set_xlabel("sessions: start (UTC) and hands")
    axes.axhline(0, color="black", linewidth=0.6)
    axes.set_ylabel(f"net ({_BIG_UNITS})")
    return figure
