"""Winning Poker Network / Americas Cardroom, its current format and its old one.

- `words`: the site's patterns and words;
- `lines`: the current format's reader and the parser, on `parsers._base.lines.LineSite`;
- `classic`: the old format's reader (Bets/Collects/Wins per player).

docs/sites/winning.md describes both formats and the decisions taken.
"""

from parsers.winning.lines import WinningParser

__all__ = ["WinningParser"]
