"""A file read in pieces: cut between hands by each site's own header and cut, the
partial hand carried over, line numbers and the hash those of the whole file."""

from __future__ import annotations

import hashlib
import io
import itertools
import re
from pathlib import Path

import pytest

import parsers
from parsers._base.xml import XmlSite
from tracker.errors import HandHistoryError
from tracker.import_pieces import HandCut, hand_cut, read_pieces
from tracker.importer import find_history_files, import_paths
from tracker.store import Store

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
MIXED_GAMES = sorted(SAMPLES.glob("pokerstars-*.txt"))


def _pieces(data: bytes, cut: HandCut | None, size: int) -> list[tuple[int, int, bytes, bool]]:
    pieces = read_pieces(io.BytesIO(data), cut, size)
    return [(piece.offset, piece.first_line, piece.data, piece.last) for piece in pieces]


def _hands(site: parsers.SiteParser, data: bytes, size: int) -> list[tuple[int, list[str]]]:
    """The hands of `data` as the site cuts them, each piece cut on its own, with the
    file's line numbers."""
    cut = hand_cut(site)
    hands = []
    for piece in read_pieces(io.BytesIO(data), cut, size):
        for hand in site.split_hands(parsers.decode(piece.data)):
            hands.append((hand.first_line + piece.first_line - 1, hand.lines))
    return hands


def test_a_hand_longer_than_a_piece_makes_its_piece_longer() -> None:
    cut = HandCut(re.compile("HAND"), None)
    data = b"HAND 1\n" + b"x\n" * 20 + b"HAND 2\ny\n"
    assert _pieces(data, cut, 8) == [(0, 1, data[:47], False), (47, 22, b"HAND 2\ny\n", True)]
    assert _pieces(data, None, 8) == [(0, 1, data, True)]
    assert _pieces(b"", cut, 8) == [(0, 1, b"", True)]


def test_the_pieces_are_the_file_and_its_hash_is_taken_as_they_are_read() -> None:
    data = b"".join(path.read_bytes() for path in MIXED_GAMES[:3])
    site = parsers.detect_site(parsers.decode(data))
    digest = hashlib.sha256()
    pieces = list(read_pieces(io.BytesIO(data), hand_cut(site), 50_000, digest=digest))
    assert len(pieces) > 10
    assert b"".join(piece.data for piece in pieces) == data
    assert digest.hexdigest() == hashlib.sha256(data).hexdigest()
    for before, piece in itertools.pairwise(pieces):
        assert piece.offset == before.offset + len(before.data)
        assert piece.first_line == before.first_line + before.data.count(b"\n")
        assert piece.data.startswith(b"PokerStars ")
    assert [piece.last for piece in pieces] == [False] * (len(pieces) - 1) + [True]


def test_every_text_site_is_cut_between_its_hands_as_it_cuts_them(histories: Path) -> None:
    """Over every shared file of every text site, the hands of the pieces (cut small)
    are the hands of the whole file: a hand's preamble stays with it (PartyPoker's)."""
    checked: set[str] = set()
    for path in find_history_files([histories]):
        data = path.read_bytes()
        text = parsers.decode(data)
        try:
            site = parsers.detect_site(text)
        except HandHistoryError:
            continue
        if isinstance(site, XmlSite) or data.startswith((b"\xff\xfe", b"\xfe\xff")):
            continue
        whole = [(hand.first_line, hand.lines) for hand in site.split_hands(text)]
        assert _hands(site, data, 3_000) == whole, path
        checked.add(site.site)
    text_sites = {site.site for site in parsers.SITE_PARSERS if not isinstance(site, XmlSite)}
    assert checked == text_sites


def test_every_text_site_has_a_hand_cut() -> None:
    for site in parsers.SITE_PARSERS:
        assert (hand_cut(site) is None) == isinstance(site, XmlSite), site.site


def _imported(tmp_path: Path, name: str, files: list[Path], **options: int) -> dict[str, list]:
    with Store(tmp_path / name) as store:
        summary = import_paths(files, store, **options)
        tables = {table: _rows(store, table) for table in store.row_counts()}
    return {"summary": [summary.to_json()], **tables}


def _rows(store: Store, table: str) -> list[dict[str, object]]:
    """A table's rows in a stable order, without the time of the import."""
    rows = store.read(table).to_pylist()
    for row in rows:
        row.pop("imported_at", None)
    return sorted(rows, key=repr)


@pytest.fixture(scope="module")
def large_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every sample file in one (games mixed, a tournament), and a cut-off hand late
    in it whose line number must be the file's."""
    path = tmp_path_factory.mktemp("large") / "large.txt"
    cut_off = b"PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02) - 2026/07/06 0:03:46 ET\n"
    samples = [sample.read_bytes() for sample in MIXED_GAMES]
    path.write_bytes(b"\n\n".join([*samples[:-1], cut_off, samples[-1]]))
    return path


def test_a_file_imports_in_pieces_as_it_does_whole(tmp_path: Path, large_file: Path) -> None:
    whole = _imported(tmp_path, "whole", [large_file], jobs=1)
    in_pieces = _imported(tmp_path, "pieces", [large_file], jobs=1, piece_size=100_000)
    assert whole["summary"][0]["hands_seen"] == 2_851
    assert whole["summary"][0]["failed"] == 1
    assert whole == in_pieces
    (error,) = in_pieces["parse_errors"]
    assert error["line_number"] > 50_000  # in a piece far from the first


def test_a_large_file_touched_not_changed_is_not_read_again(tmp_path: Path) -> None:
    path = tmp_path / "touched.txt"
    path.write_bytes(MIXED_GAMES[0].read_bytes())
    with Store(tmp_path / "data") as store:
        import_paths([path], store, jobs=1, piece_size=10_000)
        path.touch()
        again = import_paths([path], store, jobs=1, piece_size=10_000)
    assert (again.unchanged_files, again.hands_seen) == (1, 0)
