"""The long fuzz run: damaged copies of every real file of every registered site,
parsed, imported and audited, round after round (docs/reliability.md).

Each round takes one seed: every file of ../shared/histories that a registered site
detects, damaged in each of the ways of tests/reliability/reliability_mutations.py, is
first read by the parsers alone (any exception but the project's own is a crash, printed
with the case to replay it), then the round's files are imported together into a new data
folder and audited, checking that neither stops early and that imported + duplicates +
skipped + failed = hands seen, in all and file by file. It prints, per round and in all,
the cases, the hands seen and their counts, the verdicts, and the crashes. Usage:

    .venv/bin/python benchmarks/fuzz_import.py [--rounds 20] [--first-seed 1000]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "reliability"))

from reliability_mutations import Case, cases, site_files  # noqa: E402

import parsers  # noqa: E402
from tracker.audit.run import run_audit  # noqa: E402
from tracker.errors import TrackerError  # noqa: E402
from tracker.hand_block import HandBatch  # noqa: E402
from tracker.importer import import_paths  # noqa: E402
from tracker.store import Store  # noqa: E402

HISTORIES = ROOT.parent / "shared" / "histories"


def _crash(case: Case) -> str | None:
    try:
        for _ in parsers.read_text_blocks(parsers.decode(case.content()), HandBatch()):
            pass
    except TrackerError:
        return None
    except Exception:
        return traceback.format_exc(limit=-4)
    return None


def _round(round_cases: list[Case], folder: Path) -> tuple[Counter[str], list[str]]:
    problems = []
    for case in round_cases:
        crash = _crash(case)
        if crash is not None:
            problems.append(f"CRASH {case.describe()}\n{crash}")
    damaged = folder / "damaged"
    for number, case in enumerate(round_cases):
        (damaged / case.file.site).mkdir(parents=True, exist_ok=True)
        name = f"{number % 7}-{number:05d}-{case.mutation}-{case.file.path.name}"
        (damaged / case.file.site / name).write_bytes(case.content())
    counts: Counter[str] = Counter(cases=len(round_cases))
    try:
        with Store(folder / "data") as store:
            summary = import_paths([damaged], store)
            for record in store.read("files").to_pylist():
                counted = (record["hands_imported"] + record["hands_duplicate"]
                           + record["hands_skipped"] + record["hands_failed"])  # fmt: skip
                if counted != record["hands_seen"]:
                    problems.append(f"COUNTS {record}")
            verdicts = run_audit(store) if summary.imported else None
    except Exception:
        problems.append(f"IMPORT OR AUDIT STOPPED\n{traceback.format_exc(limit=-6)}")
        return counts, problems
    if summary.stopped_early or not summary.hands_accounted:
        problems.append(f"SUMMARY {summary.to_json()}")
    counts.update(hands_seen=summary.hands_seen, imported=summary.imported,
                  duplicates=summary.duplicates, skipped=summary.skipped, failed=summary.failed,
                  files_failed=summary.files_failed)  # fmt: skip
    if verdicts is not None:
        counts.update({f"audit {status}": count for status, count in verdicts.counts.items()})
    return counts, problems


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--rounds", type=int, default=20)
    options.add_argument("--first-seed", type=int, default=1000)
    arguments = options.parse_args()
    files = site_files(HISTORIES)
    print(f"{len(files)} files of {len({file.site for file in files})} sites")
    total: Counter[str] = Counter()
    problems: list[str] = []
    started = time.perf_counter()
    for seed in range(arguments.first_seed, arguments.first_seed + arguments.rounds):
        with tempfile.TemporaryDirectory() as folder:
            counts, found = _round(cases(files, range(seed, seed + 1)), Path(folder))
        total.update(counts)
        problems.extend(found)
        print(f"seed {seed}: {dict(counts)}; problems {len(found)}", flush=True)
    print(f"in all, {time.perf_counter() - started:.0f} s: {dict(total)}")
    print(f"problems: {len(problems)}")
    for problem in problems[:20]:
        print(problem)


if __name__ == "__main__":
    main()
