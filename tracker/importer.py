"""Importing hand-history files into the data folder.

`import_paths` walks files and folders, skips files already imported unchanged, has the
parsers read the rest, and writes the hands in batches of a fixed number (memory stays
bounded however large the input). A hand already in the store, by (site, hand id), is
counted as a duplicate and not written again. A file's `files` record is written in the
same batch as its last hands, so a killed import leaves no file marked as done whose
hands are not all in the store; running it again completes it.

Which files are read: every regular file under the given folders, except hidden files
and folders (a name starting with ".") and files whose suffix says they are not hand
histories (`IGNORED_SUFFIXES`: other trackers' sidecars, our own outputs). A file that
cannot be read as a hand history (no parser recognises it, empty, unreadable) is recorded
as a failed file, apart from the hands, and the import goes on.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

# numpy (which pyarrow imports) starts OpenBLAS with a thread per core, and those threads
# spin: 0.1 s of CPU per `tracker import` on 2 cores, though the tracker multiplies no
# matrices. One thread, unless the user set it (child processes inherit it).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

import parsers
from tracker.allocator import hold_freed_memory
from tracker.archives import is_archive
from tracker.compaction import COMPACT_TARGET_ROWS as COMPACT_TARGET_ROWS
from tracker.compaction import compact as compact
from tracker.compaction import compaction_due
from tracker.errors import HandHistoryError, UnknownSiteError, UnsupportedGameError
from tracker.hand_block import HandBatch, HandBlock
from tracker.import_files import (
    STREAM_ABOVE as STREAM_ABOVE,
)
from tracker.import_files import (
    Empty,
    FileStep,
    PieceRead,
    Refused,
    Streamed,
    Unchanged,
    Unreadable,
    archive_steps,
    file_steps,
)
from tracker.import_pieces import PIECE_SIZE, PIECE_SIZE_HERE
from tracker.import_workers import PieceReaders, PieceResult, PieceTask
from tracker.schema import HAND_COLUMNS
from tracker.store import ErrorRecord, FileRecord, Store

DEFAULT_BATCH_SIZE = 10_000
"""Hands per batch: one Parquet file per table and partition per batch (a block of hands
that a reader gives at once is cut where a batch ends)."""

IGNORED_SUFFIXES = frozenset({".hp", ".hands", ".gt", ".json", ".jsonl", ".parquet"})
"""Suffixes of files that are never hand histories: FPDB's expected-output sidecars
(.hp, .hands, .gt) and data files (.json, .jsonl such as the simulator's sidecar of
injected errors, .parquet)."""

WORKERS_FROM = 16 * 2**20
"""Bytes of files from which an import reads them in worker processes by default."""

MAX_REPORTED_ERRORS = 100
"""Errors kept in the summary; `parse_errors` has them all."""

_PROGRESS_EVERY = 1_000
_FIRST_LINE = HAND_COLUMNS.index("first_line")


@dataclass(frozen=True, slots=True)
class ImportProgress:
    """Where an import is: passed to the progress callback after each file and every
    thousand hands. `bytes_done` is estimated inside a file from the line reached."""

    files_done: int
    files_total: int
    bytes_done: int
    bytes_total: int
    hands_seen: int
    imported: int
    current_file: str | None


@dataclass(slots=True)
class ImportSummary:
    """What an import did.

    Every hand seen is counted once, in one of `imported`, `duplicates`, `skipped` (a
    game not covered) or `failed` (a hand that could not be read), so that those four add
    up to `hands_seen`. A file that could not be read as a hand history at all (no parser
    recognises it, empty, unreadable) holds no hand: it counts in `files_failed`, never in
    `failed`. `errors` holds the first `MAX_REPORTED_ERRORS` errors of both kinds (a
    file's has no hand id).

    >>> summary = ImportSummary(hands_seen=3, imported=2, failed=1, files_failed=1)
    >>> summary.hands_accounted, summary.has_failures
    (True, True)
    """

    files: int = 0
    unchanged_files: int = 0
    hands_seen: int = 0
    imported: int = 0
    duplicates: int = 0
    skipped: int = 0
    failed: int = 0
    files_failed: int = 0
    stopped_early: bool = False
    compacted_files: int = 0
    errors: list[ErrorRecord] = field(default_factory=list)
    audit_counts: dict[str, int] | None = None
    """Hands per verdict of the audit run after the import (`--audit`), else None."""

    @property
    def hands_accounted(self) -> bool:
        """True when imported, duplicates, skipped and failed add up to `hands_seen`."""
        counted = self.imported + self.duplicates + self.skipped + self.failed
        return counted == self.hands_seen

    @property
    def has_failures(self) -> bool:
        """True when a hand or a file could not be read (`tracker import` exits 1)."""
        return bool(self.failed or self.files_failed)

    def to_json(self) -> dict[str, Any]:
        """The summary as the JSON object `tracker import --format json` prints."""
        return {
            "files": self.files,
            "unchanged_files": self.unchanged_files,
            "hands_seen": self.hands_seen,
            "imported": self.imported,
            "duplicates": self.duplicates,
            "skipped": self.skipped,
            "failed": self.failed,
            "files_failed": self.files_failed,
            "stopped_early": self.stopped_early,
            "compacted_files": self.compacted_files,
            **({} if self.audit_counts is None else {"audit": dict(self.audit_counts)}),
            "errors": [
                {
                    "file": error.file,
                    "hand_id": error.hand_id,
                    "line": error.line_number,
                    "reason": error.reason,
                    "kind": error.kind,
                }
                for error in self.errors
            ],
        }


ProgressCallback = Callable[[ImportProgress], None]


def find_history_files(paths: Iterable[Path]) -> list[Path]:
    """The files to read: the given files, and every file under the given folders,
    recursively, in name order, without hidden ones or `IGNORED_SUFFIXES`. Each file
    once, as an absolute path."""
    found: dict[Path, None] = {}
    for path in paths:
        if path.is_dir():
            for folder, folders, names in os.walk(path):
                folders[:] = sorted(name for name in folders if not name.startswith("."))
                for name in sorted(names):
                    candidate = Path(folder) / name
                    if _is_history_name(name) and candidate.is_file():
                        found.setdefault(candidate.resolve(), None)
        else:
            found.setdefault(path.resolve(), None)
    return list(found)


def _is_history_name(name: str) -> bool:
    return not name.startswith(".") and Path(name).suffix.lower() not in IGNORED_SUFFIXES


def import_paths(
    paths: Sequence[Path],
    store: Store,
    *,
    batch_size: int = DEFAULT_BATCH_SIZE,
    strict: bool = False,
    progress: ProgressCallback | None = None,
    compact_after: bool = False,
    jobs: int | None = None,
    piece_size: int | None = None,
) -> ImportSummary:
    """Import every hand-history file under `paths` into `store`.

    Args:
        paths: files and folders (folders are walked recursively).
        store: the data folder to write to.
        batch_size: hands per batch (a commit of one file per table and partition).
        strict: stop at the first hand that cannot be read (what was read before it is
            kept, and the file is not marked as imported).
        progress: called after each file and every thousand hands.
        compact_after: then merge the data folder's small files (see `compact`), as
            the import does by itself once they pass a threshold (`compaction_due`).
        jobs: processes reading the files and their pieces at once (this one writes
            the store); None for the number of cores when the files hold
            `WORKERS_FROM` bytes or more, else this process alone. No more processes
            than pieces. The dataset is the same whatever the number.
        piece_size: bytes of a file read at once (`tracker.import_pieces`); None for
            `PIECE_SIZE` in worker processes, `PIECE_SIZE_HERE` in this one.

    Returns:
        The counts, and the first errors.

    Raises:
        WorkerStoppedError: a worker process died (nothing of the pieces it held is
            written; the batches written before stay, as after a killed import).
    """
    files = find_history_files(paths)
    run = _ImportRun(store, files, batch_size, strict, progress, jobs=jobs, piece_size=piece_size)
    run.run()
    if compact_after or compaction_due(store):  # many small imports: tracker/compaction.py
        run.summary.compacted_files = compact(store)
    return run.summary


class _StrictStopError(Exception):
    """Raised inside a run by --strict at the first failure."""


class _ImportRun:
    def __init__(
        self,
        store: Store,
        files: list[Path],
        batch_size: int,
        strict: bool,
        progress: ProgressCallback | None,
        *,
        jobs: int | None = 1,
        piece_size: int | None = None,
    ) -> None:
        self.store = store
        self.files = files
        self.batch_size = max(1, batch_size)
        self.strict = strict
        self.progress = progress
        self.summary = ImportSummary(files=len(files))
        self.imported_at = datetime.now(UTC)
        self.pending_rows = HandBatch()
        self.pending_files: list[FileRecord] = []
        self.pending_errors: list[ErrorRecord] = []
        self.known: dict[str, set[str]] = {}
        self.sizes = [_size_or_zero(path) for path in files]
        self.bytes_total = sum(self.sizes)
        self.jobs_given = jobs
        self.piece_size_given = piece_size
        self.bytes_done = 0
        self.files_done = 0
        self.counts = _FileCounts()
        if jobs is None:  # a small import is read here: workers would take longer to start
            jobs = (os.cpu_count() or 1) if self.bytes_total >= WORKERS_FROM else 1
        pieces = -(-self.bytes_total // (piece_size or PIECE_SIZE))
        self.jobs = max(1, min(jobs, pieces))
        self.piece_size = max(1, piece_size or (PIECE_SIZE if self.jobs > 1 else PIECE_SIZE_HERE))

    def run(self) -> None:
        hold_freed_memory()
        self.store.open_for_writing()
        self.records = self.store.file_records()
        self.recorded_errors = self.store.error_keys()
        self._fewer_jobs_for_what_is_new()
        # The cyclic collector would scan the whole pending batch again and again while
        # it grows (a third of the import time); the batch is freed by reference
        # counting, and a collection of the youngest generation after each commit takes
        # any cycle made since the last one (a parse error's traceback and its frames):
        # with automatic collections off, everything allocated since is in that
        # generation, and the older ones (the libraries) need no scan.
        collecting = gc.isenabled()
        gc.disable()
        try:
            with PieceReaders[FileStep | None](self.jobs) as readers:
                for step, result in readers.read_in_order(self._steps()):
                    self._apply(step, result)
        except _StrictStopError:
            self.summary.stopped_early = True
        finally:
            if collecting:
                gc.enable()
        self._commit()

    def _fewer_jobs_for_what_is_new(self) -> None:
        """One process, when the default number was chosen by the files' sizes and their
        records say that little of them is new (a grown file is read from where its last
        import ended): workers would take longer to start than the reading."""
        if self.jobs == 1 or self.jobs_given is not None:
            return
        to_read = sum(
            _bytes_to_read(self.records.get(str(path)), size)
            for path, size in zip(self.files, self.sizes, strict=True)
        )
        if to_read < WORKERS_FROM:
            self.jobs = 1
            self.piece_size = self.piece_size_given or PIECE_SIZE_HERE

    def _steps(self) -> Iterator[tuple[FileStep | None, PieceTask | None]]:
        """Every file's steps, in order, each with its piece to read (if any); None
        after each file."""
        for path in self.files:
            yield from self._file_steps(path)
            yield None, None

    def _file_steps(self, path: Path) -> Iterator[tuple[FileStep, PieceTask | None]]:
        """One file's steps (an archive's members'), each with its piece to read (if
        any); `tracker.spark.import_job` gives those of a file read elsewhere."""
        if is_archive(path):
            steps = archive_steps(path, _is_history_name, self.records.get, self._record)
        else:
            previous = self.records.get(str(path))
            steps = file_steps(path, previous, self._record, self.piece_size)
        for step in steps:
            yield step, step.task if isinstance(step, PieceRead) else None

    def _record(self, name: str, size: int, mtime: datetime, sha256: str) -> FileRecord:
        return FileRecord(name, size, mtime, sha256, None, 0, 0, 0, 0, 0, self.imported_at)

    def _apply(self, step: FileStep | None, result: PieceResult | None) -> None:
        """Take one step of a file (see `tracker.import_files`); None: a file done."""
        if step is None:
            self.files_done += 1
            self._report(None)
        elif isinstance(step, PieceRead):
            assert result is not None  # a piece's step comes with its reading
            self._take_piece(step, result)
        elif isinstance(step, Unchanged):
            self.summary.unchanged_files += 1
            self.bytes_done += step.size
            if step.touched is not None:  # remember the new time: the next run needs no hash
                self.pending_files.append(step.touched)
        elif isinstance(step, Unreadable):
            self._fail_file(step.path, step.reason, step.kind)
        elif isinstance(step, Empty):
            self._fail_file(step.path, "the file is empty", "EmptyFileError")
            self.pending_files.append(_FileCounts().record(step.record))
        elif isinstance(step, Refused):
            size = step.record.size
            reason = f"no hand of any site in the first MiB of a file of {size:,} bytes"
            self._fail(UnknownSiteError(reason, file=str(step.path)), step.path, whole_file=True)
            self.bytes_done += size
            self.pending_files.append(_FileCounts().record(step.record))
        elif isinstance(step, Streamed):
            with open(step.path, "rb") as stream:
                items = step.site.read_stream_into(stream, self.pending_rows, str(step.path))
                self._parse(step.path, "", step.record, items)
        else:  # the end of an archive, counted as its members (a refused one too)
            self.summary.files += max(step.members, 1) - 1  # the archive is counted already
            self.bytes_done += step.size

    def _take_piece(self, step: PieceRead, result: PieceResult) -> None:
        """Count the hands of a piece read and add the new ones to the pending rows; the
        file's record after its last piece."""
        if step.piece.offset == 0:
            self.counts = _FileCounts()
        counts, piece = self.counts, step.piece
        if result.file_error is not None:
            self._fail(result.file_error, step.path, whole_file=True)

        def within_file(line: int | None) -> float:
            done = ((line or piece.first_line) - piece.first_line) / max(1, piece.lines)
            return piece.offset + len(piece.data) * min(1.0, done)

        self._take_items(result.items, counts, step.path, within_file)
        if step.record is not None:
            self.bytes_done += step.record.size
            self.pending_files.append(counts.record(step.record))

    def _parse(
        self,
        path: Path,
        text: str,
        record: FileRecord,
        items: Iterator[HandBlock | HandHistoryError | None] | None = None,
    ) -> None:
        """Read the hands of `text` (or `items`, a site's reading of a stream)."""
        counts = _FileCounts()
        if not record.size:
            self._fail_file(path, "the file is empty", "EmptyFileError")
        else:
            # where in the file the reader is, for the progress bar only
            lines = max(1, text.count("\n")) if self.progress is not None else 1
            try:
                if items is None:
                    items = parsers.read_text_blocks(text, self.pending_rows, file=str(path))
                at_line = lambda line: record.size * min(1.0, (line or 0) / lines)  # noqa: E731
                self._take_items(items, counts, path, at_line)
            except HandHistoryError as error:  # UnknownSiteError: no parser knows the file
                self._fail(error, path, whole_file=True)
        self.bytes_done += record.size
        self.pending_files.append(counts.record(record))

    def _take_items(
        self,
        items: Iterable[HandBlock | HandHistoryError | None],
        counts: _FileCounts,
        path: Path,
        within_file: Callable[[int | None], float],
    ) -> None:
        """Take the items of a reader (see `parsers.read_text_blocks`), reporting the
        progress every thousand hands (`within_file`: the bytes done of the file when
        the reader is at that line)."""
        for item in items:
            before = counts.seen
            if isinstance(item, HandBlock):
                line = self._take_block(item, counts)
            else:
                line = self._take(item, counts)
            if counts.seen // _PROGRESS_EVERY > before // _PROGRESS_EVERY:
                self._report(str(path), within_file(line))

    def _take(self, error: HandHistoryError | None, counts: _FileCounts) -> int | None:
        """Count one hand of `parsers.read_text_blocks` (None: a hand added to the pending
        rows); returns the file line the item starts at, when known."""
        counts.seen += 1
        self.summary.hands_seen += 1
        if error is None:
            return self._take_hand(counts)
        counts.site = counts.site or error.site
        if isinstance(error, UnsupportedGameError):
            counts.skipped += 1
            self.summary.skipped += 1
        else:
            counts.failed += 1
            self._fail(error, None)
        return error.line_number

    def _take_hand(self, counts: _FileCounts) -> int | None:
        # The hand is in the pending rows already, the last one: taken out again when
        # the store has it.
        rows = self.pending_rows
        site = counts.site = rows.sites[-1]
        hand_id: str = rows.hands[-1][0]
        first_line: int | None = rows.hands[-1][_FIRST_LINE]
        known = self._known(site)
        if hand_id in known:
            rows.drop_last()
            counts.duplicates += 1
            self.summary.duplicates += 1
        else:
            known.add(hand_id)
            counts.imported += 1
            self.summary.imported += 1
            if len(rows) >= self.batch_size:
                self._commit()
        return first_line

    def _take_block(self, block: HandBlock, counts: _FileCounts) -> int | None:
        """Count a block of `parsers.read_text_blocks` and add its new hands to the
        pending rows: as `_take_hand` does one by one, the first of a hand id wins (the
        store's, then the earliest in this run, this block included). Returns the line
        its last hand starts at, when known."""
        if not len(block):
            return None
        site = counts.site = block.site
        known = self._known(site)
        hand_ids = block.hand_ids()
        if known.isdisjoint(hand_ids) and len(set(hand_ids)) == len(hand_ids):
            known.update(hand_ids)  # the usual case: every hand new
            keep = [True] * len(hand_ids)
        else:
            keep = []
            for hand_id in hand_ids:
                new = hand_id not in known
                if new:
                    known.add(hand_id)
                keep.append(new)
        imported = sum(keep)
        duplicates = len(keep) - imported
        counts.seen += len(keep)
        counts.imported += imported
        counts.duplicates += duplicates
        self.summary.hands_seen += len(keep)
        self.summary.imported += imported
        self.summary.duplicates += duplicates
        if imported:
            self._add_block(block if not duplicates else block.select(keep))
        return block.first_lines()[-1]

    def _add_block(self, block: HandBlock) -> None:
        """Add a block to the pending rows, cut where a batch ends, committing each batch
        it fills."""
        start = 0
        while start < len(block):
            room = max(1, self.batch_size - len(self.pending_rows))
            end = min(len(block), start + room)
            part = block
            if end - start < len(block):
                in_part = np.zeros(len(block), dtype=np.bool_)
                in_part[start:end] = True
                part = block.select(in_part)  # one run of hands: slices, no copy
            self.pending_rows.add_block(part)
            start = end
            if len(self.pending_rows) >= self.batch_size:
                self._commit()

    def _known(self, site: str) -> set[str]:
        """The hand ids of `site` in the store or taken in this run."""
        known = self.known.get(site)
        if known is None:
            known = self.known[site] = self.store.known_hand_keys(site)
        return known

    def _fail_file(self, path: Path, reason: str, kind: str) -> None:
        self.summary.files_failed += 1
        self._record_error(
            ErrorRecord(str(path), None, None, None, None, reason, kind, self.imported_at)
        )

    def _fail(
        self, error: HandHistoryError, path: Path | None, *, whole_file: bool = False
    ) -> None:
        """Record a hand that could not be read (`whole_file`: a file that could not be
        read as a hand history, which is no hand)."""
        if whole_file:
            self.summary.files_failed += 1
        else:
            self.summary.failed += 1
        file = error.file or (str(path) if path else None)
        record = ErrorRecord(
            file,
            error.site,
            error.hand_id,
            error.line_number,
            error.line,
            error.reason,
            type(error).__name__,
            self.imported_at,
        )
        self._record_error(record)

    def _record_error(self, record: ErrorRecord) -> None:
        if len(self.summary.errors) < MAX_REPORTED_ERRORS:
            self.summary.errors.append(record)
        key = (record.file, record.hand_id, record.line_number, record.reason)
        if key not in self.recorded_errors:
            self.recorded_errors.add(key)
            self.pending_errors.append(record)
        if self.strict:
            raise _StrictStopError

    def _commit(self) -> None:
        with self.store.transaction() as batch:
            batch.write_hand_rows(self.pending_rows)
            batch.write_errors(self.pending_errors)
            batch.write_files(self.pending_files)
        self.pending_rows.clear()  # not a new batch: `_parse`'s reader adds to this one
        self.pending_errors.clear()
        self.pending_files.clear()
        gc.collect(0)

    def _report(self, current_file: str | None, within_file: float = 0.0) -> None:
        if self.progress is None:
            return
        self.progress(
            ImportProgress(
                files_done=self.files_done,
                files_total=len(self.files),
                bytes_done=self.bytes_done + int(within_file),
                bytes_total=self.bytes_total,
                hands_seen=self.summary.hands_seen,
                imported=self.summary.imported,
                current_file=current_file,
            )
        )


