"""A line-by-line text site: hands cut at a header line, each line handed to the
site's rule for it.

A site subclasses `LineSite` with its header pattern and its `read_hand` steps (header,
seats, body, summary), each reading lines into a `HandBuilder`. Most body lines are
told apart by their first words or by a short pattern: `LineRules` holds a site's rules
in order, each a literal prefix (tried with `str.startswith`, cheap) and/or a compiled
pattern, with the handler that reads the match. An unknown line is an error naming the
file, hand and line; lines that say nothing of the game (chat, table news) are rules
whose handler does nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.reader import HandReader
from parsers._base.site import SiteParser
from parsers._base.text import HandText, split_at_headers, starts_in
from tracker.hand_rows import HandRows
from tracker.model import Hand

Handler = Callable[[HandBuilder, re.Match[str]], None]
"""What a rule does with a line it matched: read it into the hand."""


@dataclass(frozen=True, slots=True)
class LineRule:
    """One kind of line.

    Attributes:
        pattern: the line's shape, matched at its start (`re.match`).
        handler: reads the match into the hand.
        prefix: a literal start every such line has: the pattern is tried only on
            lines that start with it.
    """

    pattern: re.Pattern[str]
    handler: Handler
    prefix: str = ""


class LineRules:
    """A site's rules for its body lines, tried in order; the first that matches reads
    the line.

    >>> from parsers._base.text import HandText
    >>> seen = []
    >>> rules = LineRules([LineRule(re.compile(r"(\\w+) folds$"), lambda h, m: seen.append(m[1]))])
    >>> hand = HandBuilder("example", HandText(["bob folds"], 1), None)
    >>> rules.read(hand, "bob folds"), seen
    (True, ['bob'])
    >>> rules.read(hand, "bob dances")
    False
    """

    def __init__(self, rules: list[LineRule]) -> None:
        self.rules = rules

    def read(self, hand: HandBuilder, line: str) -> bool:
        """Read `line` by the first rule that matches it; False when none does."""
        for rule in self.rules:
            if rule.prefix and not line.startswith(rule.prefix):
                continue
            match = rule.pattern.match(line)
            if match is not None:
                rule.handler(hand, match)
                return True
        return False

    def read_all(self, hand: HandBuilder, start: int, stop: int | None = None) -> None:
        """Read the hand's lines from `start` to `stop`; an unknown line is an error.

        Raises:
            MalformedHandError: a line no rule reads, or one its handler refuses.
        """
        for index, line in hand.lines_from(start, stop):
            hand.at(index)
            if line.strip() and not self.read(hand, line):
                raise hand.error("unknown line")


class LineSite(SiteParser):
    """A site whose files are text, a hand after a header line.

    Subclasses set `site`, `hand_start` (the header's start, a pattern without "^": it
    detects the site and cuts files into hands) and `reader` (the site's `HandReader`,
    which `read_hand` runs), or write `read_hand` themselves.
    """

    hand_start: ClassVar[re.Pattern[str]]
    """The start of a hand's first line."""

    reader: ClassVar[type[HandReader]]
    """The site's reader of one hand."""

    def detect(self, text: str) -> bool:
        """True when a line of `text` starts like this site's hand header."""
        return starts_in(text, self.hand_start)

    def split_hands(self, text: str) -> Iterator[HandText]:
        """Each hand starts at a line `hand_start` matches."""
        return split_at_headers(text, self.hand_start)

    def parse_hand(self, hand_text: HandText, file: str | None) -> Hand:
        """Read one hand through `read_hand` into a `HandBuilder`."""
        return self._read(hand_text, file).build()

    def read_hand_into(self, hand_text: HandText, file: str | None, rows: HandRows) -> None:
        """Read one hand straight into the store's rows: no `Hand` is built."""
        rows.add_read(self.site, *self._read(hand_text, file).rows())

    def _read(self, hand_text: HandText, file: str | None) -> HandBuilder:
        hand = HandBuilder(self.site, hand_text, file)
        if not self.hand_start.match(hand_text.lines[0]):
            raise hand.error("text outside any hand (before the first hand header)", 0)
        try:
            self.read_hand(hand)
        except ValueError as error:  # an amount, a card or a time that does not read
            raise hand.error(str(error)) from None
        except IndexError:
            raise hand.error("hand cut off: it ends before its summary") from None
        return hand

    def read_hand(self, hand: HandBuilder) -> None:
        """Read the hand's lines (`hand.text.lines`) into `hand`, step by step: the
        site's `reader` does.

        Raises:
            MalformedHandError: through `hand.error`, for what is not a sound hand.
            UnsupportedGameError: through `hand.unsupported`, for a game not covered.
            ValueError: an amount, card or time that does not read (turned into a
                `MalformedHandError` at the line being read).
        """
        self.reader(hand).read()
