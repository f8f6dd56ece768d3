"""A hand's element built in C: libxml2 (through lxml) parses the text of one hand.

The reader (`parsers._base.xml_reader`) finds each hand's text, from its start tag to
its end tag, and gives it to `parse_hand_element`: the whole element is built without a
Python call per element (expat calls Python at every start and end tag), which is what
makes an XML site fast. The parser is set for untrusted input: no DTD loaded, no entity
resolved, no network, no huge tree (libxml2's own depth and size limits hold). A hand's
text starts with the hand's start tag, so it cannot hold a document type declaration at
all (libxml2 refuses one inside an element as not well-formed), and the reader has
already refused any `<!DOCTYPE` or `<!ENTITY` in the file. What does not parse here is
read again by the reader's expat path, which reports it as it always has.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any, Protocol, overload

from lxml import etree  # type: ignore[import-untyped]

__all__ = ["ElementLines", "XmlElement", "deeper_than", "parse_hand_element"]


class XmlElement(Protocol):
    """What a site reads of an element: `xml.etree.ElementTree.Element` (the expat
    path) and lxml's element (the usual path) both are one."""

    @property
    def tag(self) -> str: ...

    @property
    def text(self) -> str | None: ...

    @property
    def tail(self) -> str | None: ...

    @overload
    def get(self, key: str, default: None = None) -> str | None: ...

    @overload
    def get(self, key: str, default: str) -> str: ...

    def items(self) -> Iterable[tuple[str, str]]: ...

    def find(self, path: str, namespaces: None = None) -> XmlElement | None: ...

    def findall(self, path: str, namespaces: None = None) -> Sequence[XmlElement]: ...

    @overload
    def findtext(self, path: str, default: None = None) -> str | None: ...

    @overload
    def findtext(self, path: str, default: str) -> str: ...

    def iter(self, tag: str | None = None) -> Iterator[XmlElement]: ...

    def __iter__(self) -> Iterator[XmlElement]: ...

    def __len__(self) -> int: ...


_PARSER = etree.XMLParser(
    resolve_entities=False,
    no_network=True,
    load_dtd=False,
    dtd_validation=False,
    huge_tree=False,
    remove_comments=True,
    remove_pis=True,
    collect_ids=False,
)


def parse_hand_element(text: str) -> XmlElement | None:
    """The element of one hand's text (its start tag first, its end tag last), or None
    when it is not well-formed (the expat path then says why).

    >>> parse_hand_element('<game id="1"><player seat="2"/></game>').find("player").get("seat")
    '2'
    >>> [parse_hand_element(text) is None for text in (
    ...     '<!DOCTYPE g [<!ENTITY e "x">]><game>&e;</game>',
    ...     '<game><!DOCTYPE g [<!ENTITY e "x">]>&e;</game>',
    ...     '<game>&e;</game>',
    ... )]
    [True, True, True]
    """
    if not text.startswith("<") or text.startswith(("<!", "<?")):
        return None  # no prolog: a declaration anywhere else is not well-formed
    try:
        element: XmlElement = etree.fromstring(text, _PARSER)
    except (etree.XMLSyntaxError, ValueError):
        return None
    return element


def deeper_than(element: XmlElement, depth: int, tag: str) -> bool:
    """True when `element` holds elements more than `depth` levels down (itself level 1)
    or an element of tag `tag`, found by one XPath in C.

    >>> hand = parse_hand_element("<game><players><player/></players></game>")
    >>> deeper_than(hand, 2, "game"), deeper_than(hand, 3, "game"), deeper_than(hand, 3, "player")
    (True, False, True)
    """
    return depth < 1 or bool(_below(depth, tag)(element))


@cache
def _below(depth: int, tag: str) -> Any:
    return etree.XPath(f"boolean({'/'.join(['*'] * depth)} | descendant::{tag})")


class ElementLines(Mapping[XmlElement, int]):
    """The file line of each element of a hand parsed by `parse_hand_element`, from the
    line libxml2 keeps for it (`sourceline`, the hand's text starting at line 1)."""

    __slots__ = ("_offset", "_root")

    def __init__(self, root: XmlElement, first_line: int) -> None:
        self._root = root
        self._offset = first_line - 1

    def __getitem__(self, element: XmlElement) -> int:
        line = getattr(element, "sourceline", None)
        if not isinstance(line, int):
            raise KeyError(element)
        return line + self._offset

    def __iter__(self) -> Iterator[XmlElement]:
        return self._root.iter()

    def __len__(self) -> int:
        return sum(1 for _ in self._root.iter())
