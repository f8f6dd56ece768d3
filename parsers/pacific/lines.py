"""The 888 Poker reader: one hand's lines into a `HandBuilder`, step by step (header,
table, seats, betting, summary, payments).

A betting line is "<player> <verb> [<amount>]" ("jamiemaxey raises [60]"): the seated
player's name is split off, and the verb picks the handler (a dictionary look-up, no
pattern per line). Every amount is what the action itself puts in. 888 writes neither
the uncalled bets returned nor the pots nor the rake: the returns are found from the
betting (what the last bettor put in over everyone else), the total pot from what was
put in, the rake from what was paid, and each payment's pot from the order and amounts
of the payments (main pot first). docs/sites/888.md describes the format line by line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.column_site import ColumnLineSite
from parsers._base.money import Money
from parsers._base.reader import Action, HandReader
from parsers._base.text import to_utc
from parsers.pacific import columns, words
from tracker.cards import Card
from tracker.engine.pots import payment_pots
from tracker.model import ActionKind, CardSource, Game, Stakes, Street, Structure, Tournament

_CURRENCIES = (("$", "USD"), ("€", "EUR"), ("£", "GBP"))
"""The currency symbols of real-money headers, and their codes."""

_RAKE_RULE = "main-pot-first"
"""888's rake rule (`PacificParser.rake_rule`), which `_HandReader.pay` takes the rake by."""

_CASH = Money(decimals=2)
_SWEDISH_CASH = Money(decimals=2, decimal_comma=True)
_CHIPS = Money(decimals=0)
_SWEDISH_CHIPS = Money(decimals=0, decimal_comma=True)


def _cards(text: str) -> tuple[Card, ...]:
    """The cards of a bracket: "[ 7c, Ah, 2c ]", "[ Tc, Knh, 9h, 9c ]" (Swedish ranks).

    >>> _cards("[ Tc, Knh, Ec, Dd ]")
    (Card('Tc'), Card('Jh'), Card('Ac'), Card('Qd'))
    """
    start = text.find("[")
    end = text.find("]", start + 1)
    if start < 0 or end < 0:
        raise ValueError(f"no cards in {text!r}")
    cards = words.CARDS
    found: list[Card] = []
    for written in text[start + 1 : end].replace(",", " ").split():
        card = cards.get(written)
        if card is None:
            raise ValueError(f"unknown card {written!r}")
        found.append(card)
    return tuple(found)


def _seat(line: str) -> tuple[str, str, str]:
    """The seat number, player and stack of a seat line, by its separators (cheaper
    than `words.SEAT`, which decides when they are not where they should be).

    >>> _seat("Seat 4: Player0 ( 5 000 $ )")
    ('4', 'Player0', '5 000 $')
    """
    head, _, rest = line.partition(": ")
    player, _, stack = rest.rpartition(" ( ")
    if player and stack.endswith(" )") and head[5:].isdigit():
        return head[5:], player, stack[:-2]
    seat = words.SEAT.match(line)
    if seat is None:
        return "", "", ""
    return seat["seat"], seat["player"], seat["stack"]


@dataclass(frozen=True, slots=True)
class _Table:
    """What a header's stakes and a table line say (the same for every hand at it)."""

    game: Game
    structure: Structure
    stakes: Stakes
    currency: str | None
    play_money: bool
    tournament: Tournament | None
    name: str
    max_seats: int | None
    amount: Money
    amounts: dict[str, int] = field(default_factory=dict, compare=False)
    """The betting's amounts read at this table, by their text (a look-up per action)."""


_TABLES: dict[tuple[str, str], _Table] = {}
"""The tables read, by the header's stakes text and the table line."""


