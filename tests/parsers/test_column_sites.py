"""The column-wise reader of line sites (`parsers._base.column_site`) against their
line-by-line readers: on every shared file of each site read so, `read_text_blocks`
(most hands into blocks of the store's tables) gives exactly the tables and errors of
the hands read one by one, and reads most of the hands column-wise."""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers import decode
from parsers._base.column_site import ColumnLineSite
from parsers.registry import SITE_PARSERS
from tests.parsers.test_contract import SITE_FOLDERS
from tests.parsers.test_read_rows import BLOCK_HANDS, assert_same_blocks, by_hand_path
from tracker.importer import find_history_files

COLUMN_SITES = [parser for parser in SITE_PARSERS if isinstance(parser, ColumnLineSite)]


@pytest.mark.parametrize("parser", COLUMN_SITES, ids=[parser.site for parser in COLUMN_SITES])
def test_the_column_reader_gives_the_line_readers_rows(
    histories: Path, parser: ColumnLineSite
) -> None:
    folder = histories / SITE_FOLDERS[parser.site]
    files = find_history_files([folder]) if folder.is_dir() else []
    if not files:
        pytest.skip(f"no shared files of {parser.site} at {folder}")
    read = in_blocks = 0
    for path in files:
        text = decode(path.read_bytes())
        if not parser.detect(text):
            continue
        expected, items = by_hand_path(text, str(path))
        assert_same_blocks(text, str(path), expected, items)
        read += items.count(None)
        in_blocks += BLOCK_HANDS[-1]
    assert read > 0
    assert in_blocks >= 0.8 * read, f"{in_blocks} of {read} hands read column-wise"


def test_every_column_site_is_one_the_test_reads() -> None:
    assert {parser.site for parser in COLUMN_SITES} <= set(SITE_FOLDERS)
    assert "ggpoker" in {parser.site for parser in COLUMN_SITES}
