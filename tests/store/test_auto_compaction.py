"""Compaction by itself: many small imports pass the threshold, and nothing is lost or
doubled (a kill during compaction: tests/reliability/test_killed_compaction.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_samples import pokerstars_text, table_contents

from tracker import compaction
from tracker.compaction import compaction_due
from tracker.importer import import_paths
from tracker.store import Store

IMPORTS = 8
THRESHOLD = 5


def _small_imports(histories: list[Path], data: Path) -> list[int]:
    """An import of each small file in turn; the files compacted by each."""
    with Store(data) as store:
        return [import_paths([history], store).compacted_files for history in histories]


def test_many_small_imports_compact_by_themselves_and_keep_every_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    histories = [tmp_path / f"table-{number}.txt" for number in range(IMPORTS)]
    for number, history in enumerate(histories):
        history.write_text(pokerstars_text(3, first_id=100_000_000_000 + 10 * number))
    monkeypatch.setattr(compaction, "AUTO_COMPACT_FILES", 10**9)
    assert _small_imports(histories, tmp_path / "kept") == [0] * IMPORTS
    monkeypatch.setattr(compaction, "AUTO_COMPACT_FILES", THRESHOLD)
    compacted = _small_imports(histories, tmp_path / "compacted")
    # the import that brings a folder to THRESHOLD files merges them, and the count
    # starts again from one file
    assert [bool(count) for count in compacted] == [False] * 4 + [True] + [False] * 3
    with Store(tmp_path / "compacted") as store:
        hand_files = sorted((store.root / "hands").rglob("part-*.parquet"))
        assert len(hand_files) == 1 + (IMPORTS - THRESHOLD)
        assert not compaction_due(store)
        compacted_contents = table_contents(store)
    with Store(tmp_path / "kept") as store:
        assert compacted_contents == table_contents(store)
        assert compacted_contents["hands"]  # rows to compare


def test_only_small_files_count_towards_the_threshold(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        files = store.root / "files"
        files.mkdir(parents=True)
        for number in range(3):
            (files / f"part-{number}.parquet").write_bytes(b"x")
        (files / ".part-3.parquet.tmp").write_bytes(b"x")  # being written: not counted
        assert compaction_due(store, threshold=3)
        assert not compaction_due(store, threshold=4)
        (files / "part-0.parquet").write_bytes(b"x" * compaction.SMALL_FILE_BYTES)
        assert not compaction_due(store, threshold=3)
