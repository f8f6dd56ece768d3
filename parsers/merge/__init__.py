"""Merge: its XML hand histories read on the XML-site base."""

from parsers.merge.reader import MergeParser

__all__ = ["MergeParser"]
