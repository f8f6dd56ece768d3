"""Absolute Poker: "Stage #..." hand histories.

- `words`: the site's patterns and words;
- `lines`: the line-by-line reader on `parsers._base.lines.LineSite`.

docs/sites/absolute.md describes the format and the decisions taken.
"""

from parsers.absolute.lines import AbsoluteParser

__all__ = ["AbsoluteParser"]
