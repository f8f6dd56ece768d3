"""The hands built by lxml (`parsers._base.xml_element`): as safe as the expat path, and
read the same as by it (docs/xml.md, "Two parsers, one reading")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from parsers._base.builder import HandBuilder
from parsers._base.xml import XmlElement, XmlHand, XmlHandText, XmlRefusedError, XmlSite
from parsers._base.xml_element import ElementLines, parse_hand_element
from parsers.merge import MergeParser

HISTORIES = Path(__file__).resolve().parents[3] / "shared" / "histories"


class _Site(XmlSite):
    site = "xmltest"
    hand_tag = "game"
    hand_start = re.compile(r"<game\b")

    def read_hand(self, hand: HandBuilder, xml: XmlHand) -> None:
        raise AssertionError("not used")


@pytest.mark.parametrize(
    "document",
    [
        '<!DOCTYPE game [<!ENTITY a "aaaa">]><game id="1">&a;</game>',
        '<game id="1"><!DOCTYPE game [<!ENTITY a "aaaa">]>&a;</game>',
        '<!DOCTYPE game [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><game>&xxe;</game>',
        '<!DOCTYPE game SYSTEM "http://example.invalid/game.dtd"><game/>',
        "<game>&undefined;</game>",
        '<?xml version="1.0"?><game/>',
    ],
    ids=["entity", "entity-inside", "external-file", "external-dtd", "undefined", "prolog"],
)
def test_the_hand_parser_builds_nothing_with_a_declaration(document: str) -> None:
    """A second wall behind the reader's text check: what libxml2 is given has no
    prolog, so no DTD, and an entity without one is an error."""
    assert parse_hand_element(document) is None


def _nested(levels: int) -> str:
    return '<game id="1-1">' + "<a>" * levels + "</a>" * levels + "</game>\n"


@pytest.mark.parametrize("levels", [70, 200, 300])
def test_a_hand_deeper_than_the_limit_is_refused_at_the_same_depth(levels: int) -> None:
    """70 and 200 levels parse in libxml2 (its limit is 256) and are found too deep by
    the XPath; 300 do not parse: expat refuses each at its 65th start tag."""
    with pytest.raises(XmlRefusedError, match="nested more than 64 deep"):
        list(_Site().split_hands(_nested(levels)))


def _tree(element: XmlElement, lines: object) -> object:
    assert isinstance(lines, (dict, ElementLines))
    return (
        element.tag,
        sorted(element.items()),
        (element.text or "").strip(),
        lines[element],
        [_tree(child, lines) for child in element],
    )


def _read(site: XmlSite, text: str) -> list[tuple[object, ...]]:
    read: list[tuple[object, ...]] = []
    for hand_text in site.split_hands(text):
        assert isinstance(hand_text, XmlHandText)
        element = hand_text.element
        tree = None if element is None else _tree(element, hand_text.element_lines)
        context = {tag: sorted(item.items()) for tag, item in hand_text.context.items()}
        read.append((hand_text.first_line, hand_text.lines, tree, context, hand_text.problem))
    return read


def test_lxml_and_expat_read_every_merge_file_alike() -> None:
    """Each shared Merge file read as usual, and with a comment on its first line (a
    block holding `<!` is read by expat alone): the same hands, elements, attributes,
    text, element lines, context and problems."""
    files = sorted((HISTORIES / "Merge").rglob("*.*"))
    if not files:
        pytest.skip(f"no shared Merge files under {HISTORIES}")
    site = MergeParser()
    elements = 0
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        usual = _read(site, text)
        by_expat = _read(site, "<!-- -->" + text)
        assert usual == by_expat, path.name
        elements += sum(hand[2] is not None for hand in usual)
    assert elements > 0
