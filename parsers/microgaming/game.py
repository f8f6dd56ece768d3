"""The Microgaming reader: one `<Game>` element into a `HandBuilder`, step by step
(header and table, seats, the `<Gameplay>` actions, the winners).

A file is one hand: a "----PRIMA.DAT----" line, the `<Game>` element, and an
"ExtendedTableName: ..." line after it (text the XML base reads past). Amounts are
written in the currency ("10.00"), the rake in cents (`rake="300"`). Every `value` of an
action is what it adds to the player's chips in ("Raise" too). Microgaming writes no
uncalled bet: its winner record pays it back with the pot, so the reader finds the bet
no one called from the betting, records it as returned and takes it out of the owner's
payment. It gives no total pot: the total is what it paid plus its rake, which the
chip checks hold against the chips put in. docs/sites/microgaming.md describes the format.
"""

from __future__ import annotations

import base64
import binascii
from datetime import UTC, datetime
from xml.etree.ElementTree import Element

from parsers._base.builder import HandBuilder
from parsers._base.text import money_reader
from parsers._base.xml import XmlHand, XmlSite
from parsers.microgaming import words
from tracker.cards import Card
from tracker.errors import MalformedHandError
from tracker.model import ActionKind, Stakes, Structure


def unicode_attribute(text: str) -> str:
    """An attribute written as base64 of UTF-16LE (`unicodetablename`,
    `currencysymbol`), decoded.

    >>> unicode_attribute("rCA=")
    '€'

    Raises:
        ValueError: not base64 of UTF-16LE.
    """
    try:
        return base64.b64decode(text, validate=True).decode("utf-16-le")
    except (binascii.Error, UnicodeDecodeError):
        raise ValueError(f"not base64 of UTF-16LE text: {text!r}") from None


class MicrogamingParser(XmlSite):
    """Microgaming's XML hand histories ('<Game hhversion="5" id="..." ...>').

    Its one pot of each hand is paid less the rake; no shared hand has a side pot or an
    odd cent, so the RULES.md defaults stand. Its winner records name their pot
    (`pot="0"`), so the audit compares payments pot by pot.
    """

    site = "microgaming"
    hand_tag = "Game"
    hand_start = words.HAND_START
    rake_rule = "main-pot-first"
    odd_chip_rule = "rules"
    names_pots = True

    def read_hand(self, hand: HandBuilder, xml: XmlHand) -> None:
        """Read the `<Game>` element into `hand` (see `XmlSite.read_hand`)."""
        _GameReader(hand, xml).read()


