"""XML hand histories, read safely: the base of every XML site.

An XML file from the internet must never hurt the machine that imports it. Everything
here reads XML through `defusedxml`'s expat parser, set to refuse any document type
declaration (so no entity is ever defined: no billion laughs, no quadratic blowup, no
external entity, no network access), and streams it: a file is fed to the parser a block
of lines at a time, each hand's element is handed on as soon as it ends and then
dropped, so memory is bounded by the largest hand, not by the file. Limits
(`XmlLimits`): elements nested at most 64 deep, a hand of at most 4 MB, and at most
16 MB of XML without a hand in it; past them the file is refused (`XmlRefusedError`,
one line) or the hand is reported, never read without bound. docs/xml.md says what
each hostile-file test proves.

The files are taken as they are found, not as they declare: the text is decoded by its
bytes (UTF-8, else cp1252, as `parsers._base.text.decode`) and an encoding in an XML
declaration is ignored; text before the XML ("----PRIMA.DAT----"), several documents
in one file, and fragments without a root or a declaration (a run of `<game>` elements)
are read, all under one synthetic root.

A site subclasses `XmlSite` with its hand element's tag (`hand_tag`), the start of a
hand's first line (`hand_start`, a pattern that also detects the site and lets the
reader start again after a stretch of broken XML), the elements outside hands that
describe the hands after them (`context_tags`: Merge's `<description>`), and a
`read_hand(hand, xml)` that reads the hand's element into the `HandBuilder`, as text
sites read lines. `xml` is an `XmlHand`: the element, the context, and `at(element)` /
`attribute(element, name)` so that errors name the element's line.

>>> import re
>>> from datetime import UTC, datetime
>>> from tracker.model import Game, Structure
>>> class ExampleSite(XmlSite):
...     site = "example"
...     hand_tag = "game"
...     hand_start = re.compile(r"<game\\b")
...     context_tags = frozenset({"description"})
...     def read_hand(self, hand, xml):
...         started = datetime(2012, 1, 1, tzinfo=UTC)
...         hand.start(xml.attribute(xml.root, "id"), Game.OMAHA_HILO, Structure.LIMIT, started)
...         for player in xml.root.iter("player"):
...             xml.at(player)
...             hand.seat(int(xml.attribute(player, "seat")), player.get("nickname", ""), 100)
>>> text = '''----PRIMA.DAT----
... <description type="Omaha H/L8"/>
... <game id="7-1"><player seat="1" nickname="ann"/><player seat="2" nickname="bob"/></game>
... '''
>>> [(hand.hand_id, len(hand.seats)) for hand in ExampleSite().parse_text(text, None)]
[('7-1', 2)]
>>> [xml_hand.context["description"].get("type") for xml_hand in ExampleSite().split_hands(text)]
['Omaha H/L8']
"""

from __future__ import annotations

import re
from abc import abstractmethod
from collections.abc import Iterable, Iterator
from typing import IO, ClassVar
from xml.etree.ElementTree import Element

from parsers._base.builder import HandBuilder
from parsers._base.site import SiteParser
from parsers._base.text import HandText
from parsers._base.xml_reader import (
    DEFAULT_LIMITS,
    XmlHandText,
    XmlLimits,
    XmlRefusedError,
    decode_stream,
    read_xml_hands,
    safe_expat_parser,
    text_blocks,
)
from tracker.errors import HandHistoryError
from tracker.hand_rows import HandRows
from tracker.model import Hand

__all__ = [
    "XmlHand",
    "XmlHandText",
    "XmlLimits",
    "XmlRefusedError",
    "XmlSite",
    "decode_stream",
    "read_xml_hands",
    "safe_expat_parser",
]


class XmlHand:
    """What a site's `read_hand` gets besides the builder: the hand's element, its
    context, and the elements' lines for errors.

    Attributes:
        root: the hand's element.
        context: as `XmlHandText.context`.
    """

    __slots__ = ("_builder", "_first", "_lines", "context", "root")

    def __init__(self, builder: HandBuilder, hand_text: XmlHandText) -> None:
        if hand_text.element is None:
            raise builder.error(hand_text.problem or "no hand element")
        self._builder = builder
        self._lines = hand_text.element_lines
        self._first = hand_text.first_line
        self.root: Element = hand_text.element
        self.context = hand_text.context

    def at(self, element: Element) -> None:
        """Say that `element` is being read: errors then name its line."""
        line = self._lines.get(element)
        if line is not None:
            self._builder.at(line - self._first)

    def attribute(self, element: Element, name: str) -> str:
        """The value of attribute `name` of `element`.

        Raises:
            MalformedHandError: the element has no such attribute (naming its line).
        """
        value = element.get(name)
        if value is None:
            self.at(element)
            raise self._builder.error(f"<{element.tag}> has no {name!r} attribute")
        return value

    def line_of(self, element: Element) -> int | None:
        """The file line `element` starts at."""
        return self._lines.get(element)


