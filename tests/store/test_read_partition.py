"""`Store.read(partition=...)`: one partition folder's files, the same rows as a filter on
the whole table."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pytest

from tests.store.store_samples import omaha_hand, stud_hand
from tracker.store import Store, StoreError


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "data")
    # Two writes, so each partition holds several files; hands over two months.
    store.write_hands([omaha_hand(n) for n in range(6)] + [stud_hand(n) for n in range(3)])
    store.write_hands([omaha_hand(n, site="ipoker") for n in range(6, 12)])
    store.write_hands([omaha_hand(n) for n in range(12, 18)] + [stud_hand(n) for n in range(3, 5)])
    return store


def _partitions(store: Store) -> list[tuple[str, str]]:
    found = store.read("hands", ["site", "month"]).to_pylist()
    return sorted({(row["site"], row["month"]) for row in found})


def _sorted(table: pa.Table) -> pa.Table:
    plain = table.cast(pa.schema([pa.field(f.name, f.type.value_type if pa.types.is_dictionary(
        f.type) else f.type) for f in table.schema]))  # fmt: skip
    return plain.sort_by([(name, "ascending") for name in plain.column_names
                          if not pa.types.is_list(plain.schema.field(name).type)])  # fmt: skip


@pytest.mark.parametrize("table", ["hands", "actions", "cards", "collections", "seats"])
def test_a_partition_reads_the_rows_of_the_filter(store: Store, table: str) -> None:
    partitions = _partitions(store)
    assert len(partitions) >= 3
    for site, month in partitions:
        where = (pc.field("site") == site) & (pc.field("month") == month)
        expected = store.read(table, where=where)
        got = store.read(table, partition=(site, month))
        assert got.num_rows == expected.num_rows > 0
        assert got.column_names == expected.column_names
        assert _sorted(got).equals(_sorted(expected))


def test_columns_filters_and_dictionaries(store: Store) -> None:
    site, month = _partitions(store)[0]
    columns = ["hand_id", "player", "kind", "month"]
    folds = pc.field("kind") == "fold"
    where = (pc.field("site") == site) & (pc.field("month") == month) & folds
    expected = store.read("actions", columns, where, ["player"])
    got = store.read("actions", columns, folds, ["player"], partition=(site, month))
    assert got.column_names == columns
    assert pa.types.is_dictionary(got.schema.field("player").type)
    assert got.column("month").to_pylist() == [month] * got.num_rows
    assert 0 < got.num_rows < store.read("actions", partition=(site, month)).num_rows
    assert _sorted(got).equals(_sorted(expected))


def test_a_partition_without_files_is_empty(store: Store) -> None:
    got = store.read("boards", ["hand_id", "board"], partition=("pokerstars", "1999-01"))
    assert got.num_rows == 0
    assert got.column_names == ["hand_id", "board"]


def test_a_partition_value_must_be_a_plain_name(store: Store) -> None:
    with pytest.raises(StoreError):
        store.read("hands", partition=("pokerstars", "../seats"))
