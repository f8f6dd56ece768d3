"""Reading the pieces of hand-history files, here or in worker processes.

`read_piece` reads one piece (`tracker.import_pieces`) into what the importer takes: the
piece's hands as `HandBlock`s of the store's tables, and the errors of the hands it could
not read, in file order, line numbers those of the file. `PieceReaders` reads many
pieces, in this process (`jobs` 1) or in `jobs` worker processes, and hands the results
back in the order of the pieces, so that the importer takes the same hands in the same
order (the dataset is the same) whatever the number of processes. Only the importer's
process writes the store: a worker that dies loses no more than pieces not yet written,
and stops the import (`tracker.worker_processes.WorkerStoppedError`).
"""

from __future__ import annotations

import gc
import multiprocessing
import traceback
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final, Generic, TypeVar

import pyarrow as pa
import pyarrow.compute as pc

import parsers
from tracker.allocator import hold_freed_memory
from tracker.arrow_arrays import arrow_array
from tracker.errors import HandHistoryError
from tracker.hand_block import HandBlock
from tracker.hand_rows import HandRows
from tracker.worker_processes import Worker, next_message, start_worker

Step = TypeVar("Step")


@dataclass(frozen=True, slots=True)
class PieceTask:
    """A piece to read: its bytes, its file's name and the file line it starts at."""

    file: str
    data: bytes | memoryview
    first_line: int = 1


@dataclass(slots=True)
class PieceResult:
    """A piece read.

    Attributes:
        items: its hands, in file order: blocks of hands read, and the error of each
            hand not read (an `UnsupportedGameError` for a game not covered).
        file_error: why no hand of it could be read at all (an `UnknownSiteError`: no
            site knows it), else None.
    """

    items: list[HandBlock | HandHistoryError] = field(default_factory=list)
    file_error: HandHistoryError | None = None


def read_piece(task: PieceTask) -> PieceResult:
    """Read the hands of a piece (see the module docstring)."""
    result = PieceResult()
    rows = HandRows()
    runs: list[tuple[int, int, int]] = []  # (place in the items, first hand, end) in `rows`
    try:
        text = parsers.decode(task.data)
        for item in parsers.read_text_blocks(text, rows, file=task.file):
            if item is None:  # one hand, in `rows`
                continue
            _add_run(result, rows, runs)
            result.items.append(item)
        _add_run(result, rows, runs)
    except HandHistoryError as error:  # UnknownSiteError: no parser knows the text
        result.file_error = error
    _fill_runs(result, rows, runs)
    result.items = _joined_blocks(result.items)
    if task.first_line > 1:
        result.items = [_moved(item, task.first_line - 1) for item in result.items]
    return result


def _add_run(result: PieceResult, rows: HandRows, runs: list[tuple[int, int, int]]) -> None:
    """Keep a place in the items for the hands read one by one since the last item."""
    start = runs[-1][2] if runs else 0
    if len(rows.hands) > start:
        runs.append((len(result.items), start, len(rows.hands)))
        result.items.append(_PLACE_HELD)


def _fill_runs(result: PieceResult, rows: HandRows, runs: list[tuple[int, int, int]]) -> None:
    """Put the hands read one by one in their places, as blocks: all of them made into
    one block at once (one block a run would cost a conversion each, many when the
    column-wise reader leaves a hand here and there), then cut, when one site read
    them all."""
    if not runs:
        return
    if any(site != rows.sites[0] for site in rows.sites):
        for place, start, stop in runs:
            part = rows.between(start, stop)
            result.items[place] = HandBlock.from_rows(part.sites[0], part)
        return
    blocks = HandBlock.from_rows(rows.sites[0], rows).cut([run[1:] for run in runs])
    for (place, _, _), block in zip(runs, blocks, strict=True):
        result.items[place] = block


def _joined_blocks(items: list[HandBlock | HandHistoryError]) -> list[HandBlock | HandHistoryError]:
    """`items` with the small blocks of one site in a row joined, up to `_JOINED_HANDS`
    hands a block: each item costs the importer a step of its own, and a block is
    where the import's progress moves."""
    joined: list[HandBlock | HandHistoryError] = []
    run: list[HandBlock] = []
    for item in items:
        full = bool(run) and (
            not isinstance(item, HandBlock)
            or item.site != run[0].site
            or sum(map(len, run)) + len(item) > _JOINED_HANDS
        )
        if full:
            joined.append(HandBlock.joined(run))
            run = []
        if isinstance(item, HandBlock):
            run.append(item)
        else:
            joined.append(item)
    if run:
        joined.append(HandBlock.joined(run))
    return joined


_JOINED_HANDS: Final = 1_000


