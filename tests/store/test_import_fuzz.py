"""`tracker import --format json` over fuzzed files: every hand seen is counted once
(imported + duplicates + skipped + failed = hands_seen), and a file that is not a hand
history counts in files_failed, with its error, never among the hands."""

from __future__ import annotations

import json
import random
from pathlib import Path

from store_samples import pokerstars_text
from typer.testing import CliRunner

from tracker.cli import app

runner = CliRunner()
HAND_KEYS = ("imported", "duplicates", "skipped", "failed")


def _mangled(text: str, chance: random.Random) -> str:
    """Hand-history text with lines dropped, doubled, cut, swapped or replaced."""
    lines = text.splitlines()
    for _ in range(chance.randint(1, 6)):
        at = chance.randrange(len(lines))
        change = chance.choice(("drop", "double", "cut", "swap", "noise"))
        if change == "drop":
            del lines[at]
        elif change == "double":
            lines.insert(at, lines[at])
        elif change == "cut":
            lines[at] = lines[at][: chance.randrange(len(lines[at]) + 1)]
        elif change == "swap" and at + 1 < len(lines):
            lines[at], lines[at + 1] = lines[at + 1], lines[at]
        else:
            lines[at] = "".join(chance.choice("abc: $0.1[]#*\t") for _ in range(20))
        if not lines:
            lines = ["x"]
    return "\n".join(lines)


def _fuzzed_files(folder: Path, seed: int) -> tuple[int, int]:
    """Write a folder of fuzzed files; return how many cannot be hand histories at all
    (random bytes, plain text, empty) and how many files in all."""
    chance = random.Random(seed)
    not_histories = 0
    for number in range(12):
        kind = chance.choice(("hands", "mangled", "mangled", "bytes", "text", "empty", "cut"))
        path = folder / f"{number:02d}-{kind}.txt"
        hands = pokerstars_text(chance.randint(1, 4), first_id=1 + 10 * chance.randint(0, 3))
        if kind == "hands":
            path.write_text(hands)
        elif kind == "mangled":
            path.write_text(_mangled(hands, chance))
        elif kind == "cut":
            path.write_text(hands[: chance.randrange(len(hands))])
        elif kind == "bytes":
            path.write_bytes(chance.randbytes(chance.randint(1, 4000)))
            not_histories += 1
        elif kind == "text":
            path.write_text("notes\n" + "".join(chance.choice("ab c\n") for _ in range(300)))
            not_histories += 1
        else:
            path.write_bytes(b"")
            not_histories += 1
    return not_histories, 12


def test_every_hand_is_counted_once_over_fuzzed_files(tmp_path: Path) -> None:
    for seed in range(8):
        folder = tmp_path / f"in-{seed}"
        folder.mkdir()
        not_histories, files = _fuzzed_files(folder, seed)
        data = tmp_path / f"data-{seed}"
        for attempt in ("first", "again"):  # again: every file unchanged, nothing read
            arguments = ["import", str(folder), "--data", str(data), "--format", "json"]
            result = runner.invoke(app, arguments)
            assert result.exception is None or isinstance(result.exception, SystemExit)
            summary = json.loads(result.stdout)
            seen = sum(summary[key] for key in HAND_KEYS)
            assert seen == summary["hands_seen"], (seed, attempt, summary)
            assert summary["files"] == files
            if attempt == "first":
                # a "cut" file may be cut before its first hand's header: no hand either
                assert summary["files_failed"] >= not_histories, (seed, summary)
                whole_files = [error for error in summary["errors"] if error["hand_id"] is None]
                assert len(whole_files) == summary["files_failed"]
                assert all(error["reason"] for error in whole_files)
                failing = summary["failed"] + summary["files_failed"]
                assert result.exit_code == (1 if failing else 0)
            else:
                assert (summary["unchanged_files"], summary["hands_seen"]) == (files, 0)
                assert (summary["files_failed"], result.exit_code) == (0, 0)
