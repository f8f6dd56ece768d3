"""Hand histories inside zip archives, read in memory with limits, never extracted.

Players keep years of hand histories zipped, so `tracker import hands.zip` reads the
files inside. An archive is found by its content (the zip signature), like a site. Each
member that is a hand-history file (the same names a folder walk takes) is read into
memory and given to the importer under the name `<archive>!<member>`; nothing is written
to disk, so no member name can place a file anywhere.

An archive is a file from elsewhere, so each member is refused (a failed file, with the
reason, and the import goes on) when:

- its name is absolute, climbs out with `..`, or holds a drive letter or a NUL
  (harmless here, since nothing is extracted, but such a name is a forged archive);
- it is a link, or encrypted, or compressed by a method Python does not read;
- it says it holds more than `MAX_MEMBER_BYTES`, or more than `MAX_RATIO` times its
  compressed size (a zip bomb), or it inflates to more than it says;
- it is itself an archive (archives are not read inside archives);
- the members read so far hold more than `MAX_TOTAL_BYTES` in all.
"""

from __future__ import annotations

import stat
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath

ZIP_SIGNATURES = (b"PK\x03\x04", b"PK\x05\x06")
"""The first bytes of a zip archive (of one with members, of an empty one)."""

MAX_MEMBER_BYTES = 256 * 2**20
"""The largest member read (uncompressed): a text site's file is read whole."""

MAX_TOTAL_BYTES = 4 * 2**30
"""The most bytes read out of one archive, all members together."""

MAX_RATIO = 200
"""The largest uncompressed-to-compressed size of a member above `_RATIO_FROM` bytes:
hand histories compress about ten to thirty times; a zip bomb, thousands of times."""

_RATIO_FROM = 2**20
_BLOCK = 2**20


@dataclass(frozen=True, slots=True)
class Member:
    """A file read out of an archive."""

    name: str
    """`<archive path>!<member name>`: where the hands came from."""
    content: bytes
    modified: datetime


@dataclass(frozen=True, slots=True)
class RefusedMember:
    """A member (or a whole archive) that is not read, and why."""

    name: str
    reason: str


def is_archive(path: Path) -> bool:
    """True when `path` starts with a zip signature (False when it cannot be read: the
    importer then reports why, as for any file)."""
    try:
        with open(path, "rb") as stream:
            return stream.read(4) in ZIP_SIGNATURES
    except OSError:
        return False


def read_archive(path: Path, wanted: Callable[[str], bool]) -> Iterator[Member | RefusedMember]:
    """The members of the zip archive at `path` whose file name `wanted` accepts (the
    importer's rule for hand-history names), in the archive's order, each read whole or
    refused with the reason; a damaged archive ends with a refusal of the archive."""
    total = 0
    try:
        with zipfile.ZipFile(path) as archive:
            for info in archive.infolist():
                if info.is_dir() or not wanted(PurePosixPath(info.filename).name):
                    continue
                name = f"{path}!{info.filename}"
                reason = _refusal(info, total)
                if reason is None:
                    content, reason = _read_member(archive, info)
                if reason is not None:
                    yield RefusedMember(name, reason)
                    continue
                total += len(content)
                yield Member(name, content, _modified(info))
    except (zipfile.BadZipFile, OSError, EOFError, zlib.error) as error:
        yield RefusedMember(str(path), f"a damaged zip archive: {error}")


def _refusal(info: zipfile.ZipInfo, total: int) -> str | None:
    """Why `info` is not read before a byte of it is, or None."""
    name = info.filename
    parts = PurePosixPath(name.replace("\\", "/")).parts
    if name.startswith(("/", "\\")) or ".." in parts or ":" in name or "\x00" in name:
        return f"a member name outside the archive: {name!r}"
    if stat.S_ISLNK(info.external_attr >> 16):
        return "a link inside the archive"
    if info.flag_bits & 0x1:
        return "an encrypted member"
    if info.file_size > MAX_MEMBER_BYTES:
        return f"a member of {info.file_size:,} bytes (at most {MAX_MEMBER_BYTES:,} are read)"
    if info.file_size > _RATIO_FROM and info.file_size > MAX_RATIO * max(1, info.compress_size):
        return (
            f"a member {info.file_size // max(1, info.compress_size):,} times larger than "
            f"its compressed size (a zip bomb; at most {MAX_RATIO} times)"
        )
    if total + info.file_size > MAX_TOTAL_BYTES:
        return f"the archive's members hold more than {MAX_TOTAL_BYTES:,} bytes in all"
    return None


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> tuple[bytes, str | None]:
    """The bytes of `info`, read a block at a time and never beyond what it declares;
    or a reason not to use them."""
    blocks: list[bytes] = []
    size = 0
    try:
        with archive.open(info) as stream:
            while block := stream.read(_BLOCK):
                size += len(block)
                if size > info.file_size:
                    return b"", "a member that inflates to more than it says (a zip bomb)"
                blocks.append(block)
    except NotImplementedError as error:  # a compression method Python does not read
        return b"", f"a member compressed in a way not read: {error}"
    except (zipfile.BadZipFile, zlib.error, EOFError) as error:
        return b"", f"a damaged member: {error}"
    content = b"".join(blocks)
    if content[:4] in ZIP_SIGNATURES:
        return b"", "an archive inside the archive (not read)"
    return content, None


def _modified(info: zipfile.ZipInfo) -> datetime:
    """The member's time as the archive writes it (no zone: taken as UTC)."""
    try:
        return datetime(*info.date_time, tzinfo=UTC)
    except ValueError:  # a damaged date
        return datetime(1980, 1, 1, tzinfo=UTC)
