"""Everleaf Gaming: its text hand histories read on the line-site base."""

from parsers.everleaf.lines import EverleafParser

__all__ = ["EverleafParser"]
