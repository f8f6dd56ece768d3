"""The Parquet store: round trips, layout, transactions, recovery, the DuckDB views."""

from __future__ import annotations

import doctest
import importlib
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from store_samples import inconsistent_hand, omaha_hand, stud_hand

import tracker.atomic_files
import tracker.store
from tracker.database import connect, run_query
from tracker.model import Hand
from tracker.schema import TABLES, SchemaError, TableSpec
from tracker.store import ErrorRecord, FileRecord, Store, StoreError


def _expected_hand_row(hand: Hand) -> dict[str, object]:
    """The `hands` row of `hand`, written out field by field from the model."""
    tournament = hand.tournament
    return {
        "hand_id": hand.hand_id,
        "game": str(hand.game),
        "structure": str(hand.structure),
        "small_blind": hand.stakes.small_blind,
        "big_blind": hand.stakes.big_blind,
        "small_bet": hand.stakes.small_bet,
        "big_bet": hand.stakes.big_bet,
        "ante": hand.stakes.ante,
        "bring_in": hand.stakes.bring_in,
        "currency": hand.currency,
        "play_money": hand.play_money,
        "tournament_id": tournament.tournament_id if tournament else None,
        "tournament_buy_in": tournament.buy_in if tournament else None,
        "tournament_fee": tournament.fee if tournament else None,
        "tournament_currency": tournament.currency if tournament else None,
        "tournament_level": tournament.level if tournament else None,
        "table_name": hand.table_name,
        "max_seats": hand.max_seats,
        "button_seat": hand.button_seat,
        "started_at": hand.started_at,
        "site_timezone": hand.site_timezone,
        "hero": hand.hero,
        "total_pot": hand.total_pot,
        "main_pot": hand.main_pot,
        "side_pots": list(hand.side_pots),
        "rake": hand.rake,
        "jackpot_fee": hand.jackpot_fee,
        "added_money": hand.added_money,
        "cancelled": hand.cancelled,
        "source_file": hand.source_file,
        "first_line": hand.first_line,
        "site": hand.site,
        "month": hand.started_at.strftime("%Y-%m"),
    }


def _rows(store: Store, table: str, order: list[str]) -> list[dict[str, object]]:
    return store.read(table).sort_by([(name, "ascending") for name in order]).to_pylist()


@pytest.fixture
def hands() -> list[Hand]:
    return [omaha_hand(n) for n in range(150)] + [stud_hand(n) for n in range(3)]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "data") as store:
        yield store


def test_hands_round_trip_column_by_column(store: Store, hands: list[Hand]) -> None:
    store.write_hands(hands)
    rows = _rows(store, "hands", ["hand_id"])
    expected = sorted((_expected_hand_row(hand) for hand in hands), key=lambda r: r["hand_id"])
    assert len(rows) == len(expected)
    for row, wanted in zip(rows, expected, strict=True):
        assert row.pop("chips_consistent") is True
        assert row.pop("inconsistency") is None
        assert row == wanted


