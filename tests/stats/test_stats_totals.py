"""The summary's totals (`player_totals`, `outcome_totals`): the same rows as adding up
the per-day sums, kept up to date by imports and audits, and built for a summary made
before they existed without rebuilding the rest."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import duckdb
import pandas as pd
import pytest
from conftest import import_and_audit
from stats_dataset import OMAHA_HANDS, STUD_HANDS, history_text

from tracker.audit.run import run_audit
from tracker.importer import import_paths
from tracker.schema import TABLES
from tracker.stats import summary
from tracker.stats.run import StatsDatabase, StatsFilter
from tracker.stats.totals import GROUPING_KEYS, totals_sql
from tracker.store import Store

SINCE_EVER = date(2000, 1, 1)
"""A first day before every hand: the same hands, but whole days, which the per-day sums
answer instead of the totals."""


@pytest.mark.parametrize("by", list(GROUPING_KEYS))
@pytest.mark.parametrize("player", [None, "Hero", "Bob"])
def test_totals_and_day_sums_agree(database: StatsDatabase, by: str | None,
                                   player: str | None) -> None:  # fmt: skip
    totals, days = StatsFilter(player=player), StatsFilter(player=player, since=SINCE_EVER)
    assert database._sums("stats_standard", totals, by).startswith("stats_player_totals(")
    assert database._sums("stats_outcomes", totals, by).startswith("stats_outcome_totals(")
    assert "stats_player_days(" in database._sums("stats_standard", days, by)
    standard = database.standard(totals, by)
    assert len(standard) > 0
    pd.testing.assert_frame_equal(standard, database.standard(days, by))
    pd.testing.assert_frame_equal(database.outcomes(totals, by), database.outcomes(days, by))


def test_min_hands_on_the_totals(database: StatsDatabase) -> None:
    every = database.standard(StatsFilter(), "position")
    some = database.standard(StatsFilter(min_hands=2), "position")
    assert list(some["hands"]) == [hands for hands in every["hands"] if hands >= 2]
    assert 0 < len(some) < len(every)


def stored_totals(database: StatsDatabase, table: str) -> pd.DataFrame:
    return database.connection.execute(f"FROM {table} ORDER BY ALL").df()


def rebuilt_totals(database: StatsDatabase, table: str) -> pd.DataFrame:
    days, counters, _ = summary.TOTALS[table]
    rows = database.connection.execute(f"FROM ({totals_sql(days, counters)}) ORDER BY ALL")
    return rows.df()


def test_the_totals_follow_imports_and_audits(tmp_path: Path) -> None:
    stud = [hand.replace("2020/06/01 13:3", "2020/07/01 13:3") for hand in STUD_HANDS]
    data = import_and_audit("\n\n\n".join(OMAHA_HANDS), tmp_path / "first")
    with StatsDatabase(data) as database:
        assert database.refresh is not None
        assert database.refresh.totals_rebuilt == ("player_totals", "outcome_totals")
    more = tmp_path / "more"
    more.mkdir()
    (more / "stud.txt").write_text("\n\n\n".join(stud), encoding="utf-8")
    with Store(data) as store:
        import_paths([more], store)
    # An import: the new hands are added to both totals, which still add up the days.
    with StatsDatabase(data) as database, StatsDatabase(data, summary=False) as raw:
        assert database.refresh is not None
        assert (database.refresh.player_hands_added, database.refresh.totals_rebuilt) == (6, ())
        for table in summary.TOTALS:
            pd.testing.assert_frame_equal(stored_totals(database, table),
                                          rebuilt_totals(database, table))  # fmt: skip
        pd.testing.assert_frame_equal(database.standard(StatsFilter(), "game"),
                                      raw.standard(StatsFilter(), "game"))  # fmt: skip
        pd.testing.assert_frame_equal(database.outcomes(StatsFilter()),
                                      raw.outcomes(StatsFilter()))  # fmt: skip
    # An audit: the outcome tables are rebuilt, and their totals from the new days.
    with Store(data) as store:
        run_audit(store)
    with StatsDatabase(data) as database, StatsDatabase(data, summary=False) as raw:
        assert database.refresh is not None
        assert database.refresh.totals_rebuilt == ("outcome_totals",)
        for by in GROUPING_KEYS:
            pd.testing.assert_frame_equal(database.outcomes(StatsFilter(), by),
                                          raw.outcomes(StatsFilter(), by))  # fmt: skip


def test_a_summary_made_before_the_totals(tmp_path: Path) -> None:
    data = import_and_audit(history_text(), tmp_path)
    with StatsDatabase(data):
        pass
    with Store(data) as store, store.transaction() as batch:  # as the release before left it
        for table in summary.TOTALS:
            batch.remove_table(table)
        batch.remove_table("stats_state")
        batch.write_rows("stats_state", [
            {"source": "hands", "files": summary.source_files(data, "hands")},
            {"source": "awards", "files": summary.source_files(data, "awards")},
            {"source": "version", "files": [summary.VERSION]},
        ])  # fmt: skip
    with StatsDatabase(data) as database, StatsDatabase(data, summary=False) as raw:
        assert database.refresh is not None
        assert database.refresh.player_hands_added == 0
        assert not database.refresh.outcomes_rebuilt
        assert database.refresh.totals_rebuilt == ("player_totals", "outcome_totals")
        pd.testing.assert_frame_equal(database.standard(StatsFilter(), "position"),
                                      raw.standard(StatsFilter(), "position"))  # fmt: skip
    with StatsDatabase(data) as database:  # up to date now: nothing to do
        assert database.refresh is not None
        assert database.refresh.totals_rebuilt == ()


def test_money_units_are_never_added_up() -> None:
    # a row per money unit: cents and chips stay apart in every grouping
    connection = duckdb.connect()
    connection.execute("""
        CREATE TABLE days AS FROM (VALUES
            ('Hero', 'omaha-hilo', 'limit 0.10/0.20 USD', 'USD', 'BTN', 1),
            ('Hero', 'omaha-hilo', 'limit 10/20 tournament', 'chips', 'BTN', 2),
            ('Hero', 'omaha-hilo', 'limit 0.10/0.20 USD', 'USD', 'SB', 4)
        ) AS day(player, game, stakes, money_unit, position, hands)""")
    connection.execute("ALTER TABLE days ADD COLUMN door_rank VARCHAR")
    connection.execute("ALTER TABLE days ADD COLUMN stud BOOLEAN DEFAULT false")
    connection.execute("ALTER TABLE days ADD COLUMN brought_in BOOLEAN DEFAULT false")
    connection.execute(f"CREATE TABLE totals AS {totals_sql('days', ('hands',))}")
    wanted = "SELECT group_key, money_unit, hands FROM totals WHERE grouping = ? ORDER BY ALL"
    assert connection.execute(wanted, ["position"]).fetchall() == [
        ("BTN", "USD", 1), ("BTN", "chips", 2), ("SB", "USD", 4),
    ]  # fmt: skip
    assert connection.execute(wanted, ["all"]).fetchall() == [("all", "USD", 5),
                                                              ("all", "chips", 2)]  # fmt: skip
    # More hands in dollars: added to the dollar rows, the chip rows kept.
    connection.execute("CREATE TABLE more AS FROM days WHERE money_unit = 'USD'")
    merged = totals_sql("more", ("hands",), so_far="totals")
    connection.execute(f"CREATE TABLE merged AS {merged}")
    wanted = wanted.replace("FROM totals", "FROM merged")
    assert connection.execute(wanted, ["position"]).fetchall() == [
        ("BTN", "USD", 2), ("BTN", "chips", 2), ("SB", "USD", 8),
    ]  # fmt: skip
    assert connection.execute(wanted, ["stakes"]).fetchall() == [
        ("limit 0.10/0.20 USD", "USD", 10), ("limit 10/20 tournament", "chips", 2),
    ]  # fmt: skip


def views_of(database: StatsDatabase) -> set[str]:
    rows = database._connection.execute("SELECT view_name FROM duckdb_views() WHERE NOT internal")
    return {name for (name,) in rows.fetchall()}


def test_an_up_to_date_summary_opens_with_its_sums(stats_data: Path) -> None:
    with StatsDatabase(stats_data):
        pass  # the summary is up to date
    with StatsDatabase(stats_data) as database:
        database.standard_arrow(StatsFilter(), "position")  # from the totals
        database.outcomes_arrow(StatsFilter(since=SINCE_EVER), "game")  # from the days
        assert views_of(database) == {"stats_state", "player_days", "outcome_days",
                                      "player_totals", "outcome_totals"}  # fmt: skip
        assert database.hero() == "Hero"
        assert "hands" in views_of(database)
        database.standard_arrow(StatsFilter(), "hand-class")  # from the per-hand rows
        assert views_of(database) >= set(TABLES)
