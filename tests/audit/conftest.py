"""Audit test fixtures: the real PokerStars files imported and audited once per session.

Rewrite the pinned verdicts with `UPDATE_GOLDENS=1 pytest tests/audit`, then review the
JSON diff before committing it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tracker.audit.run import AuditSummary, run_audit
from tracker.importer import import_paths
from tracker.store import Store


@pytest.fixture(scope="session")
def update_goldens() -> bool:
    """True when the goldens are to be rewritten rather than compared."""
    return os.environ.get("UPDATE_GOLDENS", "") not in ("", "0")


@pytest.fixture(scope="session")
def pokerstars_data(
    histories: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Store, AuditSummary]]:
    """A data folder holding every real PokerStars file, imported and audited."""
    folder = tmp_path_factory.mktemp("pokerstars-audit")
    with Store(folder) as store:
        import_paths([histories / "PokerStars"], store)
        summary = run_audit(store)
        yield store, summary
