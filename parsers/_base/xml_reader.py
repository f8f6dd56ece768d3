"""Reading XML safely: the parser, the limits, the stream, the hands' elements.

`read_xml_hands` reads a decoded text given in blocks through `defusedxml`'s expat
parser (`safe_expat_parser`), refuses any DTD or entity declaration, holds every file to
`XmlLimits`, and yields each hand's element as an `XmlHandText` as soon as it ends.
`parsers._base.xml` (the base XML sites subclass) is built on it; docs/xml.md says
what is read and refused, and why.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO
from xml.etree.ElementTree import Element
from xml.parsers import expat
from xml.sax.saxutils import quoteattr

from defusedxml import DefusedXmlException  # type: ignore[import-untyped]
from defusedxml.ElementTree import DefusedXMLParser  # type: ignore[import-untyped]

from parsers._base.text import HandText
from tracker.errors import HandHistoryError

__all__ = [
    "DEFAULT_LIMITS",
    "XmlHandText",
    "XmlLimits",
    "XmlRefusedError",
    "decode_stream",
    "read_xml_hands",
    "safe_expat_parser",
    "text_blocks",
]


class XmlRefusedError(HandHistoryError):
    """An XML file the tracker refuses to read: a DTD or entity declaration, elements
    nested too deep, or too much XML without a hand. The whole file is refused (the
    hands read before it stay read)."""


@dataclass(frozen=True, slots=True)
class XmlLimits:
    """The bounds the reader holds every file to.

    Attributes:
        max_depth: elements open at once, the synthetic root included.
        max_hand_chars: the size of one hand's element, in characters.
        max_chars_without_hand: XML read since the last hand (or the start) before the
            file is refused: a file holding no hand is not read to its end.
        block_chars: the text fed to the parser at a time (cut at a line end).
        kept_line_chars: the part of each line kept for error messages.
        max_documents: documents left open one inside the other (a site's
            `document_tags`: session files whose root is never closed, concatenated),
            which do not count as nesting.
    """

    max_depth: int = 64
    max_hand_chars: int = 4 * 1024 * 1024
    max_chars_without_hand: int = 16 * 1024 * 1024
    block_chars: int = 1024 * 1024
    kept_line_chars: int = 1000
    max_documents: int = 10_000


DEFAULT_LIMITS = XmlLimits()

_ROOT = "xml-site-root"
"""The synthetic element every file is read inside (fragments have no root)."""

_XML_DECLARATION = re.compile(r"<\?xml\s[^>]*\?>")
_FIRST_TAG = re.compile(r"^[ \t\ufeff]*<", re.MULTILINE)
_DECLARATIONS = ("<!DOCTYPE", "<!ENTITY", "<!doctype", "<!entity")
_REFUSED_DTD = (
    "refused: the XML has a document type declaration (DTD or ENTITY); hand histories "
    "have none, and one can define entities that expand without bound or read local files"
)


@dataclass(frozen=True, slots=True)
class XmlHandText(HandText):
    """One hand's element as the reader found it: a `HandText` of the element's lines
    (for errors), with the element itself.

    Attributes:
        element: the hand's element (None when `problem` says why it could not be read).
        context: the latest element of each of the site's `context_tags` before the
            hand, and the hand's open ancestors, by tag.
        element_lines: the file line each element of the hand starts at.
        problem: why the hand cannot be read (cut off, broken XML, too large), or None.
        hand_id_guess: the id attribute of a hand that cannot be read, when known.
    """

    element: Element | None = None
    context: Mapping[str, Element] = field(default_factory=dict)
    element_lines: Mapping[Element, int] = field(default_factory=dict)
    problem: str | None = None
    hand_id_guess: str | None = None


def safe_expat_parser() -> tuple[object, expat.XMLParserType]:
    """An expat parser for untrusted input: `defusedxml`'s, which refuses any document
    type declaration, entity declaration and external reference (`DTDForbidden`,
    `EntitiesForbidden`, `ExternalReferenceForbidden`), with parameter entities never
    parsed. Returns the defusedxml object (keep it: it holds those handlers) and its
    expat parser, to which the caller gives its element handlers.

    >>> _, parser = safe_expat_parser()
    >>> parser.Parse('<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', True)
    Traceback (most recent call last):
    defusedxml.common.DTDForbidden: DTDForbidden(name='a', system_id=None, public_id=None)
    """
    defused = DefusedXMLParser(forbid_dtd=True, forbid_entities=True, forbid_external=True)
    parser = defused.parser
    parser.buffer_text = True
    parser.ordered_attributes = False
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    return defused, parser


def text_blocks(text: str, size: int) -> Iterator[str]:
    """`text` in blocks of about `size` characters, each ending at a line end."""
    start = 0
    while start < len(text):
        end = text.find("\n", start + size)
        end = len(text) if end < 0 else end + 1
        yield text[start:end]
        start = end


def decode_stream(stream: IO[bytes], size: int = DEFAULT_LIMITS.block_chars) -> Iterator[str]:
    """The text of a binary file, in blocks cut at line ends (or every `size` bytes on a
    line without end), decoded as found: UTF-16 by its byte-order mark, else each block
    UTF-8 if it is, else cp1252 (else Latin-1), as `parsers.decode` does for a whole
    file. Line endings become "\\n".

    >>> import io
    >>> list(decode_stream(io.BytesIO(b"<a>\\r\\n\\x80</a>"), 4))
    ['<a>\\n', '€</a>']
    """
    head = stream.read(2)
    if head in (b"\xff\xfe", b"\xfe\xff"):
        decoder = codecs.getincrementaldecoder("utf-16-le" if head == b"\xff\xfe" else "utf-16-be")(
            errors="replace"
        )
        carry = ""
        while block := stream.read(size):
            text = carry + decoder.decode(block)
            carry = text[-1:] if text.endswith("\r") else ""
            yield _newlines(text[: len(text) - len(carry)])
        if carry:
            yield "\n"
        return
    pending = head
    if pending == b"\xef\xbb":
        pending = b"" if stream.read(1) == b"\xbf" else pending
    while True:
        block = pending + stream.read(size)
        if not block:
            return
        cut = block.rfind(b"\n") + 1 or len(block)
        if cut == len(block) and len(block) < size:
            more = stream.read(1)
            if more:  # not the end: hold the line's start back until its end comes
                pending = block + more
                if len(pending) < 2 * size:
                    continue
                cut = len(block)
        block, pending = block[:cut], block[cut:]
        if block.endswith(b"\r") and not pending:
            more = stream.read(1)
            pending = more
        yield _newlines(_decode_block(block))


def _decode_block(block: bytes) -> str:
    for encoding in ("utf-8", "cp1252"):
        try:
            return block.decode(encoding)
        except UnicodeDecodeError:
            continue
    return block.decode("latin-1")


def _newlines(text: str) -> str:
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def read_xml_hands(
    blocks: Iterable[str],
    *,
    site: str,
    file: str | None,
    hand_tag: str,
    hand_start: re.Pattern[str],
    context_tags: frozenset[str] = frozenset(),
    limits: XmlLimits = DEFAULT_LIMITS,
    reads_text: bool = True,
    document_tags: frozenset[str] = frozenset(),
) -> Iterator[HandText]:
    """The hand elements of a decoded XML text given in blocks of whole lines, as
    `XmlHandText`s, in file order (see the module's docstring for what is read and
    refused). A hand that cannot be read (cut off, broken XML inside it) comes as an
    `XmlHandText` whose `problem` says why; the reader then starts again at the next
    line where `hand_start` is found. With `reads_text` False the elements' text and
    tails are not kept.

    Raises:
        XmlRefusedError: a DTD or entity declaration, elements nested deeper than
            `limits.max_depth`, more than `limits.max_chars_without_hand` of XML
            without a hand.
    """
    reader = _HandReader(site, file, hand_tag, hand_start, context_tags, limits, reads_text)
    reader.document_tags = document_tags
    return reader.read(blocks)


class _HandReader:
    """The state of one file's reading: the expat parser, the open elements (`stack`
    mirrors the parser's), the lines kept for the open hand."""

    def __init__(
        self,
        site: str,
        file: str | None,
        hand_tag: str,
        hand_start: re.Pattern[str],
        context_tags: frozenset[str],
        limits: XmlLimits,
        reads_text: bool = True,
    ) -> None:
        self.site, self.file, self.limits = site, file, limits
        self.reads_text = reads_text
        self.max_depth = limits.max_depth
        self.document_tags: frozenset[str] = frozenset()
        self.hand_tag, self.hand_start, self.context_tags = hand_tag, hand_start, context_tags
        self.lines: list[str] = []  # kept lines; lines[0] is file line `base`
        self.base = 1
        self.partial = False  # the last kept line has not ended yet
        self.ready: list[HandText] = []
        self.context: dict[str, Element] = {}
        self.chars_without_hand = 0
        self.block_tail = ""
        self.seeking: re.Pattern[str] | None = _FIRST_TAG  # skip text until it matches
        self.stack: list[Element] = []
        self._new_parser(0, [])

    # The parser

    def _new_parser(self, offset: int, ancestors: list[Element]) -> None:
        """A fresh defused expat parser whose line 1 is file line `offset + 1`, with
        `ancestors` (open elements outside hands) opened again."""
        defused, parser = safe_expat_parser()
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        # (never defusedxml's tree builder's handler: it would keep all the file's text)
        parser.CharacterDataHandler = self._data if self.reads_text else None
        # Without a DTD expat itself refuses an undefined entity ("&lol;"): the default
        # handler, which would be called for every piece of text left unhandled, is
        # not needed.
        parser.DefaultHandlerExpand = None
        self.defused = defused  # keeps the handlers that refuse DTDs and entities alive
        self.parser = parser
        self.offset = offset
        self.stack = []
        self.hand: Element | None = None
        self.hand_depth = 0
        self.hand_line = 0
        self.hand_lines: dict[Element, int] = {}
        self.capture_depth = 0  # the depth of an open context element (0: none)
        self.skip_depth = 0  # the depth of a hand being skipped (too large)
        self.cut_off_open = False  # a hand cut off by the next left elements open
        self.documents_open = 0  # document roots opened inside another (not nesting)
        self._in_hand_start = self._hand_start_handler()
        opening = "".join(
            f"<{element.tag}{''.join(f' {k}={quoteattr(v)}' for k, v in element.items())}>"
            for element in ancestors
        )
        self._feed(f"<{_ROOT}>{opening}")

    def _hand_start_handler(self) -> Callable[[str, dict[str, str]], None]:
        """The start handler while a hand is read: most elements, so its usual case
        (an element of the hand) is a few steps; anything else goes to `_start`."""
        stack, parser, offset, start = self.stack, self.parser, self.offset, self._start
        hand_tag, limit = self.hand_tag, self.max_depth - 1

        def start_in_hand(tag: str, attributes: dict[str, str]) -> None:
            if tag == hand_tag or len(stack) - self.documents_open > limit:
                start(tag, attributes)
                return
            element = Element(tag, attributes)
            stack[-1].append(element)
            self.hand_lines[element] = parser.CurrentLineNumber + offset
            stack.append(element)

        return start_in_hand

    def _feed(self, text: str) -> None:
        try:
            self.parser.Parse(text, False)
        except DefusedXmlException:
            raise self._refused(_REFUSED_DTD) from None

    def _line(self) -> int:
        return int(self.parser.CurrentLineNumber) + self.offset

    # The handlers

    def _start(self, tag: str, attributes: dict[str, str]) -> None:
        stack = self.stack
        if len(stack) - self.documents_open >= self.max_depth:
            raise self._refused(f"refused: elements nested more than {self.max_depth} deep")
        if tag in self.document_tags and self.hand is None:
            self._another_document(tag)
        element = Element(tag, attributes)
        if self.hand is not None and tag != self.hand_tag and not self.skip_depth:
            # the usual case first: an element inside the hand being read
            stack[-1].append(element)
            self.hand_lines[element] = self.parser.CurrentLineNumber + self.offset
        elif self.skip_depth:
            pass
        elif tag == self.hand_tag:
            if self.hand is not None:
                self._problem("hand cut off: the next hand starts before it ends")
                self.cut_off_open = True  # its elements stay open in the parser
            self.hand, self.hand_depth = element, len(stack)
            self.hand_line = self._line()
            self.hand_lines = {element: self.hand_line}
            self.parser.StartElementHandler = self._in_hand_start
        elif self.capture_depth:
            stack[-1].append(element)
        elif tag in self.context_tags:
            self.capture_depth = len(stack)
        stack.append(element)

    def _another_document(self, tag: str) -> None:
        """A document's root opens: inside one still open, it is the next document."""
        if any(element.tag == tag for element in self.stack):
            self.documents_open += 1
            if self.documents_open > self.limits.max_documents:
                raise self._refused(
                    f"refused: more than {self.limits.max_documents} documents left open"
                )

    def _end(self, tag: str) -> None:
        element = self.stack.pop()
        if self.skip_depth:
            if len(self.stack) == self.skip_depth:
                self.skip_depth = 0
        elif self.hand is element:
            self._emit(element)
        elif len(self.stack) == self.capture_depth:
            self.context[tag] = element
            self.capture_depth = 0

    def _data(self, text: str) -> None:
        if self.hand is None and not self.capture_depth:
            return
        current = self.stack[-1]
        if len(current):
            last = current[-1]
            last.tail = (last.tail or "") + text
        else:
            current.text = (current.text or "") + text

    # Hands

    def _context(self) -> dict[str, Element]:
        context = dict(self.context)
        for ancestor in self._open_ancestors():
            context.setdefault(ancestor.tag, ancestor)
        return context

    def _hand_text_lines(self, first: int, last: int) -> list[str]:
        start = max(first - self.base, 0)
        return self.lines[start : max(last - self.base + 1, start + 1)]

    def _emit(self, element: Element) -> None:
        self.ready.append(
            XmlHandText(
                self._hand_text_lines(self.hand_line, self._line()),
                self.hand_line,
                element=element,
                context=self._context(),
                element_lines=self.hand_lines,
            )
        )
        self.hand = None
        self.hand_lines = {}
        self.chars_without_hand = 0
        self.parser.StartElementHandler = self._start

    def _problem(self, reason: str, line: int | None = None) -> None:
        """The open hand (or, with none open, the text at `line`) cannot be read."""
        hand = self.hand
        first = self.hand_line if hand is not None else (line or self._line())
        last = line if line is not None else max(first, self._line() - 1)
        self.ready.append(
            XmlHandText(
                self._hand_text_lines(first, last),
                first,
                problem=reason,
                hand_id_guess=None if hand is None else _hand_id(hand),
            )
        )
        self.hand = None
        self.hand_lines = {}
        self.parser.StartElementHandler = self._start

    def _refused(self, reason: str) -> XmlRefusedError:
        return XmlRefusedError(reason, site=self.site, file=self.file, line_number=self._line())

    def _open_ancestors(self) -> list[Element]:
        """The open elements outside any hand (the synthetic root aside)."""
        found = []
        for element in self.stack[1:]:
            if element.tag == self.hand_tag:
                break
            found.append(element)
        return found

    def _check_hand_size(self) -> None:
        if self.hand is None or self.skip_depth:
            return
        start = max(self.hand_line - self.base, 0)
        size = sum(len(line) + 1 for line in self.lines[start:])
        if size > self.limits.max_hand_chars:
            depth = self.hand_depth
            self._problem(f"hand larger than {self.limits.max_hand_chars // 2**20} MB: not read")
            self.skip_depth = depth  # its elements are not built until it ends

    def _finish(self) -> None:
        if self.hand is not None:
            self._problem("hand cut off: the file ends inside it", self.base + len(self.lines) - 1)

    # The blocks

    def read(self, blocks: Iterable[str]) -> Iterator[HandText]:
        for block in blocks:
            first = self.base + len(self.lines) - (1 if self.partial else 0)
            self._keep_lines(block)
            self._take(block, first)
            yield from self.ready
            self.ready.clear()
            self._forget_lines()
        self._finish()
        yield from self.ready

    def _keep_lines(self, block: str) -> None:
        kept = self.limits.kept_line_chars
        pieces = block.split("\n")
        if self.partial and self.lines:
            self.lines[-1] = (self.lines[-1] + pieces[0])[:kept]
            pieces = pieces[1:]
        self.partial = not block.endswith("\n")
        if not self.partial:
            pieces.pop()  # the "" after the last line end
        self.lines.extend(piece[:kept] for piece in pieces)

    def _forget_lines(self) -> None:
        keep_from = self.hand_line if self.hand is not None else self.base + len(self.lines) - 1
        drop = keep_from - self.base
        if drop > 0:
            del self.lines[:drop]
            self.base += drop

    def _take(self, text: str, first_line: int) -> None:
        """Feed one block (its first character on file line `first_line`), starting
        again after broken XML as often as it takes."""
        self.chars_without_hand += len(text)
        if self.chars_without_hand > self.limits.max_chars_without_hand:
            megabytes = self.limits.max_chars_without_hand // 2**20
            raise self._refused(f"refused: no hand in {megabytes} MB of XML")
        # a declaration may start at the end of the previous block
        seam = self.block_tail + text[:16]
        self.block_tail = text[-16:]
        if any(declaration in text or declaration in seam for declaration in _DECLARATIONS):
            raise self._refused(_REFUSED_DTD)
        while text:
            if self.seeking is not None:
                found = self._seek(self.seeking, text)
                if found < 0:
                    return
                first_line += text.count("\n", 0, found)
                text = text[found:]
                self._new_parser(first_line - 1, self._open_ancestors())
                self.seeking = None
            try:
                self._feed(_XML_DECLARATION.sub("", text))
                self._check_hand_size()
                return
            except expat.ExpatError as error:
                line = int(error.lineno) + self.offset
                hand_line = self.hand_line if self.hand is not None else None
                if hand_line is not None or not self.cut_off_open:
                    # (outside hands after a hand cut off by the next, a tag that does
                    # not match is that hand's, already reported)
                    reason = f"not well-formed XML: {expat.errors.messages[error.code]}"
                    self._problem(reason, line)
                self.seeking = self.hand_start
                # Start again at the next hand from the broken line on (a broken
                # attribute can run into the next hand's line), past this parser's start.
                resume = line if hand_line is None or hand_line < line else line + 1
                resume = max(resume, self.offset + 2)
                cut = _after_lines(text, resume - first_line)
                text, first_line = text[cut:], resume

    @staticmethod
    def _seek(pattern: re.Pattern[str], text: str) -> int:
        """Where in `text` the reading starts again (-1: not in it)."""
        found = pattern.search(text)
        if found is None:
            return -1
        return found.end() - 1 if pattern is _FIRST_TAG else found.start()


def _hand_id(element: Element) -> str | None:
    for name in ("id", "ID", "gamecode"):
        if name in element.attrib:
            return element.attrib[name]
    return None


def _after_lines(text: str, count: int) -> int:
    """The position in `text` after its first `count` lines."""
    position = 0
    for _ in range(count):
        found = text.find("\n", position)
        if found < 0:
            return len(text)
        position = found + 1
    return position
