"""Bovada (and Bodog): anonymous tables, players named by their positions.

- `words`: the site's patterns and words;
- `lines`: the line-by-line reader on `parsers._base.lines.LineSite` (header, seats, body);
- `summary`: the summary's lines and the payments, by pot and half.

docs/sites/bovada.md describes the format and the decisions taken.
"""

from parsers.bovada.lines import BovadaParser

__all__ = ["BovadaParser"]
