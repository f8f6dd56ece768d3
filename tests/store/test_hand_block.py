"""Hand blocks (`tracker.hand_block`): a block holds the tables the store writes for its
hands, `select` keeps the right child rows (a hand id repeated in a block included), the
store writes blocks as it writes tuple rows, and the importer takes blocks from the reader
as it takes hands one by one."""

from __future__ import annotations

import dataclasses
import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from store_samples import omaha_hand, pokerstars_text, stud_hand

import parsers
from tracker.errors import HandHistoryError
from tracker.hand_block import HandBatch, HandBlock
from tracker.hand_rows import Children, HandRows, Row
from tracker.importer import ImportProgress, ImportSummary, import_paths
from tracker.model import Hand
from tracker.row_tables import hand_tables
from tracker.schema import CHILD_COLUMNS, HAND_COLUMNS, HAND_TABLES, TABLES
from tracker.store import Store, month_of

SAMPLE_FOLDER = Path(__file__).resolve().parents[2] / "sample_histories"
IGNORED = {".hp", ".hands", ".gt", ".json"}
FIRST_LINE = HAND_COLUMNS.index("first_line")


def rows_of_hands(hands: list[Hand]) -> HandBatch:
    rows = HandBatch()
    for hand in hands:
        rows.add_hand(hand)
    return rows


def read_rows(paths: list[Path]) -> list[HandRows]:
    """The tuple rows of each file, as the importer's reader reads them."""
    found = []
    for path in paths:
        rows = HandRows()
        text = parsers.decode(path.read_bytes())
        for _ in parsers.read_text_into(text, rows, file=str(path)):
            pass
        found.append(rows)
    return found


def sample_paths() -> list[Path]:
    paths = sorted(SAMPLE_FOLDER.glob("*.txt"))
    assert paths, f"no sample files in {SAMPLE_FOLDER}"
    return paths


def real_paths(histories: Path) -> list[Path]:
    paths = sorted(
        path
        for path in (histories / "PokerStars").rglob("*")
        if path.is_file() and path.suffix not in IGNORED
    )
    assert paths, f"no PokerStars files under {histories}"
    return paths


@pytest.fixture(scope="module", params=["samples", "real PokerStars files"])
def file_rows(request: pytest.FixtureRequest) -> list[HandRows]:
    """The rows of each file: the project's samples, or the real PokerStars files."""
    if request.param == "samples":
        return read_rows(sample_paths())
    # PokerStars' own hands (a file of Run It Once's, another site, is left out: a block
    # holds one site's hands)
    every_file = read_rows(real_paths(request.getfixturevalue("histories")))
    return [rows for rows in every_file if set(rows.sites) <= {"pokerstars"}]


def stored(store: Store) -> dict[str, list[str]]:
    """Every hand table's rows, partition columns included, each as text, sorted."""
    return {
        table: sorted(repr(sorted(row.items())) for row in store.read(table).to_pylist())
        for table in HAND_TABLES
    }


def written(tmp_path: Path, name: str, rows: HandRows) -> Store:
    store = Store(tmp_path / name)
    with store, store.transaction() as batch:
        batch.write_hand_rows(rows)
    return store


def row_and_children(rows: HandRows, index: int) -> tuple[Row, Children]:
    """The `hands` row and the child rows of the hand at `index` in `rows`."""
    children: Children = {}
    for table, found in rows.rows.items():
        start = sum(rows.counts[table][:index])
        children[table] = found[start : start + rows.counts[table][index]]
    return rows.hands[index], children


def partition_files(store: Store) -> list[str]:
    return sorted(path.parent.relative_to(store.root).as_posix()
                  for path in store.root.rglob("*.parquet"))  # fmt: skip


# -- the block itself ---------------------------------------------------------------------


def test_a_block_of_read_hands_holds_the_store_tables(file_rows: list[HandRows]) -> None:
    for rows in file_rows:
        if not len(rows):
            continue
        block = HandBlock.from_rows(rows.sites[0], rows)
        expected = hand_tables(rows)
        assert len(block) == len(rows)
        assert block.hand_ids() == rows.hand_ids()
        assert block.first_lines() == [hand[FIRST_LINE] for hand in rows.hands]
        for table in HAND_TABLES:
            assert block.tables[table].schema == TABLES[table].schema
            assert block.tables[table].equals(expected[table]), table
            assert block.tables[table].num_rows == len(rows.hands if table == "hands"
                                                       else rows.rows[table])  # fmt: skip


