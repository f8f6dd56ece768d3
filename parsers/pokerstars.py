"""PokerStars hand histories (and files other tools write in PokerStars' format).

One pass over each hand's lines: the header, the table line and the seats are read with
regular expressions; every later line is dispatched by a cheap prefix or "player: verb"
look-up before any pattern runs. docs/sites.md describes the format and the decisions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime

from parsers._common import HandText, split_at_headers, to_minor_units, to_utc
from parsers.base import SiteParser
from tracker.cards import Card, parse_card
from tracker.errors import MalformedHandError, UnsupportedGameError
from tracker.model import (
    Action,
    ActionKind,
    CardSource,
    Collection,
    Game,
    Hand,
    KnownCards,
    Returned,
    Seat,
    SeatSummary,
    Stakes,
    Street,
    Structure,
    Tournament,
)

SITE = "pokerstars"

_HAND_START = re.compile(r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #\d+:", re.M | re.I)

_HEADER = re.compile(
    r"""
    ^PokerStars\s+(?:Zoom\s+|Home\s+Game\s+)?(?:Hand|Game)\s+\#(?P<hand_id>\d+):\s+
                                                    # "PokerStars Hand #96961585867: "
    (?:\{[^}]*\}\s+)?                               # home game club: "{Dazzle's Room} "
    (?:Tournament\s+\#(?P<tournament_id>\d+),\s+    # "Tournament #986831247, "
       (?:(?P<buy_in>[$€£₹]?[\d.,]+(?:\+[$€£₹]?[\d.,]+)*)  # "$37.50+$37.50+$7.00", "100+9"
          (?:\s+(?P<buy_in_currency>[A-Z]{3})\b)?          # " USD"
        |(?P<freeroll>Freeroll))\s+
    )?
    (?:[^(]+?\s+\()?                                # mixed games: "8-Game ("
    (?P<game>[^(,]+?)\s+                            # "5 Card Omaha Hi/Lo", "7 CARD STUD HI/LO"
    (?P<structure>Pot\s+Limit|No\s+Limit|Limit)\b   # "Pot Limit"
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
    (?P<hour>\d{1,2}):(?P<minute>\d{2}):(?P<second>\d{2}) # "8:59:34"
    (?:\s+\(?(?P<zone>[A-Z]{2,5})\)?)?                    # " PT", or " (ET)" in old headers
    """,
    re.VERBOSE,
)

_TABLE = re.compile(
    r"""
    ^Table\s'(?P<table>.*)'\s*                            # "Table 'Signe VI' "
    (?:(?P<max_seats>\d+)-max\s*)?                        # "6-max "
    (?:\((?P<play_money>Play\sMoney)\)\s*)?               # "(Play Money) "
    (?:Seat\s\#(?P<button>\d+)\sis\sthe\sbutton)?\s*$     # "Seat #6 is the button"
    """,
    re.VERBOSE | re.IGNORECASE,
)

_SEAT = re.compile(
    r"""
    ^Seat\s(?P<seat>\d+):\s(?P<player>.+?)\s              # "Seat 3: Player0 "
    \((?P<stack>[$€£₹]?[\d.,]+)\sin\schips             # "($91.64 in chips"
    (?:,[^)]*)?\)                                         # ", $1 bounty)"
    (?P<rest>.*)$                                         # " is sitting out", " out of hand (...)"
    """,
    re.VERBOSE,
)

_TOTAL_POT = re.compile(
    r"""
    ^Total\spot\s(?P<total>[$€£₹]?[\d.,]+?)                    # "Total pot $4.85"
    (?:\sMain\spot\s(?P<main>[$€£₹]?[\d.,]+?)\.)?              # " Main pot 4170."
    (?P<sides>(?:\sSide\spot(?:-\d+)?\s[$€£₹]?[\d.,]+?\.)*)    # " Side pot-1 399. Side pot-2 1626."
    \s\|\sRake\s(?P<rake>[$€£₹]?[\d.,]+)\s*$                   # " | Rake $0.20"
    """,
    re.VERBOSE,
)

_SIDE_POT = re.compile(
    r"Side\spot(?:-\d+)?\s(?P<amount>[$€£₹]?[\d.,]+?)\.(?=\s|$)"
)  # "Side pot-1 399."
_WON = re.compile(r"\b(?:won|collected)\s\((?P<amount>[^)]*)\)")  # "won ($40.75)", "collected (20)"
_SUMMARY_NAME = re.compile(r"^(?P<player>.+?)(?=\s\(|\s(?:folded|showed|mucked|collected)\s|$)")
_HAND_ID = re.compile(r"#(\d+):")

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
"""Header game words (lower case) to games; any other game is not covered."""

_COVERED_WORDS = ("omaha", "courchevel", "7 card stud")

_STRUCTURES: dict[str, Structure] = {
    "limit": Structure.LIMIT,
    "pot limit": Structure.POT_LIMIT,
    "no limit": Structure.NO_LIMIT,
}

_CURRENCIES: dict[str, str] = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR"}

_POSTS: dict[str, ActionKind] = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "small & big blinds": ActionKind.POST_SMALL_AND_BIG_BLIND,
    "the ante": ActionKind.POST_ANTE,
}

_POTS: dict[str, int] = {"pot": 0, "main pot": 0, "side pot": 1}

_INFO_RESTS = frozenset(
    {"doesn't show hand", "sits out", "is sitting out", "is disconnected", "is connected"}
)
"""What follows "player: " on lines that say nothing about chips or cards."""

_INFO_SUFFIXES = (
    " leaves the table",
    " is sitting out",
    " has timed out",
    " has timed out while disconnected",
    " has timed out while being disconnected",
    " has returned",
    " is disconnected",
    " is connected",
    " will be allowed to play after the button",
    " - congratulations!",
    "Pair on board - a double bet is allowed",
    "Betting is capped",
    "No low hand qualified",
)
_INFO_INFIXES = (
    " joins the table at seat #",
    " finished the tournament",
    " for eliminating ",
    " was removed from the table",
    " wins the tournament",
    " re-buys and receives ",
    " takes the add-on",
)


@dataclass(frozen=True, slots=True)
class _Marker:
    """A "*** NAME ***" line: the street it starts, the board run it deals (None when it
    deals none) and how many cards that board then holds, and for showdowns the board
    the following collections are paid on."""

    street: Street
    board: int | None = None
    board_size: int = 0
    paid_board: int | None = None


_FLOP_MARKERS: dict[str, _Marker] = {
    "HOLE CARDS": _Marker(Street.PREFLOP),
    "PRE-FLOP": _Marker(Street.PREFLOP, 0, 1),  # Courchevel: "*** PRE-FLOP *** [7h]"
    "FLOP": _Marker(Street.FLOP, 0, 3),
    "TURN": _Marker(Street.TURN, 0, 4),
    "RIVER": _Marker(Street.RIVER, 0, 5),
    "FIRST FLOP": _Marker(Street.FLOP, 0, 3),
    "FIRST TURN": _Marker(Street.TURN, 0, 4),
    "FIRST RIVER": _Marker(Street.RIVER, 0, 5),
    "SECOND FLOP": _Marker(Street.FLOP, 1, 3),
    "SECOND TURN": _Marker(Street.TURN, 1, 4),
    "SECOND RIVER": _Marker(Street.RIVER, 1, 5),
    "SHOW DOWN": _Marker(Street.SHOWDOWN, paid_board=0),
    "FIRST SHOW DOWN": _Marker(Street.SHOWDOWN, paid_board=0),
    "SECOND SHOW DOWN": _Marker(Street.SHOWDOWN, paid_board=1),
}
_STUD_MARKERS: dict[str, _Marker] = {
    "3RD STREET": _Marker(Street.THIRD),
    "4TH STREET": _Marker(Street.FOURTH),
    "5TH STREET": _Marker(Street.FIFTH),
    "6TH STREET": _Marker(Street.SIXTH),
    "RIVER": _Marker(Street.SEVENTH),  # stud's seventh street: "*** RIVER ***"
    "SHOW DOWN": _Marker(Street.SHOWDOWN, paid_board=0),
}
_DEAL_MARKERS = frozenset({"HOLE CARDS", "3RD STREET"})


class PokerStarsParser(SiteParser):
    """PokerStars: cash games, tournaments, home games and play money, 2005 to today."""

    site = SITE

    def detect(self, text: str) -> bool:
        """True when a line of `text` starts like a PokerStars hand header."""
        return _HAND_START.search(text) is not None

    def split_hands(self, text: str) -> Iterator[HandText]:
        """Each hand starts at a "PokerStars ... #<id>:" line."""
        return split_at_headers(text, _HAND_START)

    def parse_hand(self, hand_text: HandText, file: str | None) -> Hand:
        """Read one hand (see docs/sites.md for what each line becomes)."""
        return _HandReader(hand_text, file).read()


@dataclass(frozen=True, slots=True)
class _Header:
    hand_id: str
    game: Game
    structure: Structure
    first: int  # small blind, or small bet in limit games
    second: int  # big blind, or big bet in limit games
    currency: str | None
    play_money: bool
    decimals: int
    tournament: Tournament | None
    started_at: datetime
    site_timezone: str | None


_LineHandler = Callable[["_HandReader", str, str], None]


class _HandReader:
    """The state of one hand while its lines are read; `read()` returns the Hand."""

    def __init__(self, hand_text: HandText, file: str | None) -> None:
        self.text = hand_text
        self.lines = hand_text.lines
        self.file = file
        self.hand_id: str | None = None
        self.seat_of: dict[str, int] = {}
        self.player_at: dict[int, str] = {}
        self.seats: list[Seat] = []
        self.actions: list[Action] = []
        self.known: list[KnownCards] = []
        self.shown: set[tuple[str, tuple[Card, ...]]] = set()
        self.boards: list[tuple[Card, ...]] = [(), ()]
        self.returned: list[Returned] = []
        self.collections: list[Collection] = []
        self.summaries: list[SeatSummary] = []
        self.street_in: dict[str, int] = {}
        self.hero: str | None = None
        self.cancelled = False
        self.dealt = False
        self.paid_board = 0
        self.total_pot: int | None = None
        self.main_pot: int | None = None
        self.side_pots: tuple[int, ...] = ()
        self.rake: int | None = None

    def read(self) -> Hand:
        """Read the whole hand, step by step."""
        header = self.header = self._read_header(self.lines[0])
        self.decimals = header.decimals
        self.markers = _STUD_MARKERS if header.game.is_stud else _FLOP_MARKERS
        self.street = Street.THIRD if header.game.is_stud else Street.PREFLOP
        table, max_seats, button, play_money = self._read_table()
        body = self._read_seats()
        summary = self._find_summary(body)
        self._read_body(body, summary)
        self._read_summary(summary + 1)
        if not self.cancelled and (self.total_pot is None or not self.dealt):
            missing = "a Total pot line" if self.dealt else "a HOLE CARDS or 3rd STREET line"
            raise self._error(f"the hand has no {missing}", min(summary, len(self.lines) - 1))
        return self._build(header, table, max_seats, button, play_money)

    def _error(self, reason: str, index: int) -> MalformedHandError:
        return MalformedHandError(
            reason,
            site=SITE,
            file=self.file,
            hand_id=self.hand_id,
            line_number=self.text.line_number(index),
            line=self.lines[index],
        )

    def _read_header(self, line: str) -> _Header:
        # "PokerStars Hand #96961585867:  5 Card Omaha Hi/Lo Pot Limit ($2/$4 USD) - ..."
        match = _HEADER.match(line)
        id_match = _HAND_ID.search(line)
        self.hand_id = id_match.group(1) if id_match else None
        if match is None:
            if any(word in line.lower() for word in _COVERED_WORDS):
                raise self._error("unreadable hand header", 0)
            raise self._unsupported("a game the header does not name in a known way")
        game_words = " ".join(match["game"].lower().split())
        game = _GAMES.get(game_words)
        structure = _STRUCTURES[" ".join(match["structure"].lower().split())]
        if game is None:
            raise self._unsupported(f"{match['game']} {match['structure']}")
        try:
            return self._header_from(match, game, structure)
        except ValueError as error:
            raise self._error(str(error), 0) from None

    def _unsupported(self, game: str) -> UnsupportedGameError:
        return UnsupportedGameError(
            f"{game} is not a game the tracker covers",
            site=SITE,
            file=self.file,
            hand_id=self.hand_id,
            line_number=self.text.first_line,
            line=self.lines[0],
        )

    def _header_from(self, match: re.Match[str], game: Game, structure: Structure) -> _Header:
        stakes_text = match["cash_stakes"] or match["mixed_stakes"] or match["level_stakes"]
        stakes = _STAKES.match(stakes_text or "")
        if stakes is None:
            raise ValueError(f"unreadable stakes {stakes_text!r}")
        tournament_id = match["tournament_id"]
        if tournament_id is None:
            currency = stakes["currency"] or _CURRENCIES.get(stakes["small"][0])
            decimals = 2 if currency else 0
            tournament = None
            play_money = currency is None
        else:
            currency, decimals = None, 0
            tournament = _tournament(match, tournament_id)
            play_money = tournament.currency is None and not match["freeroll"]
        local, zone = _read_time(match["time"])
        return _Header(
            hand_id=match["hand_id"],
            game=game,
            structure=structure,
            first=to_minor_units(stakes["small"], decimals=decimals),
            second=to_minor_units(stakes["big"], decimals=decimals),
            currency=currency,
            play_money=play_money,
            decimals=decimals,
            tournament=tournament,
            started_at=local,
            site_timezone=zone,
        )

    def _read_table(self) -> tuple[str, int | None, int | None, bool]:
        # "Table 'Signe VI' 6-max Seat #6 is the button"
        match = _TABLE.match(self.lines[1]) if len(self.lines) > 1 else None
        if match is None:
            raise self._error("expected the Table line", min(1, len(self.lines) - 1))
        max_seats = int(match["max_seats"]) if match["max_seats"] else None
        button = int(match["button"]) if match["button"] else None
        return match["table"], max_seats, button, match["play_money"] is not None

    def _read_seats(self) -> int:
        # "Seat 3: Player0 ($91.64 in chips)", "Seat 7: Player6 (2500 in chips) is sitting out"
        lines = self.lines
        index = 2
        while index < len(lines) and lines[index].startswith("Seat "):
            match = _SEAT.match(lines[index])
            rest = match["rest"].strip() if match else ""
            if match is None or (rest not in ("", "is sitting out") and "out of hand" not in rest):
                raise self._error("unreadable seat line", index)
            seat, player = int(match["seat"]), match["player"]
            if player in self.seat_of or seat in self.player_at:
                raise self._error("a seat or a player appears twice", index)
            try:
                stack = to_minor_units(match["stack"], decimals=self.decimals)
            except ValueError as error:
                raise self._error(str(error), index) from None
            self.seat_of[player] = seat
            self.player_at[seat] = player
            self.seats.append(Seat(seat, player, stack, bool(rest)))
            index += 1
        if not self.seats:
            raise self._error("the hand has no seat lines", min(index, len(lines) - 1))
        return index

    def _find_summary(self, body: int) -> int:
        try:
            return self.lines.index("*** SUMMARY ***", body)
        except ValueError:
            if "Hand cancelled" in self.lines:
                return len(self.lines)
            raise self._error(
                "hand cut off: it ends before its summary", len(self.lines) - 1
            ) from None

    def _read_body(self, start: int, stop: int) -> None:
        lines = self.lines
        seat_of = self.seat_of
        index = start
        try:
            for index in range(start, stop):
                line = lines[index]
                if line.startswith("*** "):
                    self._street_line(line)
                    continue
                player, separator, rest = line.partition(": ")
                if separator and player in seat_of:
                    self._player_line(player, rest)
                elif line.startswith("Dealt to "):
                    self._dealt_line(line[9:])
                else:
                    self._other_line(line)
        except ValueError as error:
            raise self._error(str(error), index) from None

    def _player_line(self, player: str, rest: str) -> None:
        # "Player2: raises $4 to $8"
        verb, _, args = rest.partition(" ")
        handler = _VERBS.get(verb)
        if handler is not None:
            handler(self, player, args)
        elif rest not in _INFO_RESTS:
            raise ValueError(f"unknown action {rest!r}")

    def _street_line(self, line: str) -> None:
        # "*** TURN *** [Jc 6c Kd] [9c]", "*** 3rd STREET ***", "*** SECOND SHOW DOWN ***"
        end = line.find(" ***", 4)
        name = line[4:end].upper() if end > 0 else ""
        marker = self.markers.get(name)
        if marker is None:
            raise ValueError(f"unknown street line {name or line!r}")
        if marker.street is not self.street:
            self.street = marker.street
            self.street_in = {}
        if name in _DEAL_MARKERS:
            self.dealt = True
        if marker.paid_board is not None:
            self.paid_board = marker.paid_board
        if marker.board is not None:
            cards = _bracketed_cards(line[end + 4 :])
            if len(cards) != marker.board_size:
                size = marker.board_size
                raise ValueError(f"the board after {name} has {len(cards)} cards, not {size}")
            self.boards[marker.board] = cards

    def _dealt_line(self, body: str) -> None:
        # "Dealt to Hero [Td Kh 3d 4s 9d]"; stud: "Dealt to Hero [7c 3s 5h] [Qc]"
        player, _, cards_text = body.partition(" [")
        if player not in self.seat_of:
            player = self._seated_prefix(body, " [")
            cards_text = body[len(player) + 2 :]
        new_cards = _bracketed_cards("[" + cards_text.rpartition("[")[2])
        game = self.header.game
        if not game.is_stud:
            if len(new_cards) != game.hole_card_count:
                raise ValueError(f"{len(new_cards)} hole cards dealt in {game.value}")
            self.hero = player
            source = CardSource.DEALT
        elif self.street is Street.THIRD and len(new_cards) == 3:
            self.hero = player
            source = CardSource.DEALT
        elif len(new_cards) != 1:
            raise ValueError(f"{len(new_cards)} cards dealt at once on {self.street.value} street")
        else:
            source = CardSource.DEALT if player == self.hero else CardSource.UP
        self.known.append(KnownCards(player, self.street, source, new_cards))

    def _seated_prefix(self, line: str, separator: str) -> str:
        """The seated player whose name, then `separator`, starts `line`: the slow path
        for names that hold the separator themselves ("a: b")."""
        for name in self.seat_of:
            if line.startswith(name + separator):
                return name
        player = line.partition(separator)[0]
        raise ValueError(f"{player!r} has no seat in this hand")

    def _other_line(self, line: str) -> None:
        if ' said, "' in line or line.endswith(_INFO_SUFFIXES):
            return  # chat and table news: 'Hero said, "nh"', "bob leaves the table"
        if line.startswith("Uncalled bet ("):
            # "Uncalled bet ($0.14) returned to toxic7"
            amount, _, player = line[14:].partition(") returned to ")
            if player not in self.seat_of:
                raise ValueError(f"{player!r} has no seat in this hand")
            self.returned.append(Returned(player, self._money(amount)))
        elif " collected " in line:
            self._collected(line)
        elif line == "Hand cancelled":
            self.cancelled = True
        elif any(marker in line for marker in _INFO_INFIXES):
            return  # "bob joins the table at seat #6", "bob finished the tournament in 2nd place"
        else:
            player, separator, rest = line.partition(": ")
            if separator and rest in _INFO_RESTS:
                return  # "newcomer: sits out"
            if not separator or rest.partition(" ")[0] not in _VERBS:
                raise ValueError("unknown line")
            player = self._seated_prefix(line, ": ")
            self._player_line(player, line[len(player) + 2 :])

    def _collected(self, line: str) -> None:
        # "Player1 collected $17.19 from pot", "APTEM-89 collected 813 from side pot-2"
        player, _, rest = line.partition(" collected ")
        if player not in self.seat_of:
            player = self._seated_prefix(line, " collected ")
            rest = line[len(player) + 11 :]
        amount, _, pot_name = rest.partition(" from ")
        pot = _POTS.get(pot_name)
        if pot is None and pot_name.startswith("side pot-") and pot_name[9:].isdigit():
            pot = int(pot_name[9:])
        if pot is None:
            raise ValueError(f"unknown pot {pot_name!r}")
        self.collections.append(Collection(player, self._money(amount), pot, self.paid_board))

    def _money(self, text: str) -> int:
        return to_minor_units(text, decimals=self.decimals)

    def _act(self, player: str, kind: ActionKind, amount: int, all_in: bool) -> None:
        self.actions.append(Action(self.street, player, kind, amount, None, all_in))
        street_in = self.street_in
        street_in[player] = street_in.get(player, 0) + amount

    def _read_summary(self, start: int) -> None:
        lines = self.lines
        index = start
        try:
            for index in range(start, len(lines)):
                line = lines[index]
                if line.startswith("Seat "):
                    self._summary_seat(line)
                elif line.startswith("Total pot "):
                    self._total_pot(line)
                elif line.startswith(("Board [", "FIRST Board [", "SECOND Board [")):
                    board = 1 if line.startswith("SECOND") else 0
                    if _bracketed_cards(line[line.index("[") :]) != self.boards[board]:
                        raise ValueError("the summary board differs from the cards dealt")
                elif line != "Hand was run twice":
                    raise ValueError("unknown summary line")
        except ValueError as error:
            raise self._error(str(error), index) from None

    def _total_pot(self, line: str) -> None:
        # "Total pot 6195 Main pot 4170. Side pot-1 399. Side pot-2 1626. | Rake 0"
        match = _TOTAL_POT.match(line)
        if match is None:
            raise ValueError("unreadable Total pot line")
        money = self._money
        self.total_pot = money(match["total"])
        self.rake = money(match["rake"])
        self.main_pot = money(match["main"]) if match["main"] else None
        sides = _SIDE_POT.findall(match["sides"])
        self.side_pots = tuple(money(amount) for amount in sides)

    def _summary_seat(self, line: str) -> None:
        # "Seat 3: Player0 (button) (small blind) showed [..] and won ($40.75) with ..."
        number, _, text = line[5:].partition(": ")
        if not number.isdigit():
            raise ValueError("unreadable summary seat line")
        seat = int(number)
        player = self.player_at.get(seat)
        if player is None or not (text == player or text.startswith(player + " ")):
            name = _SUMMARY_NAME.match(text)
            if name is None:
                raise ValueError("unreadable summary seat line")
            player = name["player"]
        rest = text[len(player) :].strip()
        won = [self._money(match["amount"]) for match in _WON.finditer(rest)]
        self.summaries.append(SeatSummary(seat, player, rest, sum(won) if won else None))
        for word, source in (("showed [", CardSource.SUMMARY), ("mucked [", CardSource.MUCKED)):
            start = rest.find(word)
            if start >= 0:
                cards = _bracketed_cards(rest[start + len(word) - 1 : rest.find("]", start) + 1])
                if (player, cards) not in self.shown:
                    self.known.append(KnownCards(player, Street.SHOWDOWN, source, cards))

    def _build(
        self, header: _Header, table: str, max_seats: int | None, button: int | None, play: bool
    ) -> Hand:
        posts: dict[ActionKind, int] = {}
        for action in self.actions:
            if action.kind in _STAKE_KINDS and action.amount > posts.get(action.kind, 0):
                posts[action.kind] = action.amount
        limit = header.structure is Structure.LIMIT
        stakes = Stakes(
            small_blind=posts.get(ActionKind.POST_SMALL_BLIND) if limit else header.first,
            big_blind=posts.get(ActionKind.POST_BIG_BLIND) if limit else header.second,
            small_bet=header.first if limit else None,
            big_bet=header.second if limit else None,
            ante=posts.get(ActionKind.POST_ANTE),
            bring_in=posts.get(ActionKind.BRING_IN),
        )
        return Hand(
            site=SITE,
            hand_id=header.hand_id,
            game=header.game,
            structure=header.structure,
            stakes=stakes,
            currency=header.currency,
            play_money=header.play_money or play,
            tournament=header.tournament,
            table_name=table,
            max_seats=max_seats,
            button_seat=None if header.game.is_stud else button,
            started_at=header.started_at,
            site_timezone=header.site_timezone,
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            known_cards=tuple(self.known),
            boards=tuple(board for board in self.boards if board),
            returned=tuple(self.returned),
            collections=tuple(self.collections),
            total_pot=self.total_pot,
            main_pot=self.main_pot,
            side_pots=self.side_pots,
            rake=self.rake,
            jackpot_fee=0,
            summaries=tuple(self.summaries),
            hero=self.hero,
            cancelled=self.cancelled,
            source_file=self.file,
            first_line=self.text.first_line,
        )


_STAKE_KINDS = frozenset(
    {
        ActionKind.POST_SMALL_BLIND,
        ActionKind.POST_BIG_BLIND,
        ActionKind.POST_ANTE,
        ActionKind.BRING_IN,
    }
)


def _split_all_in(args: str) -> tuple[str, bool]:
    """Cut " and is all-in" / " and has reached the $4 cap" off a betting line's end."""
    if args.endswith(" and is all-in"):
        return args[:-14], True
    if args.endswith(" cap"):
        amount, found, _ = args.partition(" and has reached the ")
        if found:
            return amount, False
    return args, False


def _fold(reader: _HandReader, player: str, args: str) -> None:
    # "Hero: folds"
    if args:
        raise ValueError("unexpected text after folds")
    reader.actions.append(Action(reader.street, player, ActionKind.FOLD))


def _check(reader: _HandReader, player: str, args: str) -> None:
    # "Player1: checks"
    if args:
        raise ValueError("unexpected text after checks")
    reader.actions.append(Action(reader.street, player, ActionKind.CHECK))


def _call(reader: _HandReader, player: str, args: str) -> None:
    # "Player0: calls $45.75 and is all-in"
    amount, all_in = _split_all_in(args)
    reader._act(player, ActionKind.CALL, reader._money(amount), all_in)


def _bet(reader: _HandReader, player: str, args: str) -> None:
    # "Player4: bets 1360 and is all-in"
    amount, all_in = _split_all_in(args)
    reader._act(player, ActionKind.BET, reader._money(amount), all_in)


def _raise(reader: _HandReader, player: str, args: str) -> None:
    # "Player2: raises $4 to $8": $4 over the bet, to $8 in all on this street
    text, all_in = _split_all_in(args)
    to_text = text.partition(" to ")[2]
    to_amount = reader._money(to_text)
    already = reader.street_in.get(player, 0)
    if to_amount <= already:
        raise ValueError(f"raise to {to_text} is not above the {already} already in")
    reader.actions.append(
        Action(reader.street, player, ActionKind.RAISE, to_amount - already, to_amount, all_in)
    )
    reader.street_in[player] = to_amount


def _post(reader: _HandReader, player: str, args: str) -> None:
    # "Player0: posts small blind $2", "Hero: posts the ante 5", "bob: posts small & big blinds $3"
    text, all_in = _split_all_in(args)
    what, _, amount_text = text.rpartition(" ")
    kind = _POSTS.get(what)
    if kind is None:
        raise ValueError(f"unknown post {what!r}")
    amount = reader._money(amount_text)
    reader.actions.append(Action(reader.street, player, kind, amount, None, all_in))
    if kind is ActionKind.POST_ANTE:
        return  # antes are dead money, not part of the street's bets
    live = amount
    if kind is ActionKind.POST_SMALL_AND_BIG_BLIND:
        # Only the big blind is live; the small blind part is dead money.
        header = reader.header
        live = min(amount, header.first if header.structure is Structure.LIMIT else header.second)
    reader.street_in[player] = reader.street_in.get(player, 0) + live


def _bring_in(reader: _HandReader, player: str, args: str) -> None:
    # "denny501: brings in for $0.02"
    text, all_in = _split_all_in(args)
    if not text.startswith("in for "):
        raise ValueError("unreadable bring-in")
    reader._act(player, ActionKind.BRING_IN, reader._money(text[7:]), all_in)


def _show(reader: _HandReader, player: str, args: str) -> None:
    # "Hero: shows [As 4s Ks Ad Qh] (HI: a flush, Ace high; LO: 7,5,4,3,A)"
    cards = _bracketed_cards(args[: args.find("]") + 1])
    if (player, cards) not in reader.shown:
        reader.shown.add((player, cards))
        reader.known.append(KnownCards(player, reader.street, CardSource.SHOWN, cards))


def _muck(reader: _HandReader, player: str, args: str) -> None:
    # "Tumim: mucks hand" (the summary lists the cards: "Seat 7: Tumim mucked [5c 6c ...]")
    if args.startswith("hand ["):
        cards = _bracketed_cards(args[5 : args.find("]") + 1])
        reader.known.append(KnownCards(player, reader.street, CardSource.MUCKED, cards))
    elif args != "hand":
        raise ValueError("unreadable mucks line")


def _cash_out(reader: _HandReader, player: str, args: str) -> None:
    # "bob: Chooses to EV Cashout", "bob: Receives Cashout ($12.34)"
    amount = 0
    if args.startswith("Cashout (") and args.endswith(")"):
        amount = reader._money(args[9:-1])
    elif args != "to EV Cashout":
        raise ValueError("unreadable cash-out line")
    reader.actions.append(Action(reader.street, player, ActionKind.CASH_OUT, amount))


_VERBS: dict[str, _LineHandler] = {
    "folds": _fold,
    "checks": _check,
    "calls": _call,
    "bets": _bet,
    "raises": _raise,
    "posts": _post,
    "brings": _bring_in,
    "shows": _show,
    "mucks": _muck,
    "Chooses": _cash_out,
    "Receives": _cash_out,
}
"""The first word after "player: " to the function that reads the rest of the line."""


def _bracketed_cards(text: str) -> tuple[Card, ...]:
    """Every card in " [Jc 6c Kd] [9c]": one or more bracketed groups, nothing else."""
    stripped = text.strip()
    if not (stripped.startswith("[") and stripped.endswith("]")) or stripped.count(
        "["
    ) != stripped.count("]"):
        raise ValueError(f"cards not in closed brackets: {text.strip()!r}")
    return tuple(parse_card(part) for part in stripped.replace("[", " ").replace("]", " ").split())


def _tournament(match: re.Match[str], tournament_id: str) -> Tournament:
    """ "$37.50+$37.50+$7.00 USD": the last part is the fee, the others (prize pool and
    bounty) add up to the buy-in. Play-money buy-ins ("100+9") are whole chips."""
    if match["freeroll"]:
        return Tournament(tournament_id, 0, 0, None, match["level"])
    parts = match["buy_in"].split("+")
    currency = match["buy_in_currency"] or _CURRENCIES.get(parts[0][0])
    decimals = 2 if currency else 0
    amounts = [to_minor_units(part, decimals=decimals) for part in parts]
    fee = amounts.pop() if len(amounts) > 1 else None
    return Tournament(tournament_id, sum(amounts), fee, currency, match["level"])


def _read_time(text: str) -> tuple[datetime, str | None]:
    """ "2013/04/10 19:06:22 WET [2013/04/10 14:06:22 ET]": the time in UTC (from the
    bracketed ET time when there is one) and the zone written first."""
    times = list(_TIME.finditer(text))
    if not times:
        raise ValueError(f"unreadable time {text!r}")
    used = times[-1]
    local = datetime(
        int(used["year"]),
        int(used["month"]),
        int(used["day"]),
        int(used["hour"]),
        int(used["minute"]),
        int(used["second"]),
    )
    # Headers without a zone are from the years PokerStars wrote only ET.
    return to_utc(local, used["zone"] or "ET"), times[0]["zone"] or used["zone"] or "ET"