def test_child_tables_round_trip(store: Store, hands: list[Hand]) -> None:
    store.write_hands(hands)
    by_id = {hand.hand_id: hand for hand in hands}
    seats = _rows(store, "seats", ["hand_id", "seat"])
    assert seats == [
        {"hand_id": hand_id, "seat": s.seat, "player": s.player, "stack": s.stack,
         "sitting_out": s.sitting_out, "site": "pokerstars",
         "month": by_id[hand_id].started_at.strftime("%Y-%m")}
        for hand_id in sorted(by_id) for s in by_id[hand_id].seats
    ]  # fmt: skip
    actions = _rows(store, "actions", ["hand_id", "sequence"])
    assert [(a["hand_id"], a["street"], a["player"], a["kind"], a["amount"], a["to_amount"],
             a["all_in"]) for a in actions] == [
        (hand_id, str(a.street), a.player, str(a.kind), a.amount, a.to_amount, a.all_in)
        for hand_id in sorted(by_id) for a in by_id[hand_id].actions
    ]  # fmt: skip
    cards = _rows(store, "cards", ["hand_id", "sequence"])
    assert [(c["player"], c["street"], c["source"], c["cards"], c["card_indexes"])
            for c in cards] == [
        (k.player, str(k.street), str(k.source), " ".join(card.text for card in k.cards),
         [card.index for card in k.cards])
        for hand_id in sorted(by_id) for k in by_id[hand_id].known_cards
    ]  # fmt: skip
    boards = _rows(store, "boards", ["hand_id", "board"])
    assert [(b["hand_id"], b["board"], b["cards"]) for b in boards] == [
        (hand_id, 0, "4s 8s 8h 3h 6s") for hand_id in sorted(by_id) if by_id[hand_id].boards
    ]
    collections = _rows(store, "collections", ["hand_id", "sequence"])
    assert [(c["player"], c["amount"], c["pot"], c["board"], c["half"]) for c in collections] == [
        (c.player, c.amount, c.pot, c.board, c.half)
        for hand_id in sorted(by_id)
        for c in by_id[hand_id].collections
    ]
    returned = _rows(store, "returned", ["hand_id", "sequence"])
    assert [(r["player"], r["amount"]) for r in returned] == [
        (r.player, r.amount) for hand_id in sorted(by_id) for r in by_id[hand_id].returned
    ]
    summaries = _rows(store, "summaries", ["hand_id", "seat"])
    assert [(s["player"], s["text"], s["won"]) for s in summaries] == [
        (s.player, s.text, s.won) for hand_id in sorted(by_id) for s in by_id[hand_id].summaries
    ]


def test_hive_layout_by_site_and_month(store: Store, hands: list[Hand]) -> None:
    store.write_hands(hands)
    folders = sorted(
        str(path.parent.relative_to(store.root))
        for path in (store.root / "hands").rglob("*.parquet")
    )
    assert folders == [
        "hands/site=pokerstars/month=2011-09",
        "hands/site=pokerstars/month=2013-04",
        "hands/site=pokerstars/month=2013-05",
    ]
    one_file = next((store.root / "hands" / "site=pokerstars" / "month=2011-09").iterdir())
    file_schema = pq.read_schema(one_file)
    assert "site" not in file_schema.names
    assert "month" not in file_schema.names
    assert file_schema.field("total_pot").type == pa.int64()
    assert file_schema.field("started_at").type == pa.timestamp("us", tz="UTC")


def test_inconsistent_chips_are_flagged_not_fixed(store: Store) -> None:
    store.write_hands([inconsistent_hand(1), omaha_hand(2)])
    rows = {row["hand_id"]: row for row in store.read("hands").to_pylist()}
    bad, good = rows[inconsistent_hand(1).hand_id], rows[omaha_hand(2).hand_id]
    assert bad["chips_consistent"] is False
    assert "collected" in bad["inconsistency"]
    assert "total pot" in bad["inconsistency"]
    assert good["chips_consistent"] is True
    assert good["inconsistency"] is None
    paid = [c["amount"] for c in store.read("collections").to_pylist()]
    assert sum(paid) == sum(c.amount for h in (inconsistent_hand(1), omaha_hand(2))
                            for c in h.collections)  # fmt: skip


def test_known_hand_keys_are_per_site(store: Store) -> None:
    store.write_hands([omaha_hand(1), omaha_hand(2), omaha_hand(3, site="fulltilt")])
    assert store.known_hand_keys("pokerstars") == {omaha_hand(1).hand_id, omaha_hand(2).hand_id}
    assert store.known_hand_keys("fulltilt") == {omaha_hand(3).hand_id}
    assert store.known_hand_keys("winamax") == set()


