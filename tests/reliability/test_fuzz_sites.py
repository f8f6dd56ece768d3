"""Every registered site's parser over damaged copies of every real file it detects.

Each case is a real file of ../shared/histories damaged one way (`MUTATIONS`: cut at a
random byte, bytes flipped, lines deleted, doubled or swapped, another encoding, a very
long line), from a seed. The parsers must raise nothing but the project's own errors;
then all the cases are imported together and audited: neither stops early, every hand
seen is counted once (imported + duplicates + skipped + failed = hands seen, in all and
file by file), and every imported hand gets a verdict. The long run is
benchmarks/fuzz_import.py (docs/reliability.md).
"""

from __future__ import annotations

import os
import traceback
from pathlib import Path

import pytest
from reliability_mutations import MUTATIONS, Case, SiteFile, cases, site_files

import parsers
from parsers.registry import SITE_PARSERS
from tracker.audit.run import run_audit
from tracker.errors import HandHistoryError, TrackerError
from tracker.hand_block import HandBatch, HandBlock
from tracker.importer import import_paths
from tracker.store import Store

SEEDS = range(int(os.environ.get("FUZZ_SEEDS", "2")))
"""Seeds per file and mutation in the suite (FUZZ_SEEDS=20 for more; the long run is
benchmarks/fuzz_import.py)."""


@pytest.fixture(scope="module")
def real_files(histories: Path) -> list[SiteFile]:
    return site_files(histories)


@pytest.fixture(scope="module")
def fuzz_cases(real_files: list[SiteFile]) -> list[Case]:
    return cases(real_files, SEEDS)


def test_every_registered_site_has_real_files_to_fuzz(real_files: list[SiteFile]) -> None:
    fuzzed = {file.site for file in real_files}
    assert fuzzed == {parser.site for parser in SITE_PARSERS}


def _read_case(case: Case) -> tuple[int, str | None]:
    """Read a damaged file as the importer does: (items read, the crash if any)."""
    text = parsers.decode(case.content())
    items = 0
    try:
        for item in parsers.read_text_blocks(text, HandBatch(), file=case.describe()):
            assert item is None or isinstance(item, HandBlock | HandHistoryError), item
            items += 1
    except TrackerError:  # the whole file refused (no site detects what is left)
        pass
    except Exception:
        return items, traceback.format_exc(limit=-3)
    return items, None


def test_no_parser_raises_anything_but_the_projects_errors(fuzz_cases: list[Case]) -> None:
    assert len(fuzz_cases) >= 1_000  # "a few thousand cases": 2 seeds give 1,800 or more
    crashes = []
    for case in fuzz_cases:
        _, crash = _read_case(case)
        if crash is not None:
            crashes.append(f"{case.describe()}:\n{crash}")
    assert not crashes, f"{len(crashes)} crashes; the first:\n{crashes[0]}"


def test_damaged_files_import_and_audit_with_every_hand_counted(
    fuzz_cases: list[Case], tmp_path: Path
) -> None:
    folder = tmp_path / "damaged"
    imported_cases = [case for case in fuzz_cases if case.seed == 0]  # one of each
    for number, case in enumerate(imported_cases):
        # the cases of one file are not read one after the other, so the hands imported
        # (not duplicates) come from every mutation
        name = f"{number % 7}-{number:05d}-{case.mutation}-{case.file.path.name}"
        (folder / case.file.site).mkdir(parents=True, exist_ok=True)
        (folder / case.file.site / name).write_bytes(case.content())
    with Store(tmp_path / "data") as store:
        summary = import_paths([folder], store)
        assert summary.files == len(imported_cases)
        assert not summary.stopped_early
        assert summary.hands_accounted, summary
        assert summary.imported > 0
        records = store.read("files").to_pylist()
        assert len(records) == len(imported_cases)
        for record in records:
            counted = (record["hands_imported"] + record["hands_duplicate"]
                       + record["hands_skipped"] + record["hands_failed"])  # fmt: skip
            assert counted == record["hands_seen"], record
        assert sum(record["hands_seen"] for record in records) == summary.hands_seen
        stored = store.read("hands", ["hand_id"]).num_rows
        assert stored == summary.imported
        verdicts = run_audit(store)
    assert sum(verdicts.counts.values()) >= stored  # every hand audited (and unread ones)
    assert set(MUTATIONS) == {case.mutation for case in imported_cases}


def test_pokerstars_collected_line_with_two_damaged_bytes(histories: Path) -> None:
    # found by benchmarks/fuzz_import.py (seed 1002, flip_bytes): the column-wise reader
    # cut a collected line without " from " inside a character (invalid UTF-8)
    path = histories / "PokerStars/omaha-hi/PLO-6max-USD-200-400-201510.partial.observed.txt"
    content = bytearray(path.read_bytes())
    # "cumicon collected $8634 from pot" -> "cumicon collected $863\xd0\xdefrom pot"
    at = content.index(b"cumicon collected $8634 from pot") + len("cumicon collected $863")
    content[at : at + 2] = b"\xd0\xde"
    for item in parsers.read_text_blocks(parsers.decode(bytes(content)), HandBatch()):
        assert item is None or isinstance(item, HandBlock | HandHistoryError)
