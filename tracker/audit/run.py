"""The audit of a data folder: every imported hand, in (site, month) batches, into the
`audit` and `awards` tables.

Each batch is read through the store into arrays (`tracker.audit.loading`), a piece of
a bounded number of hands at a time (`tracker.audit.pieces`), and audited into its rows
(`tracker.audit.batch_rows`: the vectorised path proves most hands ok at once, the exact
path takes the rest one by one). Large folders are audited by two processes, this one and
a worker, each taking the next batch from one queue; this one also writes what both
found. Hands the import could not read (a cut-off hand, a player with no seat) are listed
too, as unverifiable, with the reason.

Re-running the audit rebuilds both tables in one store transaction (the old files are
removed as the new ones are committed), so a killed audit leaves the previous audit.

    with Store(data_dir) as store:
        summary = run_audit(store)
"""

from __future__ import annotations

import multiprocessing
import os
import tempfile
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from tracker.audit import best_cards
from tracker.audit.batch_rows import BatchAudit, audit_batch
from tracker.audit.betting_rules import BettingStatus
from tracker.audit.conventions import SiteConvention, convention_for
from tracker.audit.loading import TABLES_READ, load_batch, partitions
from tracker.audit.pieces import PIECE_HANDS, partition_pieces
from tracker.audit.verdict import Status
from tracker.engine.batch_tables import omaha_high_tables, omaha_low_table, stud_high_tables
from tracker.errors import NoDataError
from tracker.schema import TABLES
from tracker.store import Store
from tracker.worker_processes import NO_MESSAGE, Worker, next_message, start_worker

NOT_IMPORTED_MONTH = "unknown"
"""The `month` partition of hands the import could not read (their time is unknown)."""


@dataclass(slots=True)
class AuditSummary:
    """What an audit found: hands per verdict, and how many the fast path proved ok."""

    counts: dict[Status, int] = field(default_factory=lambda: dict.fromkeys(Status, 0))
    fast: int = 0

    @property
    def hands(self) -> int:
        """Every hand audited."""
        return sum(self.counts.values())

    @property
    def flagged(self) -> int:
        """Hands `mismatch` or `inconsistent`."""
        return self.counts[Status.MISMATCH] + self.counts[Status.INCONSISTENT]


Conventions = Callable[[str], SiteConvention]

PARALLEL_FROM = 50_000
"""Hands from which `run_audit` audits the batches in two processes by default."""


def run_audit(
    store: Store,
    *,
    conventions: Conventions = convention_for,
    exact: bool = False,
    processes: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    audited_by: BatchAuditor | None = None,
    piece_hands: int = PIECE_HANDS,
) -> AuditSummary:
    """Audit every imported hand of `store` and rebuild its `audit` and `awards` tables.

    Args:
        store: the data folder.
        conventions: the convention of each site (the sites' own by default).
        exact: True to send every hand through the exact path (slow; for checks).
        processes: processes auditing batches at once; None for two when the folder
            holds `PARALLEL_FROM` hands or more and the machine two cores, else one.
            Other conventions than the sites' own are audited in this process only.
        progress: called with the hands audited so far and the hands in all, after
            each batch.
        audited_by: audits the batches elsewhere (`tracker.spark.audit_job`: on a
            cluster's executors) instead of in these processes; the sites' own
            conventions only.
        piece_hands: hands read and audited at most at a time (`tracker.audit.pieces`);
            the rows are the same whatever it is.

    Raises:
        NoDataError: when the folder holds no imported hand and no unreadable one.
    """
    batches = partitions(store)
    hands = sum(count for _, _, count in batches)
    unread = _not_imported(store)
    if not batches and unread.num_rows == 0:
        raise NoDataError(f"no imported hands in {store.root} (run `tracker import` first)")
    if processes is None:
        processes = 2 if hands >= PARALLEL_FROM and (os.cpu_count() or 1) >= 2 else 1
    if conventions is not convention_for:
        processes = 1
    summary = AuditSummary()
    with store.transaction() as transaction:
        transaction.remove_table("audit")
        transaction.remove_table("awards")
        # The largest batches first: the two processes then finish at about the same time.
        by_size = sorted(batches, key=lambda batch: -batch[2])
        jobs = [(str(store.root), site, month, exact) for site, month, _ in by_size]
        if audited_by is None:
            results = _audited(jobs, conventions, processes, piece_hands)
        else:
            results = audited_by(jobs)
        for result in results:
            transaction.write_rows("audit", result.audit)
            transaction.write_rows("awards", result.awards)
            _count(summary, result.audit)
            summary.fast += result.fast
            if progress is not None:
                progress(summary.hands, hands)
        transaction.write_rows("audit", unread)
        _count(summary, unread)
    return summary


