"""The audit of a data folder: every imported hand, in (site, month) batches, into the
`audit` and `awards` tables.

Each batch is read through the store into arrays (`tracker.audit.loading`) and audited
into its rows (`tracker.audit.batch_rows`: the vectorised path proves most hands ok at
once, the exact path takes the rest one by one). Large folders are audited by
two processes, this one and a worker, each taking the next batch from one queue; this
one also writes what both found. Hands the import could not read (a cut-off hand, a
player with no seat) are listed too, as unverifiable, with the reason.

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
from queue import Empty
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from tracker.audit import best_cards
from tracker.audit.batch_rows import BatchAudit, audit_batch
from tracker.audit.betting_rules import BettingStatus
from tracker.audit.conventions import SiteConvention, convention_for
from tracker.audit.loading import load_batch, partitions
from tracker.audit.verdict import Status
from tracker.engine.batch_tables import omaha_high_tables, omaha_low_table, stud_high_tables
from tracker.errors import NoDataError
from tracker.schema import TABLES
from tracker.store import Store

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
        for result in _audited(jobs, conventions, processes):
            transaction.write_rows("audit", result.audit)
            transaction.write_rows("awards", result.awards)
            _count(summary, result.audit)
            summary.fast += result.fast
            if progress is not None:
                progress(summary.hands, hands)
        transaction.write_rows("audit", unread)
        _count(summary, unread)
    return summary


_Job = tuple[str, str, str, bool]
"""(data folder, site, month, exact): one batch to audit."""


def _audited(jobs: list[_Job], conventions: Conventions, processes: int) -> Iterator[BatchAudit]:
    """The audits of the batches, each as soon as it is done: here, in order; or here and
    in `processes - 1` worker processes, all taking the next batch from one queue."""
    if processes <= 1 or len(jobs) <= 1:
        for root, site, month, exact in jobs:
            yield _audit_here((root, site, month, exact), conventions)
        return
    forking = "fork" in multiprocessing.get_all_start_methods()
    if forking:
        _build_lookup_tables()  # once here, not once per worker
    context: Any = multiprocessing.get_context("fork" if forking else "spawn")
    # This process audits batches too, between writing what it and the workers found:
    # with one worker fewer, no third process takes a core from the two that audit.
    queue: Any = context.Queue()
    results: Any = context.Queue()
    for job in jobs:
        queue.put(job)
    workers = min(processes - 1, len(jobs) - 1)
    with tempfile.TemporaryDirectory(prefix="hilo-audit-") as folder:
        started = [
            context.Process(target=_work, args=(queue, results, folder), daemon=True)
            for _ in range(workers)
        ]
        for worker in started:
            worker.start()
        for _ in range(workers + 1):
            queue.put(None)  # one stop sign per process, after every job
        threads = pa.cpu_count()
        pa.set_cpu_count(1)  # here too: the processes already share the cores
        try:
            yield from _audit_and_collect(queue, results, conventions, len(jobs), started)
        finally:
            pa.set_cpu_count(threads)
            for worker in started:
                worker.join(timeout=5)
                if worker.is_alive():
                    worker.terminate()


def _audit_and_collect(
    queue: Any, results: Any, conventions: Conventions, jobs: int, workers: list[Any]
) -> Iterator[BatchAudit]:
    """Take batches from `queue` and audit them here until a stop sign comes (every batch
    is taken), handing on the workers' audits as they come; then wait for the rest."""
    done = 0
    while True:
        job = queue.get()
        if job is None:  # every batch is taken
            break
        yield _audit_here(job, conventions)
        done += 1
        while not results.empty():
            yield _received(results.get())
            done += 1
    while done < jobs:
        yield _received(_next_result(results, workers))
        done += 1


def _next_result(results: Any, workers: list[Any]) -> tuple[str, str, int] | str:
    """The next message of a worker, waiting for it; an error if every worker is gone
    without sending it (killed, say)."""
    while True:
        try:
            message: tuple[str, str, int] | str = results.get(timeout=1.0)
        except Empty:
            if not any(worker.is_alive() for worker in workers) and results.empty():
                raise RuntimeError("the audit workers stopped before the end") from None
        else:
            return message


def _audit_here(job: _Job, conventions: Conventions) -> BatchAudit:
    root, site, month, exact = job
    return audit_batch(load_batch(Store(root), site, month), conventions(site), exact=exact)


def _received(message: tuple[str, str, int] | str) -> BatchAudit:
    """A worker's audit, from the files it wrote; a worker's error raised here."""
    if isinstance(message, str):
        raise RuntimeError(f"an audit worker failed:\n{message}")
    audit_file, awards_file, fast = message
    return BatchAudit(audit=_taken(audit_file), awards=_taken(awards_file), fast=fast)


def _work(queue: Any, results: Any, folder: str) -> None:
    """A worker process: audit batches from `queue` until a stop sign; each audit's rows
    go to two Arrow files in `folder` (a batch's 14 MB of rows through a pipe kept the
    worker waiting for the busy writer to read them), their names to `results`."""
    pa.set_cpu_count(1)  # the processes already share the cores
    while (job := queue.get()) is not None:
        try:
            results.put(_audit_job((*job, folder)))
        except BaseException:
            results.put(traceback.format_exc())
            raise


def _build_lookup_tables() -> None:
    """Have the engine build its lookup tables (built on first use, about a tenth of a
    second together), and the names of ranks, so that forked workers share them."""
    omaha_high_tables()
    omaha_low_table()
    stud_high_tables()
    best_cards.high_names()
    best_cards.low_names()


def _audit_job(job: tuple[str, str, str, bool, str]) -> tuple[str, str, int]:
    """One batch audited in a worker process: its `audit` and `awards` rows written to
    two Arrow files in the folder given, and how many hands the fast path proved ok."""
    root, site, month, exact, folder = job
    result = _audit_here((root, site, month, exact), convention_for)
    paths = []
    for name, table in (("audit", result.audit), ("awards", result.awards)):
        path = os.path.join(folder, f"{name}-{site}-{month}.arrow")
        with pa.OSFile(path, "wb") as sink, pa.ipc.new_file(sink, table.schema) as writer:
            writer.write_table(table)
        paths.append(path)
    return paths[0], paths[1], result.fast


def _taken(path: str) -> pa.Table:
    """The rows of an Arrow file a worker wrote, read whole; the file is then removed."""
    with pa.OSFile(path, "rb") as source:
        table = pa.ipc.open_file(source).read_all()
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
