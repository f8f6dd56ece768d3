"""The rows of several hands of one site as Arrow tables, as a column-wise reader gives
them: a `HandBlock`.

A block holds the tables the store writes for its hands, one per hand table
(`tracker.schema.HAND_TABLES`), each in the store's schema (`tracker.schema.TABLES`), so
the store writes them as they are: no row of them goes back to a Python object on the way
to Parquet. `HandBatch.add_block` adds a block to a batch; `HandBlock.from_rows` makes one
from the tuple rows of a `HandRows`.

The rows' order is part of the contract: every table holds its rows hand after hand, in
the order of the `hands` table, the rows of one hand next to each other (in the order the
store gives them: `sequence` 0, 1, ... within the hand). That order is what tells which
child rows are whose when the same hand id comes twice in one block (the same hand twice
in a file): the child rows of the hand at place i are the `counts[table][i]` rows after
those of the hands before it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyarrow as pa

from tracker.arrow_arrays import from_numpy, numpy_integers
from tracker.hand_rows import HandRows
from tracker.row_tables import hand_tables
from tracker.schema import HAND_TABLES, TABLES

_FEW_BLOCKS = 16
"""Blocks joined without copying their rows (see `HandBlock.joined`)."""

Counts = np.ndarray[Any, np.dtype[np.int64]]
"""Each hand's number of rows of one child table, in the order of the hands."""


@dataclass(frozen=True, slots=True)
class HandBlock:
    """The rows of several hands of one site, one Arrow table per hand table.

    Attributes:
        site: every hand's site.
        tables: a table for every name of `tracker.schema.HAND_TABLES`, each exactly in
            its schema (`tracker.schema.TABLES[name].schema`: `hand_id`, `sequence`, ...
            as the store writes them); a table may have no rows. The rows are in the
            order the module docstring gives: hand after hand, as in `hands`.
        counts: each child table's number of rows of each hand (`HandRows.counts` as
            numpy), when the reader knows them; else None, and `select` finds them from
            the child rows' `hand_id`, which it can only do when no hand id repeats in
            the block (it raises ValueError otherwise: give the counts then).

    Raises:
        ValueError: a table missing or in another schema; counts that do not match the
            tables.
    """

    site: str
    tables: dict[str, pa.Table]
    counts: Mapping[str, Counts] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if sorted(self.tables) != sorted(HAND_TABLES):
            raise ValueError(f"a block has the tables {', '.join(HAND_TABLES)}")
        for name, table in self.tables.items():
            if not table.schema.equals(TABLES[name].schema):
                raise ValueError(f"the block's {name} table is not in the store's schema")
        if self.counts is not None:
            _check_counts(self.tables, self.counts)

    def __len__(self) -> int:
        """The number of hands."""
        return int(self.tables["hands"].num_rows)

    @classmethod
    def from_rows(cls, site: str, rows: HandRows) -> HandBlock:
        """The hands of `rows` (tuple rows, all of `site`) as one block, with their counts.

        Raises:
            ValueError: `rows` holds blocks itself, hands of another site, or counts that
                do not add up to its rows (the rows would not be hand after hand).
        """
        if isinstance(rows, HandBatch) and rows.blocks:
            raise ValueError("from_rows takes tuple rows; these rows hold blocks")
        if any(hand_site != site for hand_site in rows.sites):
            raise ValueError(f"rows of another site than {site!r}")
        for table, found in rows.rows.items():
            table_counts = rows.counts[table]
            if len(table_counts) != len(rows.hands) or sum(table_counts) != len(found):
                raise ValueError(f"the {table} rows are not hand after hand by their counts")
        counts = {table: np.array(rows.counts[table], dtype=np.int64) for table in rows.rows}
        return cls(site, hand_tables(rows), counts)

    @classmethod
    def joined(cls, blocks: Sequence[HandBlock]) -> HandBlock:
        """The hands of several blocks of one site as one block, in order. A few blocks
        are joined as they are (each table's chunks the blocks' tables); many small ones
        (the runs of hands of a file of mixed games) are copied into one chunk a table,
        so that cutting them by month costs one pass, not one per block.

        Raises:
            ValueError: no blocks, or blocks of several sites.
        """
        if not blocks or any(block.site != blocks[0].site for block in blocks):
            raise ValueError("joined takes one or more blocks of one site")
        if len(blocks) == 1:
            return blocks[0]
        tables = {name: pa.concat_tables([block.tables[name] for block in blocks])
                  for name in HAND_TABLES}  # fmt: skip
        if len(blocks) > _FEW_BLOCKS:
            tables = {name: table.combine_chunks() for name, table in tables.items()}
        counts = None
        if all(block.counts is not None for block in blocks):
            counts = {name: np.concatenate([block.counts[name] for block in blocks])  # type: ignore[index]
                      for name in HAND_TABLES[1:]}  # fmt: skip
        return cls(blocks[0].site, tables, counts)

    def hand_ids(self) -> list[str]:
        """Each hand's id, in order."""
        column = self.tables["hands"].column("hand_id")
        hand_ids: list[str] = column.to_pylist()  # type: ignore[assignment]  # never null
        return hand_ids

    def first_lines(self) -> list[int | None]:
        """Each hand's first line in its file (None when unknown), in order."""
        first_lines: list[int | None] = self.tables["hands"].column("first_line").to_pylist()
        return first_lines

    def cut(self, spans: Sequence[tuple[int, int]]) -> list[HandBlock]:
        """The hands of each span (from place `start` to `stop`, excluded), with their
        rows, as blocks: slices of the tables, no copy.

        Raises:
            ValueError: the block has no counts.
        """
        if self.counts is None:
            raise ValueError("a block without counts cannot be cut")
        offsets = {name: np.concatenate([[0], np.cumsum(found)])
                   for name, found in self.counts.items()}  # fmt: skip
        blocks = []
        for start, stop in spans:
            tables = {"hands": self.tables["hands"].slice(start, stop - start)}
            counts = {}
            for name, found in self.counts.items():
                first = int(offsets[name][start])
                tables[name] = self.tables[name].slice(first, int(offsets[name][stop]) - first)
                counts[name] = found[start:stop]
            blocks.append(HandBlock(self.site, tables, counts))
        return blocks

    def select(self, keep: Sequence[bool] | np.ndarray[Any, Any]) -> HandBlock:
        """The hands whose `keep` is True, with their rows of every child table (by
        place, as the module docstring says: not every row of a kept hand id).

        Raises:
            ValueError: `keep` is not one flag per hand; or the block has no counts, a
                hand id repeats in it, and so the child rows cannot be told apart.
        """
        mask = np.asarray(keep, dtype=np.bool_)
        if mask.shape != (len(self),):
            raise ValueError(f"{mask.size} flags for a block of {len(self)} hands")
        if mask.all():
            return self
        counts = self.counts if self.counts is not None else self._counts_by_hand_id()
        tables = {"hands": _filtered(self.tables["hands"], mask)}
        for table in HAND_TABLES[1:]:
            tables[table] = _filtered(self.tables[table], np.repeat(mask, counts[table]))
        kept = {table: table_counts[mask] for table, table_counts in counts.items()}
        return HandBlock(self.site, tables, kept)

    def _counts_by_hand_id(self) -> dict[str, Counts]:
        """The counts of a block without them, from the place of each child row's hand."""
        import pyarrow.compute as pc

        hand_ids = self.tables["hands"].column("hand_id").combine_chunks()
        if pc.count_distinct(hand_ids).as_py() != len(hand_ids):
            raise ValueError("a hand id repeats in a block without counts")
        counts: dict[str, Counts] = {}
        for table in HAND_TABLES[1:]:
            owners = self.tables[table].column("hand_id").combine_chunks()
            places = pc.index_in(owners, value_set=hand_ids)
            if places.null_count:
                raise ValueError(f"{table} rows of a hand the block does not hold")
            found = numpy_integers(places)
            if (np.diff(found) < 0).any():
                raise ValueError(f"the {table} rows are not in the order of the hands")
            counts[table] = np.bincount(found, minlength=len(hand_ids)).astype(np.int64)
        return counts


