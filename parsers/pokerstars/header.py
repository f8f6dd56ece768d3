"""The first lines of a PokerStars hand: the header, the table line and the seats.

Kept apart from `parsers.pokerstars` (which reads the rest of the hand) so each module
stays small; nothing outside the PokerStars parser uses it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from parsers._base.text import to_minor_units, to_utc
from tracker.model import Game, Seat, Structure, Tournament

ROOMS: dict[str, str] = {
    "PokerStars": "pokerstars",
    "Run It Once Poker": "runitonce",
    "PokerMaster": "pokermaster",
}
"""The room names a hand header starts with, to the site the hand is recorded under:
rooms that write PokerStars' format under their own name ("Run It Once Poker Hand
#36197946:", "PokerMaster Hand #...") are their own site, read by this parser."""

OTHER_ROOMS = tuple(name for name in ROOMS if name != "PokerStars")
"""The rooms other than PokerStars itself (`OTHER_ROOM_START` finds their headers)."""

_ROOM = "(?:" + "|".join(re.escape(name) for name in ROOMS) + ")"

HAND_START = re.compile(_ROOM + r" (?:Zoom |Home Game )?(?:Hand|Game) #[0-9]+:")
"""The start of every hand: "PokerStars Hand #96961585867:", "PokerStars Game #...",
"PokerStars Home Game Hand #...", "Run It Once Poker Hand #36197946:". ASCII digits only
(as hand ids are), so that the column-wise reader's patterns, whose digits are ASCII,
cut a file into the same hands."""

OTHER_ROOM_START = re.compile(
    "^(?:" + "|".join(re.escape(name) for name in OTHER_ROOMS) + r") (?:Hand|Game) #[0-9]+:",
    re.MULTILINE,
)
"""A header line of another room than PokerStars, anywhere in a text."""


def room_of(header: str) -> str:
    """The site a hand is recorded under, from its header line.

    >>> room_of("Run It Once Poker Hand #36197946:  Omaha Pot Limit"), room_of("PokerStars")
    ('runitonce', 'pokerstars')
    """
    for name, site in ROOMS.items():
        if header.startswith(name + " "):
            return site
    return "pokerstars"


HAND_ID = re.compile(r"#(\d+):")

_HEADER = re.compile(
    r"""
    ^(?:PokerStars|Run\s+It\s+Once\s+Poker|PokerMaster)\s+  # the room (see ROOMS)
    (?:Zoom\s+|Home\s+Game\s+)?(?:Hand|Game)\s+\#(?P<hand_id>\d+):\s+
                                                    # "PokerStars Hand #96961585867: "
    (?:\{[^}]*\}\s+)?                               # home game club: "{Dazzle's Room} "
    (?:(?:Zoom\s+)?Tournament\s+\#(?P<tournament_id>\d+),\s+  # "Zoom Tournament #1537004521, "
       (?:(?P<buy_in>[$€£₹]?[\d.,]+(?:\+[$€£₹]?[\d.,]+)*)  # "$37.50+$37.50+$7.00", "100+9"
          (?:\s+(?P<buy_in_currency>[A-Z]{3})\b)?          # " USD"
        |(?P<freeroll>Freeroll))\s+
    )?
    (?:[^(]+?\s+\()?                                # mixed games: "8-Game ("
    (?P<game>[^(,]+?)\s+                            # "5 Card Omaha Hi/Lo", "7 CARD STUD HI/LO"
    (?P<structure>Pot\s+Limit|No\s+Limit|(?:Fixed\s+)?Limit)\b  # "Pot Limit"; "Fixed Limit"
                                                    # (files converted by other tools)
    (?:,\s+(?P<mixed_stakes>[^)]*))?\)?\s+          # mixed cash games: ", $400/$800 USD)"
    (?:\((?P<cash_stakes>[^)]*)\)\s+)?              # cash games: "($2/$4 USD) "
    (?:-\s+(?:Match\s+Round\s+\w+,\s+)?             # tournaments: "- Match Round I, "
       Level\s+(?P<level>\w+)\s+                    # "Level III "
       \((?P<level_stakes>[^)]*)\)\s+)?             # "(20/40) "
    -\s+(?P<time>.+)$                               # "- 2013/04/10 19:06:22 WET [...]"
    """,
    re.VERBOSE | re.IGNORECASE,
)

