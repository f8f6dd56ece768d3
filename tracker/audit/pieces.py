"""The pieces the audit reads a (site, month) partition in: a bounded number of hands at
a time, whatever the partition holds, so that the audit's memory stays bounded.

The import commits its hands in batches (`tracker.importer`: 10,000 hands at most by
default), each batch one file per table and partition, all named after the batch
(`part-<batch id>.parquet`, `part-<batch id>-1.parquet` for a second file of a batch:
`tracker.store.Transaction`): every row of a hand is in the files of one batch. A piece is
a run of whole batches, in name order, of `piece_hands` hands at most (a batch larger than
that is a piece alone), and reads those batches' files of every table.

`tracker.compaction` merges small batches into batches of at most `PIECE_HANDS` hands,
the same batches in every table, so a compacted partition is read in pieces too. Where
the files of the tables do not name the same batches (files merged by an older version,
one table at a time), the partition is read whole, as one piece: its memory is then not
bounded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pyarrow.parquet as pq

from tracker.compaction import batch_of
from tracker.store import Store

PIECE_HANDS = 10_000
"""Hands the audit reads at most at a time (but a batch of the import larger than that)."""


@dataclass(frozen=True, slots=True)
class Piece:
    """Hands of one partition read and audited together.

    Attributes:
        site, month: the partition.
        hands: how many hands the piece holds.
        files: per table, the names of the partition's files that hold the piece's rows;
            None for every file (the partition read whole).
    """

    site: str
    month: str
    hands: int
    files: dict[str, tuple[str, ...]] | None = None


def partition_pieces(
    store: Store, site: str, month: str, tables: Sequence[str], piece_hands: int = PIECE_HANDS
) -> list[Piece]:
    """The pieces of the partition (site, month) of `store`, reading `tables` (`hands`
    first), in the order of the import's batches."""
    partition = (site, month)
    files = {table: store.partition_files(table, partition) for table in tables}
    hands_in = {path.name: pq.ParquetFile(path).metadata.num_rows for path in files["hands"]}
    hands = sum(hands_in.values())
    by_batch: dict[str, dict[str, list[str]]] = {}
    for path in files["hands"]:
        by_batch.setdefault(batch_of(path.name), {}).setdefault("hands", []).append(path.name)
    for table in tables[1:]:
        for path in files[table]:
            batch = by_batch.get(batch_of(path.name))
            if batch is None:  # a file of no batch of `hands`: merged, say
                return [Piece(site, month, hands)]
            batch.setdefault(table, []).append(path.name)
    if hands <= piece_hands:
        return [Piece(site, month, hands)]
    pieces: list[Piece] = []
    taken: dict[str, list[str]] = {}
    count = 0
    for batch in by_batch.values():
        batch_hands = sum(hands_in[name] for name in batch["hands"])
        if taken and count + batch_hands > piece_hands:
            pieces.append(_piece(site, month, count, taken))
            taken, count = {}, 0
        for table, names in batch.items():
            taken.setdefault(table, []).extend(names)
        count += batch_hands
    pieces.append(_piece(site, month, count, taken))
    return pieces


def _piece(site: str, month: str, hands: int, files: dict[str, list[str]]) -> Piece:
    return Piece(site, month, hands, {table: tuple(names) for table, names in files.items()})
