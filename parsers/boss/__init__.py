"""Boss Media: its XML hand histories read on the XML-site base."""

from parsers.boss.reader import BossParser

__all__ = ["BossParser"]
