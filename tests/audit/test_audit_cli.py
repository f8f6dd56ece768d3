"""`tracker audit` and `tracker show`: formats, filters and exit statuses, through typer's
CliRunner, and once through the installed command."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import parsers
from tracker.audit.stored_hand import read_hand
from tracker.cli import app
from tracker.model import ActionKind, CardSource, Game, Hand, Street, Structure
from tracker.simulate import errors_path, simulate

runner = CliRunner()


@pytest.fixture(scope="module")
def real_data(histories: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder with the real PokerStars files imported (not yet audited)."""
    data = tmp_path_factory.mktemp("cli-real")
    result = runner.invoke(app, ["import", str(histories / "PokerStars"), "--data", str(data)])
    assert result.exit_code == 1, result.output  # two cut-off hands could not be read
    return data


@pytest.fixture(scope="module")
def flawed_data(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, set[str]]:
    """A data folder of 600 simulated hands, some paid wrongly, and those hands' ids."""
    folder = tmp_path_factory.mktemp("cli-flawed")
    out = folder / "hands" / "omaha.txt"
    out.parent.mkdir()
    simulate(Game.OMAHA_HILO, Structure.POT_LIMIT, hands=600, players=6, seed=7, out=out,
             error_rate=0.02)  # fmt: skip
    errors = {json.loads(line)["hand_id"] for line in errors_path(out).read_text().splitlines()}
    data = folder / "data"
    assert runner.invoke(app, ["import", str(out), "--data", str(data)]).exit_code == 0
    return data, errors


