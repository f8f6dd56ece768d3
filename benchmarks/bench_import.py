"""Time `tracker import` on a large PokerStars file against a bare reading loop.

Builds one big file from the real PokerStars hi/lo hands (every hand of the shared
omaha-hilo, 5card-omaha-hilo, courchevel-hilo and stud-hilo files, repeated with new hand
ids), or with `--simulated` from `tracker simulate` (6-handed, `--game`, pot-limit Omaha
hi/lo by default), then, several times, from a cold start (a new process, an empty data
folder):

- `tracker import FILE --data DIR --format json`, the installed command;
- the baseline: one Python loop reading the same file and applying one simple regular
  expression to every line.

It prints the medians: wall time, the CPU time (user + system: steadier than the wall
time on a shared machine) of the child and every process it starts (the import's
workers), hands/s by each, MB/s, the import/baseline ratio, and the peak memory of the
whole import: the sum over its processes, sampled every 20 ms from /proc, of their RSS
(shared pages counted in every process) and of their PSS (shared pages split between the
processes sharing them). `--jobs N` is passed to `tracker import`; given several times,
each setting is timed in turn in the same run, beside the same baseline. The children
run as on a user's machine: Python writes its bytecode cache (an inherited
PYTHONDONTWRITEBYTECODE is dropped) and one untimed import runs first, so the timed ones
load the cached bytecode instead of compiling the tracker's modules (0.05 s) every time.
`--breakdown` then times the parts, each alone in a new process: the fixed cost
(importing a one-hand file), the reader as the importer runs it
(`parsers.read_text_blocks`: most hands read column-wise into blocks of the store's
tables, the others into the store's rows, in batches), the store
(`Transaction.write_hand_rows` of those batches, as the importer writes them), and, for
reference, the line-by-line reader alone (`parsers.read_text_into`, every hand into rows)
and the parser building a Hand per hand (`parsers.parse_file`); the importer uses
neither on hands the column-wise reader takes. `--site NAME` builds the file from every
hand of that registered site's shared files instead (every file under ../shared/histories
detected as the site's by its content, each hand its parser reads, repeated with new hand
ids: digits added to the id's last run of digits, wherever the hand writes it). Usage:

    .venv/bin/python benchmarks/bench_import.py [--hands 20000] [--repeat 5]
        [--simulated [--game stud-hilo] | --site winamax] [--breakdown] [--jobs 1 --jobs 2]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HISTORIES = ROOT.parent / "shared" / "histories" / "PokerStars"
HILO_FOLDERS = ("omaha-hilo", "5card-omaha-hilo", "courchevel-hilo", "stud-hilo")
HEADER = re.compile(r"^(?:\ufeff)?(PokerStars (?:Hand|Game|Zoom Hand) #)(\d+)", re.MULTILINE)
TRACKER = Path(sys.executable).with_name("tracker")
CHILD_ENVIRONMENT = {
    name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"
}

BASELINE = r"""
import re, sys
pattern = re.compile(r"^(\w+): (bets|calls|raises|posts) \$?([\d.,]+)")
matches = 0
with open(sys.argv[1], encoding="utf-8") as stream:
    for line in stream:
        if pattern.match(line):
            matches += 1
print(matches)
"""

# All with the cyclic garbage collector off, as the importer runs. The reader's batches
# are emptied as the importer's are after each commit.
READ_ONLY = r"""
import gc, sys, time
import parsers
from tracker.allocator import hold_freed_memory
from tracker.hand_block import HandBatch, HandBlock
from tracker.importer import DEFAULT_BATCH_SIZE
gc.disable()
hold_freed_memory()
start = time.perf_counter(), time.process_time()
text = parsers.decode(open(sys.argv[1], "rb").read())
rows, items = HandBatch(), 0
for item in parsers.read_text_blocks(text, rows, file=sys.argv[1]):
    items += len(item) if isinstance(item, HandBlock) else 1
    if isinstance(item, HandBlock):
        rows.add_block(item)
    if len(rows) >= DEFAULT_BATCH_SIZE:
        rows.clear()
print(time.perf_counter() - start[0], time.process_time() - start[1], items)
"""

LINE_BY_LINE = r"""
import gc, sys, time
import parsers
from tracker.hand_rows import HandRows
from tracker.importer import DEFAULT_BATCH_SIZE
gc.disable()
start = time.perf_counter(), time.process_time()
text = parsers.decode(open(sys.argv[1], "rb").read())
rows, items = HandRows(), 0
for _ in parsers.read_text_into(text, rows, file=sys.argv[1]):
    items += 1
    if len(rows) >= DEFAULT_BATCH_SIZE:
        rows.clear()
