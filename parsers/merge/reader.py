"""The Merge reader: one `<game>` element into a `HandBuilder`, step by step (header,
seats, rounds of events and cards, winners).

Merge (Carbon, Lock, ...) writes XML fragments: a `<description type=.. stakes=..>` for
the table, then one `<game>` per hand, without a root or a declaration; the base
(`parsers._base.xml`) reads them safely. A `<winner>` names its pot (`potnumber`, 1 for
the main pot) and its half (`pottype` "h", "l", or "n" for the whole pot); a bet no one
called comes back as a winner entry of its own (`uncalled="true"`) or, in older files,
inside the bettor's winnings, where the reader finds it from the betting (as for
winamax). The rake is not written: it is what was put in less what was paid.
docs/sites/merge.md describes the format element by element.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import ClassVar
from xml.etree.ElementTree import Element

from parsers._base.builder import HandBuilder
from parsers._base.text import money_reader, to_utc
from parsers._base.xml import XmlHand, XmlSite
from parsers.merge import words
from tracker.cards import DECK, Card, parse_card
from tracker.model import CardSource, Game, Stakes, Street, Structure, Tournament

_CARDS: dict[str, Card] = {card.text: card for card in DECK}
"""Cards as Merge writes them ("Js", "Th"), for a look-up per card."""

_READERS: dict[int, Callable[[str], int]] = {0: money_reader(0), 2: money_reader(2)}

_EVENTS = frozenset(
    {*words.POSTS, "FOLD", "CHECK", "CALL", "BET", "RAISE", "COMPLETE", "BRING_IN", "ALL_IN"}
)
"""The event types that are actions (the others are `words.SILENT_EVENTS`)."""


class MergeParser(XmlSite):
    """Merge's XML hand histories ('<game id="40231841-160" starttime=...>').

    Conventions (docs/sites/merge.md): the rake is inferred (put in less paid); the odd
    chip of a halved pot goes to the high half (hand 78854953-355: 2.30 high, 2.29 low).
    """

    site: ClassVar[str] = "merge"
    hand_tag: ClassVar[str] = "game"
    hand_start = words.HAND_START
    context_tags: ClassVar[frozenset[str]] = frozenset({"description"})
    reads_text: ClassVar[bool] = False
    rake_rule: ClassVar[str] = "main-pot-first"
    odd_chip_rule: ClassVar[str] = "rules"

    def read_hand(self, hand: HandBuilder, xml: XmlHand) -> None:
        """Read one `<game>` element (see the module's docstring)."""
        _MergeHand(hand, xml).read()


@dataclass(slots=True)
class _Payment:
    """A `<winner>` entry, kept until an uncalled bet is taken out of it."""

    player: str
    amount: int
    pot: int
    half: str | None


class _MergeHand:
    """One hand being read: the builder, the element, and what the steps share."""

    def __init__(self, hand: HandBuilder, xml: XmlHand) -> None:
        self.hand = hand
        self.xml = xml
        self.amount = _READERS[2]
        self.players: dict[str, str] = {}  # seat attribute -> player
        self.cards_seen: dict[str, int] = {}  # player -> cards of theirs read so far
        self.last_cards: dict[str, list[str]] = {}  # player -> their latest card list
        self.folded: set[str] = set()
        self.hole_cards = 0
        self.payments: list[_Payment] = []
        self.uncalled: list[tuple[str, int]] = []
        self.tournament = False

    def read(self) -> None:
        root = self.xml.root
        self._header(root)
        for child in root:
            self.xml.at(child)
            if child.tag == "round":
                self._round(child)
            elif child.tag != "players":
                raise self.hand.error(f"unknown element <{child.tag}>")
        self._cards_turned_up()
        self._payments()

    # The header and the seats

    def _header(self, root: Element) -> None:
        # '<game id="46634335-1" starttime="20120107110000" numholecards="4" gametype="37"
        #  seats="9" realmoney="true" data="20120105|Elephant Shrew Room|46630882-1|
        #  46634335-1|true">' after '<description type="Omaha H/L8 Tournament"
        #  stakes="Pot Limit"/>'
        hand, xml = self.hand, self.xml
        hand_id = xml.attribute(root, "id")
        hand.name_hand(hand_id)
        description = xml.context.get("description")
        if description is None:
            raise hand.error("no <description> before the hand", 0)
        code = root.get("multigametype") or xml.attribute(root, "gametype")
        game = words.GAMES.get(code)
        if not isinstance(game, Game):
            raise hand.unsupported(game or f"Merge game code {code}")
        self.hole_cards = int(root.get("numholecards", "0"))
        data = root.get("data", "").split("|")
        self.tournament = "Tournament" in description.get("type", "") or data[-1] == "true"
        self.amount = _READERS[0 if self.tournament else 2]
        structure, stakes = self._stakes(description.get("stakes", ""), game)
        hand.start(
            hand_id,
            game,
            structure,
            self._started_at(root),
            stakes=stakes,
            currency=None if self.tournament else "USD",
            tournament=Tournament(data[2], None, None, None, None)
            if self.tournament and len(data) > 2
            else None,
        )
        players = root.find("players")
        if players is None:
            raise hand.error("the hand has no <players>", 0)
        seats = root.get("seats")
        dealer = players.get("dealer")
        hand.table(
            data[1] if len(data) > 1 else "",
            max_seats=int(seats) if seats else None,
            button_seat=int(dealer) if dealer else None,
        )
        self._seats(root, players)

    def _stakes(self, text: str, game: Game) -> tuple[Structure, Stakes]:
        # "Limit $0.25/$0.50", "Pot Limit ($0.25/$0.50)", "No Limit ($0.01/$0.02/$0.10)"
        found = [structure for start, structure in words.STRUCTURES if text.startswith(start)]
        if not found:
            raise self.hand.error(f"unknown stakes {text!r}", 0)
        structure = found[0]
        amounts = [self.amount(amount) for amount in words.STAKE_AMOUNTS.findall(text)]
        if game.is_stud and len(amounts) == 3:
            return structure, Stakes(ante=amounts[0], bring_in=amounts[1], small_bet=amounts[2])
        if len(amounts) != 2:
            return structure, Stakes()
        small, big = amounts
        if structure is Structure.LIMIT:
            return structure, Stakes(small_bet=small, big_bet=big)
        return structure, Stakes(small_blind=small, big_blind=big)

    def _started_at(self, root: Element) -> datetime:
        # The events' timestamps are UTC milliseconds: the first one is when the hand
        # started ("starttime" is the tournament's start in tournament hands).
        for round_element in root:
            for event in round_element:
                stamp = event.get("timestamp") if event.tag == "event" else None
                if stamp is not None:
                    return datetime.fromtimestamp(int(stamp) / 1000, UTC)
        start = self.xml.attribute(root, "starttime")
        if "/" in start:  # "2012/06/05 19:39:26 -0400"
            return datetime.strptime(start, "%Y/%m/%d %H:%M:%S %z").astimezone(UTC)
        return to_utc(datetime.strptime(start, "%Y%m%d%H%M%S"), "ET")

    def _seats(self, root: Element, players: Element) -> None:
        # '<player seat="3" nickname="Hero" balance="$1500.00" dealtin="true" />'
        hand, xml = self.hand, self.xml
        posted = self._posted_before_balance(root)
        for player in players:
            xml.at(player)
            seat = xml.attribute(player, "seat")
            name = xml.attribute(player, "nickname")
            stack = self.amount(xml.attribute(player, "balance")) + posted.get(seat, 0)
            hand.seat(int(seat), name, stack, sitting_out=player.get("dealtin") == "false")
            self.players[seat] = name

    def _posted_before_balance(self, root: Element) -> dict[str, int]:
        """The blinds and antes each seat posted: the first format's balances are after
        them (46634335-1: "balance=$1490.00" for the small blind of 10 of a 1,500
        stack, all in for the rest on the river; 36487050-19: "balance=$105.00", an
        ante of 10, then all in for 100 and 5)."""
        if root.get("version"):
            return {}
        posted: dict[str, int] = {}
        blinds = next((child for child in root if child.get("id") == "BLINDS"), None)
        for event in () if blinds is None else blinds:
            kind = words.POSTS.get(event.get("type", ""))
            if kind is not None:
                seat = event.get("player", "")
                posted[seat] = posted.get(seat, 0) + self.amount(event.get("amount", "0"))
        return posted

    # The rounds

    def _round(self, round_element: Element) -> None:
        # '<round id="POSTFLOP" sequence="3">'
        name = self.xml.attribute(round_element, "id")
        if name not in words.STREETS:
            raise self.hand.error(f"unknown round {name!r}")
        street = words.STREETS[name]
        if street is not None:
            self.hand.new_street(street)
        at = self.xml.at
        for child in round_element:
            at(child)
            tag = child.tag
            if tag == "event":
                self._event(child)
            elif tag == "cards":
                self._cards(child)
            elif tag == "winner":
                self._winner(child)
            else:
                raise self.hand.error(f"unknown element <{tag}>")

    def _player(self, element: Element) -> str:
        seat = self.xml.attribute(element, "player")
        player = self.players.get(seat)
        if player is None:
            raise self.hand.error(f"no player in seat {seat}")
        return player

    def _event(self, event: Element) -> None:
        # '<event sequence="9" type="RAISE" timestamp="1325955545234" player="0"
        #  amount="110.00"/>': CALL and BET amounts are what the player puts in, RAISE
        #  and COMPLETE amounts the street total the player raises to.
        kind = self.xml.attribute(event, "type")
        if kind in words.SILENT_EVENTS:
            return
        hand = self.hand
        if kind not in _EVENTS:
            raise hand.error(f"unknown event type {kind!r}")
        player = self._player(event)
        if kind == "FOLD":
            hand.fold(player)
            self.folded.add(player)
        elif kind == "CHECK":
            hand.check(player)
        else:
            amount = self.amount(self.xml.attribute(event, "amount"))
            if kind in words.POSTS:
                hand.post(player, words.POSTS[kind], amount)
            elif kind == "CALL":
                hand.call(player, amount)
            elif kind == "BET":
                hand.bet(player, amount)
            elif kind == "RAISE":
                hand.raise_to(player, amount)
            elif kind == "COMPLETE":
                hand.complete(player, amount)
            elif kind == "BRING_IN":
                hand.bring_in(player, amount)
            else:  # "ALL_IN"
                self._all_in(player, amount)

    def _all_in(self, player: str, amount: int) -> None:
        """ "ALL_IN" says what the player put in, not whether it bets, raises or calls:
        the street's bets say (46634335-1: a bet of 12, then a call of 12)."""
        hand = self.hand
        highest = hand.highest_bet()
        total = hand.street_in(player) + amount
        if total <= highest:
            hand.call(player, amount, all_in=True)
        elif highest == 0:
            hand.bet(player, amount, all_in=True)
        else:
            hand.raise_to(player, total, all_in=True)

    def _cards(self, element: Element) -> None:
        # '<cards type="HOLE" cards="Js,8d,9s,8s" player="3" hand="Pair of Eights"/>',
        # '<cards type="DRAW_DRAWN_CARDS" cards="null,null,Kc" player="0"/>',
        # '<cards type="COMMUNITY" cards="7h,4s,9h" hand="Pair of Nines"/>'
        kind = self.xml.attribute(element, "type")
        written = self.xml.attribute(element, "cards").split(",")
        hand = self.hand
        if kind == "COMMUNITY":
            hand.set_board(_cards(written))
            return
        player = self._player(element)
        if kind in ("SHOWN", "MUCKED"):
            source = CardSource.SHOWN if kind == "SHOWN" else CardSource.MUCKED
            hand.shown(player, _cards(written), source, street=Street.SHOWDOWN)
            return
        # the lists grow street by street: only the cards not read before are new
        seen = self.cards_seen.get(player, 0)
        self.cards_seen[player] = len(written)
        new = written[seen:]
        if kind == "HOLE":
            hand.dealt(player, _cards(new))
        elif kind == "DRAW_DRAWN_CARDS":
            self.last_cards[player] = written
            up = _cards(new)
            if up:
                hand.up(player, up)
        else:
            raise hand.error(f"unknown cards type {kind!r}")

    def _winner(self, winner: Element) -> None:
        # '<winner amount="1185.00" uncalled="false" potnumber="1" player="3"
        #  hand="8-6-4-3-2" pottype="l"/>'; '<winner amount="14.00" uncalled="true"
        #  potnumber="2" player="1" pottype="n"/>' is a bet given back
        xml = self.xml
        player = self._player(winner)
        amount = self.amount(xml.attribute(winner, "amount"))
        if winner.get("uncalled") == "true":
            self.uncalled.append((player, amount))
            return
        pot_type = xml.attribute(winner, "pottype")
        if pot_type not in words.POT_HALVES:
            raise self.hand.error(f"unknown pot type {pot_type!r}")
        pot = int(xml.attribute(winner, "potnumber")) - 1
        self.payments.append(_Payment(player, amount, pot, words.POT_HALVES[pot_type]))

    def _cards_turned_up(self) -> None:
        """A player all in whose every card the file lists, with no SHOWN element
        (36487050-18: '<cards type="DRAW_DRAWN_CARDS" cards="9h,Jc,Js,4s,7s,Qc,Th"
        player="3"/>' on seventh street): the cards were turned up for the showdown."""
        for player, written in self.last_cards.items():
            if (
                len(written) == self.hole_cards
                and words.HIDDEN_CARD not in written
                and player not in self.folded
            ):
                self.hand.shown(player, _cards(written), street=Street.SHOWDOWN)

    # The end

    def _payments(self) -> None:
        """The bets given back, the payments, the pot and the rake."""
        hand = self.hand
        for player, amount in self.uncalled:
            hand.returned(player, amount)
        excess = hand.uncalled_excess()
        if excess is not None:
            self._take_back(*excess)
        for payment in self.payments:
            if payment.amount == 0 and payment.pot:
                continue  # a side pot that was only the uncalled bet
            hand.collect(payment.player, payment.amount, pot=payment.pot, half=payment.half)
        total = sum(hand.put_in(player) for player in hand.players)
        hand.total_pot = total
        paid = sum(payment.amount for payment in self.payments)
        hand.rake = 0 if self.tournament else total - paid

    def _take_back(self, player: str, amount: int) -> None:
        """A bet no one called that the site paid back inside the bettor's winnings
        (44314871-72: a turn bet of $25 folded to, in the $68.12 won) or as a pot of
        its own (36487050-19: "potnumber=2", the 200 bet on seventh street): returned,
        and taken out of that payment (the bettor's in the last pot, else the largest)."""
        own = [payment for payment in self.payments if payment.player == player]
        if not own:
            return
        last = max(own, key=lambda payment: payment.pot)
        taken = last if last.amount >= amount else max(own, key=lambda payment: payment.amount)
        if taken.amount < amount:
            return
        taken.amount -= amount
        self.hand.returned(player, amount)


def _cards(written: list[str]) -> tuple[Card, ...]:
    """The cards of `written`, hidden ones ("null") left out.

    >>> _cards(["null", "null", "Kc"])
    (Card('Kc'),)
    """
    cards = _CARDS
    return tuple(
        [
            cards[card] if card in cards else parse_card(card)
            for card in written
            if card != words.HIDDEN_CARD
        ]
    )
