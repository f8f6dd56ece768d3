"""The PartyPoker reader: one hand's lines into a `HandBuilder`, step by step (the
preamble, header, table, seats, body, and the new format's summary), then the payments.

A body line is "<player> <verb> ..." ("Player1 raises [$30 USD]"): the seated player is
found by `HandReader.split_player`, then the first word after the name picks the
handler (a dictionary look-up). The site never prints an uncalled bet's return: the
excess of the last bet of a street goes back to its owner (`HandBuilder.uncalled_excess`),
and the site's "wins" (or the summary's "collected") counts that return in the owner's
payment, so the collection is the payment less the return. The old format (2010-2016)
has no summary: the total pot is what was put in less the return, and the rake is what
the pot did not pay. docs/sites/partypoker.md describes the format line by line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from typing import ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.lines import LineSite
from parsers._base.money import Money
from parsers._base.reader import Action, HandReader
from parsers._base.text import HandText, split_at_headers, to_utc
from parsers.partypoker import words
from parsers.partypoker.summary import Payments, pay, read_summary
from parsers.partypoker.words import bracket_cards
from tracker.model import ActionKind, CardSource, Game, Stakes, Street, Structure, Tournament


class _HandReader(HandReader):
    """One hand being read: what the builder does not keep (the blinds and antes
    posted, the payments waiting for the end of the hand, the returns)."""

    def __init__(self, hand: HandBuilder) -> None:
        super().__init__(hand)
        self.amount = _CENTS
        self.stud = False
        self.payments: Payments = []
        self.returns: dict[str, int] = {}
        self.blinds: list[int | None] = [None, None]
        self.ante: int | None = None
        self.bring_in: int | None = None

    def read(self) -> None:
        """Read one hand (see the module)."""
        index = self.header(self.preamble())
        index = self.table(index)
        index = self.seats(index)
        index = self.body(index)
        self.end_of_street()
        if index < len(self.lines):
            read_summary(self.hand, index, self.amount, self.payments, self.returns)
        elif not self.payments:
            raise self.hand.error("hand cut off: nobody wins a pot")
        pay(self.hand, self.payments, self.returns, summary=index < len(self.lines))
        self.set_stakes()

    # The preamble and the header

    def preamble(self) -> int:
        # "Game #11354414824 starts.", "", "#Game No : 11354414824"
        lines = self.lines
        for index, line in enumerate(lines):
            match = words.PREAMBLE.match(line)
            if match is not None:
                if index == 0:
                    self.hand.name_hand(match["hand_id"] or match["number"])
            elif line.strip():
                return index
        raise self.hand.error("hand cut off: it ends before its header", len(lines) - 1)

    def header(self, index: int) -> int:
        # "***** Hand History for Game 11354414824 *****", then
        # "$20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 EST 2012"
        hand, lines = self.hand, self.lines
        hand.at(index)
        match = words.HEADER.match(lines[index])
        if match is None:
            raise hand.error("unreadable hand header")
        hand_id = match["hand_id"]
        hand.name_hand(hand_id)
        hand.at(index + 1)
        line = lines[index + 1]
        date = words.DATE.search(line)
        game_line = words.GAME_LINE.match(line, 0, date.start()) if date else None
        if date is None or game_line is None:
            raise hand.error("unreadable game line")
        game = words.GAMES.get(game_line["game"].strip())
        if game is None:
            raise hand.unsupported(game_line["game"].strip(), index + 1)
        self.stud = game.is_stud
        written = game_line["structure"] or game_line["table_structure"]
        structure = Structure.LIMIT if written is None else words.STRUCTURES[written]
        if written is None and not game.is_stud:
            raise hand.error("the header gives no betting structure")
        zone = words.ZONES.get(date["zone"], date["zone"])
        month = words.MONTHS[date["month"] or date["short_month"]]
        local = datetime(
            int(date["year"]),
            month,
            int(date["day"] or date["short_day"]),
            int(date["hour"]),
            int(date["minute"]),
            int(date["second"]),
        )
        tournament = None
        currency: str | None = game_line["currency"] or "USD"
        if game_line["tournament"] is not None:
            self.amount = _CHIPS
            tournament = Tournament(
                game_line["tournament"],
                _CENTS(game_line["buy_in"]),
                None,
                game_line["buy_in_currency"],
                game_line["level"],
            )
            currency = None
        hand.start(
            hand_id,
            game,
            structure,
            to_utc(local, zone),
            site_timezone=zone,
            stakes=self.header_stakes(game, structure, game_line),
            currency=currency,
            tournament=tournament,
        )
        return index + 2

    def header_stakes(self, game: Game, structure: Structure, line: re.Match[str]) -> Stakes | None:
        """The stakes the header writes: limit games' small and big bets ("$20/$40 USD FL
        Omaha Hi-Lo"), pot-limit blinds ("0.10/0.25 Omaha Hi"), a tournament's blinds."""
        if line["small_blind"] is not None:
            return Stakes(
                small_blind=self.amount(line["small_blind"]),
                big_blind=self.amount(line["big_blind"]),
            )
        if line["first"] is None:
            return None  # "$200 USD PL Omaha Hi-Lo": the blinds are read from the posts
        first, second = self.amount(line["first"]), self.amount(line["second"])
        if structure is Structure.LIMIT:
            return Stakes(small_bet=first, big_bet=second)
        return Stakes(small_blind=first, big_blind=second)

    # The table and the seats

    def table(self, index: int) -> int:
        # "Table Cairo (Real Money)", "Table Table 7488952 (Real Money) -- Seat 1 is the
        # button", then "Seat 9 is the button", "Total number of players : 2/10"
        hand, lines = self.hand, self.lines
        hand.at(index)
        match = words.TABLE.match(lines[index])
        if match is None:
            raise hand.error("unreadable table line")
        if match["money"] == "Play":
            hand.header.play_money = True
            hand.header.currency = None
        button = match["button"]
        max_seats = None
        index += 1
        while index < len(lines):
            hand.at(index)
            line = lines[index]
            found = words.BUTTON.match(line)
            if found is not None:
                button = found["button"]
            elif (found := words.PLAYERS.match(line)) is not None:
                max_seats = int(found["max_seats"])
            else:
                break
            index += 1
        hand.table(
            match["name"],
            max_seats=max_seats,
            button_seat=None if button is None else int(button),
        )
        return index

    def seats(self, index: int) -> int:
        # "Seat 10: Player0 ( $200 USD )", "seat1: Player0 ( $664.25 USD )"
        hand, lines = self.hand, self.lines
        while index < len(lines):
            line = lines[index]
            if not line.startswith(("Seat", "seat")):
                break
            hand.at(index)
            match = words.SEAT.match(line)
            if match is None:
                raise hand.error("unreadable seat line")
            hand.seat(int(match["seat"]), match["player"], self.amount(match["stack"]))
            index += 1
        self.index_names()
        return index

    # The body

    def body(self, start: int) -> int:
        """Read the betting up to the new format's summary (its index) or the end."""
        hand, lines, plain = self.hand, self.lines, self.plain_names
        for index in range(start, len(lines)):
            line = lines[index]
            hand.index = index
            first, _, said = line.partition(" ")
            if first == "**":
                if line.startswith("** Summary **"):
                    return index + 1
                self.street_line(line)
                continue
            if first == "Dealt" and said.startswith("to "):
                self.dealt(line)
                continue
            found = (first, said) if first in plain else self.split_player(line)
            if found is not None:
                if self.read_known_action(*found) or self.news(*found):
                    continue
            elif self.other_line(line):
                continue
            raise hand.error("unknown line")
        return len(lines)

    def other_line(self, line: str) -> bool:
        """A line that names no seated player first: tournament lines, table news, pots
        announced, chat ("Player6: u r getting boring"); an action of an unseated player
        is an error."""
        if not line.strip() or line.startswith(words.TOURNAMENT_NEWS):
            return True
        if line.startswith("Creating ") or line == "There was no qualifying low hand":
            return True  # "Creating Main Pot with $ 38.50 with Player2, Hero"
        if line.endswith(words.TABLE_NEWS):
            return True
        actor = words.ACTION_WORD.match(line)
        if actor is not None and ": " not in line:
            self.hand.seated(actor["player"])  # raises: a player without a seat acts
        chatter = self.split_player(line, ": ")
        return chatter is not None

    def news(self, player: str, said: str) -> bool:
        """Lines of a seated player that move no chips ("Player2 opted for cash-out")."""
        if said.startswith(words.CASH_OUT):
            # "Player2 Cashout Amount is 23.01"
            self.hand.cash_out(player, self.amount(said[len(words.CASH_OUT) :]))
            return True
        if said.startswith("shows") and said.endswith(" for low."):
            return True  # "Player2 shows6,5,3,2,A  for low.": the low of the cards shown
        return said.startswith(words.CASH_OUT_NEWS) or said.endswith(words.TABLE_NEWS)

    def street_line(self, line: str) -> None:
        # "** Dealing down cards **", stud "** Dealing **", "** Dealing Flop ** [ Qh, Kd,
        # 6d ]", "** Dealing Flop ** :  [ Jc, 7d, 6c ]", "** Dealing Fourth street **"
        end = line.find(" **", 3)
        name = line[len("** Dealing ") : end] if line.startswith("** Dealing") else None
        if name is None or end < 0:
            raise self.hand.error("unknown street line")
        if name in ("", "down cards") or (name == "Dealing" and self.stud):
            return
        street = Street.SEVENTH if self.stud and name == "River" else words.STREETS.get(name)
        if street is None:
            raise self.hand.error("unknown street line")
        self.end_of_street()
        self.hand.new_street(street)
        if not self.stud:
            self.hand.board(bracket_cards(line[end:]))

    def dealt(self, line: str) -> None:
        # "Dealt to Player0 [  7d Ah 6s 2h ]", "Dealt to Hero [ 9c, 7h, 8h, 4d ]", stud
        # "Dealt to Hero [  2c ]" (the hero's card of the street)
        found = self.split_player(line[len("Dealt to ") :], " [")
        if found is None:
            raise self.hand.error("cards dealt to a player without a seat")
        self.hand.dealt(found[0], bracket_cards(line))

    def end_of_street(self) -> None:
        """The bet nobody called goes back to its owner (the site prints no return)."""
        excess = self.return_uncalled()
        if excess is not None:
            player, amount = excess
            self.returns[player] = self.returns.get(player, 0) + amount

    def first_amount(self, rest: str) -> int:
        match = words.AMOUNT.search(rest)
        if match is None:
            raise self.hand.error("an action without its amount")
        return self.amount(match[0])

    def posts(self, player: str, rest: str) -> None:
        # "Player1 posts small blind [$10 USD].", "posts big blind (0.25)", "posts ante
        # [$0.05 USD]"
        amount = self.first_amount(rest)
        if rest.startswith("small blind"):
            self.blinds[0] = amount
            self.hand.post(player, ActionKind.POST_SMALL_BLIND, amount)
        elif rest.startswith("big blind"):
            self.blinds[1] = amount
            self.hand.post(player, ActionKind.POST_BIG_BLIND, amount)
        elif rest.startswith("ante"):
            self.ante = amount
            self.hand.post(player, ActionKind.POST_ANTE, amount)
        else:
            raise self.hand.error("unknown post")

    def bring_ins(self, player: str, rest: str) -> None:
        # stud: "YMAN1 bring-ins [$0.25 USD]"
        self.bring_in = self.first_amount(rest)
        self.hand.bring_in(player, self.bring_in)

    def completes(self, player: str, rest: str) -> None:
        # stud: "PPPPPositive completes [$0.50 USD]": what the completion puts in
        self.hand.complete(player, self.hand.street_in(player) + self.first_amount(rest))

    def calls(self, player: str, rest: str) -> None:
        # "Player0 calls [$20 USD]", "Hero calls[ $20 USD ]", "Hero calls (1.80)"
        self.hand.call(player, self.first_amount(rest))

    def bets(self, player: str, rest: str) -> None:
        # "Player1 bets [$20 USD]", "Player3 bets[ $40 USD ]", "Player2 bets (5.13)"
        self.hand.bet(player, self.first_amount(rest))

    def raises(self, player: str, rest: str) -> None:
        # "Player1 raises [$30 USD]": what the raise puts in; the new format "Player2
        # raises 2.40 to 2.65": what it puts in, then the street total
        put, to, total = rest.partition(" to ")
        if not to:
            self.hand.raise_put_in(player, self.first_amount(put))
            return
        target = self.first_amount(total)
        if self.first_amount(put) != target - self.hand.street_in(player):
            raise self.hand.error("a raise whose amount and total disagree")
        self.hand.raise_to(player, target)

    def is_all_in(self, player: str, rest: str) -> None:
        # the new format "Player2 is all-In." (after the call); the old "is all-In
        # [$63.25 USD]": the chips it puts in, a call, bet or raise as the street stands
        if not rest.startswith("all-In"):
            raise self.hand.error("unknown line")
        found = words.AMOUNT.search(rest)
        if found is None:
            return
        hand, amount = self.hand, self.amount(found[0])
        highest, target = hand.highest_bet(), hand.street_in(player) + amount
        if target <= highest:
            hand.call(player, amount, all_in=True)
        elif highest == 0:
            hand.bet(player, amount, all_in=True)
        else:
            hand.raise_to(player, target, all_in=True)

    def shows(self, player: str, rest: str) -> None:
        # "Player2 shows [ 2d, Jd, Qs, Ah ]a pair of Queens."; its low, "Player2
        # shows6,5,3,2,A  for low.", is read with the line before ("shows6" has no space)
        self.hand.shown(player, bracket_cards(rest), street=Street.SHOWDOWN)

    def doesnt(self, player: str, rest: str) -> None:
        # stud: "strandalleen doesn't show [ 5h, 9d, ... ]a pair of Nines."
        if not rest.startswith("show ["):
            raise self.hand.error("unknown line")
        self.hand.shown(player, bracket_cards(rest), CardSource.MUCKED, street=Street.SHOWDOWN)

    def does(self, player: str, rest: str) -> None:
        # "Player1 does not show cards.": won without a showdown
        if rest != "not show cards.":
            raise self.hand.error("unknown line")

    def opens(self, player: str, rest: str) -> None:
        # stud: "YMAN1 opens": who acts first on the street
        if rest:
            raise self.hand.error("unknown line")

    def wins(self, player: str, rest: str) -> None:
        # "Player1 wins $239 USD", "Player2 wins Lo (640 chips) from the main pot with
        # 6,5,3,2,A.", "Hero wins $364 USD from the main pot with two pairs, ..."
        match = words.WINS.match(rest)
        if match is None:
            raise self.hand.error("unreadable payment")
        pot = 0 if match["side"] is None else int(match["side"])
        if pot == 0 and "side pot" in rest.partition(" with ")[0]:
            pot = 1
        half = "lo" if match["low"] else None
        self.payments.append((player, self.amount(match["amount"]), pot, half))

    # The stakes

    def set_stakes(self) -> None:
        """The stakes the header did not give, from the posts: the blinds of pot-limit
        tables ("$200 USD PL Omaha Hi-Lo"), stud's ante and bring-in, limit's blinds."""
        hand = self.hand
        stakes = hand.stakes
        small, big = self.blinds
        if self.stud:
            hand.set_stakes(
                Stakes(
                    small_bet=stakes.small_bet,
                    big_bet=stakes.big_bet,
                    ante=self.ante,
                    bring_in=self.bring_in,
                )
            )
        elif hand.header.structure is Structure.LIMIT:
            hand.set_stakes(
                Stakes(
                    small_blind=small,
                    big_blind=big,
                    small_bet=stakes.small_bet,
                    big_bet=stakes.big_bet,
                )
            )
        elif stakes.big_blind is None and big is not None:
            hand.set_stakes(Stakes(small_blind=small, big_blind=big))

    actions: ClassVar[dict[str, Action]] = {
        "posts": posts,
        "bring-ins": bring_ins,
        "completes": completes,
        "folds": HandReader.folds,  # "Player0 folds", the new format "Player4 folds "
        "checks": HandReader.checks,
        "calls": calls,
        "calls[": calls,
        "bets": bets,
        "bets[": bets,
        "raises": raises,
        "raises[": raises,
        "is": is_all_in,
        "shows": shows,
        "doesn't": doesnt,
        "does": does,
        "opens": opens,
        "wins": wins,
    }
    """The first word after the player's name, to its reading ("calls[ $20 USD ]" is one
    word: the site writes no space there)."""