def test_audit_lists_what_is_not_ok_and_counts_verdicts(real_data: Path) -> None:
    result = runner.invoke(app, ["audit", "--data", str(real_data)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["site", "hand", "game", "status", "reason"]
    assert lines[1].split()[:4] == ["pokerstars", "112824184047", "-", "unverifiable"]
    assert lines[1].endswith("not imported: hand cut off: it ends before its summary")
    # the two cut-off hands and a hand cut in its Table line (docs/sites.md); the Run It
    # Once hand with its STP is read and ok
    assert len(lines) == 6
    assert lines[-2] == "165 hands: 162 ok, 0 mismatch, 3 unverifiable, 0 inconsistent"
    assert lines[-1] == "betting: 162 legal, 0 illegal, 3 unknown"


def test_audit_all_lists_every_hand(real_data: Path) -> None:
    result = runner.invoke(app, ["audit", "--data", str(real_data), "--all"])
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) == 1 + 165 + 2  # and the two lines of counts


def test_audit_json(flawed_data: tuple[Path, set[str]]) -> None:
    data, errors = flawed_data
    result = runner.invoke(app, ["audit", "--data", str(data), "--format", "json"])
    assert result.exit_code == 1, result.output
    hands = json.loads(result.stdout)
    assert {hand["hand_id"] for hand in hands} == errors
    first = hands[0]
    assert set(first) == {"site", "hand_id", "game", "status", "reason", "players",
                          "betting", "betting_reason", "betting_errors"}  # fmt: skip
    assert first["site"] == "pokerstars"
    assert first["game"] == "omaha-hilo"
    assert first["status"] in ("mismatch", "inconsistent")
    assert all(set(player) == {"player", "expected", "reported"} for player in first["players"])
    assert any(player["expected"] != player["reported"] for player in first["players"])
    assert all(isinstance(player["reported"], int) for player in first["players"])
    assert "600 hands:" in result.stderr


def test_audit_csv(flawed_data: tuple[Path, set[str]]) -> None:
    data, errors = flawed_data
    result = runner.invoke(app, ["audit", "--data", str(data), "--format", "csv", "--all"])
    assert result.exit_code == 1, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 600
    assert {row["hand_id"] for row in rows if row["status"] != "ok"} == errors
    assert set(rows[0]) == {"site", "hand_id", "game", "started_at", "status", "reason"}


def test_audit_site_and_since_choose_the_hands(flawed_data: tuple[Path, set[str]]) -> None:
    data, _ = flawed_data
    elsewhere = runner.invoke(app, ["audit", "--data", str(data), "--site", "nowhere"])
    assert elsewhere.exit_code == 0, elsewhere.output
    assert elsewhere.stdout.splitlines() == [
        "0 hands: 0 ok, 0 mismatch, 0 unverifiable, 0 inconsistent",
        "betting: 0 legal, 0 illegal, 0 unknown",
    ]
    late = runner.invoke(app, ["audit", "--data", str(data), "--since", "2100-01-01"])
    assert late.exit_code == 0, late.output
    assert late.stdout.startswith("0 hands")
    early = runner.invoke(app, ["audit", "--data", str(data), "--since", "2000-01-01"])
    assert early.exit_code == 1
    assert early.stdout.splitlines()[-2].startswith("600 hands")


def test_audit_usage_errors_and_no_data_exit_2(tmp_path: Path) -> None:
    empty = runner.invoke(app, ["audit", "--data", str(tmp_path / "none")])
    assert empty.exit_code == 2
    assert "error: no imported hands in" in empty.stderr
    bad_date = runner.invoke(app, ["audit", "--data", str(tmp_path), "--since", "yesterday"])
    assert bad_date.exit_code == 2
    bad_format = runner.invoke(app, ["audit", "--data", str(tmp_path), "--format", "xml"])
    assert bad_format.exit_code == 2


def test_audit_of_a_folder_with_no_hands_exits_2(tmp_path: Path) -> None:
    tmp_path.joinpath("empty.txt").write_text("nothing to see\n")
    runner.invoke(app, ["import", str(tmp_path / "empty.txt"), "--data", str(tmp_path / "d")])
    result = runner.invoke(app, ["audit", "--data", str(tmp_path / "d")])
    assert result.exit_code == 2
    assert "no imported hands" in result.stderr


def test_show_replays_a_hand_with_the_split_beside_the_payout(real_data: Path) -> None:
    result = runner.invoke(app, ["show", "97007286518", "--data", str(real_data)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("pokerstars hand 97007286518: courchevel-hilo pot-limit")
    assert "PREFLOP [7h]" in out
    assert "FLOP [7h 5d 3s]" in out
    assert "RIVER [7h 5d 3s 7s Ts] / [7h 5d 3s 2s 4h]" in out
    assert "  board 2 [7h 5d 3s 2s 4h]" in out
    assert (
        "    Hero: high a straight, Ace to Five [5d 4s 3s 2s As]; low 5,4,3,2,A [5d 4s 3s 2s As]"
        in out
    )
    assert "the main pot: $163.50, rake $0.50, shared $163.00; eligible: Hero, Player0" in out
    split = out[out.index("SPLIT") :].splitlines()
    assert split[1].split() == ["pot", "board", "player", "engine", "site"]
    assert split[5].split() == [
        "the", "main", "pot", "2", "Player0", "hi", "$40.75", "+", "lo", "$20.37", "$61.12"
    ]  # fmt: skip
    assert out.rstrip().endswith("verdict: ok")


def test_show_names_the_mismatch(flawed_data: tuple[Path, set[str]]) -> None:
    data, errors = flawed_data
    hand_id = sorted(errors)[0]
    result = runner.invoke(app, ["show", hand_id, "--data", str(data)])
    assert result.exit_code == 0, result.output
    last = result.stdout.rstrip().splitlines()[-1]
    assert last.startswith(("verdict: mismatch: ", "verdict: inconsistent: "))


def test_show_an_unknown_hand_exits_2(real_data: Path) -> None:
    result = runner.invoke(app, ["show", "42", "--data", str(real_data)])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: no hand 42 in the data folder"


def test_every_audit_command_has_help() -> None:
    for command in ("audit", "show"):
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0
        assert "Usage" in result.stdout


def test_the_installed_command(real_data: Path) -> None:
    tracker = shutil.which("tracker", path=str(Path(sys.executable).parent))
    if tracker is None:
        pytest.skip("the tracker command is not installed next to this Python")
    done = subprocess.run(
        [tracker, "audit", "--data", str(real_data), "--format", "json"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert [hand["status"] for hand in json.loads(done.stdout)] == ["unverifiable"] * 3


def test_audit_in_one_or_two_processes_gives_the_same_listing(real_data: Path) -> None:
    one = runner.invoke(app, ["audit", "--data", str(real_data), "--all", "--processes", "1"])
    two = runner.invoke(app, ["audit", "--data", str(real_data), "--all", "--processes", "2"])
    assert one.exit_code == two.exit_code
    assert one.stdout == two.stdout
    bad = runner.invoke(app, ["audit", "--data", str(real_data), "--processes", "0"])
    assert bad.exit_code == 2


def test_a_stored_hand_reads_back_as_parsed(real_data: Path, histories: Path) -> None:
    # `tracker show` replays the hand from the store: the same Hand the parser made,
    # for every hand of every game imported from the real files.
    parsed = [
        item
        for path in sorted((histories / "PokerStars").rglob("*.txt"))
        for item in parsers.parse_file(path)
        if isinstance(item, Hand)
    ]
    assert len({hand.game for hand in parsed}) >= 6
    for hand in parsed:
        stored = read_hand(real_data, hand.hand_id, hand.site)
        assert stored == hand, hand.hand_id
        # Enums compare equal to their text: check they are enums again.
        assert type(stored.game) is Game
        assert type(stored.structure) is Structure
        assert all(type(action.street) is Street and type(action.kind) is ActionKind
                   for action in stored.actions)  # fmt: skip
        assert all(type(known.street) is Street and type(known.source) is CardSource
                   for known in stored.known_cards)  # fmt: skip
