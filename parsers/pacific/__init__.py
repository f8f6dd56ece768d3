"""888 Poker (Pacific Poker; the Cassava network's rooms): its hand histories in English
and Swedish, cash games, play money and tournaments.

- `words`: the site's patterns and words;
- `lines`: the line-by-line reader on `parsers._base.lines.LineSite`.

docs/sites/888.md describes the format and the decisions taken.
"""

from parsers.pacific.lines import PacificParser

__all__ = ["PacificParser"]
