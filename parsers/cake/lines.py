"""The Cake Poker reader: one hand's lines into a `HandBuilder`, step by step (header,
dealer and seats, betting, showdown and payments).

A betting line is "<player>: <verb> ..." ("Hero: raises to 60"): the seated player's
name is split off at ": ", and the verb picks the handler (a dictionary look-up). Cake
writes the uncalled bets it returns ("Hero: returns uncalled bet 10") but neither a
total pot nor the rake nor a summary: the hand ends with its payments ("Player0 wins
high pot 327 with Pair of Aces", "Hero wins low pot 327 with"). The total pot is what
was put in, the rake what was not paid out of it (none in tournaments). A hand whose
player shows another currency converts every amount after it ("$0,05 (EUR €0,04)"): the
first amount is the table's, the conversion is dropped. docs/sites/cake.md describes the
format line by line.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.lines import LineSite
from parsers._base.money import Money
from parsers._base.reader import Action, HandReader
from parsers._base.text import read_cards, to_utc
from parsers.cake import words
from tracker.cards import Card
from tracker.model import ActionKind, CardSource, Stakes, Street, Tournament

_CASH = Money(decimals=2)
_CASH_DECIMAL_COMMA = Money(decimals=2, decimal_comma=True)
_CHIPS = Money(decimals=0)


def _cards(text: str) -> tuple[Card, ...]:
    """The cards of the first bracket of `text`, written "[5s,3c,4s,5c]" or "[5s 3c]".

    >>> _cards("Dealt to Hero [7h,3c,Th,Ac]")
    (Card('7h'), Card('3c'), Card('Th'), Card('Ac'))
    """
    start = text.find("[")
    end = text.find("]", start + 1)
    if start < 0 or end < 0:
        raise ValueError(f"no cards in brackets in {text!r}")
    return read_cards(text[start + 1 : end].replace(",", " ").split())


def _without_conversion(text: str) -> str:
    """`text` without the amount converted to the player's currency that may end it.

    >>> _without_conversion("posts small blind $0,05 (EUR €0,04)")
    'posts small blind $0,05'
    """
    if text.endswith(")"):
        return words.CONVERSION.sub("", text)
    return text


class _HandReader(HandReader):
    """One hand being read: what the builder does not keep (the payments, whether the
    showdown was reached, the blinds for a converted hand's stakes). Cake's files write
    no all-in: a player is all in when the chips take the rest of the stack
    (`HandReader.all_in_by_stack`)."""

    def __init__(self, hand: HandBuilder) -> None:
        super().__init__(hand)
        self.amount = _CASH
        self.tournament = False
        self.converted = False
        self.stack_currency: str | None = None
        self.blinds: dict[ActionKind, int] = {}
        self.payments: list[tuple[str, int, str | None]] = []
        self.showdown = False
        self.no_low = False
        self.inferred: list[tuple[str, int]] = []

    def read(self) -> None:
        """The steps of a hand, in the order Cake writes them."""
        self._header()
        index = self._seats(2)
        self._body(index)
        self._settle()

    # The header, the dealer and the seats

    def _header(self) -> None:
        # "Hand#3389E587C7000012 - $5 Heads-up PL Omaha Hi-Lo Turbo T15042503 -- CASH --
        #  $5 + $0.25 -- 2 Max -- Table 1 -- 0/10/20 PL OmahaHiLo -- 2013/07/16 - 10:38:40"
        # "Hand#2999013495000096 - Odesa (6-Max) 13495 -- €0,04/€0,08 PL Omaha -- 2012-06-21
        #  - 05:30:58"
        hand = self.hand
        parts = self.lines[0].split(words.PART_SEPARATOR)
        first = words.HAND_ID.match(parts[0])
        if first is None or len(parts) < 3:
            raise hand.error("a hand header this reader does not know", 0)
        hand.name_hand(first["hand_id"])
        game_part = words.GAME.match(parts[-2])
        if game_part is None:
            raise hand.error("a hand header this reader does not know", 0)
        game = words.GAMES.get(game_part["game"])
        if game is None:
            raise hand.unsupported(game_part["game"])
        structure = words.STRUCTURES.get(game_part["structure"])
        date = words.DATE.match(parts[-1])
        if structure is None or date is None:
            raise hand.error("a hand header this reader does not know", 0)
        stakes_text = game_part["stakes"]
        tournament = self._tournament(first["title"], parts[1:-2])
        if tournament is not None:
            self.amount, self.tournament = _CHIPS, True
        elif words.DECIMAL_COMMA.search(stakes_text):
            self.amount = _CASH_DECIMAL_COMMA
        year, month, day, hour, minute, second = (int(date[part]) for part in _DATE_PARTS)
        started = datetime(year, month, day, hour, minute, second)
        hand.start(
            first["hand_id"],
            game,
            structure,
            to_utc(started, words.TIMEZONE),
            site_timezone=words.TIMEZONE,
            stakes=self._stakes(stakes_text),
            currency=None if tournament else words.CURRENCIES.get(stakes_text[:1]),
            tournament=tournament,
        )
        self._table(first["title"], parts[1:-2], tournament)

    def _table(self, title: str, parts: list[str], tournament: Tournament | None) -> None:
        """The table's name and size: a cash game's title ("Odesa (6-Max) 13495"); a
        tournament's number and table part ("Table 1"), its size part ("2 Max")."""
        size = words.MAX_SEATS.search(title) or next(
            (found for part in parts if (found := words.MAX_SEATS.match(part))), None
        )
        name = title
        if tournament is not None:
            table = next((part for part in parts if part.startswith("Table ")), "")
            name = f"{tournament.tournament_id} {table}".strip()
        self.hand.table(name, max_seats=int(size["cash"] or size["tournament"]) if size else None)

    def _tournament(self, title: str, parts: list[str]) -> Tournament | None:
        """The tournament of a header whose title ends with its number and which has a
        buy-in part ("$5 + $0.25"); None for a cash game."""
        number = words.TOURNAMENT_ID.search(title)
        buy_in = next((found for p in parts if (found := words.BUY_IN.match(p))), None)
        if number is None or buy_in is None:
            return None
        cash = _CASH_DECIMAL_COMMA if words.DECIMAL_COMMA.search(buy_in[0]) else _CASH
        return Tournament(
            tournament_id=number["tournament"],
            buy_in=cash(buy_in["buy_in"]),
            fee=cash(buy_in["fee"]),
            currency=words.CURRENCIES.get(buy_in["buy_in"][:1]),
            level=None,
        )

    def _stakes(self, text: str) -> Stakes:
        # "0/10/20": ante, small and big blind; "€0,04/€0,08": the blinds
        parts = [self.amount(part) for part in text.split("/")]
        if len(parts) == 3:
            return Stakes(parts[1], parts[2], ante=parts[0] or None)
        if len(parts) == 2:
            return Stakes(parts[0], parts[1])
        raise self.hand.error("stakes this reader does not know", 0)

    def _seats(self, start: int) -> int:
        """Read the dealer line and the seat lines; the index of the first line after."""
        hand, lines = self.hand, self.lines
        hand.at(1)
        dealer = words.DEALER.match(lines[1]) if len(lines) > 1 else None
        if dealer is None:
            raise hand.error("no dealer line after the header")
        hand.table(hand.header.table_name, button_seat=int(dealer["seat"]))
        index = start
        while index < len(lines) and lines[index].startswith("Seat "):
            # "Seat 3: Player0 (1,640 in chips)", "Seat 2: Hero ($9,68 in chips)  (EUR €7,65)"
            hand.at(index)
            seat = words.SEAT.match(lines[index])
            if seat is None:
                raise hand.error("a seat line this reader does not know")
            stack = self.amount(seat["stack"])
            hand.seat(int(seat["seat"]), seat["player"], stack)
            self.stacks[seat["player"]] = stack
            if seat["conversion"]:
                # "($21,89 in chips)  (EUR €17,29)": the table's currency is the stack's
                self.converted = True
                self.stack_currency = words.CURRENCIES.get(seat["stack"][:1])
            index += 1
        return index

    # The betting, the showdown and the payments

    def _body(self, start: int) -> None:
        hand = self.hand
        for index, line in hand.lines_from(start):
            hand.index = index  # what `hand.at` does, without a call per line
            if line.startswith("***"):
                self._marker(line)
                continue
            if line.startswith("Dealt to "):
                self._dealt(line[9:])
                continue
            found = hand.split_player(line, ": ")
            if found is not None:
                player, rest = found
                self.read_action(player, _without_conversion(rest))
            elif self.showdown and line.strip():
                self._wins(line)
            elif line.strip():
                raise hand.error("unknown line")
        last = len(self.lines) - 1
        if not self.payments:
            raise hand.error("hand cut off: it ends before its payments", last)
        if hand.game.is_hilo and not self.no_low and all(p[2] != "lo" for p in self.payments):
            # a hi/lo hand pays a low pot or says "There is no low hand"
            raise hand.error("hand cut off: its payments end before the low half", last)

    def _marker(self, line: str) -> None:
        # "*** FLOP *** [4d,2h,Jc]", "*** TURN *** [8h]", "***SHOW DOWN***"
        hand = self.hand
        if line.startswith(words.SHOWDOWN):
            self._end_of_round()
            self.showdown = True
            hand.new_street(Street.SHOWDOWN)
            return
        street = words.STREETS.get(line[: line.find(" [")])
        if street is None or self.showdown:
            raise hand.error("unknown line")
        self._end_of_round()
        hand.new_street(street)
        hand.board(_cards(line))

    def _dealt(self, body: str) -> None:
        # "Dealt to Hero [5s,3c,4s,5c]"
        hand = self.hand
        found = hand.split_player(body, " [")
        if found is None:
            raise hand.error("cards dealt to a player without a seat")
        hand.dealt(found[0], self._hole_cards(body))

    def _hole_cards(self, text: str) -> tuple[Card, ...]:
        cards = _cards(text)
        if len(cards) != self.hand.game.hole_card_count:
            raise self.hand.error(f"{len(cards)} hole cards in {self.hand.game.value}")
        return cards

    def _posts(self, player: str, what: str) -> None:
        # "Hero: posts small blind 10", "Player2: posts small blind $0,05 (EUR €0,04)"
        post, _, written = what.rpartition(" ")
        kind = words.POSTS.get(post)
        if kind is None:
            raise self.hand.error("unknown line")
        amount = self.amount(written)
        self.blinds[kind] = max(self.blinds.get(kind, 0), amount)
        self.hand.post(player, kind, amount, all_in=self.all_in_by_stack(player, amount))

    def _raises(self, player: str, what: str) -> None:
        # "Hero: raises to 60": the street total
        if not what.startswith("to "):
            raise self.hand.error("a raise without its total")
        hand = self.hand
        to_amount = self.amount(what[3:])
        all_in = self.all_in_by_stack(player, to_amount - hand.street_in(player))
        hand.raise_to(player, to_amount, all_in=all_in)

    def _returns(self, player: str, what: str) -> None:
        # "Hero: returns uncalled bet 10", written before the next street's marker
        if not what.startswith(words.UNCALLED):
            raise self.hand.error("unknown line")
        returned = (player, self.amount(what[len(words.UNCALLED) :]))
        if returned in self.inferred:  # written after the marker: returned already
            self.inferred.remove(returned)
        else:
            self.hand.returned(*returned)

    def _end_of_round(self) -> None:
        """A betting round is over (a street or the showdown begins): a bet no one
        called that Cake did not return in writing goes back to its bettor. Without
        it the pot, which Cake does not write, would hold the bet and the rake, what
        is not paid out of it, would too."""
        uncalled = self.return_uncalled()
        if uncalled is not None:
            self.inferred.append(uncalled)

    def _shows(self, player: str, what: str) -> None:
        # "Hero: shows [5s 3c 4s 5c] (Pair of Fives  )"
        self.hand.shown(player, self._hole_cards(what))

    def _mucks(self, player: str, what: str) -> None:
        # "Hero: mucks"; cards, when written, are known
        if what:
            self.hand.shown(player, self._hole_cards(what), CardSource.MUCKED)

    def _wins(self, line: str) -> None:
        # "Player0 wins high pot 327 with Pair of Aces", "Hero wins low pot 327 with",
        # "Player3 wins $3,55 with Two Pairs Aces and Queens   (EUR €2,80)",
        # "There is no low hand"
        hand = self.hand
        if line.startswith(words.NO_LOW):
            self.no_low = True
            return
        found = hand.split_player(line, " wins ")
        if found is None:
            raise hand.error("unknown line")
        match = words.WINS.match("wins " + _without_conversion(found[1]))
        if match is None:
            raise hand.error("unknown line")
        half = match["half"]
        self.payments.append(
            (found[0], self.amount(match["amount"]), words.HALVES[half] if half else None)
        )

    def _settle(self) -> None:
        """The total pot, the rake, the stakes of a converted hand, the payments."""
        hand = self.hand
        if self.converted:
            # the header's stakes are in the player's display currency: the table's are
            # the blinds posted ("posts small blind $0,05 (EUR €0,04)")
            hand.set_stakes(
                Stakes(
                    self.blinds.get(ActionKind.POST_SMALL_BLIND),
                    self.blinds.get(ActionKind.POST_BIG_BLIND),
                )
            )
            hand.header.currency = self.stack_currency
        total = sum(hand.put_in(player) for player in hand.players)
        paid = sum(amount for _, amount, _ in self.payments)
        hand.total_pot = total
        hand.rake = 0 if self.tournament else max(total - paid, 0)
        for player, amount, half in self.payments:
            hand.collect(player, amount, half=half)

    actions: ClassVar[dict[str, Action]] = {
        "posts": _posts,
        "folds": HandReader.folds,  # "Player0: folds"
        "checks": HandReader.checks,  # "Player0: checks"
        "calls": HandReader.calls_by_stack,  # "Player0: calls 40": what the call puts in
        "bets": HandReader.bets_by_stack,  # "Hero: bets 80"
        "raises": _raises,
        "returns": _returns,
        "shows": _shows,
        "mucks": _mucks,
    }
    """The reading of each first word after "<player>: " ("Hero: raises to 60")."""


class CakeParser(LineSite):
    """Cake Poker's text hand histories ("Hand#3389E587C7000012 - ...").

    Cake never says which pot a payment is from ("wins high pot 327"), so the audit
    compares each player's total over all pots (`names_pots` False). No real hand
    shows an odd chip or a side pot: the conventions are the RULES.md defaults.
    """

    site = "cake"
    hand_start = words.HAND_START
    rake_rule = "main-pot-first"
    odd_chip_rule = "rules"
    names_pots = False
    reader = _HandReader


_DATE_PARTS = ("year", "month", "day", "hour", "minute", "second")
