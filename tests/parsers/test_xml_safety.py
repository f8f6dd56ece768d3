"""Hostile XML files: each is refused (or read) with a clear one-line error, quickly and in
bounded memory (docs/xml.md says what each proves).

The reader (`parsers._base.xml`) is tested through a small site of this file's own, so
these tests hold for every XML site; the last ones run `tracker import` on a 1 GB file
through the registered Merge site, in a subprocess whose peak memory is measured.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from defusedxml import DefusedXmlException  # type: ignore[import-untyped]

from parsers._base.builder import HandBuilder
from parsers._base.xml import (
    XmlHand,
    XmlHandText,
    XmlLimits,
    XmlRefusedError,
    XmlSite,
    decode_stream,
    safe_expat_parser,
)
from tracker.errors import HandHistoryError


class _Site(XmlSite):
    """A minimal XML site: `<game id=..>` hands of `<player>` seats."""

    site = "xmltest"
    hand_tag = "game"
    hand_start = re.compile(r"<game\b")
    context_tags = frozenset({"description"})

    def read_hand(self, hand: HandBuilder, xml: XmlHand) -> None:
        raise AssertionError("not used")


SITE = _Site()


def _site_with(limits: XmlLimits) -> XmlSite:
    """The test site under other limits."""

    class Limited(_Site):
        pass

    Limited.limits = limits
    return Limited()


def _hands(text: str, site: XmlSite = SITE) -> list[XmlHandText]:
    found = []
    for hand_text in site.split_hands(text):
        assert isinstance(hand_text, XmlHandText)
        found.append(hand_text)
    return found


def _refusal(read: Callable[[], object]) -> XmlRefusedError:
    """The refusal `read` raises, checked to come quickly and to be one line."""
    started = time.perf_counter()
    with pytest.raises(XmlRefusedError) as caught:
        read()
    assert time.perf_counter() - started < 2
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(("line", "refused", "/"))
    return caught.value


GAME = '<game id="1-1"><players><player seat="1" nickname="ann"/></players></game>\n'

BILLION_LAUGHS = textwrap.dedent("""\
    <?xml version="1.0"?>
    <!DOCTYPE lolz [
     <!ENTITY lol "lol">
     <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
     <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
     <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
     <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
     <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
     <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
     <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
     <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
     <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
    ]>
    <game id="1-1"><players><player seat="1" nickname="&lol9;"/></players></game>
    """)

QUADRATIC_BLOWUP = (
    f'<!DOCTYPE game [<!ENTITY a "{"a" * 50_000}">]>\n'
    f'<game id="1-1"><players><player seat="1" nickname="{"&a;" * 50_000}"/></players></game>\n'
)


def _external_entity(secret: Path) -> str:
    return (
        f'<!DOCTYPE game [<!ENTITY xxe SYSTEM "file://{secret}">]>\n'
        '<game id="1-1"><players><player seat="1" nickname="&xxe;"/></players></game>\n'
    )


def test_billion_laughs_is_refused() -> None:
    error = _refusal(lambda: _hands(BILLION_LAUGHS))
    assert "document type declaration" in error.reason


def test_quadratic_blowup_is_refused() -> None:
    error = _refusal(lambda: _hands(QUADRATIC_BLOWUP))
    assert "document type declaration" in error.reason


def test_external_entity_to_a_local_file_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("the password is swordfish\n", encoding="utf-8")
    error = _refusal(lambda: _hands(_external_entity(secret)))
    assert "swordfish" not in str(error)


def test_a_declaration_cut_between_two_blocks_is_still_refused() -> None:
    """The text check looks across block ends: `<!DOC` ending one block and `TYPE`
    starting the next (`decode_stream` cuts a line longer than its blocks) is seen."""
    text = "<description/>" * 100 + "<!DOCTYPE x>\n" + GAME
    cut = text.index("TYPE x")
    blocks = [text[:cut], text[cut:]]
    assert not any("<!DOCTYPE" in block for block in blocks)
    _refusal(lambda: list(SITE.split_blocks(blocks, None)))


@pytest.mark.parametrize(
    "document",
    [
        BILLION_LAUGHS.replace('<?xml version="1.0"?>\n', ""),
        QUADRATIC_BLOWUP,
        '<!DOCTYPE game [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><game>&xxe;</game>',
        '<!DOCTYPE game SYSTEM "http://example.invalid/game.dtd"><game/>',
    ],
    ids=["billion-laughs", "quadratic", "external-file", "external-dtd-network"],
)
def test_the_parser_itself_refuses_every_dtd(document: str) -> None:
    """Defence in depth: without the reader's text check, defusedxml's parser refuses the
    declaration before any entity is defined or any file or URL is opened."""
    started = time.perf_counter()
    _, parser = safe_expat_parser()
    with pytest.raises(DefusedXmlException):
        parser.Parse(document, True)
    assert time.perf_counter() - started < 2


def test_a_document_nested_a_million_levels_deep_is_refused() -> None:
    deep = '<game id="1-1">' + "<a>" * 1_000_000 + "</a>" * 1_000_000 + "</game>\n"
    error = _refusal(lambda: _hands(deep))
    assert "nested more than 64 deep" in error.reason


def test_nesting_outside_hands_is_refused_too() -> None:
    deep = "<a>" * 1_000_000 + GAME
    _refusal(lambda: _hands(deep))


def test_much_xml_without_a_hand_is_refused() -> None:
    site = _site_with(XmlLimits(max_chars_without_hand=10_000, block_chars=1_000))
    text = GAME + "<description/>\n" * 2_000 + GAME
    error = _refusal(lambda: _hands(text, site))
    assert "no hand in" in error.reason
    assert error.line_number is not None


def test_a_hand_too_large_is_reported_and_the_next_one_read() -> None:
    site = _site_with(XmlLimits(max_hand_chars=5_000, block_chars=1_000))
    huge = '<game id="9-9">\n' + "<event/>\n" * 2_000 + "</game>\n"
    hands = _hands(GAME + huge + GAME, site)
    assert [hand.problem for hand in hands] == [None, "hand larger than 0 MB: not read", None]
    assert hands[1].hand_id_guess == "9-9"


# What is read: fragments, text before the XML, several documents, encodings


def test_fragments_text_before_and_several_documents_are_read() -> None:
    text = (
        "----PRIMA.DAT----\n"
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<description type="Omaha H/L8"/>\n' + GAME + '<?xml version="1.0"?>\n'
        '<description type="7-Stud"/>\n' + GAME.replace("1-1", "2-1")
    )
    hands = _hands(text)
    assert [(hand.hand_id_guess, hand.first_line, hand.problem) for hand in hands] == [
        (None, 4, None),
        (None, 7, None),
    ]
    assert [hand.context["description"].get("type") for hand in hands] == ["Omaha H/L8", "7-Stud"]
    assert [hand.element.get("id") for hand in hands if hand.element is not None] == ["1-1", "2-1"]


def test_each_element_knows_its_line() -> None:
    text = '<game id="1-1">\n<players>\n<player seat="1"/>\n</players>\n</game>\n'
    (hand,) = _hands(text)
    assert hand.element is not None
    player = hand.element.find("players/player")
    assert player is not None
    assert hand.element_lines[player] == 3
    assert hand.lines[hand.element_lines[player] - hand.first_line] == '<player seat="1"/>'


def test_the_encoding_is_read_as_found_not_as_declared() -> None:
    """A file that declares utf-8 and is cp1252 (the iPoker file: the euro is 0x80)."""
    data = b'<?xml version="1.0" encoding="utf-8"?>\n<game id="\x80"/>\n'
    blocks = list(decode_stream(io.BytesIO(data)))
    (hand,) = SITE.split_blocks(blocks, None)
    assert isinstance(hand, XmlHandText)
    assert hand.element is not None
    assert hand.element.get("id") == "€"


def test_utf16_with_a_stray_byte_is_read() -> None:
    data = "\ufeff<game id='1'>\r\n</game>\r\n".encode("utf-16-le") + b"\n"
    (hand,) = SITE.split_blocks(decode_stream(io.BytesIO(data), 7), None)
    assert isinstance(hand, XmlHandText)
    assert hand.element is not None


def test_broken_xml_is_reported_and_reading_starts_again_at_the_next_hand() -> None:
    broken = '<game id="2-1">\n<players>\n<player seat="1" nickname="ann\'/>\n'
    hands = _hands(GAME + broken + GAME.replace("1-1", "3-1"))
    assert [hand.problem is None for hand in hands] == [True, False, True]
    assert hands[1].problem is not None
    assert "not well-formed XML" in hands[1].problem
    assert hands[1].hand_id_guess == "2-1"
    assert hands[2].element is not None
    assert hands[2].element.get("id") == "3-1"
    assert hands[2].first_line == 5


def test_a_hand_cut_off_by_the_next_or_by_the_end_of_the_file_is_reported() -> None:
    cut = '<game id="2-1">\n<players>\n'
    hands = _hands(GAME + cut + GAME.replace("1-1", "3-1") + cut)
    assert [hand.problem for hand in hands] == [
        None,
        "hand cut off: the next hand starts before it ends",
        None,
        "hand cut off: the file ends inside it",
    ]


def test_a_refusal_is_a_hand_history_error_naming_the_file() -> None:
    with pytest.raises(HandHistoryError, match=r"^/some/file\.xml, line \d+: refused"):
        list(SITE.split_blocks([BILLION_LAUGHS], "/some/file.xml"))


# The importer: a 1 GB file in bounded memory

MEMORY_LIMIT_MB = 200
_MEASURE = r"""
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
print(peak)
print(done.returncode)
print(done.stdout)
"""


def _import_measured(path: Path, data: Path) -> tuple[int, int, str]:
    """Run `tracker import path` in a child; its peak memory (MB), exit status, output."""
    tracker = Path(sys.executable).with_name("tracker")
    command = [sys.executable, "-c", _MEASURE, str(tracker), "import", str(path)]
    done = subprocess.run(
        [*command, "--data", str(data), "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    peak, status, output = done.stdout.split("\n", 2)
    return int(peak), int(status), output


def _sparse_file(path: Path, head: bytes, size: int) -> Path:
    with open(path, "wb") as stream:
        stream.write(head)
        stream.truncate(size)
    return path


@pytest.mark.parametrize(
    ("head", "reason"),
    [
        (
            b'<description type="Omaha H/L8" stakes="Limit $1/$2"/>\n'
            b'<game id="1-1" starttime="20111220050117" gametype="35">\n',
            "refused",
        ),
        (b"<session>\n", "no hand of any site in the first MiB"),
    ],
    ids=["merge-hand-never-ending", "no-site"],
)
def test_a_1_gb_file_holding_no_hand_is_refused_in_bounded_memory(
    tmp_path: Path, head: bytes, reason: str
) -> None:
    huge = _sparse_file(tmp_path / "huge.xml", head, 2**30)
    try:
        peak, status, output = _import_measured(huge, tmp_path / "data")
    finally:
        huge.unlink()
    assert peak < MEMORY_LIMIT_MB, f"peak memory {peak} MB"
    assert status == 1
    assert reason in output
    assert '"imported": 0' in output


MERGE_HAND = """\
<game id="900-{n}" starttime="20111220050117" numholecards="4" gametype="35" \
realmoney="true" data="20111220|Test (900)|900|900-{n}|false">
  <players dealer="1">
    <player seat="0" nickname="ann" balance="$10.00" dealtin="true" />
    <player seat="1" nickname="bob" balance="$10.00" dealtin="true" />
  </players>
  <round id="BLINDS" sequence="1">
    <event sequence="1" type="SMALL_BLIND" timestamp="1324375277698" player="1" amount="0.50"/>
    <event sequence="2" type="BIG_BLIND" timestamp="1324375277995" player="0" amount="1.00"/>
  </round>
  <round id="PREFLOP" sequence="2">
    <event sequence="3" type="CALL" timestamp="1324375289671" player="1" amount="0.50"/>
    <event sequence="4" type="FOLD" timestamp="1324375291470" player="0"/>
  </round>
  <round id="END_OF_FOLDED_GAME" sequence="3">
    <winner amount="1.90" uncalled="false" potnumber="1" player="1" pottype="n"/>
  </round>
