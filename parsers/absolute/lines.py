"""The Absolute Poker reader: one hand's lines into a `HandBuilder`, step by step
(header, table, seats, body, summary, payments).

A body line is a marker ("*** FLOP *** [Jc 5h 2c]"), a "Dealt to" line, a seated
player's name, " - " and a capitalised verb ("Hero - Calls $30": the verb picks the
handler, a dictionary look-up), or a payment ("Player0 Collects $119.25 from main pot").
Absolute writes the uncalled bet's return ("Player0 - returned ($30) : not called") and
a total pot before the rake; it says which half a player won only in the summary
("HI:($0.20)", "LO:($0.19)"), which the payments are then divided by. Stud hands write
every player's cards again on every street ("PLAYER1 - Pocket [H H Js 10d]", "H" for a
card face down): the cards new on the street are the ones read. docs/sites/absolute.md
describes the format line by line.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.lines import LineSite
from parsers._base.reader import Action, HandReader
from parsers._base.text import read_cards, to_utc, written_time
from parsers.absolute import words
from tracker.cards import Card
from tracker.model import ActionKind, CardSource, Game, Stakes, Street, Structure

_HIDDEN = "H"
"""A card face down in a stud "Pocket" line: "[H H Js]"."""


def _bracket(text: str) -> list[str]:
    """The words of the first bracket of `text`.

    >>> _bracket("Shows [5s 8d 3s] (One pair, queens)")
    ['5s', '8d', '3s']
    """
    start = text.find("[")
    end = text.find("]", start + 1)
    if start < 0 or end < 0:
        raise ValueError(f"no cards in brackets in {text!r}")
    return text[start + 1 : end].split()


def _cards(written: list[str]) -> tuple[Card, ...]:
    """The cards of `written` ("10c" is the ten of clubs).

    >>> _cards(["10c", "Kh"])
    (Card('Tc'), Card('Kh'))
    """
    return read_cards(written)


class _HandReader(HandReader):
    """One hand being read: what the builder does not keep (the stud cards seen so far,
    the payments until the summary says their halves). Absolute's files write no
    all-in: a player is all in when the chips take the rest of the stack
    (`HandReader.all_in_by_stack`)."""

    def __init__(self, hand: HandBuilder) -> None:
        super().__init__(hand)
        self.pockets: dict[str, list[str]] = {}
        self.payments: list[tuple[str, int]] = []
        self.halves: dict[str, list[tuple[str, int]]] = {}
        self.blinds: dict[ActionKind, int] = {}
        self.stud = False

    def read(self) -> None:
        """The steps of a hand, in the order Absolute writes them."""
        index = self._header()
        index = self.read_seats(index, words.SEAT)  # "Seat 6 - Player0 ($1,195.50 in chips)"
        index = self._body(index)
        self._summary(index + 1)
        self._settle()

    # The header, the table and the seats

    def _header(self) -> int:
        """Read the header and the table line; the index of the first seat line."""
        hand, header = self.hand, self.lines[0]
        match = words.HEADER.match(header)
        if match is None:
            named = words.GAME_WORDS.match(header)
            if named is not None:
                hand.name_hand(named["hand_id"])
                if named["game"] not in words.GAMES:
                    raise hand.unsupported(named["game"])
            raise hand.error("a hand header this reader does not know", 0)
        hand.name_hand(match["hand_id"])
        game = words.GAMES.get(match["game"])
        if game is None:
            raise hand.unsupported(match["game"])
        structure = words.STRUCTURES[match["structure"]]
        self.stud = game.is_stud
        stakes_text = match["stakes"]
        currency = words.CURRENCIES.get(stakes_text[:1])
        if currency is None:
            # "$30/$60": a cash game; no file shows a tournament or play-money header
            raise hand.error("stakes without a currency (only cash games are read)", 0)
        small, big = (self.amount(part) for part in stakes_text.split("/"))
        if self.stud or structure is Structure.LIMIT:
            stakes = Stakes(small_bet=small, big_bet=big)
        else:
            stakes = Stakes(small_blind=small, big_blind=big)
        zone = match["zone"]
        hand.start(
            match["hand_id"],
            game,
            structure,
            to_utc(written_time(match["date"], "-"), zone),
            site_timezone=zone,
            stakes=stakes,
            currency=currency,
        )
        return self._table(match["table_size"])

    def _table(self, size: str | None) -> int:
        """Read the table line, when there is one (the stud file has none), with the
        header's table size ("1 on 1"); the index of the first seat line."""
        hand = self.hand
        max_seats = words.TABLE_SIZES.get(size) if size else None
        if len(self.lines) < 2 or not self.lines[1].startswith("Table: "):
            hand.table("", max_seats=max_seats)
            return 1
        # "Table: Linden Ct (Real Money) Seat #6 is the dealer"
        hand.at(1)
        table = words.TABLE.match(self.lines[1])
        if table is None:
            raise hand.error("a table line this reader does not know")
        button = table["button"]
        hand.table(table["name"], max_seats=max_seats, button_seat=int(button) if button else None)
        return 2

    def split_player(self, line: str, separator: str = " ") -> tuple[str, str] | None:
        """`HandReader.split_player`, but a name alone, with no `separator` after it, is
        no player's line ("Seat 3: PLAYER3" is no summary seat line)."""
        found = super().split_player(line, separator)
        return found if found and line.startswith(separator, len(found[0])) else None

    # The body: posts, streets, cards, actions, showdown, payments

    def _body(self, start: int) -> int:
        """Read the body from `start`; the index of "*** SUMMARY ***"."""
        hand = self.hand
        for index, line in hand.lines_from(start):
            hand.index = index  # what `hand.at` does, without a call per line
            if line.startswith("*** "):
                if line.startswith("*** SUMMARY ***"):
                    return index
                self._marker(line)
            elif line.startswith("Dealt to "):
                self._dealt(line[9:])
            elif line.strip():
                found = self.split_player(line, " - ")
                if found is None:
                    self._collects(line)
                else:
                    self.read_action(*found)
        raise hand.error("hand cut off: it ends before its summary", len(self.lines) - 1)

    def _marker(self, line: str) -> None:
        # "*** POCKET CARDS ***", "*** FLOP *** [Jc 5h 2c]", "*** 4TH STREET ***"
        hand = self.hand
        end = line.find(" ***", 4)
        street = words.STREETS.get(line[4:end].upper()) if end > 0 else None
        if street is None:
            raise hand.error("unknown line")
        stud = self.stud
        if stud and street is Street.RIVER:
            street = Street.SEVENTH
        if street is not Street.SHOWDOWN and (
            street not in (words.STUD_STREETS if stud else words.FLOP_STREETS)
        ):
            raise hand.error(f"a street of another game in {hand.game.value}")
        hand.new_street(street)
        if not stud and "[" in line:
            # "*** FLOP *** [Jc 5h 2c]"; a later street with its new card alone or after
            # the board so far ("[Jc 5h 2c] [7d]"): no file shows which
            cards = _cards(line[end + 4 :].replace("[", " ").replace("]", " ").split())
            known = hand.board_cards()
            if len(cards) > len(known) and cards[: len(known)] == known:
                hand.set_board(cards)  # the board so far and the new cards
            else:
                hand.board(cards)

    def _dealt(self, body: str) -> None:
        # "Dealt to Hero [9h Qc 2d 3h]"
        hand = self.hand
        found = self.split_player(body, " [")
        if found is None:
            raise hand.error("cards dealt to a player without a seat")
        cards = _cards(_bracket(body))
        if len(cards) != hand.game.hole_card_count:
            raise hand.error(f"{len(cards)} hole cards in {hand.game.value}")
        hand.dealt(found[0], cards)

    def _pocket(self, player: str, what: str) -> None:
        # stud: "PLAYER1 - Pocket [H H Js 10d]", the hero's "Hero - Pocket [10c 5c 7s]":
        # every card so far, "H" face down; the cards after those seen before are new
        hand = self.hand
        if not self.stud:
            raise hand.error("unknown line")
        written = _bracket(what)
        seen = self.pockets.get(player, [])
        if written[: len(seen)] != seen:
            raise hand.error("a player's cards differ from those of the street before")
        new = [card for card in written[len(seen) :] if card != _HIDDEN]
        self.pockets[player] = written
        if not new:
            return
        if player == hand.hero or _HIDDEN not in written:
            hand.dealt(player, _cards(new))  # the hero's: every card face up to them
        else:
            hand.up(player, _cards(new))

    def _posts(self, player: str, what: str) -> None:
        # "Player0 - Posts small blind $15", "Hero - Posts big blind $30"
        post, _, written = what.rpartition(" ")
        kind = words.POSTS.get(post)
        if kind is None:
            raise self.hand.error("unknown line")
        amount = self.amount(written)
        self.blinds[kind] = max(self.blinds.get(kind, 0), amount)
        self.hand.post(player, kind, amount, all_in=self.all_in_by_stack(player, amount))

    def _ante(self, player: str, what: str) -> None:
        # "PLAYER1 - Ante $0.01"
        amount = self.amount(what)
        self.blinds[ActionKind.POST_ANTE] = max(self.blinds.get(ActionKind.POST_ANTE, 0), amount)
        hand = self.hand
        hand.post(player, ActionKind.POST_ANTE, amount, all_in=self.all_in_by_stack(player, amount))

    def _bring_in(self, player: str, what: str) -> None:
        # "PLAYER7 - Bring-In $0.01"
        amount = self.amount(what)
        self.blinds[ActionKind.BRING_IN] = amount
        self.hand.bring_in(player, amount, all_in=self.all_in_by_stack(player, amount))

    def _raises(self, player: str, what: str) -> None:
        # "Player0 - Raises $45 to $60": the raise, then the street total
        _, to, total = what.partition(" to ")
        if not to:
            raise self.hand.error("a raise without its total")
        hand = self.hand
        to_amount = self.amount(total)
        all_in = self.all_in_by_stack(player, to_amount - hand.street_in(player))
        small_bet = hand.stakes.small_bet
        if hand.street is Street.THIRD and small_bet and hand.highest_bet() < small_bet:
            hand.complete(player, to_amount, all_in=all_in)  # the bring-in completed
        else:
            hand.raise_to(player, to_amount, all_in=all_in)

    def _returned(self, player: str, what: str) -> None:
        # "Player0 - returned ($30) : not called"
        if not (what.startswith("(") and what.endswith(")" + words.RETURNED)):
            raise self.hand.error("unknown line")
        self.hand.returned(player, self.amount(what[1 : -len(words.RETURNED) - 1]))

    def _shows(self, player: str, what: str) -> None:
        # "PLAYER7 - Shows [5s 8d 3s Qc 6c Qs 9s] (One pair, queens)"
        hand = self.hand
        cards = _cards(_bracket(what))
        if not self.stud and len(cards) != hand.game.hole_card_count:
            raise hand.error(f"{len(cards)} hole cards in {hand.game.value}")
        hand.shown(player, cards)

    def _does_not_show(self, player: str, what: str) -> None:
        # "Player0 - Does not show"
        if what != "not show":
            raise self.hand.error("unknown line")

    def _collects(self, line: str) -> None:
        # "Player0 Collects $119.25 from main pot"
        hand = self.hand
        found = self.split_player(line, " ")
        if found is None:
            raise hand.error("unknown line (no seated player's name starts it)")
        player, rest = found
        match = words.COLLECTS.match(rest)
        if match is None:
            raise hand.error("unknown line")
        self.payments.append((player, self.amount(match["amount"])))

    # The summary

    def _summary(self, start: int) -> None:
        hand = self.hand
        for index, line in hand.lines_from(start):
            hand.index = index
            if line.startswith("Seat "):
                self._seat_summary(line)
            elif line.startswith("Total Pot("):
                # "Total Pot($120) | Rake ($0.75)"
                pot = words.TOTAL_POT.match(line)
                if pot is None:
                    raise hand.error("a pot line this reader does not know")
                hand.total_pot = self.amount(pot["total"])
                hand.rake = self.amount(pot["rake"]) if pot["rake"] else 0
            elif line.startswith("Board ["):
                # "Board [Jc 5h 2c]": the cards dealt, checked
                hand.set_board(_cards(_bracket(line)))
            elif line.strip():
                raise hand.error("unknown line")
        if hand.total_pot is None:
            raise hand.error("hand cut off: its summary gives no total pot", len(self.lines) - 1)

    def _seat_summary(self, line: str) -> None:
        # "Seat 6: Player0 (dealer) (small blind) collected Total ($119.25) HI:($119.25)
        #  [Does not show]", "Seat 3: PLAYER3 won Total ($0.19) HI:with One pair, aces
        #  [3d 5d 6s Ah 8c Jc As - P:As,B:Ah,...] LO:($0.19) [B:Ah,P:3d,...]"
        hand = self.hand
        seat, player, text = self.split_summary_seat(line)
        won = words.WON.search(text)
        halves = [
            (words.HALVES[half["half"]], self.amount(half["amount"]))
            for half in words.HALF_WON.finditer(text)
        ]
        if halves:
            self.halves[player] = halves
        if "[" in text:
            shown = " ".join(_bracket(text)).partition(" - ")[0]
            if shown != words.NOT_SHOWN:
                hand.shown(player, _cards(shown.split()), CardSource.SUMMARY)
        hand.summary(seat, player, text, self.amount(won["amount"]) if won else None)

    # The stakes and the payments

    def _settle(self) -> None:
        """The stakes the lines give, and the payments, by half where the summary says."""
        hand, blinds = self.hand, self.blinds
        stakes = hand.stakes
        if hand.game.is_stud:
            stakes = replace(
                stakes,
                ante=blinds.get(ActionKind.POST_ANTE),
                bring_in=blinds.get(ActionKind.BRING_IN),
            )
        elif hand.header.structure is Structure.LIMIT:
            stakes = replace(
                stakes,
                small_blind=blinds.get(ActionKind.POST_SMALL_BLIND),
                big_blind=blinds.get(ActionKind.POST_BIG_BLIND),
            )
        hand.set_stakes(stakes)
        hilo = hand.game in _HILO_GAMES
        for player in dict.fromkeys(player for player, _ in self.payments):
            paid = [amount for name, amount in self.payments if name == player]
            halves = self.halves.get(player, [])
            if hilo and halves and sum(amount for _, amount in halves) == sum(paid):
                # "PLAYER3 Collects $0.19 from main pot" and its summary "LO:($0.19)"
                for half, amount in halves:
                    hand.collect(player, amount, half=half)
            else:
                for amount in paid:
                    hand.collect(player, amount)

    actions: ClassVar[dict[str, Action]] = {
        "Posts": _posts,
        "Ante": _ante,
        "Bring-In": _bring_in,
        "Folds": HandReader.folds,  # "Hero - Folds"
        "Checks": HandReader.checks,  # "Hero - Checks"
        "Calls": HandReader.calls_by_stack,  # "Hero - Calls $30": what the call puts in
        "Bets": HandReader.bets_by_stack,  # "Player0 - Bets $30"
        "Raises": _raises,
        "returned": _returned,
        "Pocket": _pocket,
        "Shows": _shows,
        "Does": _does_not_show,
    }
    """The reading of each first word after "<player> - " ("Hero - Calls $30")."""


class AbsoluteParser(LineSite):
    """Absolute Poker's text hand histories ("Stage #1828549717: Omaha Hi/Lo ...").

    Its real files show one pot per hand, the rake taken before the split, and the odd
    cent of a halved pot paid to the high half (hand 1300000000): the RULES.md defaults.
    """

    site = "absolute"
    hand_start = words.HAND_START
    rake_rule = "main-pot-first"
    odd_chip_rule = "rules"
    reader = _HandReader


_HILO_GAMES = frozenset({Game.OMAHA_HILO, Game.STUD_HILO})
