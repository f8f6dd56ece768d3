"""The stats over the real PokerStars files of ../shared/histories: every query runs, and
the money adds up hand by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.audit.run import run_audit
from tracker.importer import import_paths
from tracker.stats.run import GROUPINGS, StatsDatabase, StatsFilter
from tracker.store import Store


@pytest.fixture(scope="module")
def real_data(histories: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("real") / "data"
    with Store(data) as store:
        import_paths([histories / "PokerStars"], store)
        run_audit(store)
    return data


def test_every_query_runs(real_data: Path) -> None:
    with StatsDatabase(real_data) as database:
        assert database.summarised
        for by in (None, *GROUPINGS):
            assert not database.standard(StatsFilter(), by).empty
        outcomes = database.outcomes(StatsFilter())
        assert outcomes["showdowns"].sum() > 0
        assert database.sessions(StatsFilter()).shape[0] > 0


def test_money_adds_up_hand_by_hand(real_data: Path) -> None:
    # Where the site's chips add up, what the players won and lost is the rake and the
    # jackpot fee, less the room's added money (an STP), and the rake shares add up to
    # the rake.
    with StatsDatabase(real_data) as database:
        rows = database.connection.execute(
            "SELECT hand.hand_id, sum(player.net),"
            " hand.added_money - (coalesce(hand.rake, 0) + hand.jackpot_fee),"
            " sum(player.rake_paid), coalesce(hand.rake, 0), count(*) FILTER (position = 'BTN'),"
            " hand.button_seat IS NOT NULL AND NOT starts_with(hand.game, 'stud')"
            " FROM player_hands AS player JOIN hands AS hand USING (site, hand_id)"
            " WHERE hand.chips_consistent AND NOT hand.cancelled GROUP BY ALL"
        ).fetchall()
    assert len(rows) > 100
    for hand_id, net, taken, shares, rake, buttons, has_button in rows:
        assert net == taken, hand_id
        assert shares == rake, hand_id
        assert buttons == (1 if has_button else 0), hand_id