print(time.perf_counter() - start[0], time.process_time() - start[1], items)
"""

STORE_ONLY = r"""
import gc, sys, time
import parsers
from tracker.allocator import hold_freed_memory
from tracker.hand_block import HandBatch, HandBlock
from tracker.importer import DEFAULT_BATCH_SIZE
from tracker.store import Store
gc.disable()
hold_freed_memory()
text = parsers.decode(open(sys.argv[1], "rb").read())
batches = [HandBatch()]
for item in parsers.read_text_blocks(text, batches[-1], file=sys.argv[1]):
    if isinstance(item, HandBlock):
        batches[-1].add_block(item)
    if len(batches[-1]) >= DEFAULT_BATCH_SIZE:
        batches.append(HandBatch())
start = time.perf_counter(), time.process_time()
with Store(sys.argv[2]) as store:
    for rows in batches:
        with store.transaction() as batch:
            batch.write_hand_rows(rows)
print(time.perf_counter() - start[0], time.process_time() - start[1], sum(map(len, batches)))
"""

PARSE_TO_HANDS = r"""
import gc, sys, time
import parsers
gc.disable()
start = time.perf_counter(), time.process_time()
items = list(parsers.parse_file(sys.argv[1]))
print(time.perf_counter() - start[0], time.process_time() - start[1], len(items))
"""


@dataclass(frozen=True)
class Run:
    """One timed child process."""

    seconds: float
    cpu_seconds: float
    peak_memory_mb: float
    output: str
    peak_pss_mb: float = 0.0


def sample_hands() -> list[str]:
    """The text of every hand in the shared PokerStars hi/lo files."""
    hands: list[str] = []
    for folder in HILO_FOLDERS:
        for path in sorted((HISTORIES / folder).glob("*.txt")):
            text = path.read_bytes().decode("utf-8-sig", errors="replace").replace("\r\n", "\n")
            starts = [match.start() for match in HEADER.finditer(text)]
            for begin, end in zip(starts, [*starts[1:], len(text)], strict=True):
                hands.append(text[begin:end].strip() + "\n")
    return hands


_XML_REPEATS = 100
"""How many times in a row an XML site's sample file must read whole to be a sample."""


def site_hands(site: str) -> list[tuple[str, list[str]]]:
    """Every hand the site's parser reads in its shared files: (text, hand ids). A text
    site's sample is one hand; an XML site's is a whole file (a hand there may need the
    elements around it: iPoker's session, Merge's description), with the ids of the
    hands read in it."""
    sys.path.insert(0, str(ROOT))
    import parsers
    from parsers._base.xml import XmlSite
    from parsers.registry import site_parser
    from tracker.errors import HandHistoryError
    from tracker.importer import find_history_files
    from tracker.model import Hand

    parser = site_parser(site)
    if parser is None:
        raise SystemExit(f"no registered site {site!r}")
    samples: list[tuple[str, list[str]]] = []
    for path in find_history_files([HISTORIES.parent]):
        text = parsers.decode(path.read_bytes())
        try:  # the site's files are those detected as its own, by their content
            if parsers.detect_site(text) is not parser:
                continue
        except HandHistoryError:  # not a hand history of any site
            continue
        read: list[tuple[str, str]] = []
        for hand_text in parser.split_hands(text):
            try:
                hand = parser.parse_hand(hand_text, str(path))
            except Exception:  # not read: not a sample
                continue
            if isinstance(hand, Hand):
                read.append(("\n".join(hand_text.lines) + "\n", hand.hand_id))
        if isinstance(parser, XmlSite):
            # a file whose elements are left open (an iPoker archive export) cannot be
            # written again and again in a row (the XML reader refuses such depths): out
            try:
                again = parsers.parse_text("\n".join([text] * _XML_REPEATS), file=str(path))
                hands_again = sum(isinstance(item, Hand) for item in again)
            except Exception:  # refused whole
                hands_again = 0
            if read and hands_again == _XML_REPEATS * len(read):
                samples.append((text, [hand_id for _, hand_id in read]))
        else:
            samples.extend((hand, [hand_id]) for hand, hand_id in read)
    return samples


def build_site_file(path: Path, count: int, site: str) -> int:
    """Write `count` hands of `site` (its samples, repeated, renumbered; an XML site's
    whole files, until they hold `count` hands read or a file more)."""
    samples = site_hands(site)
    if not samples:
        raise SystemExit(f"no hand of {site} read under {HISTORIES.parent}")
    written = 0
    with open(path, "w", encoding="utf-8") as stream:
        for number in itertools.count():
            if written >= count:
                break
            text, hand_ids = samples[number % len(samples)]
            for hand_id in hand_ids:
                digits = re.search(r"[0-9]+(?!.*[0-9])", hand_id)
                if digits is None or hand_id not in text:
                    raise SystemExit(f"{site}: cannot renumber hand {hand_id!r}")
                new_id = hand_id[: digits.end()] + f"{number:06d}" + hand_id[digits.end() :]
                text = text.replace(hand_id, new_id)
            stream.write(text + "\n\n")
            written += len(hand_ids)
    return path.stat().st_size


