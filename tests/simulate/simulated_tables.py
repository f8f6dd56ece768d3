"""The simulated tables the tests run over, as pytest parameters."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tracker.model import Game, Structure

Table = tuple[Game, Structure, int]
"""A game, its betting structure and the number of players."""


def each_table(tables: Sequence[Table]) -> pytest.MarkDecorator:
    """Run a test once per table, as `game`, `structure` and `players`, named after it."""
    return pytest.mark.parametrize(
        ("game", "structure", "players"),
        tables,
        ids=[f"{game.value}-{structure.value}-{players}" for game, structure, players in tables],
    )
