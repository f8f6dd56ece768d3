"""Site conventions: which rake rule and which odd-chip rule each site's payouts follow.

A convention is found from the site's real files (docs/sites.md records the evidence) and
named; its rules are registered by name in the engine's registries
(`tracker.engine.rules.RAKE_RULES`, `ODD_CHIP_RULES`), so `tracker showdown` and the
simulator can use them too. A site with no convention of its own is audited under the
RULES.md defaults.

>>> convention_for("pokerstars").rake_rule.name
'proportional-largest-remainder'
>>> convention_for("nowhere").name
'rules'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tracker.engine.rules import (
    DEFAULT_ODD_CHIP_RULE,
    DEFAULT_RAKE_RULE,
    ODD_CHIP_RULES,
    RAKE_RULES,
    OddChipRule,
    RakeRule,
)
from tracker.errors import ShowdownError


@dataclass(frozen=True, slots=True)
class SiteConvention:
    """How one site pays its pots.

    Attributes:
        name: the site's name as the parsers write it ("pokerstars"), or "rules".
        rake_rule: how the site spreads the rake over the main and side pots.
        odd_chip_rule: where the site's odd units go.
    """

    name: str
    rake_rule: RakeRule
    odd_chip_rule: OddChipRule


def proportional_largest_remainder(amounts: Sequence[int], rake: int) -> tuple[int, ...]:
    """Spread the rake in proportion to the pots, rounding each share down, then give the
    units left over to the pots with the largest remainders (the main pot first among
    equal remainders): Hamilton's method, the shares closest to exact proportions.

    >>> proportional_largest_remainder([44, 64], 5)
    (2, 3)
    >>> proportional_largest_remainder([100, 100], 3)
    (2, 1)
    >>> proportional_largest_remainder([0, 0], 0)
    (0, 0)
    """
    total = sum(amounts)
    if total == 0:
        return tuple(0 for _ in amounts)
    taken = [rake * amount // total for amount in amounts]
    remainders = [rake * amount % total for amount in amounts]
    left = rake - sum(taken)
    by_remainder = sorted(range(len(amounts)), key=lambda pot: (-remainders[pot], pot))
    for pot in by_remainder[:left]:
        taken[pot] += 1
    return tuple(taken)


PROPORTIONAL_LARGEST_REMAINDER = RakeRule(
    name="proportional-largest-remainder",
    description="rake in proportion to the pot sizes, each share rounded down, the units "
    "left to the largest remainders (main pot first among equals)",
    spread=proportional_largest_remainder,
)

RULES_CONVENTION = SiteConvention("rules", DEFAULT_RAKE_RULE, DEFAULT_ODD_CHIP_RULE)
"""The RULES.md defaults, for a site whose files have not shown its own convention."""

SITE_CONVENTIONS: dict[str, SiteConvention] = {
    # docs/sites.md, "PokerStars: rake and odd chips": the one side-pot hand with rake
    # ($1.08, rake $0.05, pots $0.44 and $0.64 paid $0.42 and $0.61) takes 2 and 3 cents;
    # the odd cents of every halved or tied pot follow RULES.md.
    "pokerstars": SiteConvention(
        "pokerstars", PROPORTIONAL_LARGEST_REMAINDER, ODD_CHIP_RULES["rules"]
    ),
}
"""Each site's convention, by the site name the parsers write."""


def _register_rules() -> None:
    """Put the conventions' rules in the engine's registries (the same rule again is
    fine; another rule under a taken name is a bug)."""
    for convention in SITE_CONVENTIONS.values():
        rake, odd_chip = convention.rake_rule, convention.odd_chip_rule
        if RAKE_RULES.setdefault(rake.name, rake) != rake:
            raise ShowdownError(f"another rake rule is registered as {rake.name!r}")
        if ODD_CHIP_RULES.setdefault(odd_chip.name, odd_chip) != odd_chip:
            raise ShowdownError(f"another odd-chip rule is registered as {odd_chip.name!r}")


_register_rules()


def convention_for(site: str) -> SiteConvention:
    """The convention `site` is audited under: its own, else the RULES.md defaults."""
    return SITE_CONVENTIONS.get(site, RULES_CONVENTION)
