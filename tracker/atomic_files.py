"""Groups of files that become visible together, or not at all, whenever the process dies.

The mechanics under `tracker.store` (which knows what the files hold; this module does
not). A `FileBatch` writes each file under a hidden temporary name in its final folder
(`.part-x.parquet.tmp`) and fsyncs it. `commit` writes the batch's manifest (the renames
to do, the files to remove) atomically into `<root>/_batches/`: that is the commit point.
The renames and removals follow, and the manifest is deleted. `recover` finishes every
manifest left behind (roll forward) and deletes temporary files that no manifest names
(roll back). Only one process may write under a root at a time: `lock_folder`.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

_TEMPORARY = re.compile(r"^\..+\.tmp$")
MANIFESTS = "_batches"
"""The folder, under the root, of manifests being applied."""


class FolderLockedError(OSError):
    """Another process holds the folder's writer lock."""


def write_durably(path: Path, write: Callable[[IO[bytes]], Any]) -> None:
    """Create `path` with `write(stream)`, then flush and fsync it."""
    with open(path, "wb") as stream:
        write(stream)
        stream.flush()
        os.fsync(stream.fileno())


def fsync_folder(folder: Path) -> None:
    """Make the names in `folder` durable (a no-op where folders cannot be opened)."""
    if sys.platform == "win32":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


class FileBatch:
    """Files written under temporary names, made visible together by `commit`.

    Args:
        root: the folder every file of the batch lives under.
        batch_id: a name unique to this batch (used for the manifest).
    """

    def __init__(self, root: Path, batch_id: str) -> None:
        self.root = root
        self.batch_id = batch_id
        self.renames: list[tuple[Path, Path]] = []
        self.removals: list[Path] = []
        self.committed = False

    def add(self, final: Path, write: Callable[[IO[bytes]], Any]) -> None:
        """Write the file that `commit` will show as `final` (its folder must exist)."""
        temporary = final.with_name(f".{final.name}.tmp")
        self.renames.append((temporary, final))  # first: a failed write is rolled back too
        write_durably(temporary, write)

    def remove(self, path: Path) -> None:
        """Delete the committed file `path` when the batch commits."""
        self.removals.append(path)

    def commit(self) -> None:
        """Write the manifest (the commit point), then rename and remove."""
        if not self.renames and not self.removals:
            return
        manifests = self.root / MANIFESTS
        manifests.mkdir(parents=True, exist_ok=True)
        for folder in {temporary.parent for temporary, _ in self.renames}:
            fsync_folder(folder)
        manifest = {
            "batch": self.batch_id,
            "rename": [[str(t.relative_to(self.root)), str(f.relative_to(self.root))]
                       for t, f in self.renames],
            "remove": [str(path.relative_to(self.root)) for path in self.removals],
        }  # fmt: skip
        path = manifests / f"{self.batch_id}.json"
        text = json.dumps(manifest, indent=1).encode()
        write_durably(path.with_name(f".{path.name}.tmp"), lambda stream: stream.write(text))
        os.replace(path.with_name(f".{path.name}.tmp"), path)
        self.committed = True  # from here on, recovery completes the batch
        fsync_folder(manifests)
        apply_manifest(self.root, path)

    def roll_back(self) -> None:
        """Delete the temporary files of a batch that will not commit (nothing, once
        its manifest is written: the next `recover` completes it)."""
        if self.committed:
            return
        for temporary, _ in self.renames:
            temporary.unlink(missing_ok=True)
        self.renames.clear()
        self.removals.clear()


def apply_manifest(root: Path, path: Path) -> None:
    """Do, or finish doing, the renames and removals a manifest lists; then delete it."""
    manifest = json.loads(path.read_text())
    folders: set[Path] = set()
    for temporary_name, final_name in manifest["rename"]:
        temporary, final = root / temporary_name, root / final_name
        if temporary.exists():
            os.replace(temporary, final)
        folders.add(final.parent)
    for name in manifest["remove"]:
        (root / name).unlink(missing_ok=True)
        folders.add((root / name).parent)
    for folder in folders:
        if folder.is_dir():
            fsync_folder(folder)
    path.unlink()


def recover(root: Path) -> None:
    """Finish the batches a killed writer committed; delete what it left uncommitted."""
    manifests = root / MANIFESTS
    if manifests.is_dir():
        for manifest in sorted(manifests.glob("*.json")):
            apply_manifest(root, manifest)
    for folder, _, names in os.walk(root):
        for name in names:
            if _TEMPORARY.match(name):
                (Path(folder) / name).unlink()


def lock_folder(root: Path) -> IO[bytes]:
    """Take the exclusive writer lock of `root` (held while the returned file is open).

    Raises:
        FolderLockedError: another process holds it.
    """
    stream = open(root / ".lock", "ab")  # noqa: SIM115 (the caller keeps it open)
    try:
        if sys.platform == "win32":
            import msvcrt

            msvcrt.locking(stream.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        stream.close()
        raise FolderLockedError(f"{root}: locked by another writer") from None
    return stream
