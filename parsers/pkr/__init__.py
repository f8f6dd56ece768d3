"""PKR: its text hand histories read on the line-site base."""

from parsers.pkr.lines import PkrParser

__all__ = ["PkrParser"]
