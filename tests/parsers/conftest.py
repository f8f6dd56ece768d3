"""Parser test settings: where the goldens live and whether to rewrite them.

Rewrite the goldens with `pytest tests/parsers --update-goldens` (the option exists when
pytest is given this folder) or, from anywhere, `UPDATE_GOLDENS=1 pytest`; then review
the JSON diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

GOLDENS = Path(__file__).resolve().parent / "goldens"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        default=False,
        help="rewrite tests/parsers/goldens/*.json from the parsers' current output",
    )


@pytest.fixture(scope="session")
def update_goldens(request: pytest.FixtureRequest) -> bool:
    """True when the goldens are to be rewritten rather than compared."""
    option = bool(request.config.getoption("--update-goldens", default=False))
    return option or os.environ.get("UPDATE_GOLDENS", "") not in ("", "0")


@pytest.fixture(scope="session")
def pokerstars_histories(histories: Path) -> Path:
    """The real PokerStars files (skips, like `histories`, when they are absent)."""
    return histories / "PokerStars"
