"""The Full Tilt reader: one hand's lines into a `HandBuilder`, step by step (header,
seats, body, summary).

A body line is a street line ("*** FLOP *** [..]"), a dealing line ("Dealt to Hero
[..]"), an uncalled bet, or "<player> <verb> ...": the seated player whose name starts
the line is found by `HandReader.split_player` (names hold spaces: "Phil Ivey"), and
the verb after it picks the handler (a dictionary look-up, no pattern per line). Chat
("Kilij: ty", "Hence (Observer): lolz") and table news ("shasatipu adds $316") say
nothing of the hand. docs/sites/fulltilt.md describes the format line by line.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from typing import ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.column_site import ColumnLineSite
from parsers._base.money import Money
from parsers._base.reader import Action, HandReader
from parsers._base.text import to_utc
from parsers.fulltilt import columns, words
from tracker.cards import Card, parse_card, parse_cards
from tracker.model import ActionKind, CardSource, Stakes, Street, Structure, Tournament

_BRACKETS = re.compile(r"\[([^\]]*)\]")
_CASH = Money(2)  # "$1,234.50": cents
_CHIPS = Money(0)  # tournament chips and play money, as written: "1,170"


def _brackets(text: str) -> list[tuple[Card, ...]]:
    """The card groups of `text`: "[4d As 7s] [Th]" is two groups. (Each card is
    checked to be dealt once by the builder.)"""
    return [_group(group) for group in _BRACKETS.findall(text)]


def _last_group(text: str) -> tuple[Card, ...]:
    """The cards of the last bracket of `text` ("[As] [3h]" gives 3h; the first "[" may
    be cut off: "As] [3h]", "9c]")."""
    start = text.rfind("[") + 1
    end = text.find("]", start)
    if end < 0:
        raise ValueError(f"no cards in {text!r}")
    return _group(text[start:end])


def _group(group: str) -> tuple[Card, ...]:
    """The cards of one bracket's text: "4d As 7s"."""
    try:
        return tuple([_CARDS[card] for card in group.split()])
    except KeyError:
        return parse_cards(group)  # "10h", or the error naming the card


_CARDS: dict[str, Card] = {
    rank + suit: parse_card(rank + suit) for rank in "23456789TJQKA" for suit in "cdhs"
}
"""Cards as Full Tilt writes them ("Td", "As")."""


def _third(cards: str) -> tuple[Card, ...]:
    """The hero's three cards of 3rd street: "5s 2h] [Th]" (after the first "[")."""
    return _group(cards.replace("] [", " ").rstrip("]"))


