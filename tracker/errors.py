"""The exception hierarchy.

Everything the project raises on purpose derives from `TrackerError`; the CLI catches
that base and turns it into a one-line message and an exit status. Anything else is a bug.
"""

from __future__ import annotations

from functools import partial
from typing import Any


class TrackerError(Exception):
    """Base of every error the project raises on purpose."""


class CardError(TrackerError, ValueError):
    """A card or a set of cards that cannot be: "1x", "Zz", the same card twice."""


class ShowdownError(TrackerError, ValueError):
    """A showdown that cannot be evaluated: wrong card count, negative amount, no player."""


class NoDataError(TrackerError):
    """The data folder holds no imported hands (or not the table asked for)."""


class HandHistoryError(TrackerError):
    """A problem with one hand of a hand-history file, located as precisely as known.

    Args:
        reason: what is wrong, in a few words.
        site: the site's name ("pokerstars"), when known.
        file: the path of the file, when known.
        hand_id: the site's hand id, when the header was read.
        line_number: 1-based line number in the file.
        line: the offending line, as read.
    """

    def __init__(
        self,
        reason: str,
        *,
        site: str | None = None,
        file: str | None = None,
        hand_id: str | None = None,
        line_number: int | None = None,
        line: str | None = None,
    ) -> None:
        self.reason = reason
        self.site = site
        self.file = file
        self.hand_id = hand_id
        self.line_number = line_number
        self.line = line
        super().__init__(self.describe())

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        """Pickled by its fields (an import's worker process sends its errors on)."""
        where = {"site": self.site, "file": self.file, "hand_id": self.hand_id}
        rebuilt = partial(type(self), self.reason, line_number=self.line_number, line=self.line)
        return partial(rebuilt, **where), ()

    def describe(self) -> str:
        """One line: where (file, hand, line) and why."""
        where = []
        if self.file is not None:
            where.append(self.file)
        if self.hand_id is not None:
            where.append(f"hand {self.hand_id}")
        if self.line_number is not None:
            where.append(f"line {self.line_number}")
        text = ", ".join(where)
        detail = f"{text}: {self.reason}" if text else self.reason
        if self.line is not None:
            detail += f": {self.line.strip()!r}"
        return detail


class UnknownSiteError(HandHistoryError):
    """A file that no parser recognises."""


class UnsupportedGameError(HandHistoryError):
    """A hand of a game the product does not cover (Hold'em, Razz, ...): skipped, counted."""


class MalformedHandError(HandHistoryError):
    """A hand whose text cannot be read: cut off, an unknown line, a player with no seat."""


class InconsistentHandError(HandHistoryError):
    """A hand whose chips or cards do not add up."""
