"""Auditing the hands not audited yet, before a figure that reads the audit's split.

The hi/lo outcomes (`tracker stats --outcomes`, `tracker plot outcomes`, `tracker
report`) count from the audit's `awards`: right after an import, the new hands have none,
and their showdowns would count as `unaudited`. `audit_if_needed` first audits when some
imported hand has no verdict yet; the audit is fast (docs/benchmarks.md), and it
rebuilds the audit of the whole folder, as `tracker audit` does.

    audit_if_needed(data_dir, notify=print)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tracker.database import connect
from tracker.store import Store, StoreError


def unaudited_hands(data_dir: Path | str) -> int:
    """How many imported hands have no verdict in the `audit` table (0 without hands)."""
    connection = connect(data_dir, tables=("hands", "audit"))
    try:
        row = connection.execute(
            "SELECT count(*) FROM hands ANTI JOIN audit USING (site, hand_id)"
        ).fetchone()
    finally:
        connection.close()
    return int(row[0]) if row else 0


def audit_if_needed(
    data_dir: Path | str,
    *,
    notify: Callable[[str], None],
    unaudited: Callable[[Path | str], int] = unaudited_hands,
    audit: Callable[[Store], object] | None = None,
) -> int:
    """Audit the folder when some imported hand has no verdict yet, saying so in one line
    through `notify` first; returns how many hands were not audited (0: nothing done).

    When another process is writing to the folder (an import), the audit cannot run:
    `notify` says so, and the figures count those hands as unaudited. `unaudited` counts
    the hands and `audit` audits the store (by default `run_audit`, on this machine;
    `tracker stats --engine spark` gives Spark's).
    """
    missing = unaudited(data_dir)
    if not missing:
        return 0
    if audit is None:
        from tracker.audit.run import run_audit  # the audit loads for this only

        audit = run_audit

    hands = "hand" if missing == 1 else "hands"
    try:
        with Store(data_dir) as store:
            store.open_for_writing()  # the writer lock: refused while an import writes
            notify(f"auditing first: {missing:,} {hands} not audited yet (as `tracker audit`)")
            audit(store)
    except StoreError as error:
        notify(f"{missing:,} {hands} not audited yet, counted as unaudited: {error}")
    return missing
