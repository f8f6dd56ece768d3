"""`tracker import` end to end: the real PokerStars files, re-imports, bad input, options."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from store_samples import pokerstars_text
from typer.testing import CliRunner

from tracker.cli import app
from tracker.store import Store

# file under PokerStars/ -> (hands seen, imported, skipped as games not covered, failed).
# The hands that fail: the two cut-off hands of the partial file, and the last hand of
# partial.observed, cut off in its Table line (real cut-off output, reported). Skipped:
# the 8-Game file's other games and the 6-card Omaha hands (no game the tracker covers).
POKERSTARS_COUNTS = {
    "5card-omaha-hilo/5-Card-PLO8-6max-USD-2.00-4.00-201304.txt": (1, 1, 0, 0),
    "5card-omaha-hilo/PLO5-Hi-Lo-USD-0.10-0.25-issue137.txt": (1, 1, 0, 0),
    "courchevel-hilo/PL-Courchevel-HL-6max-USD-1.00-2.00-201303.Run.It.Twice.txt": (1, 1, 0, 0),
    "mixed/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt": (137, 52, 85, 0),
    "omaha-hi/5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive.txt": (1, 1, 0, 0),
    "omaha-hi/5-Card-PLO-6max-USD-0.50-1.00-201305.shows.one.txt": (1, 1, 0, 0),
    "omaha-hi/5-Card-PLO-6max-USD-3.00-6.00-201303.txt": (1, 1, 0, 0),
    "omaha-hi/6-Card-PLO-6max-USD-0.10-0.25-202201.multiway.allin.deadcards.txt": (1, 0, 1, 0),
    "omaha-hi/6-Card-PLO-6max-USD-0.25-0.50-202004.txt": (1, 0, 1, 0),
    "omaha-hi/6-Card-PLO-6max-USD-1.00-2.00-202004.Cash.Out.2.txt": (1, 0, 1, 0),
    "omaha-hi/MPLO-6max-MTT-USD-27-201605.txt": (2, 2, 0, 0),
    "omaha-hi/PLO-6-max-USD-30-60-201703.converted.secondsb.txt": (1, 1, 0, 0),
    # a Run It Once Poker hand in PokerStars' format (issue 14 part A reads it)
    "omaha-hi/PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt": (1, 1, 0, 0),
    "omaha-hi/PLO-6max-USD-0.50-1.00-201204.shows.2.txt": (1, 1, 0, 0),
    "omaha-hi/PLO-6max-USD-2.00-4.00-201403.2.partial.txt": (4, 2, 0, 2),
    "omaha-hi/PLO-6max-USD-200-400-201505.rit.leaves.table.txt": (1, 1, 0, 0),
    "omaha-hi/PLO-6max-USD-200-400-201510.partial.observed.txt": (3, 2, 0, 1),
    "omaha-hi/PLO-6max-USD-5-10-201509.converted.uncalled.bet.txt": (1, 1, 0, 0),
    "omaha-hi/PLO-USD-MTT-3-201201.Sample.txt": (1, 1, 0, 0),
    "omaha-hilo/258753941248_anon5.txt": (1, 1, 0, 0),
    "omaha-hilo/NLO8-6max-MTT-USD-37.50-37.50-7-201410.progressive.old.txt": (1, 1, 0, 0),
    "omaha-hilo/NLO8-USD-STT-201109.Knockout.sample.txt": (73, 73, 0, 0),
    "omaha-hilo/PLO8-6max-USD-11-1-202105.Chico.Converted.txt": (1, 1, 0, 0),
    "omaha-hilo/PLO8-9max-USD-0.01-0.02-20100829.No.VPIP.from.posted.bb.txt": (1, 1, 0, 0),
    "stud-hi/7-Stud-USD-0.04-0.08-200911.txt": (11, 11, 0, 0),
    "stud-hi/HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt": (1, 1, 0, 0),
    "stud-hilo/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt": (1, 1, 0, 0),
    "stud-hilo/7-StudHL-USD-10-1-200906.PT2.export.txt": (1, 1, 0, 0),
    "stud-hilo/7-StudHL-USD-400-800-201701.3bet.fix.txt": (1, 1, 0, 0),
}

runner = CliRunner()


def _import(*arguments: str | Path) -> tuple[int, dict[str, Any], str]:
    result = runner.invoke(app, ["import", *map(str, arguments), "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, json.loads(result.stdout), result.stderr


@pytest.fixture(scope="module")
def pokerstars_import(
    histories: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, int, dict[str, Any]]:
    data = tmp_path_factory.mktemp("pokerstars") / "data"
    status, summary, _ = _import(histories / "PokerStars", "--data", data)
    return data, status, summary


def test_every_pokerstars_file_imports(
    pokerstars_import: tuple[Path, int, dict[str, Any]], histories: Path
) -> None:
    data, status, summary = pokerstars_import
    files = Store(data).read("files").to_pylist()
    counts = {
        Path(row["path"]).relative_to((histories / "PokerStars").resolve()).as_posix(): (
            row["hands_seen"], row["hands_imported"], row["hands_skipped"], row["hands_failed"]
        )
        for row in files
    }  # fmt: skip
    assert counts == POKERSTARS_COUNTS
    totals = [sum(column) for column in zip(*POKERSTARS_COUNTS.values(), strict=True)]
    assert [summary[key] for key in ("hands_seen", "imported", "skipped", "failed")] == totals
    assert summary["files"] == len(POKERSTARS_COUNTS)
    assert summary["duplicates"] == 0
    assert status == 1  # the cut-off hands of the partial file


def test_no_hand_is_counted_twice(pokerstars_import: tuple[Path, int, dict[str, Any]]) -> None:
    data, _, summary = pokerstars_import
    hands = Store(data).read("hands", ["site", "hand_id"]).to_pylist()
    assert len(hands) == summary["imported"]
    assert len({(row["site"], row["hand_id"]) for row in hands}) == len(hands)


def test_every_imported_hand_adds_up(
    pokerstars_import: tuple[Path, int, dict[str, Any]],
) -> None:
    data, _, _ = pokerstars_import
    hands = Store(data).read("hands", ["hand_id", "chips_consistent", "inconsistency"])
    assert [row for row in hands.to_pylist() if not row["chips_consistent"]] == []


def test_the_failures_are_reported(pokerstars_import: tuple[Path, int, dict[str, Any]]) -> None:
    data, _, summary = pokerstars_import
    errors = summary["errors"]
    assert isinstance(errors, list)
    assert {Path(error["file"]).name for error in errors} == {
        name for name, counts in ((Path(path).name, counts)
                                  for path, counts in POKERSTARS_COUNTS.items()) if counts[3]
    }  # fmt: skip
    assert all(error["hand_id"] and error["line"] and error["reason"] for error in errors)
    stored = Store(data).read("parse_errors").to_pylist()
    assert sorted((e["hand_id"], e["line_number"]) for e in stored) == sorted(
        (e["hand_id"], e["line"]) for e in errors
    )


def test_reimport_adds_nothing(histories: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    _import(histories / "PokerStars", "--data", data)
    counts = Store(data).row_counts()
    status, again, _ = _import(histories / "PokerStars", "--data", data)
    assert (status, again["unchanged_files"], again["hands_seen"]) == (0, len(POKERSTARS_COUNTS), 0)
    assert Store(data).row_counts() == counts
    copy = tmp_path / "copy"
    shutil.copytree(histories / "PokerStars", copy)  # the same hands under other paths
    status, copied, _ = _import(copy, "--data", data)
    assert (copied["imported"], copied["unchanged_files"]) == (0, 0)
    assert copied["duplicates"] == counts["hands"]
    after = Store(data).row_counts()
    # the copy's own failed hands are reported under its path; no hand row is added
    failed = sum(counts[3] for counts in POKERSTARS_COUNTS.values())
    assert after.pop("parse_errors") == counts.pop("parse_errors") + failed
    assert after.pop("files") == counts.pop("files") + len(POKERSTARS_COUNTS)
    assert after == counts


def test_bad_input_is_reported_and_the_rest_imported(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    good = pokerstars_text(5)
    (folder / "good.txt").write_text(good)
    two_hands = pokerstars_text(2, first_id=7)
    (folder / "truncated.txt").write_text(two_hands[: two_hands.rindex("*** TURN ***")])
    (folder / "random.bin").write_bytes(random.Random(7).randbytes(3000))
    (folder / "empty.txt").write_bytes(b"")
    lines = pokerstars_text(2, first_id=20).splitlines()
    (folder / "unknown-line.txt").write_text(
        "\n".join([*lines[:12], "alice: juggles", *lines[12:]])
    )
    (folder / "notes.txt").write_text("Shopping list\nmilk\neggs\n")
    status, summary, stderr = _import(folder, "--data", tmp_path / "data")
    assert status == 1
    assert "Traceback" not in stderr
    reasons = {Path(e["file"]).name: e["reason"] for e in summary["errors"]}
    assert set(reasons) == {"truncated.txt", "random.bin", "empty.txt", "unknown-line.txt",
                            "notes.txt"}  # fmt: skip
    assert "empty" in reasons["empty.txt"]
    assert "juggles" in reasons["unknown-line.txt"]
    assert "not a hand history" in reasons["notes.txt"]
    assert summary["imported"] == 5 + 1 + 1  # good, truncated's first hand, unknown-line's 2nd
    # random.bin, empty.txt and notes.txt hold no hand: failed files, not failed hands
    assert (summary["files_failed"], summary["failed"]) == (3, 2)
    assert summary["hands_seen"] == sum(summary[key] for key in ("imported", "duplicates",
                                                                 "skipped", "failed"))  # fmt: skip
    stored = Store(tmp_path / "data").read("parse_errors").to_pylist()
    assert {Path(e["file"]).name for e in stored} == set(reasons)


def test_text_summary_names_the_failures(tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "good.txt").write_text(pokerstars_text(3))
    result = runner.invoke(app, ["import", str(tmp_path), "--data", str(tmp_path / "d")])
    assert result.exit_code == 1
    assert "imported 3" in result.stdout
    assert "failed 0" in result.stdout  # no hand failed: a file did
    assert "files that are not hand histories the tracker reads: 1" in result.stdout
    assert "empty.txt: the file is empty" in result.stdout


def test_strict_exits_at_the_first_failure(tmp_path: Path) -> None:
    (tmp_path / "a-empty.txt").write_bytes(b"")
    (tmp_path / "b-good.txt").write_text(pokerstars_text(3))
    status, summary, _ = _import(tmp_path, "--data", tmp_path / "d", "--strict")
    assert (status, summary["files_failed"], summary["failed"], summary["imported"],
            summary["stopped_early"]) == (1, 1, 0, 0, True)  # fmt: skip


@pytest.mark.parametrize(
    "arguments",
    [
        ["import", "/no/such/path"],
        ["import", ".", "--format", "xml"],
        ["import", ".", "--batch-size", "0"],
        ["import"],
    ],
)
def test_usage_errors_exit_2(arguments: list[str], tmp_path: Path) -> None:
    result = runner.invoke(app, [*arguments, "--data", str(tmp_path)])
    assert result.exit_code == 2
    assert not (tmp_path / "hands").exists()


def test_a_locked_data_folder_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "good.txt").write_text(pokerstars_text(1))
    with Store(tmp_path / "d") as other:
        other.open_for_writing()
        result = runner.invoke(
            app, ["import", str(tmp_path / "good.txt"), "--data", str(tmp_path / "d")]
        )
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert "another import" in result.stderr


def test_data_folder_from_the_environment(tmp_path: Path) -> None:
    (tmp_path / "good.txt").write_text(pokerstars_text(2))
    env = {"TRACKER_DATA": str(tmp_path / "from-env")}
    result = runner.invoke(app, ["import", str(tmp_path / "good.txt")], env=env)
    assert result.exit_code == 0
    assert Store(tmp_path / "from-env").row_counts()["hands"] == 2


def test_commands_have_help() -> None:
    for command in ("import", "sql"):
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0
        assert "--data" in result.stdout


def test_installed_command_in_a_subprocess(tmp_path: Path) -> None:
    tracker = Path(sys.executable).with_name("tracker")
    if not tracker.exists():
        pytest.skip(f"the package is not installed with its script at {tracker}")
    (tmp_path / "session.txt").write_text(pokerstars_text(4))
    env = {**os.environ, "TRACKER_DATA": str(tmp_path / "data")}
    done = subprocess.run(
        [str(tracker), "import", str(tmp_path / "session.txt"), "--format", "json"],
        capture_output=True, text=True, env=env, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["imported"] == 4
    assert done.stderr == ""  # no progress bar when not on a terminal


def test_compact_option(tmp_path: Path) -> None:
    for n in range(3):
        (tmp_path / f"s{n}.txt").write_text(pokerstars_text(3, first_id=n * 10))
        _import(tmp_path / f"s{n}.txt", "--data", tmp_path / "d")
    status, summary, _ = _import(tmp_path, "--data", tmp_path / "d", "--compact")
    assert (status, summary["unchanged_files"]) == (0, 3)
    assert summary["compacted_files"] > 0
    assert len(list((tmp_path / "d" / "hands").rglob("*.parquet"))) == 1
    assert Store(tmp_path / "d").row_counts()["hands"] == 9


def test_a_data_folder_that_is_a_file_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "good.txt").write_text(pokerstars_text(1))
    (tmp_path / "data").write_text("not a folder")
    result = runner.invoke(
        app, ["import", str(tmp_path / "good.txt"), "--data", str(tmp_path / "data")]
    )
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert "not a usable data folder" in result.stderr