def test_hand_tables_of_no_hands_are_empty_tables() -> None:
    tables = hand_tables(HandRows())
    assert sorted(tables) == sorted(HAND_TABLES)
    assert all(tables[name].num_rows == 0 for name in HAND_TABLES)
    assert all(tables[name].schema == TABLES[name].schema for name in HAND_TABLES)
    assert len(HandBlock("pokerstars", tables)) == 0


def repeated_hands() -> list[Hand]:
    """Five hands; the fourth has the id of the first, and other rows (no returned bet,
    one seat fewer, two actions fewer): which rows are whose shows in a selection."""
    first = omaha_hand(1)
    again = dataclasses.replace(
        first, returned=(), seats=first.seats[:3], actions=first.actions[:-2], first_line=900
    )
    return [first, stud_hand(2), omaha_hand(3), again, omaha_hand(5)]


@pytest.mark.parametrize(
    "keep",
    [
        [True, True, True, False, True],  # the first of the repeated id
        [False, True, True, True, False],  # the second one
        [False, False, False, True, False],
        [True, False, False, False, False],
        [False] * 5,
        [True] * 5,
    ],
)
def test_select_keeps_the_rows_of_the_kept_hands(keep: list[bool]) -> None:
    hands = repeated_hands()
    block = HandBlock.from_rows("pokerstars", rows_of_hands(hands))
    expected = HandBlock.from_rows(
        "pokerstars", rows_of_hands([hand for hand, kept in zip(hands, keep, strict=True) if kept])
    )
    selected = block.select(np.array(keep))
    assert len(selected) == sum(keep)
    for table in HAND_TABLES:
        assert selected.tables[table].equals(expected.tables[table]), table
    assert selected.counts is not None
    assert expected.counts is not None
    for table in CHILD_COLUMNS:
        assert selected.counts[table].tolist() == expected.counts[table].tolist()


def test_select_of_random_masks_and_of_a_selection() -> None:
    hands = [omaha_hand(n) if n % 3 else stud_hand(n) for n in range(100)]
    block = HandBlock.from_rows("pokerstars", rows_of_hands(hands))
    chooser = random.Random(7)
    for _ in range(20):
        share = chooser.choice([0.3, 0.6, 0.97])  # many runs of kept hands, or a few
        keep = [chooser.random() < share for _ in hands]
        kept = [hand for hand, flag in zip(hands, keep, strict=True) if flag]
        expected = HandBlock.from_rows("pokerstars", rows_of_hands(kept))
        selected = block.select(keep)
        for table in HAND_TABLES:
            assert selected.tables[table].equals(expected.tables[table]), table
        again = [chooser.random() < 0.5 for _ in kept]
        twice = selected.select(again)
        kept_twice = [hand for hand, flag in zip(kept, again, strict=True) if flag]
        expected = HandBlock.from_rows("pokerstars", rows_of_hands(kept_twice))
        for table in HAND_TABLES:
            assert twice.tables[table].equals(expected.tables[table]), table


def test_a_block_without_counts_selects_by_hand_id_when_no_id_repeats() -> None:
    hands = [omaha_hand(n) if n % 4 else stud_hand(n) for n in range(12)]
    keep = [n % 3 != 1 for n in range(12)]
    with_counts = HandBlock.from_rows("pokerstars", rows_of_hands(hands))
    without = HandBlock(with_counts.site, with_counts.tables)
    selected, expected = without.select(keep), with_counts.select(keep)
    for table in HAND_TABLES:
        assert selected.tables[table].equals(expected.tables[table]), table
    repeated = HandBlock.from_rows("pokerstars", rows_of_hands(repeated_hands()))
    with pytest.raises(ValueError, match="repeats"):
        HandBlock(repeated.site, repeated.tables).select([True, True, True, False, True])


def test_a_block_refuses_tables_that_are_not_the_store_tables() -> None:
    tables = hand_tables(rows_of_hands([omaha_hand(1), omaha_hand(2)]))
    with pytest.raises(ValueError, match="tables"):
        HandBlock("pokerstars", {name: tables[name] for name in HAND_TABLES[:-1]})
    loose = tables["seats"].cast(pa.schema([field.with_nullable(True)
                                            for field in tables["seats"].schema]))  # fmt: skip
    with pytest.raises(ValueError, match="schema"):
        HandBlock("pokerstars", {**tables, "seats": loose})
    counts = {table: np.array([4, 4]) for table in CHILD_COLUMNS}
    with pytest.raises(ValueError, match="counts"):
        HandBlock("pokerstars", tables, counts)
    with pytest.raises(ValueError, match="flags"):
        HandBlock("pokerstars", tables).select([True])
    mixed = rows_of_hands([omaha_hand(1), omaha_hand(2, site="other")])
    with pytest.raises(ValueError, match="site"):
        HandBlock.from_rows("pokerstars", mixed)


