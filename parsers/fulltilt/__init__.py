"""Full Tilt Poker: "Full Tilt Poker Game #..." and "FullTiltPoker Game #..." histories.

- `words`: the site's patterns and words;
- `lines`: the line-by-line reader on `parsers._base.lines.LineSite`.

docs/sites/fulltilt.md describes the format and the decisions taken.
"""

from parsers.fulltilt.lines import FullTiltParser

__all__ = ["FullTiltParser"]
