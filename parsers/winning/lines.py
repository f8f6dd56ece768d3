"""The Winning (ACR) reader: one hand's lines into a `HandBuilder`, in either format.

The current format writes PokerStars-like lines ("Hero raises $30.00 to $40.00",
"Player0 collected $199.00 from main pot"); its "Total pot" leaves out the rake and the
jackpot fee ("Total pot $199.00 | Rake $0.96 | JP Fee $0.04"). The old format writes
"Player <name> <verb> (<amount>)" and ends with one line per player giving what they bet
and collected. docs/sites/winning.md describes both, line by line.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.lines import LineSite
from parsers._base.reader import Action, HandReader
from parsers._base.text import money_reader
from parsers.winning import words
from parsers.winning.classic import ClassicReader
from parsers.winning.words import bracket_cards
from tracker.model import ActionKind, CardSource, Stakes, Structure, Tournament

_UTC_ZONE = "UTC"


def _blind_stakes(structure: Structure, small: int, big: int) -> Stakes:
    if structure is Structure.LIMIT:
        return Stakes(small_blind=small // 2, big_blind=small, small_bet=small, big_bet=big)
    return Stakes(small_blind=small, big_blind=big)


class _CurrentReader(HandReader):
    """A hand of the current format."""

    all_in = (" and is all-in",)

    def __init__(self, hand: HandBuilder) -> None:
        super().__init__(hand)
        self.board = 0
        self.run_twice = False

    def read(self) -> None:
        """Read the header, the seats, the body and the summary."""
        hand, lines = self.hand, self.lines
        self.header()
        first = 2
        while first < len(lines) and lines[first].startswith("Seat "):
            hand.at(first)
            self.seat(lines[first])
            first += 1
        self.index_names()
        hole_cards = False
        for index in range(first, len(lines)):
            line = lines[index]
            hand.at(index)
            if line.startswith("*** "):
                if line.startswith("*** SUMMARY ***"):
                    self.summary(index + 1)
                    return
                hole_cards = hole_cards or line.startswith("*** HOLE CARDS ***")
                self.street_line(line)
            elif line.startswith("Main pot ") or not line.strip():
                continue  # "Main pot $79.20 | Rake $0.80": the pot so far
            elif line.startswith("Uncalled bet ("):
                # "Uncalled bet ($14.00) returned to Player2"
                amount, _, player = line[len("Uncalled bet (") :].partition(") returned to ")
                hand.returned(hand.seated(player), self.amount(amount))
            elif line.startswith("Dealt to "):
                # before "*** HOLE CARDS ***" a tournament's draw for the button, one card
                # each from another deck: "Dealt to Hero [4s]"
                found = self.split_player(line[len("Dealt to ") :])
                if found is None:
                    raise hand.error("unknown line")
                if hole_cards:
                    hand.dealt(found[0], bracket_cards(found[1]))
            else:
                self.action(line)
        raise hand.error("hand cut off: it ends before its summary")

    def header(self) -> None:
        hand = self.hand
        match = words.HEADER.match(self.lines[0])
        if match is None:
            raise hand.error("unreadable hand header", 0)
        hand.name_hand(match["hand_id"])
        game = words.GAMES.get(match["game"].strip())
        if game is None:
            raise hand.unsupported(match["game"].strip())
        structure = words.STRUCTURES.get(match["structure"])
        if structure is None:
            raise hand.error(f"unknown betting structure {match['structure']!r}", 0)
        tournament = None
        if match["tournament"] is not None:
            self.amount = money_reader(0)
            tournament = Tournament(match["tournament"], None, None, None, match["level"])
        stakes = _blind_stakes(structure, self.amount(match["small"]), self.amount(match["big"]))
        date = match["date"]  # "2019/07/18 15:13:01"
        started = datetime(int(date[0:4]), int(date[5:7]), int(date[8:10]),
                           int(date[11:13]), int(date[14:16]), int(date[17:19]))  # fmt: skip
        hand.start(
            match["hand_id"],
            game,
            structure,
            started.replace(tzinfo=UTC),
            site_timezone=_UTC_ZONE,
            stakes=stakes,
            currency=None if tournament else "USD",
            tournament=tournament,
        )
        hand.at(1)
        table = words.TABLE.match(self.lines[1]) if len(self.lines) > 1 else None
        if table is None:
            raise hand.error("expected the table line", 1)
        hand.table(table["table"], max_seats=int(table["max"]), button_seat=int(table["button"]))

    def seat(self, line: str) -> None:
        # "Seat 1: Hero ($200.00)"
        match = words.SEAT.match(line)
        if match is None:
            raise self.hand.error("unreadable seat line")
        self.hand.seat(int(match["seat"]), match["player"], self.amount(match["stack"]))

    def street_line(self, line: str) -> None:
        # "*** FLOP *** [5d 4h As]", "*** TURN 1 *** [8h Qd 7d] [7h]", "*** SHOW DOWN ***"
        hand = self.hand
        name = line[4 : line.find(" ***", 4)]
        if name in ("HOLE CARDS", "RUN IT TWICE") or name.startswith("SHOW DOWN"):
            self.run_twice = self.run_twice or name == "RUN IT TWICE"
            return
        street_word, _, number = name.partition(" ")
        street = words.STREETS.get(street_word)
        if street is None:
            raise hand.error("unknown street line")
        self.board = int(number) - 1 if number.isdigit() else 0
        hand.new_street(street)
        hand.set_board(bracket_cards(line), self.board)

    def action(self, line: str) -> None:
        """A line of a seated player, read by its verb ("Hero raises $30.00 to $40.00")."""
        found = self.split_player(line)
        if found is None:
            raise self.hand.error("unknown line")
        self.read_action(*found)

    def raises(self, player: str, rest: str) -> None:
        # "raises $30.00 to $40.00": the chips put in, then the street total
        to_amount, all_in = self.amount_all_in(rest.rpartition(" to ")[2])
        self.hand.raise_to(player, to_amount, all_in=all_in)

    def posts(self, player: str, rest: str) -> None:
        # "posts the small blind $10.00", "posts the big blind $20.00", "posts ante 25.00"
        rest = rest.removesuffix(" and is all-in")  # passed over: the post is not all in
        kind = _POSTS.get(rest.rpartition(" ")[0])
        if kind is None:
            raise self.hand.error("unknown post")
        self.hand.post(player, kind, self.amount(rest.rpartition(" ")[2]))

    def shows(self, player: str, rest: str) -> None:
        # "Player0 shows [Tc 4s 3h Qd] (HI - a straight, ... | LO - [5,4,3,2,1])"
        self.hand.shown(player, bracket_cards(rest.partition("]")[0] + "]"))

    def mucks(self, player: str, rest: str) -> None:
        # "Hero mucks hand": the summary lists the cards when known
        return

    def collected(self, player: str, rest: str) -> None:
        # "collected $199.00 from main pot"; run it twice "collected $92.25 from main pot 1"
        match = words.COLLECTED.match(rest)
        if match is None:
            raise self.hand.error("unreadable collection")
        number = int(match["n"]) if match["n"] else 0
        amount = self.amount(match["amount"])
        if self.run_twice:
            if match["pot"] != "main" or not number:
                raise self.hand.error("a side pot of a hand run twice is not read")
            self.hand.collect(player, amount, board=number - 1)
        else:
            self.hand.collect(player, amount, pot=number if match["pot"] == "side" else 0)

    def summary(self, start: int) -> None:
        hand = self.hand
        for index, line in hand.lines_from(start):
            hand.at(index)
            if line.startswith("Total pot "):
                # "Total pot $199.00 | Rake $0.96 | JP Fee $0.04": net of rake and fee
                match = words.TOTAL_POT.match(line)
                if match is None:
                    raise hand.error("unreadable total pot")
                rake = self.amount(match["rake"]) if match["rake"] else 0
                fee = self.amount(match["fee"]) if match["fee"] else 0
                hand.rake, hand.jackpot_fee = rake, fee
                hand.total_pot = self.amount(match["pot"]) + rake + fee
            elif line.startswith("Board"):
                # "Board [5d 4h As Js 2h]", run it twice "Board 2 [6c 9s Jh 8c 6s]"
                number = line[len("Board ") : line.find("[")].strip()
                hand.set_board(bracket_cards(line), int(number) - 1 if number else 0)
            elif line.startswith("Seat "):
                self.summary_seat(line)
            elif line.strip():
                raise hand.error("unknown summary line")
        if hand.total_pot is None:
            raise hand.error("hand cut off: it ends before its total pot")

    def summary_seat(self, line: str) -> None:
        # "Seat 1: Hero (button) mucked [Kd 4c 9s 6s]"
        hand = self.hand
        match = words.SUMMARY_SEAT.match(line)
        if match is None:
            raise hand.error("unreadable summary line")
        found = self.split_player(match["rest"])
        if found is None:
            raise hand.error("a summary line of a player with no seat")
        player, text = found
        won = words.WON.search(text)
        hand.summary(int(match["seat"]), player, text, self.amount(won["amount"]) if won else None)
        for word, source in (("showed [", CardSource.SUMMARY), ("mucked [", CardSource.MUCKED)):
            at = text.find(word)
            if at >= 0:
                hand.shown(player, bracket_cards(text[at : text.find("]", at) + 1]), source)

    actions: ClassVar[dict[str, Action]] = {
        "folds": HandReader.folds,
        "checks": HandReader.checks,
        "calls": HandReader.calls,
        "bets": HandReader.bets,
        "raises": raises,
        "posts": posts,
        "shows": shows,
        "mucks": mucks,
        "collected": collected,
    }
    """The verb after a seated player's name ("Player0 calls $20.00 and is all-in")."""


_POSTS: dict[str, ActionKind] = {
    "the small blind": ActionKind.POST_SMALL_BLIND,
    "the big blind": ActionKind.POST_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
}


class WinningParser(LineSite):
    """Winning Poker Network (ACR): the current format and the old one."""

    site = "winning"
    hand_start = words.HAND_START
    # docs/sites/winning.md: rake and JP fee from the main pot first (hand 741631166);
    # the odd cent of a halved pot to the low half (stud hand 693975843, 3.53 low, 3.52 high)
    rake_rule = "main-pot-first"
    odd_chip_rule = "odd-unit-to-low"
    # the old format's "Collects" never says which pot (hand 741631166: two pots)
    names_pots = False
    reader = _CurrentReader

    def read_hand(self, hand: HandBuilder) -> None:
        """Read one hand: of the old format by `ClassicReader`, else by `reader`."""
        if hand.text.lines[0].startswith("Game started at: "):
            ClassicReader(hand).read()
        else:
            super().read_hand(hand)