def build_file(path: Path, count: int) -> int:
    """Write `count` hands (the samples, repeated, renumbered); return the file's size."""
    samples = sample_hands()
    if not samples:
        raise SystemExit(f"no PokerStars hands under {HISTORIES}")
    with open(path, "w", encoding="utf-8") as stream:
        for number in range(count):
            text = samples[number % len(samples)]
            new_id = str(500_000_000_000 + number)
            renumbered = HEADER.sub(lambda match, i=new_id: match.group(1) + i, text, count=1)
            stream.write(renumbered + "\n\n")
    return path.stat().st_size


def timed(command: list[str]) -> Run:
    """Run `command`: its wall time, and the CPU time and peak memory of it and every
    process it starts (its import's workers), sampled from /proc (`ProcessTree`)."""
    with tempfile.TemporaryFile() as output, tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=output, stderr=errors, env=CHILD_ENVIRONMENT)
        tree = ProcessTree(child.pid)
        tree.start()
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        tree.stop()
        child.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        errors.seek(0)
        if child.returncode not in (0, 1):
            raise SystemExit(f"{command[0]} failed ({child.returncode}):\n{errors.read().decode()}")
        own_peak = usage.ru_maxrss / 1024  # kilobytes on Linux
        cpu = max(usage.ru_utime + usage.ru_stime, tree.cpu_seconds())
        peak = max(own_peak, tree.peak_rss_mb)
        return Run(seconds, cpu, peak, output.read().decode(), tree.peak_pss_mb or own_peak)


