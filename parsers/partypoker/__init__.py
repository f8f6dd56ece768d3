"""PartyPoker: the old text format (2010-2016, "***** Hand History for Game N *****"
with a preamble, no summary) and the new one (2026, "***** Hand History For Game ...",
a "** Summary **" of balances).

- `words`: the site's patterns and words;
- `lines`: the line-by-line reader on `parsers._base.lines.LineSite`;
- `summary`: the new format's summary, and the payments of both, by pot and half.

docs/sites/partypoker.md describes the format and the decisions taken.
"""

from parsers.partypoker.lines import PartyPokerParser

__all__ = ["PartyPokerParser"]
