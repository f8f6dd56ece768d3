"""Fixtures: the hand-built history of `stats_dataset`, imported and audited once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from stats_dataset import history_text

from tracker.audit.run import run_audit
from tracker.importer import import_paths
from tracker.stats.run import StatsDatabase
from tracker.store import Store


def import_and_audit(text: str, folder: Path) -> Path:
    """Write `text` as a hand-history file, import it with the real importer and audit
    it; return the data folder."""
    histories = folder / "histories"
    histories.mkdir(parents=True)
    (histories / "hands.txt").write_text(text, encoding="utf-8")
    data_dir = folder / "data"
    with Store(data_dir) as store:
        summary = import_paths([histories], store)
        assert summary.failed == 0, summary.errors
        run_audit(store)
    return data_dir


@pytest.fixture(scope="session")
def stats_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The data folder holding the thirteen hands of `stats_dataset`, audited."""
    return import_and_audit(history_text(), tmp_path_factory.mktemp("stats"))


@pytest.fixture
def database(stats_data: Path) -> Iterator[StatsDatabase]:
    """A stats connection over `stats_data`."""
    with StatsDatabase(stats_data) as connection:
        yield connection
