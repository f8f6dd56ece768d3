"""The choices the stats commands take, kept apart so the CLI loads without pandas."""

from __future__ import annotations

from enum import StrEnum
from typing import Final

DEFAULT_SESSION_GAP: Final = 30
"""Minutes without a hand after which the next hand starts a new session."""


class Grouping(StrEnum):
    """What `--by` groups the rows by."""

    POSITION = "position"
    GAME = "game"
    STAKES = "stakes"
    SESSION = "session"
    MONTH = "month"
    HAND_CLASS = "hand-class"
    DOOR_CARD = "door-card"
    BRING_IN = "bring-in"


GROUPINGS: Final = tuple(grouping.value for grouping in Grouping)
"""What `--by` accepts."""


class RakeMethod(StrEnum):
    """How `rake_paid` shares each hand's rake among its players (docs/stats.md)."""

    CONTRIBUTED = "contributed"
    """"Weighted contributed": in proportion to what each player put in (the default)."""
    COLLECTED = "collected"
    """In proportion to what each player collected."""


RAKE_COUNTERS: Final = {RakeMethod.CONTRIBUTED: "rake_paid", RakeMethod.COLLECTED: "rake_collected"}
"""The per-hand counter of each method."""


class OutputFormat(StrEnum):
    """How `tracker stats` prints its rows."""

    TABLE = "table"
    JSON = "json"
    CSV = "csv"


class PlotKind(StrEnum):
    """What `tracker plot` draws."""

    WINNINGS = "winnings"
    POSITIONS = "positions"
    OUTCOMES = "outcomes"
    SESSIONS = "sessions"


PLOT_KINDS: Final = tuple(kind.value for kind in PlotKind)