def test_latest_file_record_wins(store: Store) -> None:
    first = FileRecord("/h/a.txt", 10, datetime(2024, 1, 1, tzinfo=UTC), "ab" * 32,
                       "pokerstars", 3, 3, 0, 0, 0, datetime(2024, 1, 2, tzinfo=UTC))  # fmt: skip
    later = FileRecord("/h/a.txt", 12, datetime(2024, 1, 3, tzinfo=UTC), "cd" * 32,
                       "pokerstars", 4, 1, 0, 0, 3, datetime(2024, 1, 4, tzinfo=UTC))  # fmt: skip
    with store.transaction() as batch:
        batch.write_files([later])
    with store.transaction() as batch:
        batch.write_files([first])
    assert store.file_record("/h/a.txt") == later
    assert store.file_record("/h/other.txt") is None


def test_error_rows_and_keys(store: Store) -> None:
    when = datetime(2024, 1, 2, tzinfo=UTC)
    error = ErrorRecord("/h/a.txt", "pokerstars", "42", 7, "Seat 9: ghost", "no seat", "X", when)
    with store.transaction() as batch:
        batch.write_errors([error])
    assert store.error_keys() == {("/h/a.txt", "42", 7, "no seat")}
    assert store.read("parse_errors").to_pylist()[0]["line"] == "Seat 9: ghost"


def test_empty_store_reads_empty_tables(store: Store) -> None:
    for name, spec in TABLES.items():
        table = store.read(name)
        assert table.num_rows == 0
        assert table.schema.names == spec.full_schema.names


def test_an_exception_discards_the_batch(store: Store, hands: list[Hand]) -> None:
    def write_then_fail() -> None:
        with store.transaction() as batch:
            batch.write_hands(hands)
            raise RuntimeError("stop")

    with pytest.raises(RuntimeError):
        write_then_fail()
    assert store.row_counts()["hands"] == 0
    assert not [path for path in store.root.rglob("*") if path.name.endswith(".tmp")]