class ProcessTree(threading.Thread):
    """Samples a process and its descendants every few milliseconds: the peak of the
    sum of their resident memory (RSS, shared pages counted in each process) and of
    their proportional memory (PSS, shared pages split between the processes sharing
    them: what the import takes from the machine), and each one's CPU time."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.peak_rss_mb = 0.0
        self.peak_pss_mb = 0.0
        self.cpu: dict[int, float] = {}
        self._stopped = threading.Event()

    def run(self) -> None:
        while not self._stopped.wait(0.02):
            rss = pss = 0.0
            for pid in self._tree():
                rss += _kilobytes(f"/proc/{pid}/status", "VmRSS:") / 1024
                pss += _kilobytes(f"/proc/{pid}/smaps_rollup", "Pss:") / 1024
                self.cpu[pid] = max(self.cpu.get(pid, 0.0), _cpu_seconds(pid))
            self.peak_rss_mb = max(self.peak_rss_mb, rss)
            self.peak_pss_mb = max(self.peak_pss_mb, pss)

    def stop(self) -> None:
        self._stopped.set()
        self.join()

    def cpu_seconds(self) -> float:
        """The CPU time of every process of the tree, as last sampled."""
        return sum(self.cpu.values())

    def _tree(self) -> list[int]:
        found, waiting = [], [self.pid]
        while waiting:
            pid = waiting.pop()
            found.append(pid)
            try:
                for task in os.listdir(f"/proc/{pid}/task"):
                    with open(f"/proc/{pid}/task/{task}/children") as children:
                        waiting.extend(int(child) for child in children.read().split())
            except OSError:  # gone meanwhile
                continue
        return found


def _kilobytes(path: str, key: str) -> float:
    try:
        with open(path) as lines:
            for line in lines:
                if line.startswith(key):
                    return float(line.split()[1])
    except OSError:
        pass
    return 0.0


def _cpu_seconds(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def simulate_file(path: Path, count: int, game: str) -> int:
    """Write `count` simulated 6-handed hands of `game` (`tracker simulate`, seed 7)."""
    command = [str(TRACKER), "simulate", "--game", game, "--hands", str(count),
               "--players", "6", "--seed", "7", "--out", str(path)]  # fmt: skip
    subprocess.run(command, check=True, capture_output=True)
    return path.stat().st_size


def main() -> None:
    """Build the file, time both programs `--repeat` times, print the medians."""
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--hands", type=int, default=20_000)
    options.add_argument("--repeat", type=int, default=3)
    options.add_argument(
        "--simulated",
        action="store_true",
        help="hands from `tracker simulate` instead of the shared files repeated",
    )
    options.add_argument("--game", default="omaha-hilo", help="the simulated game")
    options.add_argument("--site", help="hands of this site's shared files, repeated")
    options.add_argument("--breakdown", action="store_true", help="then time the parts alone")
    options.add_argument(
        "--jobs",
        type=int,
        action="append",
        help="tracker import --jobs N (default: its own); given twice or more, each in turn",
    )
    arguments = options.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-import-") as scratch:
        folder = Path(scratch)
        history = folder / "pokerstars-hilo.txt"
        if arguments.simulated:
            size = simulate_file(history, arguments.hands, arguments.game)
        elif arguments.site:
            size = build_site_file(history, arguments.hands, arguments.site)
        else:
            size = build_file(history, arguments.hands)
        settings = [["--jobs", str(jobs)] for jobs in arguments.jobs or []] or [[]]
        imports: dict[str, list[Run]] = {" ".join(jobs): [] for jobs in settings}
        baselines: list[Run] = []
        summary: dict[str, object] = {}
        timed([str(TRACKER), "import", str(history), "--data", str(folder / "warm-up")])
        shutil.rmtree(folder / "warm-up")
        for attempt in range(arguments.repeat):
            for jobs in settings:  # in turn, beside the baseline: the same machine's load
                data = folder / f"data-{attempt}"
                command = [str(TRACKER), "import", str(history), "--data", str(data)]
                run = timed([*command, "--format", "json", *jobs])
                summary = json.loads(run.output)
                imports[" ".join(jobs)].append(run)
                shutil.rmtree(data)
            baselines.append(timed([sys.executable, "-c", BASELINE, str(history)]))
        report(arguments.hands, size, imports, baselines, summary)
        if arguments.breakdown:
            breakdown(folder, history, arguments.hands, arguments.repeat)


def report(
    hands: int,
    size: int,
    imports: dict[str, list[Run]],
    baselines: list[Run],
    summary: dict[str, object],
) -> None:
    """Print the medians (of each `--jobs` setting of the import)."""
    megabytes = size / 1e6
    print(f"file: {hands:,} hands, {megabytes:.1f} MB; runs: {len(baselines)} (medians)")
    print(f"import summary: {json.dumps({k: v for k, v in summary.items() if k != 'errors'})}")
    named = [(f"tracker import {jobs}".strip(), runs) for jobs, runs in imports.items()]
    for name, runs in [*named, ("baseline loop", baselines)]:
        seconds = statistics.median(run.seconds for run in runs)
        cpu = statistics.median(run.cpu_seconds for run in runs)
        print(
            f"{name}: {seconds:.2f} s, {hands / seconds:,.0f} hands/s, "
            f"{megabytes / seconds:.1f} MB/s; CPU {cpu:.2f} s, {hands / cpu:,.0f} hands/s; "
            f"peak {max(run.peak_memory_mb for run in runs):.0f} MB RSS, "
            f"{max(run.peak_pss_mb for run in runs):.0f} MB PSS (all its processes)"
        )
    baseline = statistics.median(run.seconds for run in baselines)
    for name, runs in named:
        ratio = statistics.median(run.seconds for run in runs) / baseline
        print(f"ratio {name}/baseline: {ratio:.1f}x")


def breakdown(folder: Path, history: Path, hands: int, repeat: int) -> None:
    """Time the fixed cost, the reader, the store and the Hand parser, each alone in a
    new process."""
    one_hand = folder / "one-hand.txt"
    sys.path.insert(0, str(ROOT))
    import parsers

    text = history.read_text(encoding="utf-8")
    first = next(iter(parsers.detect_site(text).split_hands(text)))
    one_hand.write_text("\n".join(first.lines) + "\n", encoding="utf-8")
    fixed: list[Run] = []
    codes = {"reader (the importer's: blocks, and rows for the others)": READ_ONLY,
             "store": STORE_ONLY,
             "line-by-line reader alone (read_text_into)": LINE_BY_LINE,
             "parser to Hands (not on the import path)": PARSE_TO_HANDS}  # fmt: skip
    parts: dict[str, list[tuple[float, float]]] = {name: [] for name in codes}
    for attempt in range(repeat):
        data = folder / f"fixed-{attempt}"
        fixed.append(timed([str(TRACKER), "import", str(one_hand), "--data", str(data)]))
        for number, (name, code) in enumerate(codes.items()):
            data = folder / f"part-{number}-{attempt}"
            run = timed([sys.executable, "-c", code, str(history), str(data)])
            wall, cpu, _ = run.output.split()
            parts[name].append((float(wall), float(cpu)))
            shutil.rmtree(data, ignore_errors=True)
    print("breakdown, each part alone in a new process (medians):")
    wall = statistics.median(run.seconds for run in fixed)
    cpu = statistics.median(run.cpu_seconds for run in fixed)
    print(f"  fixed cost (tracker import of one hand): {wall:.2f} s, CPU {cpu:.2f} s")
    for name, times in parts.items():
        wall = statistics.median(time for time, _ in times)
        cpu = statistics.median(time for _, time in times)
        print(
            f"  {name}: {wall:.2f} s, {hands / wall:,.0f} hands/s; "
            f"CPU {cpu:.2f} s, {hands / cpu:,.0f} hands/s"
        )


if __name__ == "__main__":
    main()
