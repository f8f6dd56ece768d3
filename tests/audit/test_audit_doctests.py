"""The examples in the docstrings of the audit modules run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = (
    "tracker.audit.contributions",
    "tracker.audit.conventions",
    "tracker.audit.expected",
    "tracker.audit.verdict",
    "tracker.audit.best_cards",
    "tracker.audit.orders",
    "tracker.audit.report",
    "tracker.audit.show",
    "tracker.audit.stored_hand",
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted > 0
    assert failed == 0
