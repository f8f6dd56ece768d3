"""One module per poker site, all on the small base in `parsers._base.site`.

`parse_file(path)` is the entry point: it finds the site, splits the file into hands and
yields, for each hand, either a `tracker.model.Hand` or the `HandHistoryError` that
explains why the hand was not read (an `UnsupportedGameError` for games the product
does not cover: skipped and counted, not a failure). `read_text_into` is the importer's:
the same hands, added to a batch of the store's rows (`tracker.hand_rows.HandRows`).

Adding a site: write `parsers/<site>/` with a `SiteParser` subclass (a text site on
`parsers._base.lines.LineSite`) and add an instance to `parsers.registry.SITE_PARSERS`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import cast

from parsers._base.site import SiteParser
from parsers._base.text import HandText, decode
from parsers.registry import SITE_PARSERS
from tracker.errors import HandHistoryError, UnknownSiteError
from tracker.hand_block import HandBlock
from tracker.hand_rows import HandRows
from tracker.model import Hand

__all__ = [
    "SITE_PARSERS",
    "decode",
    "detect_site",
    "parse_file",
    "parse_text",
    "read_text_blocks",
    "read_text_into",
]


def detect_site(text: str) -> SiteParser:
    """The parser for the site whose format `text` (a whole decoded file) is in.

    Raises:
        UnknownSiteError: an empty text, or one no parser recognises.
    """
    return _detect(text, None)


def parse_text(text: str, *, file: str | None = None) -> Iterator[Hand | HandHistoryError]:
    """Parse the hands of a decoded file, in file order: one item per hand, a `Hand` or
    the `HandHistoryError` (`UnsupportedGameError`, `MalformedHandError`) saying why the
    hand was not read. `file` names the source in hands and errors.

    The site is detected before this returns, so an unknown site raises here.

    Raises:
        UnknownSiteError: an empty text, or one no parser recognises.
    """
    text = _with_newlines(text)
    site = _detect(text, file)
    return _parse_hands(site, text, file)


def read_text_into(
    text: str, rows: HandRows, *, file: str | None = None
) -> Iterator[HandHistoryError | None]:
    """Read the hands of a decoded file into `rows`, in file order: one item per hand,
    None when the hand's rows were added (the last ones in `rows`), else the
    `HandHistoryError` saying why it was not read (nothing is added then). The rows are
    those `rows.add_hand` adds for the hands `parse_text` yields.

    The site is detected before this returns, so an unknown site raises here.

    Raises:
        UnknownSiteError: an empty text, or one no parser recognises.
    """
    text = _with_newlines(text)
    site = _detect(text, file)
    hands = _read_hands_into(site, site.split_hands(text), rows, file)
    return cast("Iterator[HandHistoryError | None]", hands)  # hand texts only: no blocks


def read_text_blocks(
    text: str, rows: HandRows, file: str | None = None
) -> Iterator[HandBlock | HandHistoryError | None]:
    """Read the hands of a decoded file, in file order, some into `rows` one by one and
    others as blocks of many hands: the importer's reader. Each item is one of:

    - None: one hand, whose rows were added to `rows` (the last ones in it), as
      `read_text_into` adds them;
    - a `HandHistoryError`: one hand that was not read, and why (nothing is added);
    - a `tracker.hand_block.HandBlock`: several hands in a row of the file, NOT added
      to `rows` (the caller adds what it keeps, with `HandBatch.add_block`). Its tables hold
      the rows `rows.add_hand` would give for those hands, hand after hand in file
      order; a block in which a hand id repeats carries its counts.

    Every hand of the file is in exactly one item, and the items follow the file's
    order: a site that reads blocks (`SiteParser.read_blocks`) gives each run of hands
    it read column-wise as one block, and the hands between those runs one by one; for
    other sites every item is one hand.

    The site is detected before this returns, so an unknown site raises here.

    Raises:
        UnknownSiteError: an empty text, or one no parser recognises.
    """
    text = _with_newlines(text)
    site = _detect(text, file)
    return _read_hands_into(site, site.read_blocks(text, file), rows, file)


def parse_file(path: str | os.PathLike[str]) -> Iterator[Hand | HandHistoryError]:
    """Read, decode and parse a hand-history file (see `parse_text`).

    Raises:
        UnknownSiteError: an empty file, or one no parser recognises (before any item).
        OSError: the file cannot be read.
    """
    file = os.fspath(path)
    return parse_text(decode(Path(file).read_bytes()), file=file)


def _with_newlines(text: str) -> str:
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _detect(text: str, file: str | None) -> SiteParser:
    if not text or text.isspace():  # not `strip()`: a copy of the whole file
        raise UnknownSiteError("empty file: no hand history in it", file=file)
    for site in SITE_PARSERS:
        if site.detect(text):
            return site
    raise UnknownSiteError("not a hand history of any site the tracker reads", file=file)


def _parse_hands(
    site: SiteParser, text: str, file: str | None
) -> Iterator[Hand | HandHistoryError]:
    for hand_text in site.split_hands(text):
        try:
            yield site.parse_hand(hand_text, file)
        except HandHistoryError as error:
            yield error


def _read_hands_into(
    site: SiteParser, items: Iterable[HandBlock | HandText], rows: HandRows, file: str | None
) -> Iterator[HandBlock | HandHistoryError | None]:
    """Each hand text of `items` read into `rows` (None, or the error saying why not);
    blocks passed on as they are."""
    read_hand_into = site.read_hand_into
    for item in items:
        if isinstance(item, HandBlock):
            yield item
            continue
        try:
            read_hand_into(item, file, rows)
        except HandHistoryError as error:
            yield error
        else:
            yield None