def test_hand_rows_count_and_clear_their_blocks() -> None:
    rows = rows_of_hands([omaha_hand(1)])
    block = HandBlock.from_rows("pokerstars", rows_of_hands([omaha_hand(2), omaha_hand(3)]))
    rows.add_block(block)
    rows.add_block(block.select([False, False]))  # no hands: left out
    assert len(rows) == 3
    assert rows.blocks == [block]
    assert rows.hand_ids() == [omaha_hand(1).hand_id]  # the tuple rows' only
    with pytest.raises(ValueError, match="blocks"):
        HandBlock.from_rows("pokerstars", rows)
    rows.clear()
    assert (len(rows), rows.blocks) == (0, [])


# -- the store ----------------------------------------------------------------------------


def test_blocks_are_stored_as_the_tuple_rows_are(tmp_path: Path, file_rows: list[HandRows]) -> None:
    everything = HandBatch()
    for rows in file_rows:
        for index, site in enumerate(rows.sites):
            everything.add(site, *row_and_children(rows, index))
    months = {month_of(started_at) for started_at in everything.started_at()}
    assert len(months) > 3  # so that blocks are cut by month
    by_tuples = written(tmp_path, "tuples", everything)
    one_block = HandBatch()
    one_block.add_block(HandBlock.from_rows("pokerstars", everything))
    by_one_block = written(tmp_path, "one-block", one_block)
    mixed = HandBatch()  # a block per file, the files in turn as tuple rows
    for number, rows in enumerate(file_rows):
        if number % 2 and len(rows):
            mixed.add_block(HandBlock.from_rows("pokerstars", rows))
        else:
            for index, site in enumerate(rows.sites):
                mixed.add(site, *row_and_children(rows, index))
    assert mixed.blocks
    assert mixed.hands
    by_mixed = written(tmp_path, "mixed", mixed)
    expected = stored(by_tuples)
    assert stored(by_one_block) == expected
    assert stored(by_mixed) == expected
    files = partition_files(by_tuples)  # one file per table and partition, each time
    assert partition_files(by_one_block) == files
    assert partition_files(by_mixed) == files
    assert len(set(files)) == len(files)


# -- the importer -------------------------------------------------------------------------


def move_last_hand(source: HandRows, target: HandRows) -> None:
    """Move the last hand of `source` to the end of `target`."""
    target.add(source.sites[-1], *row_and_children(source, len(source) - 1))
    source.drop_last()


def read_in_blocks(
    text: str,
    rows: HandRows,
    file: str | None = None,
    *,
    block_hands: int = 8,
    single_every: int = 5,
) -> Iterator[HandBlock | HandHistoryError | None]:
    """`parsers.read_text_blocks` as a column-wise reader would behave: the hands that
    `parsers.read_text_into` reads, given in blocks of up to `block_hands` hands, but
    every `single_every`-th hand one by one into `rows`, and the errors in their place."""
    pending = HandBatch()

    def block() -> HandBlock:
        made = HandBlock.from_rows(pending.sites[0], pending)
        pending.clear()
        return made

    for number, item in enumerate(parsers.read_text_into(text, pending, file=file)):
        if item is not None or number % single_every == 0:
            single = HandBatch()
            if item is None:
                move_last_hand(pending, single)
            if len(pending):
                yield block()
            if item is None:
                move_last_hand(single, rows)
            yield item
        elif len(pending) >= block_hands:
            yield block()
    if len(pending):
        yield block()


def one_by_one_reader(
    text: str, rows: HandRows, file: str | None = None
) -> Iterator[HandBlock | HandHistoryError | None]:
    """`parsers.read_text_blocks` as a reader of no blocks: the reference here."""
    return parsers.read_text_into(text, rows, file=file)


def history_files(tmp_path: Path) -> list[Path]:
    """The samples; a file of generated hands, two of them twice (the second time at
    another table: the first one is kept), with a broken hand; and a copy of a sample.
    `read_in_blocks` gives one of the repeated hands in the block of its first time,
    the other in a later block."""
    folder = tmp_path / "histories"
    folder.mkdir()
    hands = pokerstars_text(30).split("\n\n")
    again = [hands[n].replace("Generated I", "Generated II") for n in (6, 2)]
    broken = hands[20].replace("chen: checks", "chen: dances", 1)
    generated = [*hands[:8], again[0], *hands[8:16], again[1], *hands[16:20], broken,
                 *hands[21:]]  # fmt: skip
    (folder / "generated.txt").write_text("\n\n".join(generated), encoding="utf-8")
    copy = folder / "copy.txt"
    shutil.copyfile(sample_paths()[0], copy)
    return [*sample_paths(), folder / "generated.txt", copy]


