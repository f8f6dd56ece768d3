"""Microgaming: its XML hand histories read on the XML-site base."""

from parsers.microgaming.game import MicrogamingParser

__all__ = ["MicrogamingParser"]