class _GameReader:
    """One `<Game>` being read: the seats by number, the uncalled bets found."""

    def __init__(self, hand: HandBuilder, xml: XmlHand) -> None:
        self.hand = hand
        self.xml = xml
        self.game = xml.root
        self.amount = money_reader(2)
        self.players: dict[str, str] = {}  # seat number -> alias
        self.returned: dict[str, int] = {}

    def read(self) -> None:
        """The steps of a hand, in the order Microgaming writes them."""
        self._header()
        self._seats()
        gameplay = self.game.find("Gameplay")
        if gameplay is None:
            raise self.hand.error("hand cut off: no <Gameplay>")
        for action in gameplay:
            try:
                self._action(action)
            except (MalformedHandError, ValueError) as error:
                # the line of the action is looked up only when it fails
                self.xml.at(action)
                reason = error.reason if isinstance(error, MalformedHandError) else str(error)
                raise self.hand.error(reason) from None
        if self.hand.total_pot is None:
            raise self.hand.error('hand cut off: no winners (<Action type="Win">)')

    # The header, the table and the seats

    def _header(self) -> None:
        # <Game hhversion="5" id="5959022064" date="2016-03-25 00:46:30" stakes="10|20"
        #  betlimit="PL" gametype="Omaha" realmoney="true" currencysymbol="rCA=" ...>
        hand, xml, game = self.hand, self.xml, self.game
        hand.name_hand(xml.attribute(game, "id"))
        game_word = xml.attribute(game, "gametype")
        kind = words.GAMES.get(game_word)
        if kind is None:
            raise hand.unsupported(game_word)
        if game.get("istournament", "0") != "0":
            raise hand.error("Microgaming tournament hands are not read (no file shows one)")
        structure = words.STRUCTURES.get(xml.attribute(game, "betlimit"))
        if structure is None:
            raise hand.error(f"unknown betlimit {game.get('betlimit')!r}")
        play_money = game.get("realmoney") == "false"
        currency = None
        if not play_money:
            symbol = unicode_attribute(xml.attribute(game, "currencysymbol"))
            currency = words.CURRENCIES.get(symbol)
            if currency is None:
                raise hand.error(f"unknown currency symbol {symbol!r}")
        started = datetime.fromisoformat(xml.attribute(game, "date"))  # "2016-03-25 00:46:30"
        hand.start(
            xml.attribute(game, "id"),
            kind,
            structure,
            started.replace(tzinfo=UTC),
            site_timezone="UTC",
            stakes=self._stakes(xml.attribute(game, "stakes"), structure),
            currency=currency,
            play_money=play_money,
        )
        hand.rake = int(xml.attribute(game, "rake"))
        encoded_name = game.get("unicodetablename")
        table_size = game.get("tablesize")
        hand.table(
            unicode_attribute(encoded_name) if encoded_name else game.get("tablename", ""),
            max_seats=int(table_size) if table_size else None,
        )

    def _stakes(self, text: str, structure: Structure) -> Stakes:
        # stakes="0.05|0.10": the blinds (limit: the small bet is the big blind)
        small_text, _, big_text = text.partition("|")
        small, big = self.amount(small_text), self.amount(big_text)
        if structure is Structure.LIMIT:
            return Stakes(small, big, small_bet=big, big_bet=2 * big)
        return Stakes(small, big)

    def _seats(self) -> None:
        # <Seat num="1" alias="Player0" unicodealias="..." balance="1652.00"
        #  endbalance="1979.00" dealer="true" sittingout="true" />
        hand, xml = self.hand, self.xml
        seats = self.game.find("Seats")
        if seats is None:
            raise hand.error("hand cut off: no <Seats>")
        for seat in seats.iter("Seat"):
            xml.at(seat)
            number = xml.attribute(seat, "num")
            alias = seat.get("alias") or unicode_attribute(xml.attribute(seat, "unicodealias"))
            hand.seat(
                int(number),
                alias,
                self.amount(xml.attribute(seat, "balance")),
                sitting_out=seat.get("sittingout") == "true",
            )
            self.players[number] = alias
            if seat.get("dealer") == "true":
                hand.table(hand.header.table_name, button_seat=int(number))

    def _player(self, element: Element) -> str:
        number = self.xml.attribute(element, "seat")
        player = self.players.get(number)
        if player is None:
            raise self.hand.error(f"seat {number} has no player in this hand but acts in it")
        return player

    # The actions

    def _action(self, action: Element) -> None:
        # <Action seq="5" type="Raise" seat="4" value="90.00" />
        hand = self.hand
        kind = action.get("type", "")
        street = words.BOARD_DEALS.get(kind)
        if street is not None:
            self._end_of_round()
            hand.new_street(street)
            hand.board(self._cards(action))
        elif kind == "Win":
            self._winners(action)
        elif kind in words.NO_CHIPS:
            pass
        elif kind == "DealCards":
            hand.dealt(self._player(action), self._cards(action))
        elif kind == "ShowCards":
            hand.shown(self._player(action), self._cards(action))
        elif kind == "Fold":
            hand.fold(self._player(action))
        elif kind == "Check":
            hand.check(self._player(action))
        else:
            self._chips(kind, self._player(action), action)

    def _chips(self, kind: str, player: str, action: Element) -> None:
        """An action that puts chips in: its `value` is what it adds."""
        hand = self.hand
        amount = self.amount(self.xml.attribute(action, "value"))
        post = words.BLINDS.get(kind)
        if post is not None:
            hand.post(player, post, amount)
        elif kind == "PostedToPlay":
            hand.post(player, self._posted_to_play(amount), amount)
        elif kind == "Call":
            hand.call(player, amount)
        elif kind in ("Bet", "Raise", "AllIn"):
            self._bet_or_raise(player, amount, all_in=kind == "AllIn")
        else:
            raise hand.error(f"unknown action type {kind!r}")

    def _posted_to_play(self, amount: int) -> ActionKind:
        # A new player's post: live as a blind (hand 5905509634: 5.00 at 5/10, then
        # "Raise" 30.00 to the 35.00 the others call); above the big blind it holds a
        # dead small blind.
        big = self.hand.stakes.big_blind or 0
        if amount > big:
            return ActionKind.POST_SMALL_AND_BIG_BLIND
        return ActionKind.POST_BIG_BLIND if amount == big else ActionKind.POST_SMALL_BLIND

    def _bet_or_raise(self, player: str, amount: int, *, all_in: bool) -> None:
        # "Bet", "Raise" and "AllIn" all write what the player adds; the betting so far
        # says which it is (hand 4519644415: the big blind's preflop "Bet 0.30" raises).
        hand = self.hand
        highest, total = hand.highest_bet(), hand.street_in(player) + amount
        if highest == 0:
            hand.bet(player, amount, all_in=all_in)
        elif total <= highest:
            hand.call(player, amount, all_in=all_in)
        else:
            hand.raise_put_in(player, amount, all_in=all_in)

    def _cards(self, action: Element) -> tuple[Card, ...]:
        # <Card value="10" suit="d" id="35" />
        cards = []
        for card in action.iter("Card"):
            found = words.CARDS.get((card.get("value", ""), card.get("suit", "")))
            if found is None:
                raise self.hand.error(f"unknown card {card.get('value')}{card.get('suit')}")
            cards.append(found)
        if not cards:
            raise self.hand.error("no cards in a dealing action")
        return tuple(cards)

    def _end_of_round(self) -> None:
        """The bet no one called on the street goes back to its owner (Microgaming
        pays it back in the winner record: hand 5959022064)."""
        uncalled = self.hand.uncalled_excess()
        if uncalled is not None:
            self.hand.returned(*uncalled)
            player, amount = uncalled
            self.returned[player] = self.returned.get(player, 0) + amount

    # The winners

    def _winners(self, action: Element) -> None:
        # <Action type="Win"><Seat num="2" amount="102.00" pot="0" type=""
        #  lowhandwin="1"/></Action>
        hand, xml = self.hand, self.xml
        self._end_of_round()
        records = []
        for record in action.iter("Seat"):
            xml.at(record)
            player = self.players.get(xml.attribute(record, "num"))
            if player is None:
                raise hand.error("a winner without a seat")
            records.append(
                (
                    player,
                    self.amount(xml.attribute(record, "amount")),
                    int(record.get("pot", "0")),
                    record.get("lowhandwin") == "1",
                )
            )
        paid = 0
        for player, amount, pot, half in self._payments(records):
            hand.collect(player, amount, pot=pot, half=half)
            paid += amount
        hand.total_pot = paid + (hand.rake or 0)

    def _payments(
        self, records: list[tuple[str, int, int, bool]]
    ) -> list[tuple[str, int, int, str | None]]:
        """The winner records less the uncalled bets in them, each with its half: a
        player with a record of each kind in one pot won its high ("lowhandwin" 0) and
        its low ("1"); one record alone may hold both halves, so it names none (hand
        4577018979: one record of 102.00 with lowhandwin 1 for a scoop). An uncalled bet
        not in its owner's records was kept out of the payments, which is as sound."""
        kinds: dict[tuple[str, int], set[bool]] = {}
        for player, _, pot, low in records:
            kinds.setdefault((player, pot), set()).add(low)
        owed = dict(self.returned)
        payments = []
        for player, amount, pot, low in reversed(records):
            taken = min(owed.get(player, 0), amount)
            if taken:
                owed[player] -= taken
                amount -= taken
            half = ("lo" if low else "hi") if len(kinds[player, pot]) == 2 else None
            if amount:
                payments.append((player, amount, pot, half))
        payments.reverse()
        return payments
