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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow.compute as pc

from parsers._base.column_format import Rule
from parsers._base.columns import Bools, Ints, Strings, bools, starts_with, take


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
    for rule in rules:
        open_rows = ~claimed
        if rule.prefix:
            open_rows &= starts_with(lines, rule.prefix)
        candidates = np.flatnonzero(open_rows)
        if not len(candidates):
            continue
        picked = take(lines, candidates)
        if "(?P<" in rule.pattern:
            groups = pc.extract_regex(picked, rule.anchored)
            valid = bools(groups.is_valid())
        else:
            groups = None
            valid = bools(pc.match_substring_regex(picked, rule.anchored))
        rows = candidates[valid]
        if not len(rows):
            continue
        claimed[rows] = True
        if groups is not None and not valid.all():
            groups = groups.filter(groups.is_valid())
        found.append(Read(rule, rows, groups))
    return found


def unread(count: int, found: Sequence[Read]) -> Bools:
    """Which of `count` lines no rule read."""
    left = np.ones(count, np.bool_)
    for read in found:
        left[read.rows] = False
    return left