def test_uncommitted_files_are_removed_by_the_next_writer(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        store.open_for_writing()
        batch = tracker.store.Transaction(store.root)
        batch.write_hands([omaha_hand(1)])  # written, never committed: as if killed here
    leftovers = [path for path in tmp_path.rglob("*") if path.name.endswith(".tmp")]
    assert leftovers
    assert Store(tmp_path).row_counts()["hands"] == 0
    with Store(tmp_path) as store:
        store.open_for_writing()
    assert not [path for path in tmp_path.rglob("*") if path.name.endswith(".tmp")]


def test_a_commit_cut_after_its_manifest_is_completed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def killed(root: Path, manifest: Path) -> None:
        raise KeyboardInterrupt  # the process dies after the commit point

    with Store(tmp_path) as store:
        monkeypatch.setattr(tracker.atomic_files, "apply_manifest", killed)
        with pytest.raises(KeyboardInterrupt):
            store.write_hands([omaha_hand(1), omaha_hand(2)])
        monkeypatch.undo()
    assert Store(tmp_path).row_counts()["hands"] == 0  # committed, not yet visible
    with Store(tmp_path) as store:
        store.open_for_writing()
        assert store.row_counts()["hands"] == 2
        assert store.row_counts()["actions"] == 20
    assert not list((tmp_path / "_batches").iterdir())


def test_one_writer_at_a_time(tmp_path: Path) -> None:
    with Store(tmp_path) as first:
        first.open_for_writing()
        with pytest.raises(StoreError, match="another import"):
            Store(tmp_path).open_for_writing()
    with Store(tmp_path) as again:
        again.open_for_writing()


@pytest.fixture
def scratch_table() -> Iterator[str]:
    spec = TableSpec(
        pa.schema([pa.field("hand_id", pa.string()), pa.field("verdict", pa.string())]),
        ("site",),
    )
    tracker.schema.register_table("scratch_audit", spec)
    yield "scratch_audit"
    del TABLES["scratch_audit"]


def test_generic_rows_and_replacing_a_derived_table(store: Store, scratch_table: str) -> None:
    store.write_rows(scratch_table, [
        {"hand_id": "1", "verdict": "ok", "site": "pokerstars"},
        {"hand_id": "2", "verdict": "short", "site": "winamax"},
    ])  # fmt: skip
    assert {r["site"] for r in store.read(scratch_table).to_pylist()} == {"pokerstars", "winamax"}
    replacement = pa.table({"site": ["pokerstars"], "hand_id": ["1"], "verdict": ["fixed"]})
    store.replace_table(scratch_table, replacement)
    assert store.read(scratch_table).to_pylist() == [
        {"hand_id": "1", "verdict": "fixed", "site": "pokerstars"}
    ]
    assert len(list((store.root / scratch_table).rglob("*.parquet"))) == 1


def test_registering_a_table_twice_differently_is_refused(scratch_table: str) -> None:
    with pytest.raises(SchemaError):
        tracker.schema.register_table(scratch_table, TableSpec(pa.schema([])))


def test_unknown_table_is_a_clear_error(store: Store) -> None:
    with pytest.raises(StoreError, match="no table named 'hand'"):
        store.read("hand")


def test_duckdb_views_match_the_store(store: Store, hands: list[Hand]) -> None:
    store.write_hands(hands)
    connection = connect(store.root)
    for name, count in store.row_counts().items():
        (rows,) = connection.execute(f"SELECT count(*) FROM {name}").fetchone() or (None,)
        assert rows == count, name
    total = connection.execute(
        "SELECT sum(total_pot) FROM hands WHERE site = 'pokerstars' AND month = '2013-04'"
    ).fetchone()
    assert total == (sum(h.total_pot or 0 for h in hands if h.started_at.month == 4
                         and h.started_at.year == 2013),)  # fmt: skip


def test_duckdb_views_of_an_empty_folder_have_the_columns(tmp_path: Path) -> None:
    result = run_query(tmp_path, "SELECT * FROM collections")
    assert result.rows == []
    assert result.columns == TABLES["collections"].full_schema.names


def test_a_failed_write_is_a_store_error_and_leaves_nothing(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(path: Path, write: object) -> None:
        path.write_bytes(b"half")  # a partial temporary file, as a full disk leaves it
        raise OSError(28, "No space left on device")

    store.write_hands([omaha_hand(1)])
    monkeypatch.setattr(tracker.atomic_files, "write_durably", disk_full)
    with pytest.raises(StoreError, match="No space left on device"):
        store.write_hands([omaha_hand(2)])
    monkeypatch.undo()
    assert store.known_hand_keys("pokerstars") == {omaha_hand(1).hand_id}
    assert not [path for path in store.root.rglob("*") if path.name.endswith(".tmp")]


def test_a_commit_failing_after_its_manifest_is_kept_for_recovery(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def rename_fails(root: Path, manifest: Path) -> None:
        raise OSError(5, "Input/output error")

    with Store(tmp_path) as store:
        monkeypatch.setattr(tracker.atomic_files, "apply_manifest", rename_fails)
        with pytest.raises(StoreError, match="Input/output error"):
            store.write_hands([omaha_hand(1)])
        monkeypatch.undo()
    with Store(tmp_path) as store:
        store.open_for_writing()
        assert store.row_counts()["hands"] == 1


def test_a_data_folder_that_is_a_file_is_a_store_error(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("not a folder")
    with pytest.raises(StoreError, match="not a usable data folder"):
        Store(tmp_path / "data").open_for_writing()


@pytest.mark.parametrize("module", ["tracker.arrow_arrays", "tracker.bookkeeping", "tracker.store"])
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0
    assert result.failed == 0


def test_only_repeating_text_is_dictionary_encoded(store: Store, hands: list[Hand]) -> None:
    store.write_hands(hands)
    path = next((store.root / "actions").rglob("*.parquet"))
    row_group = pq.ParquetFile(path).metadata.row_group(0)
    encodings = {
        row_group.column(i).path_in_schema: row_group.column(i).encodings
        for i in range(row_group.num_columns)
    }
    assert "RLE_DICTIONARY" in encodings["kind"]
    assert "RLE_DICTIONARY" in encodings["player"]
    assert "RLE_DICTIONARY" not in encodings["hand_id"]
    assert "RLE_DICTIONARY" not in encodings["amount"]