_STAKES = re.compile(
    r"""
    ^(?P<small>[$€£₹]?[\d.,]+)/(?P<big>[$€£₹]?[\d.,]+)  # "$0.01/$0.02", "20/40"
    (?:\s+(?P<currency>[A-Z]{3}))?\s*$                   # " USD"
    """,
    re.VERBOSE,
)

_TIME = re.compile(
    r"""
    (?P<year>\d{4})/(?P<month>\d{1,2})/(?P<day>\d{1,2})   # "2025/12/03"
    [\s-]+                                                # " ", or " - " in old headers
    (?P<hour>\d{1,2}):(?P<minute>\d{2})(?::(?P<second>\d{2}))?  # "8:59:34"; "17:55" (Run It Once)
    (?:\s+\(?(?P<zone>[A-Z]{2,5})\)?)?                    # " PT", or " (ET)" in old headers
    """,
    re.VERBOSE,
)

_TABLE = re.compile(
    r"""
    ^Table\s(?:ID\s)?'(?P<table>.*)'\s*                   # "Table 'Signe VI' ", "Table ID '3619'"
    (?:(?P<max_seats>\d+)-max\s*)?                        # "6-max "
    (?:\((?P<play_money>Play\sMoney)\)\s*)?               # "(Play Money) "
    (?:Seat\s\#(?P<button>\d+)\sis\sthe\sbutton)?\s*$     # "Seat #6 is the button"
    """,
    re.VERBOSE | re.IGNORECASE,
)

_SEAT = re.compile(
    r"""
    ^Seat\s(?P<seat>\d+):\s(?P<player>.+?)\s              # "Seat 3: Player0 "
    \((?P<stack>[$€£₹]?[\d.,]+)\sin\schips                # "($91.64 in chips"
    (?:,[^)]*)?\)                                         # ", $1 bounty)"
    (?:\s(?P<out>is\ssitting\sout|out\sof\shand.*))?$     # " is sitting out", " out of hand (...)"
    """,
    re.VERBOSE,
)

_GAMES: dict[str, Game] = {
    "omaha hi/lo": Game.OMAHA_HILO,
    "5 card omaha hi/lo": Game.OMAHA5_HILO,
    "courchevel hi/lo": Game.COURCHEVEL_HILO,
    "7 card stud hi/lo": Game.STUD_HILO,
    "omaha": Game.OMAHA_HI,
    "5 card omaha": Game.OMAHA5_HI,
    "courchevel": Game.COURCHEVEL_HI,
    "7 card stud": Game.STUD_HI,
}
"""Header game words (lower case, single spaces) to games; any other game is not covered."""

_COVERED_WORDS = ("omaha", "courchevel", "7 card stud")

_STRUCTURES: dict[str, Structure] = {
    "limit": Structure.LIMIT,
    "fixed limit": Structure.LIMIT,  # files converted by other tools: "Omaha Fixed Limit"
    "pot limit": Structure.POT_LIMIT,
    "no limit": Structure.NO_LIMIT,
}

_CURRENCIES: dict[str, str] = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR"}
"""Currency symbols to ISO codes, for amounts written without the code."""


class UncoveredGameError(Exception):
    """The header names a game the tracker does not cover; the text names the game."""


TournamentColumns = tuple[str | None, int | None, int | None, str | None, str | None]
"""A hand's tournament in the `hands` row: id, buy-in, fee, currency, level."""


@dataclass(frozen=True, slots=True)
class GameTerms:
    """What a header says besides the hand id and the time: the same for every hand of
    a table session, so it is read once and reused. `first` / `second` are the blinds,
    or in limit games the small and big bet, in `decimals`-place minor units (2: cents,
    0: chips)."""

    game: Game
    structure: Structure
    first: int
    second: int
    currency: str | None
    play_money: bool
    decimals: int
    tournament: Tournament | None

    @property
    def tournament_columns(
        self,
    ) -> tuple[str | None, int | None, int | None, str | None, str | None]:
        """The tournament as the `hands` row's five tournament columns (None for cash)."""
        tournament = self.tournament
        if tournament is None:
            return None, None, None, None, None
        return (tournament.tournament_id, tournament.buy_in, tournament.fee,
                tournament.currency, tournament.level)  # fmt: skip


@dataclass(frozen=True, slots=True)
class TableLine:
    """ "Table 'Signe VI' 6-max Seat #6 is the button"."""

    table: str
    max_seats: int | None
    button: int | None
    play_money: bool


_TIME_START = re.compile(r" - (?=\d{4}/\d{1,2}/\d{1,2}[ -])")  # " - 2013/04/10 19:06:22"
_TERMS_CACHE: dict[str, GameTerms | str] = {}
_CACHE_LIMIT = 5_000


