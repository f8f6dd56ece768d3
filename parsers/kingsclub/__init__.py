"""KingsClub: its text hand histories read on the line-site base."""

from parsers.kingsclub.lines import KingsClubParser

__all__ = ["KingsClubParser"]
