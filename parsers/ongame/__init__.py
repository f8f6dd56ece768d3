"""OnGame: its text hand histories read on the line-site base."""

from parsers.ongame.lines import OnGameParser

__all__ = ["OnGameParser"]