class XmlSite(SiteParser):
    """A site whose files are XML, a hand per element.

    Subclasses set `site`, `hand_tag`, `hand_start` (and `context_tags`) and write
    `read_hand`. `detect` looks for `hand_start` (override it to look for more).
    """

    hand_tag: ClassVar[str]
    """The tag of a hand's element ("game")."""

    hand_start: ClassVar[re.Pattern[str]]
    """The start of a hand's element as written in the file (searched in lines)."""

    context_tags: ClassVar[frozenset[str]] = frozenset()
    """Tags of elements outside the hands that describe the hands after them."""

    limits: ClassVar[XmlLimits] = DEFAULT_LIMITS

    document_tags: ClassVar[frozenset[str]] = frozenset()
    """Tags of a document's root that the site's files leave open (Boss's `<ROOT>`):
    one opened while another is open starts a new document, not a deeper level."""

    reads_text: ClassVar[bool] = True
    """False for a site that reads attributes only: the elements' text is then not kept
    (a parser callback less per piece of text)."""

    def detect(self, text: str) -> bool:
        """True when `text` holds this site's hand element."""
        return self.hand_start.search(text) is not None

    def split_hands(self, text: str) -> Iterator[HandText]:
        """The hands of a decoded file, one `XmlHandText` each, read safely.

        Raises:
            XmlRefusedError: a DTD, elements nested too deep, too much XML without a hand.
        """
        return self.split_blocks(text_blocks(text, self.limits.block_chars), None)

    def split_blocks(self, blocks: Iterable[str], file: str | None) -> Iterator[HandText]:
        """`split_hands` over decoded text given in blocks (`decode_stream`)."""
        return read_xml_hands(
            blocks,
            site=self.site,
            file=file,
            hand_tag=self.hand_tag,
            hand_start=self.hand_start,
            context_tags=self.context_tags,
            limits=self.limits,
            reads_text=self.reads_text,
            document_tags=self.document_tags,
        )

    def split_stream(self, stream: IO[bytes], file: str | None) -> Iterator[HandText]:
        """The hands of an open binary file, read a block at a time (large files)."""
        return self.split_blocks(decode_stream(stream, self.limits.block_chars), file)

    def read_stream_into(
        self, stream: IO[bytes], rows: HandRows, file: str | None
    ) -> Iterator[HandHistoryError | None]:
        """The importer's reading of a large file: each hand of the open binary `stream`
        read into `rows`, yielding None (its rows added) or the error saying why not, as
        `parsers.read_text_into` does for a decoded text.

        Raises:
            XmlRefusedError: as `split_hands`.
        """
        for hand_text in self.split_stream(stream, file):
            try:
                self.read_hand_into(hand_text, file, rows)
            except HandHistoryError as error:
                yield error
            else:
                yield None

    def parse_text(self, text: str, file: str | None) -> Iterator[Hand]:
        """The hands of `text` that read (for examples and tests; errors raise)."""
        for hand_text in self.split_hands(text):
            yield self.parse_hand(hand_text, file)

    def parse_hand(self, hand_text: HandText, file: str | None) -> Hand:
        """Read one hand through `read_hand` into a `HandBuilder`."""
        return self._read(hand_text, file).build()

    def read_hand_into(self, hand_text: HandText, file: str | None, rows: HandRows) -> None:
        """Read one hand straight into the store's rows."""
        rows.add_read(self.site, *self._read(hand_text, file).rows())

    def _read(self, hand_text: HandText, file: str | None) -> HandBuilder:
        hand = HandBuilder(self.site, hand_text, file)
        if not isinstance(hand_text, XmlHandText):
            raise hand.error("not a hand read by the XML reader", 0)
        if hand_text.element is None:
            guess = hand_text.hand_id_guess
            if guess is not None:
                hand.name_hand(guess)
            raise hand.error(hand_text.problem or "no hand element", 0)
        try:
            self.read_hand(hand, XmlHand(hand, hand_text))
        except ValueError as error:  # an amount, a card or a time that does not read
            raise hand.error(str(error)) from None
        return hand

    @abstractmethod
    def read_hand(self, hand: HandBuilder, xml: XmlHand) -> None:
        """Read the hand's element (`xml.root`) into `hand`.

        Raises:
            MalformedHandError: through `hand.error`, for what is not a sound hand.
            UnsupportedGameError: through `hand.unsupported`, for a game not covered.
            ValueError: an amount, card or time that does not read (turned into a
                `MalformedHandError` at the element being read).
        """
