"""A (site, month) partition audited in pieces (`tracker.audit.pieces`) gives the same
`audit` and `awards` rows as audited whole: in this process, in two processes, and in a
folder whose files were merged (`tracker import --compact`), which is read whole."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pyarrow as pa
import pytest

from tracker.audit.loading import TABLES_READ
from tracker.audit.pieces import Piece, partition_pieces
from tracker.audit.run import run_audit
from tracker.importer import compact, import_paths
from tracker.model import Game, Structure
from tracker.simulate import simulate
from tracker.store import Store

HANDS = 600
IMPORT_BATCH = 40
"""Hands per import batch: many batches, so many files, per partition."""
PIECE = 130
"""Hands per piece: several pieces per partition, each of several import batches."""
WHOLE = 10**9
_ASCENDING: Literal["ascending", "descending"] = "ascending"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    """Omaha hi/lo and stud hi/lo hands, some paid wrong and some bet wrong, imported a
    few hands at a time."""
    folder = tmp_path_factory.mktemp("pieces")
    games = ((Game.OMAHA_HILO, Structure.POT_LIMIT), (Game.STUD_HILO, Structure.LIMIT))
    for seed, (game, structure) in enumerate(games, start=31):
        simulate(game, structure, hands=HANDS, players=6, seed=seed,
                 out=folder / f"{game.value}.txt", error_rate=0.02,
                 bet_error_rate=0.02)  # fmt: skip
    with Store(folder / "data") as data:
        import_paths([folder], data, batch_size=IMPORT_BATCH)
        yield data


def _audited(store: Store, **options: Any) -> dict[str, list[dict[str, Any]]]:
    """The `audit` and `awards` rows of a new audit, in hand order (each hand's rows in
    the order the audit wrote them)."""
    run_audit(store, **options)
    found = {}
    for table in ("audit", "awards"):
        rows = store.read(table)
        rows = rows.append_column("written", pa.array(range(rows.num_rows)))
        order = [(key, _ASCENDING) for key in ("site", "month", "hand_id", "written")]
        found[table] = rows.sort_by(order).drop_columns(["written"]).to_pylist()
    return found


def _pieces(store: Store) -> list[list[Piece]]:
    months = store.read("hands", ["site", "month"]).group_by(["site", "month"]).aggregate([])
    return [
        partition_pieces(store, row["site"], row["month"], TABLES_READ, PIECE)
        for row in months.to_pylist()
    ]


def test_a_partition_in_pieces_is_audited_as_a_whole(store: Store) -> None:
    pieces = _pieces(store)
    assert len(pieces) >= 2  # two batches: a worker process audits one of them
    assert min(len(found) for found in pieces) >= 3
    assert all(piece.hands <= PIECE for found in pieces for piece in found)
    whole = _audited(store, processes=1, piece_hands=WHOLE)
    assert len(whole["audit"]) == 2 * HANDS
    statuses = {row["status"] for row in whole["audit"]}
    assert {"ok", "mismatch"} <= statuses
    assert "illegal" in {row["betting"] for row in whole["audit"]}
    assert _audited(store, processes=1, piece_hands=PIECE) == whole
    assert _audited(store, processes=2, piece_hands=PIECE) == whole


def test_every_hand_is_in_one_piece(store: Store) -> None:
    for found in _pieces(store):
        site, month = found[0].site, found[0].month
        hands = store.read("hands", ["hand_id"], partition=(site, month)).num_rows
        assert sum(piece.hands for piece in found) == hands
        named = [piece.files for piece in found if piece.files is not None]
        for table in TABLES_READ:
            files = [name for piece in named for name in piece.get(table, ())]
            assert len(files) == len(set(files))  # no file read twice


def test_compacted_files_are_still_read_in_pieces(tmp_path: Path, store: Store) -> None:
    whole = _audited(store, processes=1, piece_hands=WHOLE)
    copy = tmp_path / "merged"
    shutil.copytree(store.root, copy)
    with Store(copy) as merged:
        assert compact(merged, target_hands=2 * PIECE) > 0
        found = _pieces(merged)
        assert all(piece.files is not None for pieces in found for piece in pieces)
        assert max(len(pieces) for pieces in found) > 1
        assert _audited(merged, processes=1, piece_hands=PIECE) == whole