def imported(
    tmp_path: Path, name: str, paths: list[Path], batch_size: int
) -> tuple[ImportSummary, Store]:
    with Store(tmp_path / name) as store:
        summary = import_paths(paths, store, batch_size=batch_size)
    return summary, store


def without_times(store: Store, table: str) -> list[str]:
    rows = store.read(table).drop_columns(["imported_at"]).to_pylist()
    return sorted(repr(sorted(row.items())) for row in rows)


@pytest.mark.parametrize("batch_size", [400, 10_000])
def test_blocks_import_as_hands_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, batch_size: int
) -> None:
    paths = history_files(tmp_path)
    monkeypatch.setattr(parsers, "read_text_blocks", one_by_one_reader)
    one_by_one, by_hand = imported(tmp_path, "one-by-one", paths, batch_size)
    monkeypatch.setattr(parsers, "read_text_blocks", read_in_blocks)
    in_blocks, by_block = imported(tmp_path, "in-blocks", paths, batch_size)
    assert in_blocks.to_json() == one_by_one.to_json()
    copied = len(read_rows(paths[:1])[0])
    assert in_blocks.duplicates == copied + 2  # the copy, and the hands seen twice
    assert in_blocks.failed >= 1
    assert stored(by_block) == stored(by_hand)
    assert without_times(by_block, "files") == without_times(by_hand, "files")
    assert without_times(by_block, "parse_errors") == without_times(by_hand, "parse_errors")
    tables = by_block.read("hands", ["table_name"]).column("table_name").to_pylist()
    assert "Generated II" not in tables  # the first of the repeated hand is kept


def test_a_block_of_hands_already_stored_adds_nothing(tmp_path: Path) -> None:
    rows = read_rows(sample_paths()[:1])[0]
    history = sample_paths()[0]
    with Store(tmp_path / "data") as store:
        with store.transaction() as batch:
            batch.write_hand_rows(rows)
        before = store.row_counts()

        def whole_file(
            text: str, rows: HandRows, file: str | None = None
        ) -> Iterator[HandBlock | HandHistoryError | None]:
            return read_in_blocks(text, rows, file, block_hands=len(text))

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(parsers, "read_text_blocks", whole_file)
            summary = import_paths([history], store)
        assert (summary.imported, summary.duplicates) == (0, len(rows))
        after = store.row_counts()
    assert {table: after[table] for table in HAND_TABLES} == {
        table: before[table] for table in HAND_TABLES
    }


def test_progress_is_reported_inside_a_file_read_in_blocks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = tmp_path / "stars.txt"
    history.write_text(pokerstars_text(2_500), encoding="utf-8")

    def big_blocks(
        text: str, rows: HandRows, file: str | None = None
    ) -> Iterator[HandBlock | HandHistoryError | None]:
        return read_in_blocks(text, rows, file, block_hands=600, single_every=10_000)

    monkeypatch.setattr(parsers, "read_text_blocks", big_blocks)
    seen: list[ImportProgress] = []
    with Store(tmp_path / "data") as store:
        summary = import_paths([history], store, progress=seen.append)
    assert summary.imported == 2_500
    inside = [progress for progress in seen if progress.current_file]
    # once past the 1,000th hand and once past the 2,000th, however the blocks fall
    assert [progress.hands_seen // 1_000 for progress in inside] == [1, 2]
    assert 0 < inside[0].bytes_done < inside[1].bytes_done < history.stat().st_size
    assert seen[-1].bytes_done == history.stat().st_size


def test_a_block_is_cut_where_a_batch_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    history = tmp_path / "stars.txt"
    history.write_text(pokerstars_text(30), encoding="utf-8")

    def one_block(
        text: str, rows: HandRows, file: str | None = None
    ) -> Iterator[HandBlock | HandHistoryError | None]:
        # the first hand one by one, then the other 29 in one block
        return read_in_blocks(text, rows, file, block_hands=100, single_every=100)

    monkeypatch.setattr(parsers, "read_text_blocks", one_block)
    with Store(tmp_path / "data") as store:
        summary = import_paths([history], store, batch_size=7)
        files = sorted((store.root / "hands").rglob("*.parquet"))
        assert summary.imported == 30
        assert sorted(pq.ParquetFile(path).metadata.num_rows for path in files) == [2, 7, 7, 7, 7]
        assert store.row_counts()["actions"] == 30 * 12
