"""The old Winning format (to 2016): "Player <name> <verb> (<amount>)" lines, and a
summary line per player with what they bet and collected ("Bets: 2.05. Collects: 3.99.
Wins: 1.94."). The header names no betting structure and no currency (docs/sites/winning.md).
"""

from __future__ import annotations

from datetime import UTC, datetime

from parsers._base.builder import HandBuilder
from parsers._base.reader import HandReader
from parsers.winning import words
from parsers.winning.words import bracket_cards
from tracker.cards import Card
from tracker.model import ActionKind, Stakes, Street, Structure

_DOWN_CARDS = (1, 2, 7)
"""The stud cards dealt face down, by their place in the player's seven."""


class ClassicReader(HandReader):
    """A hand of the old format. Its verbs are read in `read_player`, not by `actions`:
    most are the words before an amount in brackets ("has small blind (0.10)")."""

    def __init__(self, hand: HandBuilder) -> None:
        super().__init__(hand)
        self.stud = False
        self.received: dict[str, int] = {}
        self.hole: dict[str, list[Card]] = {}
        self.seats: dict[str, int] = {}
        self.names_indexed = False

    def read(self) -> None:
        """Read the header, then the lines to the summary (seats and players mixed)."""
        hand = self.hand
        for index, line in hand.lines_from(self.header()):
            if not line:
                continue
            hand.index = index
            if line.startswith("Player "):
                self.read_player(line[len("Player ") :])
            elif line.startswith("Seat "):
                self.seat(line)
            elif not line.strip() or line.startswith("Game ended at: "):
                continue
            elif line.startswith("*** "):
                self.street_line(line)
            elif line.startswith("Uncalled bet ("):
                # "Uncalled bet (0.25) returned to ramair7"
                amount, _, player = line[len("Uncalled bet (") :].partition(") returned to ")
                self.returned(hand.seated(player), self.amount(amount))
            elif line.startswith("------ Summary ------"):
                self.deal_hero()
                self.summary(index + 1)
                return
            else:
                raise hand.error("unknown line")
        raise hand.error("hand cut off: it ends before its summary")

    def header(self) -> int:
        # "Game started at: 2016/8/2 11:16:59", then (after a blank line in UTF-16 files)
        # "Game ID: 693977531 0.10/0.25 (PRR) Elepaio (Omaha HiLow)"
        hand = self.hand
        started = words.OLD_STARTED.match(self.lines[0])
        if started is None:
            raise hand.error("unreadable start time", 0)
        index = 1
        while index < len(self.lines) and not self.lines[index].strip():
            index += 1
        match = words.OLD_HEADER.match(self.lines[index]) if index < len(self.lines) else None
        if match is None:
            raise hand.error("expected the Game ID line", index)
        hand.name_hand(match["hand_id"])
        game = words.GAMES.get(match["game"])
        if game is None:
            raise hand.unsupported(match["game"], index)
        self.stud = game.is_stud
        small, big = self.amount(match["small"]), self.amount(match["big"])
        structure, stakes = self.structure(small, big)
        year, month, day, hour, minute, second = (int(part) for part in started.groups())
        when = datetime(year, month, day, hour, minute, second, tzinfo=UTC)
        hand.start(match["hand_id"], game, structure, when, site_timezone="UTC",
                   stakes=stakes, currency="USD")  # fmt: skip
        hand.table(match["table"])
        return index + 1

    def structure(self, small: int, big: int) -> tuple[Structure, Stakes]:
        """The header names no structure: stud is limit; a flop game whose big blind is
        the header's small figure is limit ("40/80" with blinds 20/40), else pot-limit."""
        posted = None
        for line in self.lines:
            if " has big blind (" in line:
                posted = self.amount(line.rpartition("(")[2].rstrip(")"))
                break
        if self.stud or (posted is not None and posted == small and small != big):
            return Structure.LIMIT, Stakes(small_bet=small, big_bet=big)
        return Structure.POT_LIMIT, Stakes(small_blind=small, big_blind=big)

    def seat(self, line: str) -> None:
        # "Seat 4 is the button", "Seat 1: fullstacker (37.15)."
        hand = self.hand
        if line.endswith(" is the button"):
            number = line[len("Seat ") : -len(" is the button")]
            hand.table(hand.header.table_name, button_seat=int(number))
            return
        match = words.SEAT.match(line)
        if match is None:
            raise hand.error("unreadable seat line")
        self.seats[match["player"]] = int(match["seat"])
        hand.seat(int(match["seat"]), match["player"], self.amount(match["stack"]))

    def street_line(self, line: str) -> None:
        # "*** FLOP ***: [5d 3s 3h]", "*** TURN ***: [5d 3s 3h] [3h]"; stud
        # "*** Third street ***" (which deals the fourth card)
        hand = self.hand
        self.deal_hero()
        name = line[4 : line.find(" ***", 4)]
        if self.stud:
            street = words.OLD_STUD_STREETS.get(name.partition(" ")[0])
            if street is None:
                raise hand.error("unknown street line")
            hand.new_street(street)
            return
        street = words.STREETS.get(name)
        if street is None:
            raise hand.error("unknown street line")
        cards = bracket_cards(line)
        if cards:  # the site writes an empty "*** FLOP ***:" in a hand with no flop
            hand.new_street(street)
            hand.set_board(cards)

    def read_player(self, text: str) -> None:
        # "Player ramair7 calls (0.25)": `text` is after "Player "
        hand = self.hand
        if not self.names_indexed:  # the seats come before the first player's line
            self.index_names()
            self.names_indexed = True
        found = self.split_player(text)
        if found is None:
            raise hand.error("unknown line")
        player, said = found
        if said == "received a card.":  # the most frequent line: a card face down, unseen
            self.received[player] = self.received.get(player, 0) + 1
            return
        verb, _, rest = said.partition(" (")
        amount = self.amount(rest.rstrip(")")) if rest.endswith(")") else 0
        if verb == "folds":
            hand.fold(player)
        elif verb == "checks":
            hand.check(player)
        elif verb == "calls":
            hand.call(player, amount)
        elif verb == "bets":
            hand.bet(player, amount)
        elif verb == "raises":
            # "raises (0.85)": the chips the raise puts in
            hand.raise_put_in(player, amount)
        elif verb == "has small blind":
            hand.post(player, ActionKind.POST_SMALL_BLIND, amount)
        elif verb == "has big blind":
            hand.post(player, ActionKind.POST_BIG_BLIND, amount)
        elif verb == "ante":
            hand.post(player, ActionKind.POST_ANTE, amount)
        elif verb == "bring in":
            hand.bring_in(player, amount)
        elif said in ("received a card.",) or said.startswith("received card: ["):
            self.received_card(player, said)
        elif said == words.DISCONNECTED_ALL_IN:
            # "Player Player0 is disconnected and ALL IN.": in for what the player has
            # put in, no more (hand 741631166, then "Player Player0 allin"): an all-in
            # call of nothing, so that the player acts no more
            hand.call(player, 0, all_in=True)
        elif said in words.OLD_NEWS:
            return
        else:
            raise hand.error("unknown line")

    def received_card(self, player: str, said: str) -> None:
        # "received a card." (face down, unseen), "received card: [10h]" (the hero's,
        # or a stud card dealt face up)
        place = self.received.get(player, 0) + 1
        self.received[player] = place
        if said.endswith("a card."):
            return
        cards = bracket_cards(said)
        if self.stud and place not in _DOWN_CARDS:
            self.hand.up(player, cards)
        else:
            self.hole.setdefault(player, []).extend(cards)

    def deal_hero(self) -> None:
        """The hero's face-down cards seen so far, as one deal."""
        for player, cards in self.hole.items():
            self.hand.dealt(player, tuple(cards))
        self.hole = {}

    def returned(self, player: str, amount: int) -> None:
        hand = self.hand
        if amount > hand.street_in(player):
            raise hand.error(
                f"an uncalled bet of {amount} returned to {player}, "
                f"who has {hand.street_in(player)} in on this street"
            )
        hand.returned(player, amount)

    def summary(self, start: int) -> None:
        hand = self.hand
        for index, line in hand.lines_from(start):
            hand.at(index)
            if not line.strip() or line.startswith("Game ended at: "):
                continue
            if line.startswith("Pot: "):
                # "Pot: 3.99. Rake 0.15. JP fee 0.06": net of the rake and the fee
                match = words.OLD_POT.match(line)
                if match is None:
                    raise hand.error("unreadable pot line")
                rake = self.amount(match["rake"])
                fee = self.amount(match["fee"]) if match["fee"] else 0
                hand.rake, hand.jackpot_fee = rake, fee
                hand.total_pot = self.amount(match["pot"]) + rake + fee
            elif line.startswith("Board: "):
                hand.set_board(bracket_cards(line))
            elif line.startswith(("Player ", "*Player ")):
                self.result(line.partition("Player ")[2])
            else:
                raise hand.error("unknown summary line")
        if hand.total_pot is None:
            raise hand.error("hand cut off: it ends before its pot line")

    def result(self, text: str) -> None:
        # "ramair7 mucks (does not show cards). Bets: 0.25. Collects: 0.57. Wins: 0.32."
        # "Player1 shows: Two pairs. 7s and 2s [Ac 8c Kh 7s] Low hand (A A 2 3 6 7 ).Bets: ..."
        hand = self.hand
        found = self.split_player(text)
        if found is None:
            raise hand.error("a summary line of a player with no seat")
        player, said = found
        match = words.OLD_RESULT.match(said)
        if match is None:
            raise hand.error("unreadable summary line")
        if said.startswith("shows: "):
            hand.shown(player, bracket_cards(match["said"].partition("]")[0] + "]"),
                       street=Street.SHOWDOWN)  # fmt: skip
        collected = self.amount(match["collects"])
        if collected:
            hand.collect(player, collected)
        hand.summary(self.seats[player], player, match["said"], collected or None)