@dataclass(slots=True)
class _FileCounts:
    site: str | None = None
    seen: int = 0
    imported: int = 0
    skipped: int = 0
    failed: int = 0
    duplicates: int = 0

    def record(self, base: FileRecord) -> FileRecord:
        return replace(
            base,
            site=self.site,
            hands_seen=self.seen,
            hands_imported=self.imported,
            hands_skipped=self.skipped,
            hands_failed=self.failed,
            hands_duplicate=self.duplicates,
        )


def _bytes_to_read(previous: FileRecord | None, size: int) -> int:
    """The bytes of a file of `size` bytes an import reads, as far as its last record
    tells: those after where its last import ended, or all of them."""
    if previous is not None and previous.resume_offset is not None and size >= previous.size:
        return size - previous.resume_offset
    return size


def _size_or_zero(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def describe_summary(summary: ImportSummary, data_dir: Path, *, errors_shown: int = 5) -> str:
    """The summary as a few lines of text, with the first `errors_shown` failures."""
    lines = [
        f"{summary.files:,} file{'' if summary.files == 1 else 's'} "
        f"({summary.unchanged_files:,} unchanged, not read again) "
        f"into {data_dir}",
        f"hands seen {summary.hands_seen:,}, imported {summary.imported:,}, "
        f"duplicates {summary.duplicates:,}, skipped (games not covered) {summary.skipped:,}, "
        f"failed {summary.failed:,}",
    ]
    if summary.files_failed:
        lines.append(
            f"files that are not hand histories the tracker reads: {summary.files_failed:,}"
        )
    if summary.has_failures:
        shown = summary.errors[:errors_shown]
        failures = summary.failed + summary.files_failed
        lines.append(f"first failures ({len(shown)} of {failures:,}; all in parse_errors):")
        lines.extend(f"  {describe_error(error)}" for error in shown)
    if summary.stopped_early:
        lines.append("stopped at the first failure (--strict)")
    if summary.audit_counts is not None:
        verdicts = ", ".join(
            f"{status} {count:,}" for status, count in summary.audit_counts.items()
        )
        lines.append(f"audited {sum(summary.audit_counts.values()):,} hands: {verdicts}")
    if summary.compacted_files:
        lines.append(f"compacted: {summary.compacted_files:,} small files merged away")
    return "\n".join(lines)


def describe_error(error: ErrorRecord) -> str:
    """One line: where (file, hand, line) and why."""
    where = [part for part in (error.file, error.hand_id and f"hand {error.hand_id}") if part]
    if error.line_number is not None:
        where.append(f"line {error.line_number}")
    text = f"{', '.join(where)}: {error.reason}" if where else error.reason
    if error.line is not None:
        text += f": {error.line.strip()!r}"
    return text
