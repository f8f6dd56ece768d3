"""Cake Poker: "Hand#..." hand histories.

- `words`: the site's patterns and words;
- `lines`: the line-by-line reader on `parsers._base.lines.LineSite`.

docs/sites/cake.md describes the format and the decisions taken.
"""

from parsers.cake.lines import CakeParser

__all__ = ["CakeParser"]
