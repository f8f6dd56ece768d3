"""Shared fixtures: where the real hand histories are, and a skip when they are not."""

from __future__ import annotations

from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[1]
HISTORIES = PROJECT_ROOT.parent / "shared" / "histories"


@pytest.fixture(scope="session")
def histories() -> Path:
    """The real hand histories in ../shared/histories (skip the test when absent)."""
    if not HISTORIES.is_dir():
        pytest.skip(f"real hand histories not found at {HISTORIES} (outside the workspace)")
    return HISTORIES
