"""Lines told apart by a site's rules (`parsers._base.column_format.Rule`), many lines
at a time: each rule's pattern tried, with Arrow's RE2 kernels, on the lines no earlier
rule read (only those starting with its prefix), its named groups cut out of the lines
it reads.

>>> from parsers._base.column_format import Rule
>>> from parsers._base.columns import arrow
>>> rules = (Rule("fold", "folds"), Rule("call", "calls (?P<amount>[0-9]+)", prefix="calls "))
>>> found = match_rules(arrow(["calls 5", "folds", "sings"]), rules)
>>> [(read.rule.event, read.rows.tolist()) for read in found]
[('fold', [1]), ('call', [0])]
>>> found[1].group("amount").to_pylist(), np.flatnonzero(unread(3, found)).tolist()
(['5'], [2])
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from parsers._base.column_format import Rule
from parsers._base.columns import Bools, Ints, Strings, bools, equal, starts_with, take
from tracker.arrow_arrays import from_numpy


@dataclass(frozen=True, slots=True)
class Read:
    """The lines one rule read: their places among the lines given, and its groups."""

    rule: Rule
    rows: Ints
    groups: Any  # an Arrow struct array of the named groups, one row per line read

    def group(self, name: str) -> Strings:
        """Group `name` of each line read ("" where it took no part)."""
        found: Strings = self.groups.field(name)
        return found

    def has(self, name: str) -> bool:
        """Whether the rule's pattern has group `name`."""
        return f"(?P<{name}>" in self.rule.pattern


def match_rules(lines: Strings, rules: Sequence[Rule]) -> list[Read]:
    """The lines each rule reads, tried in order: a line goes to the first rule whose
    pattern matches it whole (rules that read no line are left out)."""
    claimed = np.zeros(len(lines), np.bool_)
    found = []
    by_prefix: dict[str, tuple[Ints, Strings]] = {}  # the lines of a prefix, taken once
    for rule in rules:
        text = _literal(rule.pattern)
        if text is not None:  # a line of fixed words ("folds"): compared, no pattern
            rows = np.flatnonzero(equal(lines, text) & ~claimed)
            if len(rows):
                claimed[rows] = True
                found.append(Read(rule, rows, None))
            continue
        if rule.prefix not in by_prefix:
            open_rows = ~claimed
            if rule.prefix:
                open_rows &= starts_with(lines, rule.prefix)
            candidates = np.flatnonzero(open_rows)
            by_prefix[rule.prefix] = candidates, take(lines, candidates)
        candidates, picked = by_prefix[rule.prefix]
        if not len(candidates):
            continue
        groups: Any = None
        if "(?P<" in rule.pattern:
            groups = pc.extract_regex(picked, rule.anchored)
            valid = bools(groups.is_valid()) & ~claimed[candidates]
        else:
            valid = bools(pc.match_substring_regex(picked, rule.anchored)) & ~claimed[candidates]
        rows = candidates[valid]
        if not len(rows):
            continue
        claimed[rows] = True
        if groups is not None and not valid.all():
            groups = groups.filter(from_numpy(valid, pa.bool_()))
        found.append(Read(rule, rows, groups))
    return found


def _literal(pattern: str) -> str | None:
    """The one text a pattern of plain and escaped characters matches, else None.

    >>> _literal("folds"), _literal("calls [0-9]+")
    ('folds', None)
    """
    text = re.sub(r"\\(.)", r"\1", pattern)
    if re.search(r"[.^$*+?()\[\]{}|\\]", re.sub(r"\\.", "", pattern)):
        return None
    return text


def unread(count: int, found: Sequence[Read]) -> Bools:
    """Which of `count` lines no rule read."""
    left = np.ones(count, np.bool_)
    for read in found:
        left[read.rows] = False
    return left