_WORKERS = "the audit workers"

_Job = tuple[str, str, str, bool]
"""(data folder, site, month, exact): one batch to audit."""

BatchAuditor = Callable[[list[_Job]], Iterator[BatchAudit]]
"""Audits the batches of `run_audit` given as jobs, yielding each audit (in any order)."""


def _audited(
    jobs: list[_Job], conventions: Conventions, processes: int, piece_hands: int
) -> Iterator[BatchAudit]:
    """The audits of the batches, each as soon as it is done: here, in order, a piece at a
    time; or here and in `processes - 1` worker processes, all taking the next batch from
    one queue."""
    if processes <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield from _audits_here(job, conventions, piece_hands)
        return
    forking = "fork" in multiprocessing.get_all_start_methods()
    if forking:
        _build_lookup_tables()  # once here, not once per worker
    context: Any = multiprocessing.get_context("fork" if forking else "spawn")
    # This process audits batches too, between writing what it and the workers found:
    # with one worker fewer, no third process takes a core from the two that audit.
    queue: Any = context.Queue()
    for job in jobs:
        queue.put(job)
    workers = min(processes - 1, len(jobs) - 1)
    with tempfile.TemporaryDirectory(prefix="hilo-audit-") as folder:
        started = [
            start_worker(context, _work, (queue, folder, piece_hands)) for _ in range(workers)
        ]
        for _ in range(workers + 1):
            queue.put(None)  # one stop sign per process, after every job
        threads = pa.cpu_count()
        pa.set_cpu_count(1)  # here too: the processes already share the cores
        try:
            yield from _audit_and_collect(queue, conventions, len(jobs), started, piece_hands)
        finally:
            pa.set_cpu_count(threads)
            for worker in started:
                worker.process.join(timeout=5)
                if worker.process.is_alive():
                    worker.process.terminate()


def _audit_and_collect(
    queue: Any, conventions: Conventions, jobs: int, workers: list[Worker], piece_hands: int
) -> Iterator[BatchAudit]:
    """Take batches from `queue` and audit them here until a stop sign comes (every batch
    is taken), handing on the workers' audits as they come; then wait for the rest."""
    done = 0
    while True:
        job = queue.get()
        if job is None:  # every batch is taken
            break
        yield from _audits_here(job, conventions, piece_hands)
        done += 1
        while (message := next_message(workers, _WORKERS, block=False)) is not NO_MESSAGE:
            yield _received(message)
            done += 1
    while done < jobs:
        yield _received(next_message(workers, _WORKERS))
        done += 1


def _audits_here(job: _Job, conventions: Conventions, piece_hands: int) -> Iterator[BatchAudit]:
    """The audit of one batch, a piece at a time (each piece read, audited and handed on
    before the next is read)."""
    root, site, month, exact = job
    store = Store(root)
    for piece in partition_pieces(store, site, month, TABLES_READ, piece_hands):
        batch = load_batch(store, site, month, files=piece.files)
        yield audit_batch(batch, conventions(site), exact=exact)


def _received(message: tuple[str, str, int] | str) -> BatchAudit:
    """A worker's audit, from the files it wrote; a worker's error raised here."""
    if isinstance(message, str):
        raise RuntimeError(f"an audit worker failed:\n{message}")
    audit_file, awards_file, fast = message
    return BatchAudit(audit=_taken(audit_file), awards=_taken(awards_file), fast=fast)


