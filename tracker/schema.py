"""The tables of the data folder and their columns, once: what the store writes and what
the parsers and the audit produce.

The store (`tracker.store`) writes and reads these tables; the parsers build their rows
(`tracker.hand_rows`, `tracker.hand_block`) in these columns; neither defines a column of
its own. docs/schema.md describes every column.

>>> HAND_COLUMNS[:3]
('hand_id', 'game', 'structure')
>>> CHILD_COLUMNS["boards"]
('cards', 'card_indexes')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import pyarrow as pa

from tracker.errors import TrackerError

UTC_TIME = pa.timestamp("us", tz="UTC")
CARD_INDEXES = pa.list_(pa.int8())


@dataclass(frozen=True, slots=True)
class TableSpec:
    """A table: the columns stored in its files, and the hive partition columns that
    live in its folder names instead (always strings)."""

    schema: pa.Schema
    partition_by: tuple[str, ...] = ()

    @property
    def full_schema(self) -> pa.Schema:
        """The columns a reader sees: the file columns, then the partition columns."""
        return pa.schema(
            [*self.schema, *(pa.field(name, pa.string()) for name in self.partition_by)]
        )


def _schema(*fields: tuple[str, pa.DataType] | tuple[str, pa.DataType, bool]) -> pa.Schema:
    return pa.schema([pa.field(*field) for field in fields])


HAND_PARTITIONS = ("site", "month")
_HAND_KEY = ("hand_id", pa.string(), False)  # with `site`, from the path, the key

_STRING, _INT, _SMALL_INT, _BOOL = pa.string(), pa.int64(), pa.int32(), pa.bool_()
_NOT_NULL = False

# fmt: off
TABLES: dict[str, TableSpec] = {
    "hands": TableSpec(_schema(
        _HAND_KEY,
        ("game", _STRING, _NOT_NULL), ("structure", _STRING, _NOT_NULL),
        ("small_blind", _INT), ("big_blind", _INT), ("small_bet", _INT), ("big_bet", _INT),
        ("ante", _INT), ("bring_in", _INT),
        ("currency", _STRING), ("play_money", _BOOL, _NOT_NULL),
        ("tournament_id", _STRING), ("tournament_buy_in", _INT), ("tournament_fee", _INT),
        ("tournament_currency", _STRING), ("tournament_level", _STRING),
        ("table_name", _STRING, _NOT_NULL), ("max_seats", _SMALL_INT),
        ("button_seat", _SMALL_INT),
        ("started_at", UTC_TIME, _NOT_NULL), ("site_timezone", _STRING), ("hero", _STRING),
        ("total_pot", _INT), ("main_pot", _INT), ("side_pots", pa.list_(_INT), _NOT_NULL),
        ("rake", _INT), ("jackpot_fee", _INT, _NOT_NULL), ("added_money", _INT, _NOT_NULL),
        ("cancelled", _BOOL, _NOT_NULL),
        ("source_file", _STRING), ("first_line", _INT),
        ("chips_consistent", _BOOL, _NOT_NULL), ("inconsistency", _STRING),
    ), HAND_PARTITIONS),
    "seats": TableSpec(_schema(
        _HAND_KEY, ("seat", _SMALL_INT, _NOT_NULL), ("player", _STRING, _NOT_NULL),
        ("stack", _INT, _NOT_NULL), ("sitting_out", _BOOL, _NOT_NULL),
    ), HAND_PARTITIONS),
    "actions": TableSpec(_schema(
        _HAND_KEY, ("sequence", _SMALL_INT, _NOT_NULL), ("street", _STRING, _NOT_NULL),
        ("player", _STRING, _NOT_NULL), ("kind", _STRING, _NOT_NULL),
        ("amount", _INT, _NOT_NULL), ("to_amount", _INT), ("all_in", _BOOL, _NOT_NULL),
    ), HAND_PARTITIONS),
    "cards": TableSpec(_schema(
        _HAND_KEY, ("sequence", _SMALL_INT, _NOT_NULL), ("player", _STRING, _NOT_NULL),
        ("street", _STRING, _NOT_NULL), ("source", _STRING, _NOT_NULL),
        ("cards", _STRING, _NOT_NULL), ("card_indexes", CARD_INDEXES, _NOT_NULL),
    ), HAND_PARTITIONS),
    "boards": TableSpec(_schema(
        _HAND_KEY, ("board", _SMALL_INT, _NOT_NULL),
        ("cards", _STRING, _NOT_NULL), ("card_indexes", CARD_INDEXES, _NOT_NULL),
    ), HAND_PARTITIONS),
    "collections": TableSpec(_schema(
        _HAND_KEY, ("sequence", _SMALL_INT, _NOT_NULL), ("player", _STRING, _NOT_NULL),
        ("amount", _INT, _NOT_NULL), ("pot", _SMALL_INT, _NOT_NULL),
        ("board", _SMALL_INT, _NOT_NULL), ("half", _STRING),
    ), HAND_PARTITIONS),
    "returned": TableSpec(_schema(
        _HAND_KEY, ("sequence", _SMALL_INT, _NOT_NULL), ("player", _STRING, _NOT_NULL),
        ("amount", _INT, _NOT_NULL),
    ), HAND_PARTITIONS),
    "summaries": TableSpec(_schema(
        _HAND_KEY, ("seat", _SMALL_INT, _NOT_NULL), ("player", _STRING, _NOT_NULL),
        ("text", _STRING, _NOT_NULL), ("won", _INT),
    ), HAND_PARTITIONS),
    "parse_errors": TableSpec(_schema(
        ("file", _STRING), ("site", _STRING), ("hand_id", _STRING),
        ("line_number", _INT), ("line", _STRING),
        ("reason", _STRING, _NOT_NULL), ("kind", _STRING, _NOT_NULL),
        ("imported_at", UTC_TIME, _NOT_NULL),
    )),
    "files": TableSpec(_schema(
        ("path", _STRING, _NOT_NULL), ("size", _INT, _NOT_NULL),
        ("mtime", UTC_TIME, _NOT_NULL), ("sha256", _STRING, _NOT_NULL), ("site", _STRING),
        ("hands_seen", _INT, _NOT_NULL), ("hands_imported", _INT, _NOT_NULL),
        ("hands_skipped", _INT, _NOT_NULL), ("hands_failed", _INT, _NOT_NULL),
        ("hands_duplicate", _INT, _NOT_NULL), ("imported_at", UTC_TIME, _NOT_NULL),
        ("resume_offset", _INT), ("resume_line", _INT), ("resume_sha256", _STRING),
    )),
    # The audit's derived tables (tracker/audit/run.py), rebuilt whole by every audit.
    "audit": TableSpec(_schema(
        _HAND_KEY, ("game", _STRING), ("started_at", UTC_TIME),
        ("status", _STRING, _NOT_NULL), ("reason", _STRING),
        ("players", pa.list_(pa.struct([
            pa.field("player", _STRING, _NOT_NULL), pa.field("expected", _INT),
            pa.field("reported", _INT, _NOT_NULL),
        ])), _NOT_NULL),
        ("betting", _STRING, _NOT_NULL), ("betting_reason", _STRING),
        ("betting_errors", pa.list_(pa.struct([
            pa.field("street", _STRING, _NOT_NULL), pa.field("player", _STRING, _NOT_NULL),
            pa.field("action", _STRING, _NOT_NULL), pa.field("amount", _INT, _NOT_NULL),
            pa.field("allowed", _INT), pa.field("rule", _STRING, _NOT_NULL),
        ])), _NOT_NULL),
    ), HAND_PARTITIONS),
    "awards": TableSpec(_schema(
        _HAND_KEY, ("pot", _SMALL_INT, _NOT_NULL), ("board", _SMALL_INT, _NOT_NULL),
        ("half", _STRING, _NOT_NULL), ("player", _STRING, _NOT_NULL),
        ("amount", _INT, _NOT_NULL), ("hand_name", _STRING), ("cards", _STRING),
        ("card_indexes", CARD_INDEXES),
    ), HAND_PARTITIONS),
}
# fmt: on
"""Every table of the data folder, the audit's `audit` and `awards` among them; code
outside the project can add its own with `register_table`. All are written through the
same transactions."""

HAND_TABLES = (
    "hands",
    "seats",
    "actions",
    "cards",
    "boards",
    "collections",
    "returned",
    "summaries",
)
"""The tables `write_hands` fills, all keyed by (site, hand_id)."""


class SchemaError(TrackerError):
    """A table registered again with another schema."""


def register_table(name: str, spec: TableSpec) -> None:
    """Add a table to the registry (the same spec again is allowed, a different one not)."""
    existing = TABLES.get(name)
    if existing is not None and existing != spec:
        raise SchemaError(f"table {name!r} is already registered with another schema")
    TABLES[name] = spec


def _child_columns(table: str) -> tuple[str, ...]:
    """A hand table's columns in the rows a reader gives: without `hand_id` and the row's
    place in its hand (`sequence`; `board` for boards), which the store adds."""
    place = "board" if table == "boards" else "sequence"
    return tuple(n for n in TABLES[table].schema.names if n not in ("hand_id", place))


HAND_COLUMNS: Final = tuple(TABLES["hands"].schema.names)
"""The `hands` columns, in the order of a hands row."""

CHILD_COLUMNS: Final[dict[str, tuple[str, ...]]] = {
    table: _child_columns(table) for table in HAND_TABLES[1:]
}
"""The columns of each child table's rows, in order (without `hand_id` and `sequence`)."""
