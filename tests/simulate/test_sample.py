"""The sample generator, and the committed sample it made."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import parsers
from tracker.model import Hand
from tracker.simulate.sample import SAMPLE, SIDECAR, main, write_sample

SAMPLE_FOLDER = Path(__file__).resolve().parents[2] / "sample_histories"


def test_a_small_sample_is_written_whole_and_the_same_twice(tmp_path: Path) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    assert main([str(first), "--scale", "0.05"]) == 0
    write_sample(second, scale=0.05)
    names = sorted(path.name for path in first.iterdir())
    assert names == sorted([SIDECAR, *(sample.name for sample in SAMPLE)])
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes()
    sidecar = json.loads((first / SIDECAR).read_text(encoding="utf-8"))
    for entry in sidecar["files"]:
        hands = list(parsers.parse_file(first / entry["file"]))
        assert len(hands) == entry["hands"]
        assert all(isinstance(hand, Hand) for hand in hands)


def test_the_committed_sample_lists_its_errors() -> None:
    """sample_histories/ holds a few thousand hands, hi/lo and high-only, and a handful
    of injected errors of several kinds, each naming a hand that is in its file."""
    sidecar = json.loads((SAMPLE_FOLDER / SIDECAR).read_text(encoding="utf-8"))
    assert 2000 <= sum(entry["hands"] for entry in sidecar["files"]) <= 5000
    assert sum(path.stat().st_size for path in SAMPLE_FOLDER.iterdir()) < 5_500_000
    errors = sidecar["errors"]
    assert 8 <= len(errors) <= 12
    assert len(Counter(error["kind"] for error in errors)) >= 4
    for error in errors:
        text = (SAMPLE_FOLDER / error["file"]).read_text(encoding="utf-8")
        assert f"PokerStars Hand #{error['hand_id']}:" in text
