"""Site conventions: which rake rule and which odd-chip rule each site's payouts follow.

A site's convention is found from its real files (docs/sites.md records the evidence) and
declared beside its parser, by the names of rules in the engine's registries
(`tracker.engine.rules.RAKE_RULES`, `ODD_CHIP_RULES`; `SiteParser.rake_rule` and
`odd_chip_rule`). This module turns the registered sites' names into rules. A site with no
parser (or no convention of its own) is audited under the RULES.md defaults.

>>> convention_for("pokerstars").rake_rule.name
'proportional-largest-remainder'
>>> convention_for("runitonce").name  # a room writing PokerStars' format
'pokerstars'
>>> convention_for("nowhere").name
'rules'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from parsers import SITE_PARSERS
from tracker.engine.rules import (
    DEFAULT_ODD_CHIP_RULE,
    DEFAULT_RAKE_RULE,
    OddChipRule,
    RakeRule,
    odd_chip_rule,
    rake_rule,
)


@dataclass(frozen=True, slots=True)
class SiteConvention:
    """How one site pays its pots.

    Attributes:
        name: the name of the site whose convention it is ("pokerstars"; also for the
            rooms its parser reads), or "rules".
        rake_rule: how the site spreads the rake over the main and side pots.
        odd_chip_rule: where the site's odd units go.
        names_pots: False for a site whose payments never say which pot they are from
            (its players' totals are compared over all pots together).
        jackpot_rule: how the site spreads a jackpot fee over the pots, apart from the
            rake; None: with the rake, under `rake_rule`.
    """

    name: str
    rake_rule: RakeRule
    odd_chip_rule: OddChipRule
    names_pots: bool = True
    jackpot_rule: RakeRule | None = None


RULES_CONVENTION = SiteConvention("rules", DEFAULT_RAKE_RULE, DEFAULT_ODD_CHIP_RULE)
"""The RULES.md defaults, for a site whose files have not shown its own convention."""


@cache
def _site_conventions() -> dict[str, SiteConvention]:
    # A room writing a site's format under its own name (`SiteParser.rooms`) is audited
    # under that site's convention, the one its parser declares.
    return {
        site: SiteConvention(
            parser.site,
            rake_rule(parser.rake_rule),
            odd_chip_rule(parser.odd_chip_rule),
            parser.names_pots,
            rake_rule(parser.jackpot_rule) if parser.jackpot_rule else None,
        )
        for parser in SITE_PARSERS
        for site in (parser.site, *parser.rooms)
    }


def convention_for(site: str) -> SiteConvention:
    """The convention `site` is audited under: its own, else the RULES.md defaults.

    Raises:
        ShowdownError: a registered site names a rule the engine does not know.
    """
    return _site_conventions().get(site, RULES_CONVENTION)