def read_header(line: str) -> tuple[GameTerms, datetime, str]:
    """Read "PokerStars Hand #96961585867:  5 Card Omaha Hi/Lo Pot Limit ($2/$4 USD) - ...":
    the game terms, the start in UTC and the zone the site wrote first.

    Raises:
        UncoveredGameError: a game the tracker does not cover (Hold'em, Razz, ...).
        ValueError: a header that cannot be read.
    """
    hand_id = HAND_ID.search(line)
    time_start = _TIME_START.search(line)
    if hand_id is None or time_start is None:
        return read_terms(line), *read_time(line)
    key = line[: hand_id.start()] + line[hand_id.end() : time_start.start()]
    terms = _TERMS_CACHE.get(key)
    if terms is None:
        try:
            terms = read_terms(line)
        except UncoveredGameError as error:
            terms = str(error)
        if len(_TERMS_CACHE) >= _CACHE_LIMIT:
            _TERMS_CACHE.clear()
        _TERMS_CACHE[key] = terms
    if isinstance(terms, str):
        raise UncoveredGameError(terms)
    return terms, *read_time(line[time_start.end() :])


def read_terms(line: str) -> GameTerms:
    """The game terms of a header line (what `read_header` reads besides the time).

    Raises:
        UncoveredGameError: a game the tracker does not cover.
        ValueError: a header that cannot be read.
    """
    match = _HEADER.match(line)
    if match is None:
        if any(word in line.lower() for word in _COVERED_WORDS):
            raise ValueError("unreadable hand header")
        raise UncoveredGameError("a game the header does not name in a known way")
    game = _GAMES.get(" ".join(match["game"].lower().split()))
    structure = _STRUCTURES[" ".join(match["structure"].lower().split())]
    if game is None:
        raise UncoveredGameError(f"{match['game']} {match['structure']}")
    stakes_text = match["cash_stakes"] or match["mixed_stakes"] or match["level_stakes"]
    stakes = _STAKES.match(stakes_text or "")
    if stakes is None:
        raise ValueError(f"unreadable stakes {stakes_text!r}")
    tournament_id = match["tournament_id"]
    tournament = None
    if tournament_id is None:
        currency = stakes["currency"] or _CURRENCIES.get(stakes["small"][0])
        decimals = 2 if currency else 0
        play_money = currency is None
    else:
        currency, decimals = None, 0
        tournament = _read_tournament(match, tournament_id)
        play_money = tournament.currency is None and not match["freeroll"]
    return GameTerms(
        game=game,
        structure=structure,
        first=to_minor_units(stakes["small"], decimals=decimals),
        second=to_minor_units(stakes["big"], decimals=decimals),
        currency=currency,
        play_money=play_money,
        decimals=decimals,
        tournament=tournament,
    )


def _read_tournament(match: re.Match[str], tournament_id: str) -> Tournament:
    """ "$37.50+$37.50+$7.00 USD": the last part is the fee; the others (prize pool and
    bounty) add up to the buy-in. Play-money buy-ins ("100+9") are whole chips."""
    if match["freeroll"]:
        return Tournament(tournament_id, 0, 0, None, match["level"])
    parts = match["buy_in"].split("+")
    currency = match["buy_in_currency"] or _CURRENCIES.get(parts[0][0])
    decimals = 2 if currency else 0
    amounts = [to_minor_units(part, decimals=decimals) for part in parts]
    fee = amounts.pop() if len(amounts) > 1 else None
    return Tournament(tournament_id, sum(amounts), fee, currency, match["level"])


def read_time(text: str) -> tuple[datetime, str]:
    """ "2013/04/10 19:06:22 WET [2013/04/10 14:06:22 ET]": the start in UTC (read from
    the bracketed ET time when there is one) and the zone written first.

    >>> read_time("2010/08/29 13:22:48 PT [2010/08/29 16:22:48 ET]")
    (datetime.datetime(2010, 8, 29, 20, 22, 48, tzinfo=datetime.timezone.utc), 'PT')

    Raises:
        ValueError: no readable time, or an unknown zone.
    """
    fast = _read_time_fast(text)
    if fast is not None:
        return fast
    times = list(_TIME.finditer(text))
    if not times:
        raise ValueError(f"unreadable time {text!r}")
    # The bracketed time is ET on PokerStars; a room writing the time in UTC first
    # ("17:55 UTC [2019/08/14 18:55 CET]", Run It Once) is read from that one.
    used = next((time for time in times if time["zone"] in ("UTC", "GMT")), times[-1])
    local = datetime(
        int(used["year"]),
        int(used["month"]),
        int(used["day"]),
        int(used["hour"]),
        int(used["minute"]),
        int(used["second"] or 0),
    )
    # Headers without a zone come from the years PokerStars wrote every time in ET.
    zone = used["zone"] or "ET"
    return to_utc(local, zone), times[0]["zone"] or zone


