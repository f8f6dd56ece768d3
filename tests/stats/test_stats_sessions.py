"""Sessions and the running winnings on the hand-built history."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tracker.stats.run import StatsDatabase, StatsFilter


def test_hero_sessions(database: StatsDatabase) -> None:
    table = database.sessions(StatsFilter(player="Hero"))
    assert list(table["session"]) == [1, 2]
    # Session 1: 1001 at 12:00 EDT (16:00 UTC) to 1011 at 12:48, the last gap exactly 30
    # minutes; eleven Omaha hands at one table, +191 (188 less the stud -3), 9.55 big
    # bets. Session 2: the stud hands at 13:30 and 13:33, -3.
    first, second = table.to_dict(orient="records")
    assert first["started_at"] == datetime(2020, 6, 1, 16, 0, tzinfo=UTC)
    assert first["ended_at"] == datetime(2020, 6, 1, 16, 48, tzinfo=UTC)
    assert (first["minutes"], first["tables"], first["hands"]) == (48, 1, 11)
    assert (first["net_won"], first["money_unit"]) == (191, "USD")
    assert first["bb_per_100"] == pytest.approx(100 * 9.55 / 11)
    assert (second["minutes"], second["tables"], second["hands"], second["net_won"]) == (
        3,
        1,
        2,
        -3,
    )


def test_a_shorter_gap_splits_sessions(database: StatsDatabase) -> None:
    # With 29 minutes, the 30-minute gap before 1011 starts a session of its own.
    table = database.sessions(StatsFilter(player="Hero", session_gap=29))
    assert list(table["hands"]) == [10, 1, 2]
    assert list(table["net_won"]) == [201, -10, -3]


def test_every_players_sessions(database: StatsDatabase) -> None:
    table = database.sessions(StatsFilter())
    counts = table.groupby("player")["session"].count().to_dict()
    # Cara, Dave and Erin played the Omaha hands only: one session each.
    assert counts == {"Alice": 2, "Bob": 2, "Cara": 1, "Dave": 1, "Erin": 1, "Hero": 2}


def test_winnings_run_in_time_order(database: StatsDatabase) -> None:
    table = database.winnings(StatsFilter(player="Hero"))
    assert list(table["hand_number"]) == list(range(1, 14))
    assert list(table["hand_id"])[:3] == ["1001", "1002", "1003"]
    # The totals add up hand by hand; 1003 (+23) and 1011 (-10) and 2002 (-2) did not
    # reach showdown: 11 without, 177 at showdown.
    assert list(table["total"])[-1] == 188
    assert list(table["without_showdown"])[-1] == 11
    assert list(table["at_showdown"])[-1] == 177
    assert list(table["total_big"])[-1] == pytest.approx(9.4)
    assert (table["total"] == table["at_showdown"] + table["without_showdown"]).all()
