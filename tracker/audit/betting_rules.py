"""The betting rules the legality audit checks, their names, and the per-site settings.

The game rules fix what may be bet: in limit, a bet and three raises a round at the
round's size; in pot-limit, at most the pot after the call plus the call; in no-limit, a
raise of at least the last full raise; in stud, the bring-in, the completion and the
small and big bet streets; and the blinds, antes and dead blinds of the stakes. Where
sites differ, the rule is a named setting (`BettingSettings`), declared as a ClassVar on
the site's parser (`betting_limit_raises`, ...), with the defaults of the game rules;
docs/legality.md lists them with the hands that show them.

The worked limit example of the rules: in $2/$4 limit, after a $2 bet and two raises the
bet is $6; the small blind, in for $1, calls by adding $5 or caps it by adding $7.

>>> limit_raise_to(bet=600, bet_size=200)
800
>>> 600 - 100, limit_raise_to(600, 200) - 100
(500, 700)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from functools import cache
from typing import Any

from parsers import SITE_PARSERS


class BettingStatus(StrEnum):
    """The legality verdict on a hand."""

    LEGAL = "legal"
    ILLEGAL = "illegal"
    UNKNOWN = "unknown"  # the hand does not show enough (cut off, no bet sizes)


class BettingRule(StrEnum):
    """A rule an action can break, by the name the audit reports. The order is that of
    precedence when one action breaks several."""

    ACTED_AFTER_FOLD = "acted-after-fold"
    ACTED_AFTER_ALL_IN = "acted-after-all-in"
    ACTING_ORDER = "acting-order"
    SMALL_BLIND = "small-blind"
    BIG_BLIND = "big-blind"
    ANTE = "ante"
    DEAD_BLIND = "dead-blind"
    MISSED_BLINDS = "missed-blinds"  # "posts small & big blinds": big live, small dead
    BRING_IN = "bring-in"
    BRING_IN_PLAYER = "bring-in-player"
    COMPLETION = "completion"
    LIMIT_SIZE = "limit-size"
    LIMIT_CAP = "limit-cap"
    POT_LIMIT_MAXIMUM = "pot-limit-maximum"
    MINIMUM_BET = "minimum-bet"
    MINIMUM_RAISE = "minimum-raise"
    REOPENED = "not-reopened"  # a raise after only short all-ins since the player acted


@dataclass(frozen=True, slots=True)
class BettingError:
    """One action that broke a rule.

    Attributes:
        street: the street ("preflop", "third", ...).
        player: who acted.
        action: the action's kind ("raise", "post_big_blind", ...).
        amount: a bet, raise or completion: the street total it went to; else what the
            action put in. In the smallest unit.
        allowed: the amount the rule allowed (the exact size in limit and for posts, the
            most in pot-limit, the least raise-to in no-limit, the current bet where only
            a call was allowed), or None where no amount would do (out of turn).
        rule: the rule broken.
    """

    street: str
    player: str
    action: str
    amount: int
    allowed: int | None
    rule: BettingRule


@dataclass(frozen=True, slots=True)
class BettingSettings:
    """How a site applies the betting rules where sites differ.

    Attributes:
        limit_raises: raises allowed after the bet in a limit round (the cap is
            `limit_raises + 1` bets; the big blind or the stud completion is the bet).
        cap_heads_up: False when the site lifts the cap with two players left in the
            hand.
        stud_double_bet: True when the site allows a big bet on stud high's fourth
            street when an open pair shows (never in hi/lo): a bet and each raise is
            then a small or a big bet, all big once one was big (Robert's Rules).
        folds_out_of_turn: True for a site that writes a sitting-out player's fold
            before the cards are dealt, out of turn (888): folds are then not held
            to the acting order.
        straddles: True for a site whose straddles the parser reads as big blinds
            (GGPoker): a hand with a big blind post over the big blind is then
            `unknown` (the betting after a straddle is not checked), not illegal.
    """

    limit_raises: int = 3
    cap_heads_up: bool = True
    stud_double_bet: bool = True
    folds_out_of_turn: bool = False
    straddles: bool = False


DEFAULT_SETTINGS = BettingSettings()
"""The game rules' own settings (../shared/RULES.md), for sites that say nothing else."""

PARSER_SETTING_PREFIX = "betting_"
"""A parser ClassVar `betting_<field>` sets `BettingSettings.<field>` for its site."""


@cache
def _site_settings() -> dict[str, BettingSettings]:
    found: dict[str, BettingSettings] = {}
    for parser in SITE_PARSERS:
        values: dict[str, Any] = {}
        for field in fields(BettingSettings):
            declared = getattr(parser, PARSER_SETTING_PREFIX + field.name, None)
            if declared is not None:
                values[field.name] = declared
        for site in (parser.site, *parser.rooms):
            found[site] = BettingSettings(**values)
    return found


def settings_for(site: str) -> BettingSettings:
    """The betting settings `site` is checked under: its own, else the defaults.

    >>> settings_for("nowhere") == DEFAULT_SETTINGS
    True
    """
    return _site_settings().get(site, DEFAULT_SETTINGS)


def limit_raise_to(bet: int, bet_size: int) -> int:
    """The street total a full limit raise goes to, over a current bet of `bet`.

    A bet that is not yet a full bet (stud's bring-in) is completed to one bet.

    >>> limit_raise_to(200, 200), limit_raise_to(5, 10), limit_raise_to(0, 10)
    (400, 10, 10)
    """
    return bet_size if bet < bet_size else bet + bet_size


def pot_limit_most(bet: int, street_in: int, pot: int) -> int:
    """The most a pot-limit raise may go to: the current bet plus the pot after the
    call (the pot holding every chip put in so far, this street's too).

    With $1/$2 blinds in, the first player may raise to $7: call $2, the pot is then $5.

    >>> pot_limit_most(bet=200, street_in=0, pot=300)
    700
    """
    return bet + pot + (bet - street_in)
