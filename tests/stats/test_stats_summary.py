"""The stats summary tables: the same figures as counting from the hand tables, kept up
to date by imports and audits, and skipped when another process holds the folder."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import duckdb
import pandas as pd
import pyarrow.parquet as pq
import pytest
from conftest import import_and_audit
from stats_dataset import OMAHA_HANDS, STUD_HANDS, history_text

from tracker.audit.run import run_audit
from tracker.importer import import_paths
from tracker.model import Game
from tracker.stats import summary
from tracker.stats.run import GROUPINGS, StatsDatabase, StatsFilter
from tracker.store import Store

EVERYONE, HERO = StatsFilter(), StatsFilter(player="Hero")


def every_figure(database: StatsDatabase) -> list[pd.DataFrame]:
    frames = [database.standard(EVERYONE), database.outcomes(EVERYONE)]
    for by in GROUPINGS:
        frames += [database.standard(HERO, by), database.outcomes(HERO, by)]
    for filters in (
        StatsFilter(game=Game.OMAHA_HILO, since=date(2020, 6, 1), until=date(2020, 6, 1)),
        StatsFilter(since=date(2020, 6, 2)),
        StatsFilter(player="Hero", min_hands=3),
    ):
        frames += [database.standard(filters, "position"), database.outcomes(filters, "game")]
    frames += [database.sessions(EVERYONE), database.winnings(HERO)]
    return frames


def assert_same(left: list[pd.DataFrame], right: list[pd.DataFrame]) -> None:
    assert len(left) == len(right)
    for one, other in zip(left, right, strict=True):
        pd.testing.assert_frame_equal(one, other)


def test_summary_and_hand_tables_agree(stats_data: Path) -> None:
    with StatsDatabase(stats_data) as summarised, StatsDatabase(stats_data, summary=False) as raw:
        assert summarised.summarised
        assert not raw.summarised
        assert_same(every_figure(summarised), every_figure(raw))
        # The totals answered every day and game, the sums per player and day whole
        # days, the per-hand rows the rest.
        days = summarised.connection.execute("SELECT sum(hands) FROM player_days").fetchone()
        assert days == (72,)  # 11 Omaha hands x 6 players + 2 stud hands x 3
        from_june = StatsFilter(player="Hero", since=date(2020, 6, 1))
        assert summarised._sums("stats_standard", HERO, "position").startswith(
            "stats_player_totals('position', "
        )
        assert "stats_outcome_days(" in summarised._sums("stats_outcomes", from_june, None)
        assert "stats_hand_partials(" in summarised._sums("stats_standard", HERO, "hand-class")


def test_the_summary_follows_imports_and_audits(tmp_path: Path) -> None:
    # The stud hands moved to July: a second month, so a second partition to summarise.
    stud = [hand.replace("2020/06/01 13:3", "2020/07/01 13:3") for hand in STUD_HANDS]
    # The Omaha hands first: the summary holds their 66 player-hands (11 hands x 6).
    data = import_and_audit("\n\n\n".join(OMAHA_HANDS), tmp_path / "first")
    with StatsDatabase(data) as database:
        assert database.refresh is not None
        assert database.refresh.player_hands_added == 66
        assert database.standard(HERO).iloc[0]["hands"] == 11
    with StatsDatabase(data) as database:  # nothing new: nothing done
        assert database.refresh is not None
        assert database.refresh.player_hands_added == 0
        assert not database.refresh.outcomes_rebuilt
    # Then the stud hands, imported but not audited yet: 6 more player-hands, and the
    # stud showdown is not audited.
    more = tmp_path / "more"
    more.mkdir()
    (more / "stud.txt").write_text("\n\n\n".join(stud), encoding="utf-8")
    with Store(data) as store:
        import_paths([more], store)
    with StatsDatabase(data) as database:
        assert database.refresh is not None
        assert database.refresh.player_hands_added == 6
        assert database.outcomes(HERO).iloc[0]["unaudited"] == 1
    with Store(data) as store:
        run_audit(store)
    full = import_and_audit("\n\n\n".join(OMAHA_HANDS + tuple(stud)), tmp_path / "full")
    with StatsDatabase(data) as database, StatsDatabase(full, summary=False) as reference:
        assert database.refresh is not None
        assert database.refresh.outcomes_rebuilt
        assert_same(every_figure(database), every_figure(reference))
        months = database.standard(HERO, "month")
        assert list(months["month"]) == ["2020-06", "2020-07"]


def test_a_writer_holding_the_folder(tmp_path: Path) -> None:
    data = import_and_audit(history_text(), tmp_path)  # no summary built yet
    with Store(data) as store:
        store.open_for_writing()  # as an import would
        with StatsDatabase(data) as database:
            assert not database.summarised
            assert database.refresh is None
            assert database.standard(HERO).iloc[0]["net_won"] == 188
    with StatsDatabase(data) as database:  # the writer is gone: the summary is built
        assert database.summarised


@pytest.mark.parametrize("table", ["player_hands", "player_outcomes", "player_days",
                                   "outcome_days", "player_totals", "outcome_totals",
                                   "stats_state"])  # fmt: skip
def test_summary_tables_are_stored(stats_data: Path, table: str) -> None:
    with StatsDatabase(stats_data):
        pass
    assert any((stats_data / table).rglob("*.parquet"))


def test_a_summary_of_another_version_is_rebuilt(tmp_path: Path) -> None:
    data = import_and_audit(history_text(), tmp_path)
    with StatsDatabase(data):
        pass
    with Store(data) as store:  # as an older release would have left it
        store.replace_table("stats_state", [
            {"source": "hands", "files": summary.source_files(data, "hands")},
            {"source": "awards", "files": summary.source_files(data, "awards")},
        ])  # fmt: skip
    with StatsDatabase(data) as database:
        assert database.refresh is not None
        assert database.refresh.player_hands_added == 72
        assert database.standard(HERO).iloc[0]["hands"] == 13


def test_outcomes_rebuilt_in_slices(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Four hands a slice: the thirteen hands in four slices, the same figures.
    monkeypatch.setattr(summary, "OUTCOME_SLICE_HANDS", 4)
    data = import_and_audit(history_text(), tmp_path)
    with StatsDatabase(data) as sliced, StatsDatabase(data, summary=False) as raw:
        assert sliced.refresh is not None
        assert sliced.refresh.outcome_rows == 23  # the player-showdowns of the history
        assert_same(every_figure(sliced), every_figure(raw))


def test_rows_are_written_in_files_of_the_size_asked(tmp_path: Path) -> None:
    # DuckDB hands a sorted result over in batches of 122,880 rows: gathered into files
    # of at least 200,000 rows here (the last one smaller), not a file per batch.
    connection = duckdb.connect()
    sql = ("SELECT 'file ' || range AS source, [] :: VARCHAR[] AS files FROM range(300000) "
           "ORDER BY source")  # fmt: skip
    with Store(tmp_path) as store, store.transaction() as batch:
        assert summary._stream(connection, batch, "stats_state", sql, 200_000) == 300_000
    files = sorted((tmp_path / "stats_state").rglob("*.parquet"))
    assert sorted(pq.ParquetFile(file).metadata.num_rows for file in files) == [54_240, 245_760]
