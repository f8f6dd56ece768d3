"""A file cut for the column-wise readers: chunks of many hands, each hand's lines
found in a chunk's lines, and the items a reader gives back in file order (blocks of
the hands it read, the texts of the others for the line-by-line reader).

Nothing here knows a site's words: a site gives the start of its header lines (a literal
and the pattern of `SiteParser.hand_start`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import pairwise

import numpy as np
import pyarrow as pa

from parsers._base.columns import (
    Bools,
    Ints,
    Strings,
    last_at_or_before,
    lengths,
    matches,
    starts_with,
    take,
)
from parsers._base.text import HandText, split_at_headers
from tracker.hand_block import HandBlock

CHUNK_CHARS = 8_000_000
"""Text read at once (about 5,000 hands): the memory of a read is bounded by a chunk,
however large the file."""


def chunk_cuts(text: str, literal: str, start: re.Pattern[str]) -> list[int]:
    """Where the chunks of `text` start: at the first hand header (a line starting with
    `literal`, then matching `start`) after each `CHUNK_CHARS`; the text's end last."""
    cuts = [0]
    needle = "\n" + literal
    while True:
        at = text.find(needle, cuts[-1] + CHUNK_CHARS)
        while at >= 0 and not start.match(text, at + 1):
            at = text.find(needle, at + 1)
        if at < 0:
            return [*cuts, len(text)]
        cuts.append(at + 1)


def frame(lines: Strings, literal: str, start: str) -> tuple[Ints, Ints] | None:
    """Each hand's header line (a line starting with `literal` that the RE2 pattern
    `start` matches at its start) and the line after its last non-empty line; None
    when the lines hold no header."""
    named = np.flatnonzero(starts_with(lines, literal))
    header = named[matches(take(lines, named), "^(?:" + start + ")")]
    if not len(header):
        return None
    end = np.append(header[1:], len(lines))
    size = lengths(lines)
    for _ in range(8):  # back over the empty lines between hands: a few at most, as a rule
        empty = np.flatnonzero(size[end - 1] == 0)  # (a header line is never empty)
        if not len(empty):
            return header, end
        end[empty] -= 1
    filled = last_at_or_before(size > 0)
    return header, filled[end - 1] + 1


def all_texts(piece: str, first_line: int, start: re.Pattern[str]) -> list[HandBlock | HandText]:
    """Every hand of a chunk as text, cut by `parsers._base.text.split_at_headers`."""
    return [HandText(hand.lines, hand.first_line + first_line - 1)
            for hand in split_at_headers(piece, start)]  # fmt: skip


class HandTexts:
    """The texts of hands of a chunk, cut as `parsers._base.text.split_at_headers` cuts them,
    from the chunk's lines (only the lines of the hands asked for become Python text)."""

    def __init__(self, lines: Strings, first_line: int, heads: Ints | None) -> None:
        self.array = lines
        self.first_line = first_line
        self.heads = [] if heads is None else heads.tolist()

    def before_first_hand(self) -> list[HandBlock | HandText]:
        head = self.heads[0] if self.heads else None
        if head == 0:
            return []
        before = self._lines(0, len(self.array) if head is None else head)
        return [self._cut(0, before)] if "\n".join(before).strip() else []

    def hand(self, index: int) -> HandText:
        following = self.heads[index + 1] if index + 1 < len(self.heads) else len(self.array)
        start = self.heads[index]
        return self._cut(start, self._lines(start, following))

    def _lines(self, start: int, stop: int) -> list[str]:
        found: list[str] = self.array.slice(start, stop - start).to_pylist()
        return found

    def _cut(self, start: int, lines: list[str]) -> HandText:
        text = "\n".join(lines)
        last = len(text.rstrip())
        cut = text.find("\n", last)
        return HandText(text[: len(text) if cut < 0 else cut].split("\n"), self.first_line + start)


def chunk_items(
    site: str,
    texts: HandTexts,
    ok: Bools,
    tables: Mapping[str, pa.Table],
    counts: Mapping[str, Ints],
) -> list[HandBlock | HandText]:
    """A chunk's items in file order: each run of hands read (`ok`, whose rows `tables`
    hold, hand after hand, with each child table's `counts` per hand read) as one block,
    the other hands as texts."""
    items: list[HandBlock | HandText] = texts.before_first_hand()
    runs = np.flatnonzero(np.diff(ok.astype(np.int8))) + 1
    bounds = list(pairwise([0, *runs.tolist(), len(ok)]))
    read = np.cumsum([0, *(stop - start for start, stop in bounds if ok[start])])
    blocks = iter(HandBlock(site, dict(tables), dict(counts)).cut(list(pairwise(read.tolist()))))
    for start, stop in bounds:
        if ok[start]:
            items.append(next(blocks))
        else:
            items.extend(texts.hand(index) for index in range(start, stop))
    return items