</game>
"""


def test_a_large_xml_file_is_streamed_by_the_importer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Above a piece's size an XML site's file is read a block at a time, never whole
    (the piece is made small here so that a small file takes that path)."""
    from tracker import import_workers, importer
    from tracker.store import Store

    path = tmp_path / "merge.xml"
    description = '<description type="Omaha H/L8" stakes="Limit $0.50/$1"/>\n'
    path.write_text(
        description + "".join(MERGE_HAND.format(n=n) for n in range(3_000)), encoding="utf-8"
    )

    def never(*_: object) -> None:
        raise AssertionError("the file was read whole")

    monkeypatch.setattr(import_workers, "read_piece", never)
    with Store(tmp_path / "data") as store:
        summary = importer.import_paths([path], store, piece_size=1024, jobs=1)
        again = importer.import_paths([path], store, piece_size=1024, jobs=1)
    assert (summary.hands_seen, summary.imported, summary.failed) == (3_000, 3_000, 0)
    assert again.unchanged_files == 1


def test_a_million_document_roots_left_open_are_refused() -> None:
    """A site whose roots are left open (Boss's `<ROOT>`) reads documents one after
    another without counting them as nesting, but not without bound."""

    class Documents(_Site):
        document_tags = frozenset({"ROOT"})

    error = _refusal(lambda: _hands("<ROOT>" * 1_000_000 + GAME, Documents()))
    assert "documents left open" in error.reason
