"""`tracker import --watch`: import new and growing hand-history files as the room
writes them, until told to stop.

The folders are imported once, then again each time the files under them change: on
the system's file events (through watchfiles) the files that changed, and every
`RESCAN_SECONDS` all of them (a last hand that waited to settle, an event missed); with
`poll` seconds, or where file events are not available (watchfiles not installed), all
of them every `poll` seconds. A grown file is read from where its last import ended
(`tracker.live_files`), so each pass reads only what is new. Each import is the
importer's, batch by batch crash-safe, read in this process (no worker processes, which
a terminal's Ctrl-C would reach too); a stop (`stop` set, as the command's SIGINT and
SIGTERM handlers do) is taken between two imports, so nothing is left half-written (a
first import of a large folder is finished first).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from tracker.importer import IGNORED_SUFFIXES, ImportSummary, import_paths
from tracker.safe_text import terminal_text
from tracker.store import Store

RESCAN_SECONDS = 5.0
"""With file events: every this many seconds without any, all files are looked at."""

DEFAULT_POLL_SECONDS = 1.0
"""Seconds between two looks at every file when file events are not available."""

_QUIET_MILLISECONDS = 50
"""File events are taken together until none came for this long (a hand being
written in several writes is then read once)."""


@dataclass(slots=True)
class WatchTotals:
    """What a watch imported, over all its batches."""

    batches: int = 0
    imported: int = 0
    duplicates: int = 0
    failed: int = 0
    files_failed: int = 0

    def add(self, summary: ImportSummary) -> None:
        """Count one batch."""
        self.batches += 1
        self.imported += summary.imported
        self.duplicates += summary.duplicates
        self.failed += summary.failed
        self.files_failed += summary.files_failed


BatchCallback = Callable[[ImportSummary], None]
"""Called after each import that saw a hand or a file that could not be read."""


def watch_folders(
    folders: Sequence[Path],
    store: Store,
    stop: threading.Event,
    on_batch: BatchCallback,
    *,
    poll: float | None = None,
    batch_size: int | None = None,
) -> WatchTotals:
    """Import `folders` into `store`, then keep importing what changes under them
    until `stop` is set (see the module docstring).

    Args:
        folders: folders (or files) to watch.
        store: the data folder.
        stop: set to stop, between two imports.
        on_batch: called with the summary of each import that saw something.
        poll: look at every file every `poll` seconds instead of waiting for file
            events; None for file events where available.
        batch_size: hands per batch (the importer's default when None).

    Returns:
        The counts of every batch imported.
    """
    totals = WatchTotals()
    # In this process only: a terminal's Ctrl-C reaches every process of the group, and
    # would stop worker processes in the middle of a file (and a few new hands are read
    # sooner here than worker processes start).
    options: dict[str, Any] = {"jobs": 1}
    if batch_size is not None:
        options["batch_size"] = batch_size

    def take(paths: Sequence[Path]) -> None:
        summary = import_paths(paths, store, **options)
        if summary.hands_seen or summary.files_failed:
            totals.add(summary)
            on_batch(summary)

    take(folders)
    for changed in _changes(folders, stop, poll):
        if stop.is_set():
            break
        take(changed)
    return totals


def watch_until_stopped(
    paths: Sequence[Path],
    data_dir: Path,
    echo: Callable[[str], None],
    *,
    poll: float | None = None,
    batch_size: int | None = None,
) -> int:
    """`tracker import --watch`: `watch_folders` until SIGINT (Ctrl-C) or SIGTERM, a
    line through `echo` per batch and one at the end. Returns the exit status: 1 when
    a hand or a file could not be read, else 0.

    Raises:
        StoreError: the data folder cannot be used (locked by another writer...).
    """
    stop = threading.Event()
    handlers = {number: signal.signal(number, lambda *_: stop.set())
                for number in (signal.SIGINT, signal.SIGTERM)}  # fmt: skip
    try:
        with Store(data_dir) as store:
            totals = watch_folders(paths, store, stop,
                                   lambda summary: echo(terminal_text(describe_batch(summary))),
                                   poll=poll, batch_size=batch_size)  # fmt: skip
    finally:
        for number, handler in handlers.items():
            signal.signal(number, handler)
    batches = f"{totals.batches:,} batch{'' if totals.batches == 1 else 'es'}"
    echo(f"stopped: {batches}, imported {totals.imported:,}, "
         f"duplicates {totals.duplicates:,}, failed {totals.failed:,}")  # fmt: skip
    return 1 if totals.failed or totals.files_failed else 0


def _changes(
    folders: Sequence[Path], stop: threading.Event, poll: float | None
) -> Iterable[Sequence[Path]]:
    """The files to look at again, each time some may have changed, until `stop`."""
    if poll is None:
        try:
            import watchfiles
        except ImportError:  # no file events here: look at every file now and then
            poll = DEFAULT_POLL_SECONDS
        else:
            yield from _file_events(watchfiles, folders, stop)
            return
    while not stop.wait(poll):
        yield folders


def _file_events(
    watchfiles: Any, folders: Sequence[Path], stop: threading.Event
) -> Iterable[Sequence[Path]]:
    roots = [folder.resolve() for folder in folders]

    def wanted(change: Any, name: str) -> bool:
        return change != watchfiles.Change.deleted and is_watched(Path(name), roots)

    events = watchfiles.watch(
        *roots,
        watch_filter=wanted,
        debounce=1000,
        step=_QUIET_MILLISECONDS,
        stop_event=stop,
        rust_timeout=int(RESCAN_SECONDS * 1000),
        yield_on_timeout=True,
        raise_interrupt=False,
    )
    for changes in events:
        changed = sorted({Path(name) for _, name in changes if Path(name).is_file()})
        yield changed if changes else folders  # none: the time to look at every file


def is_watched(path: Path, roots: Sequence[Path]) -> bool:
    """True for a file the importer would read under one of `roots` (not hidden, no
    suffix it skips: the data folder's own files, when it is inside, are not).

    >>> roots = [Path("/h")]
    >>> is_watched(Path("/h/2026/s.txt"), roots), is_watched(Path("/h/.x/s.txt"), roots)
    (True, False)
    """
    if path.suffix.lower() in IGNORED_SUFFIXES:
        return False
    for root in roots:
        if path == root or path.is_relative_to(root):
            parts = path.relative_to(root).parts if path != root else (path.name,)
            return not any(part.startswith(".") for part in parts)
    return False


def describe_batch(summary: ImportSummary, moment: datetime | None = None) -> str:
    """One line for a batch imported: its time, files and counts.

    >>> from datetime import UTC
    >>> summary = ImportSummary(files=1, hands_seen=3, imported=2, duplicates=1)
    >>> describe_batch(summary, datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC))
    '03:04:05 1 file: imported 2, duplicates 1, skipped 0, failed 0'
    """
    moment = moment or datetime.now().astimezone()
    files = summary.files - summary.unchanged_files
    line = (
        f"{moment:%H:%M:%S} {files:,} file{'' if files == 1 else 's'}: "
        f"imported {summary.imported:,}, duplicates {summary.duplicates:,}, "
        f"skipped {summary.skipped:,}, failed {summary.failed:,}"
    )
    if summary.files_failed:
        line += f", files not read {summary.files_failed:,}"
    return line