def _check_counts(tables: Mapping[str, pa.Table], counts: Mapping[str, Counts]) -> None:
    if sorted(counts) != sorted(HAND_TABLES[1:]):
        raise ValueError(f"a block's counts are those of {', '.join(HAND_TABLES[1:])}")
    hands = tables["hands"].num_rows
    for table, table_counts in counts.items():
        if len(table_counts) != hands or int(table_counts.sum()) != tables[table].num_rows:
            raise ValueError(f"the {table} counts do not match the block's rows")


_MOST_SLICES = 16


def _filtered(table: pa.Table, mask: np.ndarray[Any, np.dtype[np.bool_]]) -> pa.Table:
    """The rows of `table` whose `mask` is True: a few runs of rows (a month of hands in
    time order, a block less a few duplicates) as slices, which copy nothing."""
    if mask.all():
        return table
    edges = np.flatnonzero(np.diff(mask, prepend=False, append=False))
    starts, ends = edges[0::2].tolist(), edges[1::2].tolist()
    if len(starts) > _MOST_SLICES:
        return table.filter(from_numpy(mask, pa.bool_()))
    if len(starts) == 1:
        return table.slice(starts[0], ends[0] - starts[0])
    slices = [table.slice(start, end - start) for start, end in zip(starts, ends, strict=True)]
    return pa.concat_tables(slices) if slices else table.slice(0, 0)


class HandBatch(HandRows):
    """The hands the importer gathers between two commits: tuple rows (`HandRows`) and
    blocks of Arrow tables side by side. `len` and `clear` are of both.

    Attributes:
        blocks: the blocks, in the order they were added.
    """

    def __init__(self) -> None:
        super().__init__()
        self.blocks: list[HandBlock] = []
        self._block_hands = 0

    def __len__(self) -> int:
        """The number of hands: of the tuple rows and of the blocks."""
        return super().__len__() + self._block_hands

    def add_block(self, block: HandBlock) -> None:
        """Add the hands of a `HandBlock` (a block without hands is left out)."""
        if len(block):
            self.blocks.append(block)
            self._block_hands += len(block)

    def clear(self) -> None:
        """Remove every hand, blocks included."""
        super().clear()
        self.blocks.clear()
        self._block_hands = 0
