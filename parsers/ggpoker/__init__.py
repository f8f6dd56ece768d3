"""GGPoker: its text hand histories read on the line-site base."""

from parsers.ggpoker.lines import GGPokerParser

__all__ = ["GGPokerParser"]
