"""The examples in the docstrings of the stats modules run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = (
    "tracker.stats.positions",
    "tracker.stats.hand_classes",
    "tracker.stats.outcomes",
    "tracker.stats.output",
    "tracker.plots",
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted > 0
    assert failed == 0
