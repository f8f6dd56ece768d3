"""The Boss Media reader: one `<HISTORY>` element into a `HandBuilder`, step by step
(header, seats, actions and boards, showdown).

Boss writes a `<ROOT>` of `<HISTORY>` elements (in `.xml` and `.txt` files alike): the
seats, then the actions in order, the boards as actions of their own, and a
`<SHOWDOWN POT=.. RAKE=..>` of one `<RESULT>` per player (`WINTYPE="WINTYPE_HI"` names
the half). Every amount of a betting action is the player's street total after it.
Cards are numbers (`<CARD LINK="48">`, "b" face down). docs/sites/boss.md describes
the format element by element.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import ClassVar
from xml.etree.ElementTree import Element

from parsers._base.builder import HandBuilder
from parsers._base.text import money_reader
from parsers._base.xml import XmlHand, XmlSite
from parsers.boss import words
from tracker.cards import Card
from tracker.model import Stakes, Street

_AMOUNT = money_reader(2)

_ACTIONS = frozenset(
    {
        "HAND_BLINDS",
        "HAND_DEAL",
        "ACTION_FOLD",
        "ACTION_CHECK",
        "ACTION_CALL",
        "ACTION_BET",
        "ACTION_RAISE",
        "ACTION_ALLIN",
    }
)
"""The `<ACTION TYPE=..>` values of a player's action (`HAND_BOARD` is the dealer's)."""


class BossParser(XmlSite):
    """Boss Media's XML hand histories ('<HISTORY ID="2907049023" SESSION=...>').

    Conventions (docs/sites/boss.md): the rake is written at the showdown; payments name
    their half (`WINTYPE_HI`) but never a pot.
    """

    site: ClassVar[str] = "boss"
    hand_tag: ClassVar[str] = "HISTORY"
    hand_start = words.HAND_START
    reads_text: ClassVar[bool] = False
    # its session files open a <ROOT> and never close it: concatenated, they nest
    document_tags: ClassVar[frozenset[str]] = frozenset({"ROOT"})
    rake_rule: ClassVar[str] = "main-pot-first"
    odd_chip_rule: ClassVar[str] = "rules"
    names_pots: ClassVar[bool] = False

    def read_hand(self, hand: HandBuilder, xml: XmlHand) -> None:
        """Read one `<HISTORY>` element (see the module's docstring)."""
        _BossHand(hand, xml).read()


@dataclass(slots=True)
class _Payment:
    """A `<RESULT>` that won something, kept until an uncalled bet is taken out."""

    player: str
    amount: int
    half: str | None


class _BossHand:
    """One hand being read: the builder, the element, and what the steps share."""

    def __init__(self, hand: HandBuilder, xml: XmlHand) -> None:
        self.hand = hand
        self.xml = xml
        self.payments: list[_Payment] = []
        self.net_pot: int | None = None
        self.uncalled: list[tuple[str, int]] = []

    def read(self) -> None:
        root = self.xml.root
        self._header(root)
        for child in root:
            self.xml.at(child)
            if child.tag == "ACTION":
                self._action(child)
            elif child.tag == "SHOWDOWN":
                self._showdown(child)
            elif child.tag != "PLAYER":
                raise self.hand.error(f"unknown element <{child.tag}>")
        self._payments()

    # The header and the seats

    def _header(self, root: Element) -> None:
        # '<HISTORY ID="2907049023" SESSION="session648333360.xml" TABLE="Table OH 103"
        #  GAME="GAME_OMAHL" GAMETYPE="GAMETYPE_REAL" GAMEKIND="GAMEKIND_CASH"
        #  TABLECURRENCY="EUR" LIMIT="PL" STAKES="0.05/0.10" DATE="1341335256" ...>'
        hand, xml = self.hand, self.xml
        hand_id = xml.attribute(root, "ID")
        hand.name_hand(hand_id)
        name = xml.attribute(root, "GAME")
        game = words.GAMES.get(name)
        if game is None:
            raise hand.unsupported(name)
        if root.get("GAMEKIND", "GAMEKIND_CASH") != "GAMEKIND_CASH":
            raise hand.unsupported(f"{root.get('GAMEKIND')} (no such hand in the files)")
        limit = xml.attribute(root, "LIMIT")
        structure = words.STRUCTURES.get(limit)
        if structure is None:
            raise hand.error(f"unknown limit {limit!r}", 0)
        small, _, big = xml.attribute(root, "STAKES").partition("/")
        hand.start(
            hand_id,
            game,
            structure,
            datetime.fromtimestamp(int(xml.attribute(root, "DATE")), UTC),
            stakes=Stakes(small_blind=_AMOUNT(small), big_blind=_AMOUNT(big)),
            currency=root.get("TABLECURRENCY") or None,
            play_money=root.get("GAMETYPE", "GAMETYPE_REAL") != "GAMETYPE_REAL",
        )
        button = None
        for player in root:
            if player.tag != "PLAYER":
                continue
            # '<PLAYER NAME="Hero" SEAT="2" AMOUNT="10.00" STATE="STATE_PLAYING" DEALER="N">'
            xml.at(player)
            seat = int(xml.attribute(player, "SEAT"))
            if player.get("DEALER") == "Y":
                button = seat
            name = player.get("NAME", "")
            if not name and player.get("STATE") == "STATE_RESERVED":
                continue  # a seat kept for a player who is away: nobody plays in it
            state = player.get("STATE", "STATE_PLAYING")
            hand.seat(
                seat,
                name,
                _AMOUNT(xml.attribute(player, "AMOUNT")),
                sitting_out=state != "STATE_PLAYING",
            )
        hand.table(xml.attribute(root, "TABLE"), button_seat=button)

    # The actions

    def _action(self, action: Element) -> None:
        # '<ACTION TYPE="ACTION_RAISE" PLAYER="Player1" VALUE="0.35"></ACTION>': the
        # amount of a bet, raise, call or all-in is the player's street total after it
        hand, xml = self.hand, self.xml
        kind = xml.attribute(action, "TYPE")
        if kind == "HAND_BOARD":
            self._board(action)
            return
        if kind not in _ACTIONS:
            raise hand.error(f"unknown action type {kind!r}")
        player = hand.seated(xml.attribute(action, "PLAYER"))
        if kind == "ACTION_FOLD":
            hand.fold(player)
        elif kind == "ACTION_CHECK":
            hand.check(player)
        elif kind == "HAND_DEAL":
            # '<ACTION TYPE="HAND_DEAL" PLAYER="Hero"><CARD LINK="48"></CARD>...'
            cards = self._cards(action)
            if cards:
                hand.dealt(player, cards)
        else:
            total = _AMOUNT(xml.attribute(action, "VALUE"))
            if kind == "HAND_BLINDS":
                post = words.BLINDS.get(xml.attribute(action, "KIND"))
                if post is None:
                    raise hand.error(f"unknown blind {action.get('KIND')!r}")
                hand.post(player, post, total)
            elif kind == "ACTION_CALL":
                hand.call_to(player, total)
            elif kind == "ACTION_BET":
                hand.bet(player, total - hand.street_in(player))
            elif kind == "ACTION_RAISE":
                hand.raise_to(player, total)
            else:  # "ACTION_ALLIN"
                self._all_in(player, total)

    def _all_in(self, player: str, total: int) -> None:
        """An all-in to a street total of `total`: a call (for less, too), a bet or a
        raise by the street's bets (2907049756: "3.31" under a raise to 4.80, a call)."""
        hand = self.hand
        highest = hand.highest_bet()
        if total <= highest:
            hand.call_to(player, total, all_in=True)
        elif highest == 0:
            hand.bet(player, total, all_in=True)
        else:
            hand.raise_to(player, total, all_in=True)

    def _board(self, action: Element) -> None:
        # '<ACTION TYPE="HAND_BOARD" VALUE="BOARD_TURN" POT="0.76" RAKE="0.04" ...>
        #  <CARD LINK="51"></CARD>...': the whole board so far
        street = words.BOARDS.get(self.xml.attribute(action, "VALUE"))
        if street is None:
            raise self.hand.error(f"unknown board {action.get('VALUE')!r}")
        self._end_of_round()
        self.hand.new_street(street)
        self.hand.set_board(self._cards(action))

    def _cards(self, element: Element) -> tuple[Card, ...]:
        cards = []
        for card in element:
            if card.tag != "CARD":
                self.xml.at(card)
                raise self.hand.error(f"unknown element <{card.tag}>")
            link = self.xml.attribute(card, "LINK")
            if link == words.HIDDEN_CARD:
                continue
            found = words.CARDS.get(link)
            if found is None:
                self.xml.at(card)
                raise self.hand.error(f"unknown card {link!r}")
            cards.append(found)
        return tuple(cards)

    def _end_of_round(self) -> None:
        """A betting round is over: the bet no one called on it goes back to its bettor,
        which Boss never writes (2907049756: the 4.80 raise over an all-in of 3.31, its
        1.49 in no one's payment)."""
        excess = self.hand.uncalled_excess()
        if excess is not None:
            self.hand.returned(*excess)
            self.uncalled.append(excess)

    # The showdown

    def _showdown(self, showdown: Element) -> None:
        # '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="0.76" RAKE="0.04" MAINPOT="0.76" ...>':
        # the pot net of the rake
        hand, xml = self.hand, self.xml
        self.net_pot = _AMOUNT(xml.attribute(showdown, "POT"))
        hand.rake = _AMOUNT(showdown.get("RAKE") or "0")
        for result in showdown:
            xml.at(result)
            if result.tag != "RESULT":
                raise hand.error(f"unknown element <{result.tag}>")
            self._result(result)

    def _result(self, result: Element) -> None:
        # '<RESULT WINTYPE="WINTYPE_HI" PLAYER="Player1" WIN="0.76" HAND="..." ...>
        #  <CARD LINK="43"></CARD>...</RESULT>'; a folded player: no cards
        hand, xml = self.hand, self.xml
        player = hand.seated(xml.attribute(result, "PLAYER"))
        cards = self._cards(result)
        if cards:
            hand.shown(player, cards, street=Street.SHOWDOWN)
        won = _AMOUNT(xml.attribute(result, "WIN"))
        if won:
            win_type = result.get("WINTYPE")
            half = None if win_type is None else words.HALVES.get(win_type)
            if win_type is not None and half is None:
                raise hand.error(f"unknown win type {win_type!r}")
            self.payments.append(_Payment(player, won, half))

    def _payments(self) -> None:
        """The bet no one called on the last round goes back; if the site paid it inside
        the bettor's winnings (they then exceed the showdown's pot), it comes out of
        them. Then the payments and the pot."""
        hand = self.hand
        self._end_of_round()
        paid = sum(payment.amount for payment in self.payments)
        for owner, amount in self.uncalled:
            if self.net_pot is not None and paid == self.net_pot + amount:
                own = [payment for payment in self.payments if payment.player == owner]
                if own:
                    largest = max(own, key=lambda payment: payment.amount)
                    largest.amount -= amount
        for payment in self.payments:
            if payment.amount:
                hand.collect(payment.player, payment.amount, half=payment.half)
        hand.total_pot = sum(hand.put_in(player) for player in hand.players)
        if hand.rake is None:
            hand.rake = 0