def _read_time_fast(text: str) -> tuple[datetime, str] | None:
    """`read_time` for the two usual shapes, "2011/09/28 8:42:10 ET" and
    "2013/04/10 19:06:22 WET [2013/04/10 14:06:22 ET]", by splitting; None for others."""
    parts = text.split()
    if len(parts) == 6 and parts[2] in ("UTC", "GMT"):
        return None  # read from the UTC time, by `read_time`
    if len(parts) == 6 and parts[3][:1] == "[" and parts[5][-1:] == "]":
        first_zone, parts = parts[2], [parts[3][1:], parts[4], parts[5][:-1]]
    elif len(parts) == 3:
        first_zone = parts[2]
    else:
        return None
    date, clock, zone = parts
    year, month, day = date.split("/") if date.count("/") == 2 else ("", "", "")
    hour, minute, second = clock.split(":") if clock.count(":") == 2 else ("", "", "")
    digits = year + month + day + hour + minute + second
    if not (digits.isdigit() and year and month and day and hour and minute and second):
        return None
    if not zone.isalpha():
        return None
    local = datetime(int(year), int(month), int(day), int(hour), int(minute), int(second))
    return to_utc(local, zone), first_zone


_TABLES: dict[str, TableLine] = {}


def read_table(line: str) -> TableLine:
    """Read "Table '743144019 1' 2-max" or "Table 'Signe VI' 6-max Seat #6 is the button".

    Raises:
        ValueError: not a table line.
    """
    table = _TABLES.get(line)
    if table is None:
        match = _TABLE.match(line)
        if match is None:
            raise ValueError("expected the Table line")
        table = TableLine(
            table=match["table"],
            max_seats=int(match["max_seats"]) if match["max_seats"] else None,
            button=int(match["button"]) if match["button"] else None,
            play_money=match["play_money"] is not None,
        )
        if len(_TABLES) >= _CACHE_LIMIT:
            _TABLES.clear()
        _TABLES[line] = table
    return table


SeatRow = tuple[int, str, int, bool]
"""A seat line as the store's `seats` row: seat, player, stack, sitting out."""


def read_seat(line: str, money: Callable[[str], int]) -> Seat:
    """Read "Seat 3: Player0 ($91.64 in chips)" or "Seat 7: bob (2500 in chips) is sitting out";
    `money` reads the stack in minor units.

    >>> read_seat("Seat 3: Player 0 ($91.64 in chips)", lambda text: len(text))
    Seat(seat=3, player='Player 0', stack=6, sitting_out=False)

    Raises:
        ValueError: an unreadable seat line.
    """
    return Seat(*read_seat_row(line, money))


def read_seat_row(line: str, money: Callable[[str], int]) -> SeatRow:
    """`read_seat` as the store's row.

    >>> read_seat_row("Seat 7: bob (2500 in chips) is sitting out", int)
    (7, 'bob', 2500, True)

    Raises:
        ValueError: an unreadable seat line.
    """
    seat = _read_plain_seat_or_none(line, money)
    if seat is not None:
        return seat
    match = _SEAT.match(line)
    if match is None:
        raise ValueError("unreadable seat line")
    return int(match["seat"]), match["player"], money(match["stack"]), match["out"] is not None


def _read_plain_seat_or_none(line: str, money: Callable[[str], int]) -> SeatRow | None:
    # "Seat 3: Player0 ($91.64 in chips)" read by splitting, when the line holds one "("
    # only: then _SEAT could split it no other way. None for anything else.
    if not line.startswith("Seat ") or not line.endswith(" in chips)") or line.count("(") != 1:
        return None
    head, _, stack = line[:-10].rpartition(" (")
    number, separator, player = head[5:].partition(": ")
    digits = stack[1:] if stack[:1] in _CURRENCIES else stack
    if (
        not separator
        or not player
        or not (number.isascii() and number.isdigit())
        or not digits
        or digits.strip("0123456789.,")
    ):
        return None
    return int(number), player, money(stack), False
