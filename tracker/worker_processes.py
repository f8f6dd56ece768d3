"""What the import's and the audit's worker processes share: waiting for a worker's next
message without waiting forever for a worker that is gone.

A worker killed (by the system when memory runs out, by a user) sends nothing more: the
process that waits for it must notice, stop with an error, and write nothing of the
work that was lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from queue import Empty
from typing import Any

from tracker.errors import TrackerError

_POLL_SECONDS = 1.0


class WorkerStoppedError(TrackerError, RuntimeError):
    """A worker process stopped before the end of its work (killed, or exited): what it
    was doing is lost, and the run stops."""


def next_message(results: Any, workers: Sequence[Any], what: str) -> Any:
    """The next message on `results` (a multiprocessing queue), waiting for it.

    Raises:
        WorkerStoppedError: a worker of `workers` (multiprocessing processes) ended with
            an error status or a signal, or every worker ended, before the message came;
            `what` names the workers in the message ("the audit workers").
    """
    while True:
        try:
            return results.get(timeout=_POLL_SECONDS)
        except Empty:
            failed = [worker.exitcode for worker in workers if worker.exitcode not in (None, 0)]
            if failed or (not any(worker.is_alive() for worker in workers) and results.empty()):
                status = f" (exit status {failed[0]})" if failed else ""
                raise WorkerStoppedError(f"{what} stopped before the end{status}") from None
