"""Every site the tracker reads, in the order `parsers.detect_site` tries them.

Detection is by content, never by file name: each site's `detect` looks for its own hand
header. Sites whose headers another site's could be mistaken for come first.
"""

from __future__ import annotations

from parsers._base.site import SiteParser
from parsers.absolute import AbsoluteParser
from parsers.boss import BossParser
from parsers.bovada import BovadaParser
from parsers.cake import CakeParser
from parsers.everleaf import EverleafParser
from parsers.fulltilt import FullTiltParser
from parsers.ggpoker import GGPokerParser
from parsers.ipoker import IPokerParser
from parsers.kingsclub import KingsClubParser
from parsers.merge import MergeParser
from parsers.microgaming import MicrogamingParser
from parsers.ongame import OnGameParser
from parsers.pacific import PacificParser
from parsers.partypoker import PartyPokerParser
from parsers.pkr import PkrParser
from parsers.pokerstars import PokerStarsParser
from parsers.winamax import WinamaxParser
from parsers.winning import WinningParser

SITE_PARSERS: tuple[SiteParser, ...] = (
    PokerStarsParser(),
    AbsoluteParser(),
    CakeParser(),
    BovadaParser(),
    EverleafParser(),
    FullTiltParser(),
    GGPokerParser(),
    WinamaxParser(),
    PartyPokerParser(),
    PacificParser(),
    WinningParser(),
    OnGameParser(),
    MicrogamingParser(),
    IPokerParser(),
    MergeParser(),
    BossParser(),
    PkrParser(),
    KingsClubParser(),
)
"""The registered sites, tried in this order."""


def site_parser(site: str) -> SiteParser | None:
    """The registered parser of `site` (its `Hand.site` name), or None.

    >>> site_parser("pokerstars").site
    'pokerstars'
    """
    for parser in SITE_PARSERS:
        if parser.site == site:
            return parser
    return None