def _moved(item: HandBlock | HandHistoryError, lines: int) -> HandBlock | HandHistoryError:
    """`item` with its line numbers `lines` further down the file."""
    if isinstance(item, HandHistoryError):
        if item.line_number is None:
            return item
        return type(item)(item.reason, site=item.site, file=item.file, hand_id=item.hand_id,
                          line_number=item.line_number + lines, line=item.line)  # fmt: skip
    hands = item.tables["hands"]
    place = hands.schema.get_field_index("first_line")
    column = hands.column(place)
    moved = pc.add(column, arrow_array([lines], column.type)[0])  # (`pa.scalar` loads pandas)
    tables = {**item.tables, "hands": hands.set_column(place, hands.schema.field(place), moved)}
    return HandBlock(item.site, tables, item.counts)


_PLACE_HELD: Final = HandHistoryError("a place held for hands read one by one")


class PieceReaders(Generic[Step]):
    """Pieces read in this process (`jobs` 1) or in `jobs` worker processes (spawned
    from a fork server where the system has one: a clean process, cheap to start),
    their results in the order of the pieces.

    Use as a context manager (the workers stop at its end, killed on an error), and
    `read_in_order` the steps.
    """

    def __init__(self, jobs: int) -> None:
        self.jobs = max(1, jobs)
        self.workers: list[Worker] = []
        self.tasks: Any = None

    def __enter__(self) -> PieceReaders[Step]:
        if self.jobs > 1:
            self._start()
        return self

    def __exit__(self, *exception: object) -> None:
        if not self.workers:
            return
        if exception[0] is not None:
            # pieces still in the pipe to the workers must not keep this process waiting
            self.tasks.cancel_join_thread()
        for _ in self.workers:
            self.tasks.put(None)
        for worker in self.workers:
            if exception[0] is None:
                worker.process.join(timeout=5)
            if worker.process.is_alive():
                worker.process.terminate()
            worker.process.join()

    def read_in_order(
        self, steps: Iterable[tuple[Step, PieceTask | None]]
    ) -> Iterator[tuple[Step, PieceResult | None]]:
        """Each step with its piece's result (None for a step without a piece), in the
        order of `steps`; the pieces of the steps to come are read meanwhile, a few
        ahead (memory holds no more than a few pieces).

        Raises:
            WorkerStoppedError: a worker died.
            RuntimeError: a worker failed (a bug): its traceback.
        """
        if not self.workers:
            for step, task in steps:
                yield step, None if task is None else read_piece(task)
            return
        waiting: deque[tuple[Step, int | None]] = deque()
        done: dict[int, PieceResult] = {}
        sent = received = 0
        for step, task in steps:
            number = None
            if task is not None:
                number, sent = sent, sent + 1
                self.tasks.put((number, task))
            waiting.append((step, number))
            while sent - received > self.jobs:  # enough read ahead
                received += self._receive(done)
            yield from _ready(waiting, done)
        while waiting:
            if waiting[0][1] is not None and waiting[0][1] not in done:
                received += self._receive(done)
            yield from _ready(waiting, done)

    def _receive(self, done: dict[int, PieceResult]) -> int:
        number, result = next_message(self.workers, "the import workers")
        if isinstance(result, str):
            raise RuntimeError(f"an import worker failed:\n{result}")
        done[number] = result
        return 1

    def _start(self) -> None:
        methods = multiprocessing.get_all_start_methods()
        context: Any = multiprocessing.get_context(
            "forkserver" if "forkserver" in methods else "spawn"
        )
        if "forkserver" in methods:
            context.set_forkserver_preload([__name__])
        self.tasks = context.Queue()
        self.workers = [start_worker(context, _work, (self.tasks,)) for _ in range(self.jobs)]


def _ready(
    waiting: deque[tuple[Step, int | None]], done: dict[int, PieceResult]
) -> Iterator[tuple[Step, PieceResult | None]]:
    """The steps at the head of `waiting` whose pieces are read (or that have none)."""
    while waiting and (waiting[0][1] is None or waiting[0][1] in done):
        step, number = waiting.popleft()
        yield step, None if number is None else done.pop(number)


def _work(tasks: Any, results: Any) -> None:
    """A worker process: read pieces from `tasks` until a stop sign (None), each result
    to `results` (its pipe) with the piece's number; a failure's traceback instead of a
    result."""
    hold_freed_memory()
    gc.disable()  # as in the importer: cycles are collected after each piece
    pa.set_cpu_count(1)  # the processes already share the cores
    while (job := tasks.get()) is not None:
        number, task = job
        try:
            results.send((number, read_piece(task)))
        except BaseException:
            results.send((number, traceback.format_exc()))
            raise
        del job, task
        gc.collect(0)
