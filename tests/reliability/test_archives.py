"""`tracker import hands.zip`: the hand histories inside are read, in memory, and the
members that could do harm are refused by name (path traversal, links, zip bombs, an
archive inside the archive), without stopping the import or writing outside the data
folder."""

from __future__ import annotations

import json
import stat
import zipfile
from pathlib import Path

import pytest
from store_samples import pokerstars_text
from typer.testing import CliRunner

from tracker import archives
from tracker.cli import app
from tracker.store import Store

runner = CliRunner()


def _import(path: Path, data: Path) -> dict[str, object]:
    result = runner.invoke(app, ["import", str(path), "--data", str(data), "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    summary: dict[str, object] = json.loads(result.stdout)
    return summary


def _every_file(folder: Path) -> set[Path]:
    return set(folder.rglob("*"))


def test_the_hands_inside_an_archive_are_imported_once(tmp_path: Path) -> None:
    archive = tmp_path / "hands.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr("2013/april.txt", pokerstars_text(5))
        zipped.writestr("2013/may.txt", pokerstars_text(4, first_id=200_000_000_000))
        zipped.writestr("notes/.hidden.txt", pokerstars_text(2, first_id=300_000_000_000))
        zipped.writestr("sidecar.json", "{}")
    data = tmp_path / "data"
    summary = _import(archive, data)
    assert (summary["files"], summary["imported"], summary["files_failed"]) == (2, 9, 0)
    files = Store(data).read("files", ["path"]).column("path").to_pylist()
    assert sorted(files) == [f"{archive}!2013/april.txt", f"{archive}!2013/may.txt"]
    again = _import(archive, data)
    assert (again["unchanged_files"], again["hands_seen"]) == (2, 0)


def _hostile_archive(path: Path) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr("good.txt", pokerstars_text(3))
        zipped.writestr("../../escaped.txt", pokerstars_text(1, first_id=400_000_000_000))
        zipped.writestr("/etc/absolute.txt", pokerstars_text(1, first_id=410_000_000_000))
        zipped.writestr("C:/windows.txt", pokerstars_text(1, first_id=420_000_000_000))
        link = zipfile.ZipInfo("link.txt")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        zipped.writestr(link, "/etc/passwd")
        zipped.writestr("bomb.txt", b"0" * (8 * 2**20))  # 8 MiB of one byte: ~1,000x
        inner = path.with_name("inner.zip")
        with zipfile.ZipFile(inner, "w") as nested:
            nested.writestr("hands.txt", pokerstars_text(1, first_id=430_000_000_000))
        zipped.write(inner, "inner.zip")


def test_harmful_members_are_refused_by_name_and_the_rest_imported(tmp_path: Path) -> None:
    archive = tmp_path / "in" / "hands.zip"
    archive.parent.mkdir()
    _hostile_archive(archive)
    (archive.parent / "inner.zip").unlink()
    data = tmp_path / "data"
    before = _every_file(tmp_path) - {archive}
    summary = _import(archive, data)
    assert summary["imported"] == 3
    reasons = {error["file"].partition("!")[2]: error["reason"]  # type: ignore[index]
               for error in summary["errors"]}  # type: ignore[attr-defined]  # fmt: skip
    assert set(reasons) == {"../../escaped.txt", "/etc/absolute.txt", "C:/windows.txt",
                            "link.txt", "bomb.txt", "inner.zip"}  # fmt: skip
    assert "outside the archive" in reasons["../../escaped.txt"]
    assert "zip bomb" in reasons["bomb.txt"]
    assert "archive inside" in reasons["inner.zip"]
    assert (summary["files"], summary["files_failed"]) == (7, 6)  # each member a file
    written = _every_file(tmp_path) - before - {archive}
    assert all(data in path.parents or path == data for path in written), written
    assert not list(tmp_path.rglob("escaped.txt"))


def test_the_size_limits_refuse_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "hands.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as zipped:
        zipped.writestr("one.txt", pokerstars_text(3))
        zipped.writestr("two.txt", pokerstars_text(3, first_id=500_000_000_000))
    size = len(pokerstars_text(3))
    monkeypatch.setattr(archives, "MAX_TOTAL_BYTES", size + 10)
    found = list(archives.read_archive(archive, lambda name: True))
    assert isinstance(found[0], archives.Member)
    assert isinstance(found[1], archives.RefusedMember)
    assert "in all" in found[1].reason
    monkeypatch.setattr(archives, "MAX_MEMBER_BYTES", size - 1)
    found = list(archives.read_archive(archive, lambda name: True))
    assert all(isinstance(item, archives.RefusedMember) for item in found)


def test_a_damaged_archive_is_one_failed_file(tmp_path: Path) -> None:
    archive = tmp_path / "hands.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr("one.txt", pokerstars_text(30))
    archive.write_bytes(archive.read_bytes()[:-40])  # the central directory cut off
    summary = _import(archive, tmp_path / "data")
    assert (summary["files"], summary["files_failed"]) == (1, 1)
    assert "damaged zip" in summary["errors"][0]["reason"]  # type: ignore[index]
