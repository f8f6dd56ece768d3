"""A worker that dies, even in the middle of a message, stops the run with an error
instead of leaving it waiting for the rest."""

from __future__ import annotations

import multiprocessing
import os
import signal
import struct
from typing import Any

import pytest

from tracker.worker_processes import NO_MESSAGE, WorkerStoppedError, next_message, start_worker

FORK: Any = multiprocessing.get_context("fork")


def _two_messages(messages: Any) -> None:
    messages.send("one")
    messages.send("two")


def _half_a_message_then_exit(messages: Any) -> None:
    # the length of a 1,000-byte message, and 10 bytes of it
    os.write(messages.fileno(), struct.pack("!i", 1000) + b"x" * 10)
    os._exit(0)


def _half_a_message_then_killed(messages: Any) -> None:
    os.write(messages.fileno(), struct.pack("!i", 1000) + b"x" * 10)
    os.kill(os.getpid(), signal.SIGKILL)


def _killed_before_a_message(messages: Any) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def test_every_message_then_the_end() -> None:
    worker = start_worker(FORK, _two_messages, ())
    assert [next_message([worker], "the workers") for _ in range(2)] == ["one", "two"]
    worker.process.join()
    assert next_message([worker], "the workers", block=False) is NO_MESSAGE
    with pytest.raises(WorkerStoppedError, match="the workers stopped before the end"):
        next_message([worker], "the workers")


@pytest.mark.parametrize(
    ("target", "said"),
    [
        (_half_a_message_then_exit, "in the middle of a message"),
        (_half_a_message_then_killed, "in the middle of a message"),
        (_killed_before_a_message, r"before the end \(exit status -9\)"),
    ],
)
def test_a_worker_that_dies_is_an_error(target: Any, said: str) -> None:
    worker = start_worker(FORK, target, ())
    with pytest.raises(WorkerStoppedError, match=said):
        next_message([worker], "the workers")
