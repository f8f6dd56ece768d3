"""Plots: DataFrames in, matplotlib Figures out, drawn from the real queries."""

from __future__ import annotations

import pandas as pd
import pytest
from matplotlib.figure import Figure

from tracker.plots import outcomes_figure, positions_figure, sessions_figure, winnings_figure
from tracker.stats.run import StatsDatabase, StatsFilter

HERO = StatsFilter(player="Hero")


def test_winnings_figure(database: StatsDatabase) -> None:
    figure = winnings_figure(database.winnings(HERO))
    (axes,) = figure.axes
    labels = axes.get_legend_handles_labels()[1]
    assert labels == ["total", "at showdown", "without showdown"]
    total = axes.get_lines()[0]
    assert list(total.get_ydata())[-1] == pytest.approx(9.4)


def test_positions_figure(database: StatsDatabase) -> None:
    figure = positions_figure(database.standard(HERO, "position"))
    heights = [round(float(bar.get_height()), 2) for bar in figure.axes[0].patches]
    # UTG 105, HJ -37, CO -8, BTN 137, SB 4, BB -10 cents in big bets of 20.
    assert heights == [5.25, -1.85, -0.4, 6.85, 0.2, -0.5]


def test_outcomes_figure(database: StatsDatabase) -> None:
    figure = outcomes_figure(database.outcomes(HERO))
    heights = [round(float(bar.get_height())) for bar in figure.axes[0].patches]
    # Of ten showdowns: 1, 2, 1, 1, 2, 1, 1, 1 (see test_stats_outcomes).
    assert heights == [10, 20, 10, 10, 20, 10, 10, 10]


def test_sessions_figure(database: StatsDatabase) -> None:
    figure = sessions_figure(database.sessions(HERO))
    heights = [round(float(bar.get_height()), 2) for bar in figure.axes[0].patches]
    assert heights == [9.55, -0.15]


@pytest.mark.parametrize(
    "draw", [winnings_figure, positions_figure, outcomes_figure, sessions_figure]
)
def test_empty_frames_draw_a_note(draw: object) -> None:
    figure = draw(pd.DataFrame())  # type: ignore[operator]
    assert isinstance(figure, Figure)
    assert [text.get_text() for text in figure.axes[0].texts] == ["no hands"]


def test_figures_render_to_png(database: StatsDatabase, tmp_path: object) -> None:
    import io

    buffer = io.BytesIO()
    winnings_figure(database.winnings(HERO)).savefig(buffer, format="png")
    assert buffer.getvalue()[:8] == b"\x89PNG\r\n\x1a\n"