_CENTS = Money(decimals=2)
_CHIPS = Money(decimals=0)


class PartyPokerParser(LineSite):
    """PartyPoker's text hand histories, old (2010-2016) and new (2026) formats."""

    site: ClassVar[str] = "partypoker"
    hand_start = words.HAND_START
    rake_rule: ClassVar[str] = "main-pot-first"
    odd_chip_rule: ClassVar[str] = "rules"
    reader = _HandReader

    def detect(self, text: str) -> bool:
        """True when `text` holds a PartyPoker hand header ("***** Hand History for Game");
        its words looked for first (the pattern's search over a whole file of another
        site's hands costs 0.3 s of 20,000 hands, the plain search a hundredth of it)."""
        return " Hand History " in text and words.HISTORY.search(text) is not None

    def split_hands(self, text: str) -> Iterator[HandText]:
        """Each hand starts at its preamble ("Game #N starts.", "#Game No : N") or, without
        one, at its header; NUL bytes some files hold at their ends are dropped."""
        if "\x00" in text:
            text = text.replace("\x00", "")
        waiting: HandText | None = None
        for hand in split_at_headers(text, words.HAND_START):
            if waiting is not None:
                gap = hand.first_line - waiting.first_line - len(waiting.lines)
                hand = HandText([*waiting.lines, *[""] * gap, *hand.lines], waiting.first_line)
                waiting = None
            if all(words.PREAMBLE.match(line) or not line.strip() for line in hand.lines):
                waiting = hand  # a preamble alone: its header follows
                continue
            yield hand
        if waiting is not None:
            yield waiting  # a hand cut off after its preamble: reported as such
