"""Winamax: its text hand histories read on the line-site base."""

from parsers.winamax.lines import WinamaxParser

__all__ = ["WinamaxParser"]
