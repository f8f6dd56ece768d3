"""Seeded mutations of real hand-history files, for the fuzz test and its long run.

`site_files` finds, for every registered site (`parsers.registry.SITE_PARSERS`), every
file of ../shared/histories that the site detects by its content, so that a site added
later is fuzzed too. `mutate` damages a file's bytes in one of `MUTATIONS`' ways, chosen
and placed by a seeded `random.Random`, so that a failing case is replayed from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import parsers
from parsers.registry import SITE_PARSERS
from tracker.importer import find_history_files


@dataclass(frozen=True, slots=True)
class SiteFile:
    """A real file and the registered site that detects it."""

    site: str
    path: Path
    content: bytes


def site_files(histories: Path) -> list[SiteFile]:
    """Every file the importer would read under `histories` that a registered site
    detects, with the site (files of no site are left out: they are no parser's input)."""
    found = []
    for path in find_history_files([histories]):
        content = path.read_bytes()
        text = parsers.decode(content)
        site = next((parser.site for parser in SITE_PARSERS if parser.detect(text)), None)
        if site is not None:
            found.append(SiteFile(site, path, content))
    return found


def _lines(content: bytes) -> list[bytes]:
    return content.splitlines(keepends=True) or [b""]


def truncate(content: bytes, chance: random.Random) -> bytes:
    """Cut the file at a random byte (a download or a copy stopped short)."""
    return content[: chance.randrange(len(content) + 1)]


def flip_bytes(content: bytes, chance: random.Random) -> bytes:
    """Replace a few random bytes by random values (a damaged disk or transfer)."""
    data = bytearray(content)
    for _ in range(chance.randint(1, 8)):
        if data:
            data[chance.randrange(len(data))] = chance.randrange(256)
    return bytes(data)


def delete_lines(content: bytes, chance: random.Random) -> bytes:
    """Drop one to three lines."""
    lines = _lines(content)
    for _ in range(chance.randint(1, 3)):
        if len(lines) > 1:
            del lines[chance.randrange(len(lines))]
    return b"".join(lines)


def duplicate_lines(content: bytes, chance: random.Random) -> bytes:
    """Write one to three lines twice."""
    lines = _lines(content)
    for _ in range(chance.randint(1, 3)):
        at = chance.randrange(len(lines))
        lines.insert(at, lines[at])
    return b"".join(lines)


def swap_lines(content: bytes, chance: random.Random) -> bytes:
    """Swap two lines, near each other or anywhere."""
    lines = _lines(content)
    first = chance.randrange(len(lines))
    second = (
        min(len(lines) - 1, first + 1) if chance.random() < 0.5 else chance.randrange(len(lines))
    )
    lines[first], lines[second] = lines[second], lines[first]
    return b"".join(lines)


def change_encoding(content: bytes, chance: random.Random) -> bytes:
    """The same text written in another encoding (or its bytes taken as another's)."""
    text = parsers.decode(content)
    encoding = chance.choice(("utf-16", "utf-16-le", "latin-1", "cp1252", "utf-8-sig"))
    data = text.encode(encoding, errors="replace")
    if chance.random() < 0.3:  # then a part of it in UTF-8, as a file appended to
        cut = chance.randrange(len(data) + 1)
        data = data[:cut] + text.encode("utf-8")[cut:]
    return data


def long_line(content: bytes, chance: random.Random) -> bytes:
    """Insert a very long line (up to 256 KiB), or make one line very long."""
    lines = _lines(content)
    at = chance.randrange(len(lines))
    filler = bytes(chance.choice(b"ab $0.1:[]()#") for _ in range(64))
    long = filler * chance.randint(100, 4_000)
    if chance.random() < 0.5:
        lines.insert(at, long + b"\n")
    else:
        lines[at] = lines[at].rstrip(b"\r\n") + long + b"\n"
    return b"".join(lines)


Mutation = Callable[[bytes, random.Random], bytes]

MUTATIONS: dict[str, Mutation] = {
    "truncate": truncate,
    "flip_bytes": flip_bytes,
    "delete_lines": delete_lines,
    "duplicate_lines": duplicate_lines,
    "swap_lines": swap_lines,
    "change_encoding": change_encoding,
    "long_line": long_line,
}
"""Every way a file is damaged, by name."""


@dataclass(frozen=True, slots=True)
class Case:
    """One fuzz case: a real file damaged one way from a seed."""

    file: SiteFile
    mutation: str
    seed: int

    def content(self) -> bytes:
        """The damaged bytes (the same for the same case, every time)."""
        chance = random.Random(f"{self.file.path.name}/{self.mutation}/{self.seed}")
        data = self.file.content
        for _ in range(1 + (self.seed % 3 == 0)):  # a third of the cases: two damages
            data = MUTATIONS[self.mutation](data, chance)
        return data

    def describe(self) -> str:
        """Enough to replay the case: site, file, mutation and seed."""
        return f"{self.file.site} {self.file.path} {self.mutation} seed {self.seed}"


def cases(files: list[SiteFile], seeds: range) -> list[Case]:
    """Every file x every mutation x every seed."""
    return [Case(file, name, seed) for file in files for name in MUTATIONS for seed in seeds]
