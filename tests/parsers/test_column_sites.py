"""The column-wise reader of line sites (`parsers._base.column_site`) against their
line-by-line readers: on every shared file of each site read so, `read_text_blocks`
(most hands into blocks of the store's tables) gives exactly the tables and errors of
the hands read one by one, and reads most of the hands column-wise."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from parsers import decode
from parsers._base import column_heads
from parsers._base.column_site import ColumnLineSite
from parsers.registry import SITE_PARSERS
from tests.parsers.test_contract import SITE_FOLDERS
from tests.parsers.test_read_rows import BLOCK_HANDS, assert_same_blocks, by_hand_path
from tests.parsers.test_read_rows import damaged as damaged_lines
from tracker.importer import find_history_files
from tracker.model import Game
from tracker.schema import HAND_COLUMNS

GAME = HAND_COLUMNS.index("game")
COLUMN_SITES = [parser for parser in SITE_PARSERS if isinstance(parser, ColumnLineSite)]


@pytest.mark.parametrize("parser", COLUMN_SITES, ids=[parser.site for parser in COLUMN_SITES])
def test_the_column_reader_gives_the_line_readers_rows(
    histories: Path, parser: ColumnLineSite
) -> None:
    folder = histories / SITE_FOLDERS[parser.site]
    files = find_history_files([folder]) if folder.is_dir() else []
    if not files:
        pytest.skip(f"no shared files of {parser.site} at {folder}")
    readable = in_blocks = 0  # the hands of the games the site's rules read
    for path in files:
        text = decode(path.read_bytes())
        if not parser.detect(text):
            continue
        expected, items = by_hand_path(text, str(path))
        assert_same_blocks(text, str(path), expected, items)
        games = [Game(hand[GAME]) for hand in expected.hands]
        readable += sum(parser.column_format.stud or not game.is_stud for game in games)
        in_blocks += BLOCK_HANDS[-1]
    assert readable > 0
    assert in_blocks >= 0.8 * readable, f"{in_blocks} of {readable} hands"


def test_every_column_site_is_one_the_test_reads() -> None:
    assert {parser.site for parser in COLUMN_SITES} <= set(SITE_FOLDERS)
    assert {"ggpoker", "fulltilt", "winamax"} <= {parser.site for parser in COLUMN_SITES}


def damaged(text: str, rng: random.Random) -> str:
    """`tests.parsers.test_read_rows.damaged`, or a digit or card rank changed in a line
    (an amount that no longer adds up, a card dealt twice)."""
    if rng.randrange(3):
        return damaged_lines(text, rng)
    lines = text.split("\n")
    where = rng.randrange(len(lines))
    line = lines[where]
    places = [place for place, char in enumerate(line) if char in "0123456789AKQJT"]
    if places:
        place = rng.choice(places)
        lines[where] = line[:place] + rng.choice("0123456789AKQJT") + line[place + 1 :]
    return "\n".join(lines)


def hand_windows(parser: ColumnLineSite, folder: Path) -> list[str]:
    """Texts of three hands in a row from each shared file of the site."""
    texts = []
    for path in find_history_files([folder]):
        text = decode(path.read_bytes())
        if not parser.detect(text):
            continue
        hands = ["\n".join(hand.lines) for hand in parser.split_hands(text)]
        texts.extend("\n\n".join(hands[start : start + 3]) for start in range(0, len(hands), 7))
    return texts


@pytest.mark.parametrize("parser", COLUMN_SITES, ids=[parser.site for parser in COLUMN_SITES])
def test_damaged_hands_give_the_line_readers_rows_and_errors(
    histories: Path, parser: ColumnLineSite
) -> None:
    folder = histories / SITE_FOLDERS[parser.site]
    texts = hand_windows(parser, folder) if folder.is_dir() else []
    if not texts:
        pytest.skip(f"no shared files of {parser.site} at {folder}")
    rng = random.Random(11)
    errors = 0
    for _ in range(400):
        text = damaged(rng.choice(texts), rng)
        if not text.strip() or not parser.detect(text):
            continue
        expected, items = by_hand_path(text, "damaged.txt")
        assert_same_blocks(text, "damaged.txt", expected, items)
        errors += sum(item is not None for item in items)
    assert errors > 20  # the damage was seen, not only read past


def test_a_chunk_of_hands_none_read_here_goes_to_the_line_reader(
    histories: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game not covered alone in a fresh process (no zone known yet): skipped as the
    line reader skips it, not a crash."""
    path = histories / "GGPoker" / "omaha-hi" / "PLO5-6max-USD-25-50-20210411.txt"
    if not path.is_file():
        pytest.skip(f"no shared file {path}")
    text = decode(path.read_bytes()).replace("PLO-5 (", "Razz (", 1)
    monkeypatch.setattr(column_heads, "_ZONES", {})
    expected, items = by_hand_path(text, "razz.txt")
    assert [type(item) for item in items] == [tuple]  # the one error: a game not covered
    assert_same_blocks(text, "razz.txt", expected, items)


_WITHOUT_PANDAS = """
import sys
from pathlib import Path
import parsers
from parsers.registry import site_parser
from tracker.hand_rows import HandRows
from tracker.importer import find_history_files
for site, folder in zip(sys.argv[1::2], sys.argv[2::2]):
    for path in find_history_files([Path(folder)]):
        text = parsers.decode(path.read_bytes())
        if site_parser(site).detect(text):
            list(parsers.read_text_blocks(text, HandRows(), file=str(path)))
print("pandas" in sys.modules)
"""


def test_the_column_readers_never_import_pandas(histories: Path) -> None:
    """pyarrow imports pandas (0.15 s) when a kernel is given numpy arrays or Python
    values to convert: the readers give it Arrow arrays only."""
    folders = [(parser.site, histories / SITE_FOLDERS[parser.site]) for parser in COLUMN_SITES]
    found = [(site, str(folder)) for site, folder in folders if folder.is_dir()]
    if not found:
        pytest.skip(f"no shared files of the column sites under {histories}")
    arguments = [part for pair in found for part in pair]
    run = subprocess.run(
        [sys.executable, "-c", _WITHOUT_PANDAS, *arguments],
        capture_output=True, text=True, check=True, cwd=Path(__file__).parents[2],
    )  # fmt: skip
    assert run.stdout.strip() == "False"
