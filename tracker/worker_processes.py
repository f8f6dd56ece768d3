"""What the import's and the audit's worker processes share: starting a worker with a
pipe of its own for its messages, and waiting for the next message without waiting
forever for a worker that is gone.

A worker killed (by the system when memory runs out, by a user) sends nothing more, and
may have sent half a message: the process that waits for it must notice, stop with an
error, and write nothing of the work that was lost. Each worker writes to a pipe only it
holds open, so its death ends the pipe (a half-sent message ends in `EOFError` instead
of a wait for the rest, as on a queue shared by the workers, whose write lock a killed
worker may also hold forever).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import Any

from tracker.errors import TrackerError

_POLL_SECONDS = 1.0


class WorkerStoppedError(TrackerError, RuntimeError):
    """A worker process stopped before the end of its work (killed, or exited): what it
    was doing is lost, and the run stops."""


@dataclass(slots=True)
class Worker:
    """A worker process and the reading end of the pipe it sends its messages on."""

    process: Any
    messages: Any
    ended: bool = False
    """True once its pipe has ended (the worker exited, or died)."""


def start_worker(context: Any, target: Callable[..., None], args: tuple[Any, ...]) -> Worker:
    """Start `target(*args, messages)` in a worker process of `context` (a
    multiprocessing context), `messages` the writing end of the worker's own pipe."""
    reader, writer = context.Pipe(duplex=False)
    process = context.Process(target=target, args=(*args, writer), daemon=True)
    process.start()
    writer.close()  # the worker alone holds it now: its end ends the pipe
    return Worker(process, reader)


NO_MESSAGE = object()
"""What `next_message` returns, not blocking, when no message is there."""

_NOTHING = object()


def next_message(workers: Sequence[Worker], what: str, *, block: bool = True) -> Any:
    """The next message of any of `workers`, waiting for one (or, with `block` False,
    `NO_MESSAGE` when none is there now).

    Raises:
        WorkerStoppedError: a worker ended with an error status or a signal (or in the
            middle of a message), or every worker ended, before a message came; `what`
            names the workers in the message ("the audit workers").
    """
    while True:
        open_pipes = [worker for worker in workers if not worker.ended]
        if not open_pipes:
            if not block:
                return NO_MESSAGE
            raise WorkerStoppedError(f"{what} stopped before the end")
        ready = wait([worker.messages for worker in open_pipes], _POLL_SECONDS if block else 0)
        for worker in open_pipes:
            if worker.messages in ready:
                message = _received(worker, what)
                if message is not _NOTHING:
                    return message
        if not ready and not block:
            return NO_MESSAGE


def _received(worker: Worker, what: str) -> Any:
    """The worker's next message; `_NOTHING` when its pipe ended after its last whole
    message and it exited well (EOFError; a pipe ended inside a message is an OSError)."""
    try:
        return worker.messages.recv()
    except OSError:  # the pipe ended in the middle of a message
        worker.ended = True
        said = f"{what} stopped before the end, in the middle of a message"
        raise WorkerStoppedError(said) from None
    except EOFError:
        worker.ended = True
        worker.process.join(timeout=5)
        status = worker.process.exitcode
        if status != 0:
            shown = "" if status is None else f" (exit status {status})"
            raise WorkerStoppedError(f"{what} stopped before the end{shown}") from None
        return _NOTHING
