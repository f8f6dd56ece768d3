"""iPoker: its XML session files read on the XML-site base."""

from parsers.ipoker.game import IPokerParser

__all__ = ["IPokerParser"]