class _HandReader(HandReader):
    """One hand being read: what the builder does not keep (the stacks, who folded, the
    payments waiting for the pots, the uncalled bet of a blind nobody called)."""

    def __init__(self, hand: HandBuilder) -> None:
        super().__init__(hand)
        self.amount = _CASH
        self.tournament = False
        self.folded: set[str] = set()
        self.payments: list[tuple[str, int]] = []
        self.unmatched_blind: tuple[str, int] | None = None
        self.player_count = 0
        self.any_all_in = False
        self.amounts: dict[str, int] = {}

    def read(self) -> None:
        """Read one hand: header, table, seats, betting, summary, payments."""
        index = self.header()
        index = self.seats(index)
        index = self.betting(index)
        self.summary(index)
        self.pay(_RAKE_RULE)

    # The header, the table and the seats

    def header(self) -> int:
        # "#Game No : 362978981" / "***** Cassava Hand History for Game 362978981 *****"
        hand, lines = self.hand, self.lines
        number = words.GAME_NUMBER.match(lines[0])
        if number is None:
            raise hand.error("unreadable game number", 0)
        hand_id = number["hand_id"]
        hand.name_hand(hand_id)
        hand.at(1)
        # the banner repeats the game number: the first line's is the one kept
        if words.BANNER.match(lines[1]) is None:
            raise hand.error("unreadable hand banner")
        hand.at(2)
        stake_text, dash, when = lines[2].rpartition(" - *** ")
        table = _TABLES.get((stake_text, lines[3]))
        if table is None:
            table = self.table(stake_text, lines[3])
            if len(_TABLES) > 1_000:
                _TABLES.clear()
            _TABLES[stake_text, lines[3]] = table
        date = words.DATE.match(when)
        if not dash or date is None:
            raise hand.error("unreadable hand header")
        started = to_utc(
            datetime(
                int(date["year"]),
                int(date["month"]),
                int(date["day"]),
                int(date["hour"]),
                int(date["minute"]),
                int(date["second"]),
            ),
            words.TIMEZONE,
        )
        self.amount, self.tournament = table.amount, table.tournament is not None
        if len(table.amounts) > 10_000:
            table.amounts.clear()
        self.amounts = table.amounts
        hand.start(
            hand_id,
            table.game,
            table.structure,
            started,
            site_timezone=words.TIMEZONE,
            stakes=table.stakes,
            currency=table.currency,
            play_money=table.play_money,
            tournament=table.tournament,
        )
        hand.table(table.name, max_seats=table.max_seats)
        return self.button(4)

    def table(self, stake_text: str, line: str) -> _Table:
        """The facts of the header's stakes and the table line, which every hand at
        the table repeats (`_TABLES` keeps them)."""
        # "15/30 Blinds Fix Limit Omaha", "25 $/50 $ Blinds Pot Limit Omaha"; then
        # "Table Helmond 6 Max (Real Money)", "Table Bratislava (Practice Play)",
        # "Tournament #48749889 $1.80 + $0.20 - Table #19 (Real Money)"
        hand = self.hand
        header = words.HEADER.match(stake_text)
        if header is None:
            raise hand.error("unreadable hand header")
        game = words.GAMES.get(header["game"])
        if game is None:
            raise hand.unsupported(header["game"], 2)
        structure = words.STRUCTURES[header["structure"]]
        swedish = words.SWEDISH_MARK in stake_text
        cash = _SWEDISH_CASH if swedish else _CASH
        hand.at(3)
        tournament: Tournament | None = None
        found = words.TOURNAMENT_TABLE.match(line)
        if found is not None:
            buy_in = found["buy_in"]
            tournament = Tournament(
                found["tournament"],
                cash(buy_in),
                cash(found["fee"]),
                next((code for sign, code in _CURRENCIES if sign in buy_in), None),
                None,
            )
            name = f"{found['tournament']} {found['table']}"
        else:
            found = words.CASH_TABLE.match(line)
            if found is None:
                raise hand.error("unreadable table line")
            name = found["table"]
        play_money = found["money"] in words.PLAY_MONEY
        currency = None
        if tournament is None and not play_money:
            currency = next((code for sign, code in _CURRENCIES if sign in stake_text), None)
            if currency is None:
                raise hand.error("a real-money header without a currency", 2)
        amount = cash if tournament is None else _SWEDISH_CHIPS if swedish else _CHIPS
        small, big = amount(header["small_blind"]), amount(header["big_blind"])
        stakes = (
            Stakes(small_blind=small, big_blind=big, small_bet=big, big_bet=2 * big)
            if structure is Structure.LIMIT
            else Stakes(small_blind=small, big_blind=big)
        )
        size = words.MAX_SEATS.search(name)
        return _Table(
            game,
            structure,
            stakes,
            currency,
            play_money,
            tournament,
            name,
            int(size["seats"]) if size else None,
            amount,
        )

    def button(self, index: int) -> int:
        # "Seat 1 is the button" / "Total number of players : 5"
        hand, lines = self.hand, self.lines
        hand.at(index)
        button = words.BUTTON.match(lines[index])
        if button is None:
            raise hand.error("unreadable button line")
        hand.table(hand.header.table_name, button_seat=int(button["seat"]))
        hand.at(index + 1)
        count = words.PLAYER_COUNT.match(lines[index + 1])
        if count is None:
            raise hand.error("unreadable number of players")
        self.player_count = int(count["count"])
        return index + 2

    def seats(self, start: int) -> int:
        # "Seat 1: CARNERA4 ( 4,202.50 )", "Seat 4: Player0 ( 5 000 $ )"
        hand, lines = self.hand, self.lines
        index = start
        while index < len(lines) and lines[index].startswith("Seat "):
            hand.at(index)
            number, player, stack_text = _seat(lines[index])
            if not number.isdigit():
                raise hand.error("unreadable seat line")
            stack = self.amount(stack_text)
            hand.seat(int(number), player, stack)
            self.stacks[player] = stack
            index += 1
        if index - start != self.player_count:
            raise hand.error(
                f"{index - start} seat lines, but the hand says {self.player_count} players"
            )
        self.index_names()
        return index

    # The betting

    def betting(self, start: int) -> int:
        hand, lines, plain = self.hand, self.lines, self.plain_names
        for index in range(start, len(lines)):
            line = lines[index]
            hand.index = index
            if line.startswith("** "):
                if line.startswith(words.SUMMARY):
                    self.end_of_round()
                    return index + 1
                self.street(line)
                continue
            first, _, rest = line.partition(" ")  # most names are one word: no search
            said = (first, rest) if first in plain else self.split_player(line)
            if said is None:
                if line.startswith("Dealt to "):
                    self.dealt(line)
                elif line.strip():
                    raise hand.error("unknown line")
                continue
            self.read_action(*said)
        raise hand.error("hand cut off: it ends before its summary")

    def street(self, line: str) -> None:
        # "** Dealing down cards **", "** Dealing flop ** [ 7c, Ah, 2c ]"
        hand = self.hand
        end = line.find(" **", 3) + 3
        street = words.STREETS.get(line[:end])
        if street is None:
            raise hand.error("unknown street line")
        if street is not hand.street:
            self.end_of_round()
            hand.new_street(street)
            hand.board(_cards(line[end:]))

    def end_of_round(self) -> None:
        """The bet no one called on the street that ends, given back: 888 does not
        write it. A big blind nobody called (everyone folded to it) is paid back inside
        the site's "collected" line, so it is noted for `pay`."""
        uncalled = self.return_uncalled()
        if uncalled is None:
            return
        own = [action for action in self.hand.actions if action.player == uncalled[0]]
        if own and own[-1].kind is ActionKind.POST_BIG_BLIND:
            self.unmatched_blind = uncalled

    def dealt(self, line: str) -> None:
        # "Dealt to Hero [ 5s, Ad, 8h, 7c ]"
        hand = self.hand
        said = self.split_player(line[len("Dealt to ") :])
        if said is None:
            raise hand.error("cards dealt to no seated player")
        player, rest = said
        hand.dealt(player, self.hole_cards(rest))

    def hole_cards(self, text: str) -> tuple[Card, ...]:
        cards = _cards(text)
        if len(cards) != self.hand.game.hole_card_count:
            raise self.hand.error(f"{len(cards)} hole cards in {self.hand.game.value}")
        return cards

    def bracketed(self, text: str) -> int:
        """The amount of "[$60]" ending an action line, or of "[ 867.50 ]"."""
        text = text.rstrip()
        if not text.startswith("[") or not text.endswith(words.AMOUNT_END):
            raise self.hand.error("an action without its amount in brackets")
        return self.amount(text[1:-1].strip(" "))

    def puts_all_in(self, player: str, amount: int) -> bool:
        """True when `amount` more puts the player's whole stack in (888 does not say):
        `all_in_by_stack`, noting for `pay` that someone is all in."""
        all_in = self.all_in_by_stack(player, amount)
        if all_in:
            self.any_all_in = True
        return all_in

    # The betting's actions: not the base's, as 888 writes no all-in (it is found from
    # the stack) and its checks and folds end their line.

    def checks(self, player: str, what: str) -> None:
        # "freshmoney2y checks"
        if what:
            raise self.hand.error("unknown line")
        self.hand.check(player)

    def folds(self, player: str, what: str) -> None:
        # "rolirs301 folds"
        if what:
            raise self.hand.error("unknown line")
        self.hand.fold(player)
        self.folded.add(player)

    def calls(self, player: str, what: str) -> None:
        # "freshmoney2y calls [45]"
        self.puts_in(player, what, self.hand.call)

    def bets(self, player: str, what: str) -> None:
        # "jamiemaxey bets [30]"
        self.puts_in(player, what, self.hand.bet)

    def raises(self, player: str, what: str) -> None:
        # "jamiemaxey raises [60]": the call and the raise together
        self.puts_in(player, what, self.hand.raise_put_in)

    def puts_in(self, player: str, what: str, action: Callable[..., None]) -> None:
        """An action whose amount, in brackets, is what the action itself puts in; all
        in when that is the player's whole stack."""
        if what[:1] != "[" or what[-1:] != "]":
            raise self.hand.error("an action without its amount in brackets")
        written = what[1:-1]
        amounts = self.amounts
        amount = amounts.get(written)
        if amount is None:
            amount = amounts[written] = self.amount(written)
        action(player, amount, all_in=self.puts_all_in(player, amount))

    def posts(self, player: str, rest: str) -> None:
        # "freshmoney2y posts small blind [15]", "rolirs301 posts big blind [30]",
        # "Player0 posts dead blind [$25 + $0]"
        hand = self.hand
        kind, _, amount_text = rest.partition(" [")
        if kind == "dead blind":
            self.dead_blind(player, "[" + amount_text)
            return
        post = _POSTS.get(kind)
        if post is None:
            raise hand.error(f"unknown post {kind!r}")
        amount = self.bracketed("[" + amount_text)
        hand.post(player, post, amount, all_in=self.puts_all_in(player, amount))

    def dead_blind(self, player: str, text: str) -> None:
        # "Player0 posts dead blind [$25 + $0]": the blind posted out of turn (live when
        # it is the big blind, dead when it is a second small blind), then the dead
        # small blind owed with it
        hand = self.hand
        found = words.DEAD_BLIND.match(text)
        if found is None:
            raise hand.error("unreadable dead blind")
        posted, dead = self.amount(found["posted"]), self.amount(found["dead"])
        if posted >= (hand.stakes.big_blind or 0):
            hand.post(
                player, ActionKind.POST_BIG_BLIND, posted, all_in=self.puts_all_in(player, posted)
            )
        elif posted:
            hand.post(player, ActionKind.POST_DEAD, posted, all_in=self.puts_all_in(player, posted))
        if dead:
            hand.post(player, ActionKind.POST_DEAD, dead, all_in=self.puts_all_in(player, dead))

    # The summary and the payments

    def summary(self, start: int) -> None:
        hand, lines = self.hand, self.lines
        for index in range(start, len(lines)):
            line = lines[index]
            hand.index = index
            if line.startswith("("):
                # "(Hi: Jd, Jc, 2d, 2s, Ks)": a winner's best five, nothing new
                if words.HALF_LINE.match(line) is None:
                    raise hand.error("unknown summary line")
                continue
            if not line.strip():
                continue
            said = self.split_player(line)
            if said is None:
                raise hand.error("unknown summary line")
            player, rest = said
            self.summary_line(player, rest)

    def summary_line(self, player: str, rest: str) -> None:
        # "physco30 shows [ Th, 8d, 9c, Tc ]", "jamiemaxey mucks [ 5h, 5d, 4d, As ]",
        # "Player2 did not show his hand", "CARNERA4 collected [ 867.50 ]"
        hand = self.hand
        verb, _, tail = rest.partition(" ")
        if verb == "collected":
            self.payments.append((player, self.bracketed(tail)))
        elif verb == "shows":
            hand.shown(player, self.hole_cards(tail), street=Street.SHOWDOWN)
        elif verb == "mucks":
            hand.shown(player, self.hole_cards(tail), CardSource.MUCKED, street=Street.SHOWDOWN)
        elif not rest.startswith(("did not show", "does not show")):
            raise hand.error("unknown summary line")

    def pay(self, rake_name: str) -> None:
        """The total pot, the rake and each payment with its pot.

        888 writes one "collected" line per winner per pot (per half in hi/lo), the
        main pot's first. The pots are built from what was put in; the rake, what was put
        in less what was paid (none in tournaments), is taken from them by the site's
        rule; the payments then fill the pots in order, each going to the pot its first
        unit falls in."""
        hand = self.hand
        players = hand.players
        in_pot = [hand.put_in(player) for player in players]
        total = sum(in_pot)
        payments = self.payments
        paid = sum(amount for _, amount in payments)
        blind = self.unmatched_blind
        if blind is not None and paid == total + blind[1]:
            # "Player2 collected [ $100 ]": the big blind nobody called, paid with the pot
            player, back = blind
            at = next((i for i, (name, amount) in enumerate(payments) if name == player), None)
            if at is not None and payments[at][1] >= back:
                payments[at] = (player, payments[at][1] - back)
                paid -= back
        hand.total_pot = total
        hand.rake = 0 if self.tournament else max(total - paid, 0)
        if not self.any_all_in:  # one pot: no one is all in for less
            for player, amount in payments:
                hand.collect(player, amount)
            return
        folded = [player in self.folded for player in players]
        amounts = [amount for _, amount in payments]
        pots = payment_pots(in_pot, folded, amounts, hand.rake, rake_name)
        for (player, amount), pot in zip(payments, pots, strict=True):
            hand.collect(player, amount, pot=pot)

    actions: ClassVar[dict[str, Action]] = {
        "checks": checks,
        "folds": folds,
        "calls": calls,
        "bets": bets,
        "raises": raises,
        "posts": posts,
    }
    """The verb after a seated player's name in the betting ("jamiemaxey raises [60]")."""


_POSTS: dict[str, ActionKind] = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
}
"""The live blinds of "posts small blind [15]" ("dead blind" is read apart)."""


class PacificParser(ColumnLineSite):
    """888 Poker (Pacific Poker, the Cassava network) hand histories: Omaha hi/lo and
    Omaha high, cash games, play money and tournaments, in English and Swedish; the
    usual hands read column-wise (`parsers.pacific.columns`)."""

    site = "888"
    hand_start = words.HAND_START
    rake_rule = _RAKE_RULE
    odd_chip_rule = "rules"
    betting_folds_out_of_turn = True  # hand 440985926: "Borr_09 folds" before the deal
    reader = _HandReader
    header_start = columns.HEADER_START
    header_columns = columns.HEADER
    column_format = columns.FORMAT

    def read_header(self, hand: HandBuilder) -> int:
        """The head lines, as `_HandReader` reads them; tournament amounts are in chips."""
        reader = _HandReader(hand)
        reader.header()
        return 0 if reader.tournament else 2
