"""Text from hand histories shown without harm: in a terminal, and in a spreadsheet.

A hand-history file is written by a poker site, but names in it (players, tables) are
chosen by other people, and a file may be damaged or forged. The store keeps every name
exactly as the file wrote it; these functions make a name inert where it is shown:

- `terminal_text`: control characters (the escape that starts a terminal sequence, a
  carriage return that overwrites a line, a bell) and the marks that reverse the
  direction of text are written as visible escapes (`\\x1b`, `\\u202e`), so a terminal
  shows them instead of obeying them;
- `spreadsheet_cell`: a CSV cell a spreadsheet would read as a formula (it starts with
  `=`, `+`, `-` or `@`, or a tab or carriage return before one) gets a leading `'`, the
  usual neutraliser (OWASP, "CSV injection"); `spreadsheet_table` does it to the text
  columns of an Arrow table.

The HTML report escapes with `html.escape` (tracker/report.py).
"""

from __future__ import annotations

import re
from typing import Any

import pyarrow as pa

# C0 controls but the tab and the newline of multi-line output, DEL, C1 controls, and
# the bidirectional formatting marks (LRM, RLM, ALM, embeddings, overrides, isolates).
_UNSAFE_IN_TERMINAL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
_UNSAFE_IN_CELL = re.compile("[\t\n\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula (tab and carriage return: some
spreadsheets skip them, then read what follows)."""
_FORMULA = r"^([=+\-@\t\r])"


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal_text(text: str) -> str:
    """`text` with every character a terminal would obey written as a visible escape
    (newlines and tabs kept: they lay out multi-line output).

    >>> terminal_text("bob\\x1b[2J\\u202eevil")
    'bob\\\\x1b[2J\\\\u202eevil'
    >>> terminal_text("Seat 1: ann\\n")
    'Seat 1: ann\\n'
    """
    return _UNSAFE_IN_TERMINAL.sub(_escaped, text)


def terminal_cell(text: str) -> str:
    """`text` for one cell of a terminal table: as `terminal_text`, and tabs and
    newlines escaped too, so that a name cannot draw a row of its own.

    >>> terminal_cell("ann\\nSeat 2: bob")
    'ann\\\\x0aSeat 2: bob'
    """
    return _UNSAFE_IN_CELL.sub(_escaped, _UNSAFE_IN_TERMINAL.sub(_escaped, text))


def spreadsheet_cell(value: Any) -> Any:
    """`value` for a CSV cell: text a spreadsheet would run as a formula gets a leading
    `'`; anything else (numbers, None, other text) is returned as it is.

    >>> spreadsheet_cell("=HYPERLINK(\\"http://x\\")"), spreadsheet_cell("-5"), spreadsheet_cell(-5)
    ('\\'=HYPERLINK("http://x")', "'-5", -5)
    >>> spreadsheet_cell("Bob")
    'Bob'
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def spreadsheet_table(table: pa.Table) -> pa.Table:
    """`table` with `spreadsheet_cell` applied to every text column (other columns, and
    text columns without a cell to change, are kept as they are, without a copy)."""
    import pyarrow.compute as pc

    columns = []
    for field, column in zip(table.schema, table.columns, strict=True):
        text = pa.types.is_string(field.type) or pa.types.is_large_string(field.type)
        if text and pc.any(pc.match_substring_regex(column, pattern=_FORMULA)).as_py():
            column = pc.replace_substring_regex(column, pattern=_FORMULA, replacement=r"'\1")
        columns.append(column)
    return pa.table(columns, schema=table.schema)
