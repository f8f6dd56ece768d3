"""PokerStars (and files other rooms and tools write in PokerStars' format).

- `header`, `words`: the site's patterns and words, shared by both readers;
- `lines`: the line-by-line reader, for every hand;
- `columns` and `column_*`: the column-wise fast path, for the flop-game hands of
  today's shapes (any other hand goes to the line reader).

docs/sites.md describes the format and the decisions taken.
"""

from parsers.pokerstars.lines import PokerStarsParser

__all__ = ["PokerStarsParser"]