def _work(queue: Any, folder: str, piece_hands: int, results: Any) -> None:
    """A worker process: audit batches from `queue` until a stop sign; each audit's rows
    go to two Arrow files in `folder` (a batch's 14 MB of rows through a pipe kept the
    worker waiting for the busy writer to read them), their names to `results` (its
    pipe)."""
    pa.set_cpu_count(1)  # the processes already share the cores
    while (job := queue.get()) is not None:
        try:
            results.send(_audit_job((*job, folder), piece_hands))
        except BaseException:
            results.send(traceback.format_exc())
            raise


def _build_lookup_tables() -> None:
    """Have the engine build its lookup tables (built on first use, about a tenth of a
    second together), and the names of ranks, so that forked workers share them."""
    omaha_high_tables()
    omaha_low_table()
    stud_high_tables()
    best_cards.high_names()
    best_cards.low_names()


def _audit_job(
    job: tuple[str, str, str, bool, str], piece_hands: int = PIECE_HANDS
) -> tuple[str, str, int]:
    """One batch audited in a worker process, a piece at a time: its `audit` and `awards`
    rows written to two Arrow files in the folder given, piece after piece, and how many
    hands the fast path proved ok."""
    root, site, month, exact, folder = job
    paths = [os.path.join(folder, f"{name}-{site}-{month}.arrow") for name in TABLE_FILES]
    schemas = [TABLES[name].full_schema for name in TABLE_FILES]
    fast = 0
    with (
        pa.OSFile(paths[0], "wb") as audit_sink,
        pa.ipc.new_file(audit_sink, schemas[0]) as audit_rows,
        pa.OSFile(paths[1], "wb") as awards_sink,
        pa.ipc.new_file(awards_sink, schemas[1]) as award_rows,
    ):
        for result in _audits_here((root, site, month, exact), convention_for, piece_hands):
            audit_rows.write_table(result.audit)
            award_rows.write_table(result.awards)
            fast += result.fast
    return paths[0], paths[1], fast


TABLE_FILES = ("audit", "awards")
"""The tables whose rows a worker hands on, in files (in this order)."""


def _taken(path: str) -> pa.Table:
    """The rows of an Arrow file a worker wrote, mapped from the file (not copied into
    memory); the file is then removed (the mapping stays until the rows are let go)."""
    table = pa.ipc.open_file(pa.memory_map(path)).read_all()
    os.remove(path)
    return table


def _count(summary: AuditSummary, audit: pa.Table) -> None:
    counted = pc.value_counts(audit.column("status"))
    values, counts = counted.field("values").to_pylist(), counted.field("counts").to_pylist()
    for status, count in zip(values, counts, strict=True):
        summary.counts[Status(str(status))] += int(count or 0)


# ---- hands the import could not read ---------------------------------------------------


def _not_imported(store: Store) -> pa.Table:
    """`unverifiable` rows for hands the import could not read and never imported since,
    once each, with the first reason recorded."""
    errors = store.read("parse_errors", ["site", "hand_id", "reason", "kind", "imported_at"])
    errors = errors.sort_by(
        [("site", "ascending"), ("hand_id", "ascending"), ("imported_at", "ascending")]
    )
    imported: dict[str, set[str]] = {}
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for row in errors.to_pylist():
        if row["hand_id"] is None or row["site"] is None or row["kind"] == "UnsupportedGameError":
            continue  # a whole file, or a game the tracker does not cover
        site, hand_id = str(row["site"]), str(row["hand_id"])
        if site not in imported:
            imported[site] = store.known_hand_keys(site)
        if hand_id in imported[site] or (site, hand_id) in rows:
            continue
        rows[site, hand_id] = {
            "hand_id": hand_id,
            "game": None,
            "started_at": None,
            "status": Status.UNVERIFIABLE.value,
            "reason": f"not imported: {row['reason']}",
            "players": [],
            "betting": BettingStatus.UNKNOWN.value,
            "betting_reason": "not imported",
            "betting_errors": [],
            "site": site,
            "month": NOT_IMPORTED_MONTH,
        }
    return pa.Table.from_pylist(list(rows.values()), schema=TABLES["audit"].full_schema)
