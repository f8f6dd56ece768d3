"""The interface every site implements.

A site is one package under `parsers/` with one `SiteParser` subclass: its name, how to
recognise its files by their content, how to cut a file into hands, how to read one hand
into a `tracker.model.Hand`, and the conventions its payouts follow (named rules of the
engine, for the audit). Registering the instance in `parsers.registry.SITE_PARSERS` is
all it takes to add a site. A site
may also read a hand straight into the store's rows (`read_hand_into`), which the
importer uses; by default that goes through the Hand. A site that reads many hands at
once into the store's tables yields them as blocks (`read_blocks`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from typing import ClassVar

from parsers._base.text import HandText
from tracker.hand_block import HandBlock
from tracker.hand_rows import HandRows
from tracker.model import Hand


class SiteParser(ABC):
    """One poker site's hand-history format.

    Subclasses set `site` and implement the three steps. `parse_hand` raises a
    `tracker.errors.HandHistoryError` subclass for a hand it cannot read:
    `UnsupportedGameError` for a game the product does not cover, `MalformedHandError`
    for text that is not a sound hand. Both carry the site, file, hand id, line number
    and line; `parsers.parse_text` turns them into items of its output.
    """

    site: ClassVar[str]
    """The site's name as stored in `Hand.site` ("pokerstars")."""

    rooms: ClassVar[tuple[str, ...]] = ()
    """The other sites whose hands this parser reads, by their `Hand.site` names: rooms
    that write this site's format under their own name ("runitonce"). Their hands are
    audited under this site's conventions."""

    rake_rule: ClassVar[str] = "main-pot-first"
    """How the site spreads the rake over the pots: a name of
    `tracker.engine.rules.RAKE_RULES`, found from its real files (docs/sites.md)."""

    odd_chip_rule: ClassVar[str] = "rules"
    """Where the site's odd units go: a name of `tracker.engine.rules.ODD_CHIP_RULES`."""

    jackpot_rule: ClassVar[str | None] = None
    """How the site spreads a jackpot fee over the pots, apart from the rake (a name of
    `RAKE_RULES`, GGPoker's "proportional"); None: with the rake, under `rake_rule`."""

    names_pots: ClassVar[bool] = True
    """False for a site whose payments never say which pot they come from (the audit
    then compares each player's total over all pots, not pot by pot)."""

    @abstractmethod
    def detect(self, text: str) -> bool:
        """True when `text` (a whole decoded file) is this site's format."""

    @abstractmethod
    def split_hands(self, text: str) -> Iterator[HandText]:
        """Cut a whole decoded file into hands, in file order, with their line numbers."""

    @abstractmethod
    def parse_hand(self, hand_text: HandText, file: str | None) -> Hand:
        """Read one hand; `file` names the source in the Hand and in errors."""

    def read_hand_into(self, hand_text: HandText, file: str | None, rows: HandRows) -> None:
        """Read one hand and add its rows to `rows`, as `rows.add_hand(parse_hand(...))`
        does (which is what this does unless the site reads its rows more directly).

        Raises:
            HandHistoryError: as `parse_hand`; nothing is added then.
        """
        rows.add_hand(self.parse_hand(hand_text, file))

    def read_blocks(self, text: str, file: str | None) -> Iterator[HandBlock | HandText]:
        """The hands of a whole decoded file as blocks of hands already read into the
        store's tables, and texts of single hands for `read_hand_into`: all of them,
        in file order block by block. A site whose parser reads no blocks cuts every
        hand as `split_hands` does (this default)."""
        return self.split_hands(text)