class _HandReader(HandReader):
    """One hand being read: what the builder does not keep (the money reader, the
    game's kind, the payments the body announced)."""

    all_in = (", and is all in", " and is all in")  # "$26.55, and is all in", "$5 and is all in"

    def __init__(self, hand: HandBuilder) -> None:
        super().__init__(hand)
        self.amount = _CASH
        self.stud = False
        self.paid = False
        self.summary_board = 0
        self.blinds: dict[ActionKind, int] = {}
        self.bring_in: int | None = None

    def read(self) -> None:
        """Read the hand's header, seats, body and summary."""
        index = self.header()
        index = self.seats(index)
        index = self.body(index)
        self.summary(index)
        self.set_stakes()

    # The header and the seats

    def header(self) -> int:
        hand = self.hand
        line = self.lines[0]
        match = words.HEADER.match(line)
        if match is None:
            hand_id = line.partition("#")[2].partition(":")[0]
            if hand_id.isdigit():
                hand.name_hand(hand_id)  # so that the error names the hand
            if any(word in line.lower() for word in words.COVERED_WORDS):
                raise hand.error("unreadable hand header", 0)
            raise hand.unsupported("a game the header does not name in a known way")
        hand.name_hand(match["hand_id"])
        game_text = match["game"] or match["game_first"] or ""
        structure_text, _, game_words = game_text.partition(" ")
        if structure_text == "Pot" or structure_text == "No":
            more, _, game_words = game_words.partition(" ")
            structure_text = f"{structure_text} {more}"
        structure = words.STRUCTURES.get(structure_text)
        game = words.GAMES.get(game_words)
        if structure is None or game is None:
            raise hand.unsupported(game_text or "an unnamed game")
        self.stud = game.is_stud
        tournament = None
        currency: str | None = "USD"
        symbol = match["small"][0]
        if match["tournament_id"] is not None:
            tournament = Tournament(
                match["tournament_id"],
                self.amount(match["buy_in"]),
                self.amount(match["fee"]),
                _CURRENCIES.get(match["buy_in"][0]),
                None,
            )
            currency = None
            self.amount = _CHIPS
        elif symbol.isdigit():
            currency = None  # play money: "5/10", chips as written
            self.amount = _CHIPS
        else:
            currency = _CURRENCIES.get(symbol)
        hand.start(
            match["hand_id"],
            game,
            structure,
            self.started_at(match),
            site_timezone=words.TIMEZONE,
            stakes=self.stakes(match, structure),
            currency=currency,
            play_money=tournament is None and currency is None,
            tournament=tournament,
        )
        max_seats = match["max_seats"]
        hand.table(match["table"], max_seats=int(max_seats) if max_seats else None)
        return 1

    def started_at(self, match: re.Match[str]) -> datetime:
        # The ET time: alone ("11:37:56 ET - 2010/03/03") or in brackets after a local one.
        time, date = match["et_time"], match["et_date"]
        if time is None or date is None:
            time, date = match["time"], match["date"]
            if match["zone"] != words.TIMEZONE:
                raise ValueError(f"a start time in {match['zone']} without its ET time")
        hours, minutes, seconds = (int(part) for part in time.split(":"))
        local = datetime(int(date[0:4]), int(date[5:7]), int(date[8:10]), hours, minutes, seconds)
        return to_utc(local, words.TIMEZONE)

    def stakes(self, match: re.Match[str], structure: Structure) -> Stakes:
        # "$0.01/$0.02": the blinds; limit "$200/$400": the small and big bet.
        small, big = self.amount(match["small"]), self.amount(match["big"])
        ante = self.amount(match["ante"]) if match["ante"] else None
        if structure is Structure.LIMIT:
            return Stakes(small_bet=small, big_bet=big, ante=ante)
        return Stakes(small_blind=small, big_blind=big, ante=ante)

    def seats(self, start: int) -> int:
        # "Seat 1: Hero ($2.09)", "Seat 5: Player1 (10,765), is sitting out"
        hand, lines = self.hand, self.lines
        index = start
        while index < len(lines):
            line = lines[index]
            if not line:
                index += 1
                continue
            if not line.startswith("Seat "):
                break
            hand.index = index
            match = words.SEAT.match(line)
            if match is None:
                raise hand.error("unreadable seat line")
            hand.seat(
                int(match["seat"]),
                match["player"],
                self.amount(match["stack"]),
                sitting_out=match["out"] is not None,
            )
            index += 1
        self.index_names()
        return index

    # The body

    def body(self, start: int) -> int:
        hand, lines, plain = self.hand, self.lines, self.plain_names
        for index in range(start, len(lines)):
            line = lines[index]
            if not line:
                continue
            hand.index = index
            # Most lines: "<player> <verb> ...", the player's name one word.
            name, _, said = line.partition(" ")
            if name in plain and self.read_known_action(name, said):
                continue
            if line.startswith("*** "):
                if line.startswith("*** SUMMARY ***"):
                    return index + 1
                self.street_line(line)
            elif line.startswith("Dealt to "):
                self.dealt(line[9:])
            elif line.startswith("Uncalled bet of "):
                self.uncalled(line[16:])
            elif not self.seated_line(line) and not self.news(line):
                raise hand.error("unknown line")
        raise hand.error("hand cut off: it ends before its summary")

    def seated_line(self, line: str) -> bool:
        """Read a line of a seated player ("Phil Ivey calls $1,400") by its verb, or
        pass over one that says nothing of the hand ("has 15 seconds left to act");
        False when no seated player's name starts it. (Not `player_line`: a line of no
        seated player may be chat or table news.)"""
        found = self.split_player(line)
        if found is None:
            return False
        return self.read_known_action(*found) or found[1].partition(" ")[0] in words.PLAYER_NEWS

    def uncalled(self, text: str) -> None:
        # "Uncalled bet of $0.64 returned to ShaDiv"
        hand = self.hand
        amount, returned, player = text.partition(" returned to ")
        if not returned:
            raise hand.error("unreadable uncalled bet")
        hand.returned(hand.seated(player), self.amount(amount))

    def news(self, line: str) -> bool:
        """True for a line that says nothing of the hand: chat, table news, the button,
        the shown lows written alone (" (8,7,4,3,A)")."""
        if line.startswith("The button is in seat #"):
            # "The button is in seat #4"
            hand = self.hand
            hand.table(hand.header.table_name, button_seat=int(line[23:]))
            return True
        if line.startswith((" (", "Players agree to Run It")):
            return True
        if line == "No low hand qualified" or words.TABLE_NEWS.match(line):
            return True
        return self.split_player(line, ": ") is not None  # "Kilij: ty"

    def street_line(self, line: str) -> None:
        # "*** FLOP *** [9d 7c 4c]", "*** TURN 2 *** [2c As Jh] [Th] (Total Pot: ...)"
        hand = self.hand
        match = words.STREET.match(line)
        street = words.STREETS.get(match["name"]) if match is not None else None
        if match is None or street is None:
            raise hand.error("unknown street line")
        hand.new_street(street)
        if street in _BOARD_STREETS:
            groups = _brackets(line[match.end() :])
            if not groups:
                raise hand.error("a street line without its board cards")
            board = 1 if match["run"] == "2" else 0
            if board and not hand.board_cards(1):
                hand.run_again(1, sum(len(group) for group in groups[:-1]))
            hand.board(groups[-1], board)

    def dealt(self, text: str) -> None:
        # "Dealt to Hero [3d Jh 4s Kd]"; stud: "Dealt to Hero [5s 2h] [Th]",
        # "Dealt to kwuiyhw [9c]", later "Dealt to arjun1111 [As] [3h]"
        hand = self.hand
        found = self.split_player(text, " [")
        if found is None:
            raise hand.error("cards dealt to a player without a seat")
        player, cards = found
        if not self.stud:
            hand.dealt(player, _last_group(cards))
        elif player == hand.hero or (hand.street is Street.THIRD and "[" in cards):
            # the hero's cards: on 3rd street "[5s 2h] [Th]", then one new card a street
            hand.dealt(player, _last_group(cards) if player == hand.hero else _third(cards))
        else:
            hand.up(player, _last_group(cards))

    def post(self, player: str, rest: str) -> None:
        # "posts the small blind of $0.01", "posts a dead small blind of $1.25", "posts $2.50"
        words_part, _, amount = rest.rpartition(" ")
        kind = words.POSTS.get(words_part) if words_part else ActionKind.POST_BIG_BLIND
        if kind is None:
            raise self.hand.error("unknown post")
        posted = self.amount(amount)
        self.blinds.setdefault(kind, posted)
        self.hand.post(player, kind, posted)

    def ante(self, player: str, rest: str) -> None:
        # "antes $0.50"
        self.hand.post(player, ActionKind.POST_ANTE, self.amount(rest))

    def brings(self, player: str, rest: str) -> None:
        # "brings in for $1"
        self.bring_in, all_in = self.amount_all_in(rest.removeprefix("in for "))
        self.hand.bring_in(player, self.bring_in, all_in=all_in)

    def completes(self, player: str, rest: str) -> None:
        # "completes it to $3"
        amount, all_in = self.amount_all_in(rest.removeprefix("it to "))
        self.hand.complete(player, amount, all_in=all_in)

    def raises(self, player: str, rest: str) -> None:
        # "raises to $0.09", "raises to $10.90, and is all in"
        amount, all_in = self.amount_all_in(rest.removeprefix("to "))
        self.hand.raise_to(player, amount, all_in=all_in)

    def shows(self, player: str, rest: str) -> None:
        # "shows [Js 6c 7d Ac] a pair of Sixes"; after a run twice: "shows a flush, Ace high"
        if rest.startswith("["):
            self.hand.shown(player, _brackets(rest)[0])

    def mucks(self, player: str, rest: str) -> None:
        # "mucks", or "mucks [..]"
        if rest.startswith("["):
            self.hand.shown(player, _brackets(rest)[0], CardSource.MUCKED)

    def wins(self, player: str, rest: str) -> None:
        # "wins the pot ($0.94)", "wins the low side pot ($5) with ...", "wins pot 2 ($77.60)"
        match = words.WINS.match("wins " + rest)
        if match is None:
            raise self.hand.error("unreadable payment")
        number = match["number"]
        pot, board = 0, 0
        if match["pot"] == "side":
            pot = int(number) if number else 1
        elif number:
            board = int(number) - 1
        half = words.HALVES.get(match["half"] or "")
        self.hand.collect(player, self.amount(match["amount"]), pot=pot, board=board, half=half)
        self.paid = True

    # The summary

    def summary(self, start: int) -> None:
        hand = self.hand
        collected: list[tuple[str, int]] = []
        for index, line in hand.lines_from(start):
            if not line:
                continue
            hand.index = index
            if line.startswith("Seat "):
                self.summary_seat(line, collected)
            elif line.startswith("Total pot "):
                self.pot_line(line)
            elif line.startswith("Board: "):
                # "Board: [Qc 8d 9h Ks 6h]"; after a run twice, one per "*** SUMMARY n ***"
                hand.set_board(_brackets(line)[0], self.summary_board)
            elif line.startswith("*** SUMMARY "):
                self.summary_board = 1 if line.startswith("*** SUMMARY 2") else 0
            elif not line.startswith(("Duration ", "Pot ")):
                raise hand.error("unknown summary line")
        if hand.total_pot is None:
            raise hand.error("hand cut off: its summary gives no total pot")
        if not self.paid:
            # No "wins the pot" line ("PLO ... no.win.line"): the summary says who collected.
            for player, amount in collected:
                hand.collect(player, amount)

    def summary_seat(self, line: str, collected: list[tuple[str, int]]) -> None:
        # "Seat 3: ShaDiv (big blind) collected ($0.60), mucked"
        hand = self.hand
        seat, colon, said = line[5:].partition(": ")
        found = self.split_player(said) if colon and seat.isdigit() else None
        if found is None:
            raise hand.error("unreadable summary seat line")
        player, text = found[0], found[1].lstrip()
        won = self.summary_won(text)
        # After a run twice each board's summary lists every seat again, with what that
        # board paid: every line is kept, so the wins still add up to the payments.
        hand.summary(int(seat), player, text, won)
        if won is not None and not self.paid:
            collected.append((player, won))
        for source, word in _SUMMARY_CARDS:
            at = text.find(word)
            if at >= 0:
                cards = _last_group(text[at + len(word) : text.find("]", at) + 1])
                hand.shown(player, cards, source, street=Street.SHOWDOWN)

    def summary_won(self, text: str) -> int | None:
        """What a summary seat line says was won: "won ($2,048.50)", "collected
        ($0.60)", "wins the side pot ($76.35)"; None when nothing."""
        for word in ("won (", "collected ("):
            at = text.find(word)
            if at >= 0:
                start = at + len(word)
                return self.amount(text[start : text.find(")", start)])
        if text.startswith("wins "):
            match = words.SUMMARY_WON.match(text)
            if match is not None:
                return self.amount(match["amount"])
        return None

    def set_stakes(self) -> None:
        """Limit games' blinds, which the header does not give (it gives the small and
        big bet): the first blinds posted; stud's bring-in."""
        hand = self.hand
        stakes = hand.stakes
        if hand.header.structure is Structure.LIMIT:
            hand.set_stakes(
                replace(
                    stakes,
                    small_blind=self.blinds.get(ActionKind.POST_SMALL_BLIND),
                    big_blind=self.blinds.get(ActionKind.POST_BIG_BLIND),
                    bring_in=self.bring_in,
                )
            )

    def pot_line(self, line: str) -> None:
        # "Total pot $95.10 Main pot $85.10. Side pot $10. | Rake $3"
        hand = self.hand
        match = words.TOTAL_POT.match(line)
        if match is None:
            raise hand.error("unreadable pot line")
        hand.total_pot = self.amount(match["total"])
        hand.rake = self.amount(match["rake"])
        if match["main"] is not None:
            hand.main_pot = self.amount(match["main"])
            hand.side_pots = tuple(
                self.amount(side) for side in words.SIDE_POT.findall(match["sides"])
            )

    actions: ClassVar[dict[str, Action]] = {
        "posts": post,
        "antes": ante,
        "brings": brings,
        "completes": completes,
        "folds": HandReader.folds,
        "checks": HandReader.checks,
        "calls": HandReader.calls,  # "calls $0.07", "calls $26.55, and is all in"
        "bets": HandReader.bets,  # "bets $0.18"
        "raises": raises,
        "shows": shows,
        "mucks": mucks,
        "wins": wins,
    }
    """The verb after a seated player's name ("Phil Ivey calls $1,400"), and its reading."""


_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_SUMMARY_CARDS = ((CardSource.SUMMARY, "showed ["), (CardSource.MUCKED, "mucked ["))
_BOARD_STREETS = frozenset({Street.FLOP, Street.TURN, Street.RIVER})


class FullTiltParser(ColumnLineSite):
    """Full Tilt Poker (2006-2013): Omaha high and hi/lo (4 and 5 cards) and stud, cash,
    tournaments and play money; the other games of its mixed tables are skipped. Its
    usual flop-game hands are read column-wise (`parsers.fulltilt.columns`)."""

    site = "fulltilt"
    hand_start = words.HAND_START
    rake_rule = "main-pot-first"
    odd_chip_rule = "rules"
    reader = _HandReader
    header_start = columns.HEADER_START
    header_columns = columns.HEADER
    column_format = columns.FORMAT

    def read_header(self, hand: HandBuilder) -> int:
        """The header, as `_HandReader` reads it; tournament and play money amounts are
        in chips."""
        reader = _HandReader(hand)
        reader.header()
        return 0 if reader.amount is _CHIPS else 2
