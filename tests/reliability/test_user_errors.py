"""Every user mistake is one line on standard error, `error: ...`, exit status 2, no
traceback: a missing path, an unreadable file (a failed file in the summary, the rest
imported), a data folder of a newer schema version, a corrupted Parquet file (named; the
rest of the data usable), a --since that is not a date."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from store_samples import pokerstars_text
from typer.testing import CliRunner

from tracker.cli import app
from tracker.folder_checks import SCHEMA_VERSION, VERSION_FILE, folder_version
from tracker.importer import import_paths
from tracker.store import Store

TRACKER = "from tracker.cli import app; app()"
runner = CliRunner()


def _run(*arguments: str) -> tuple[int, str, str]:
    """The command in this process (as typer's runner gives it), for speed."""
    result = runner.invoke(app, list(arguments))
    return result.exit_code, result.stdout, result.stderr


def _run_installed(*arguments: str) -> tuple[int, str, str]:
    """The command in a new process, as a user runs it."""
    done = subprocess.run([sys.executable, "-c", TRACKER, *arguments], capture_output=True,
                          text=True, timeout=120, check=False)  # fmt: skip
    return done.returncode, done.stdout, done.stderr


def _one_line(arguments: list[str], *words: str, installed: bool = False) -> str:
    status, _, err = (_run_installed if installed else _run)(*arguments)
    lines = err.strip().splitlines()
    assert status == 2, err
    assert "Traceback" not in err
    # one error line, the last (a command may say what it does first: "auditing first")
    assert [line for line in lines if line.startswith("error: ")] == lines[-1:], err
    for word in words:
        assert word in lines[-1], lines[-1]
    return lines[-1]


@pytest.fixture
def data(tmp_path: Path) -> Path:
    history = tmp_path / "hands.txt"
    history.write_text(pokerstars_text(40))
    with Store(tmp_path / "data") as store:
        import_paths([history], store, batch_size=10)
    return tmp_path / "data"


def test_a_missing_path(tmp_path: Path) -> None:
    _one_line(["import", str(tmp_path / "nowhere.txt"), "--data", str(tmp_path / "d")],
              "nowhere.txt", "does not exist", installed=True)  # fmt: skip


@pytest.mark.parametrize("command", ["audit", "stats"])
def test_a_since_that_is_not_a_date(data: Path, command: str) -> None:
    _one_line([command, "--data", str(data), "--since", "last tuesday"], "--since",
              "last tuesday")  # fmt: skip


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_an_unreadable_file_fails_alone(tmp_path: Path) -> None:
    locked = tmp_path / "in" / "locked.txt"
    locked.parent.mkdir()
    locked.write_text(pokerstars_text(2))
    (tmp_path / "in" / "open.txt").write_text(pokerstars_text(3, first_id=9_000_000_000))
    locked.chmod(0)
    status, out, _ = _run("import", str(tmp_path / "in"), "--data", str(tmp_path / "d"))
    assert status == 1
    assert "imported 3" in out
    assert f"{locked}: cannot read the file: Permission denied" in out


def test_a_file_that_cannot_be_read_fails_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The same as above for every user, root included (root reads files whatever their
    # mode): the operating system's refusal stood in for by `open` raising it.
    locked = tmp_path / "in" / "locked.txt"
    locked.parent.mkdir()
    locked.write_text(pokerstars_text(2))
    (tmp_path / "in" / "open.txt").write_text(pokerstars_text(3, first_id=9_000_000_000))
    real_open = open

    def refusing_open(file: object, *args: object, **kwargs: object) -> object:
        if isinstance(file, str | os.PathLike) and Path(file) == locked:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr("builtins.open", refusing_open)
    with Store(tmp_path / "d") as store:
        summary = import_paths([tmp_path / "in"], store)
    assert (summary.imported, summary.files_failed) == (3, 1)
    assert any(str(locked) in str(error) for error in summary.errors)


def test_the_store_writes_its_schema_version(data: Path) -> None:
    assert (data / VERSION_FILE).read_text() == f"{SCHEMA_VERSION}\n"
    assert folder_version(data) == SCHEMA_VERSION


@pytest.mark.parametrize(
    "command",
    [
        ["import", "HISTORY"],
        ["sql", "SELECT 1"],
        ["audit"],
        ["stats"],
        ["report", "--out", "OUT"],
    ],
)
def test_a_data_folder_of_a_newer_schema_version(data: Path, command: list[str]) -> None:
    (data / VERSION_FILE).write_text(f"{SCHEMA_VERSION + 1}\n")
    before = sorted(path.name for path in data.rglob("*"))
    history = data.parent / "hands.txt"
    arguments = [str(history) if part == "HISTORY" else str(data.parent / "r.html")
                 if part == "OUT" else part for part in command]  # fmt: skip
    _one_line([*arguments, "--data", str(data)], "newer", f"version {SCHEMA_VERSION + 1}")
    assert sorted(path.name for path in data.rglob("*")) == before  # nothing written


def test_a_damaged_version_file(data: Path) -> None:
    (data / VERSION_FILE).write_text("banana")
    _one_line(["sql", "SELECT 1", "--data", str(data)], "not a schema version")


@pytest.mark.parametrize(
    "command",
    [["sql", "SELECT count(*) FROM hands"], ["audit"], ["stats"], ["report", "--out", "OUT"]],
)
def test_a_corrupted_parquet_file_is_named(data: Path, command: list[str]) -> None:
    damaged = sorted((data / "actions").rglob("*.parquet"))[1]
    damaged.write_bytes(damaged.read_bytes()[:100])
    arguments = [str(data.parent / "r.html") if part == "OUT" else part for part in command]
    _one_line([*arguments, "--data", str(data)], str(damaged), "corrupted Parquet file",
              installed=command[0] == "sql")  # fmt: skip
    # the rest of the data: the other tables read, and all once the file is moved away
    assert Store(data).read("hands").num_rows == 40
    damaged.rename(data.parent / damaged.name)
    status, out, err = _run("sql", "SELECT count(*) FROM hands", "--data", str(data),
                            "--format", "csv")  # fmt: skip
    assert (status, out) == (0, "count_star()\n40\n"), err
