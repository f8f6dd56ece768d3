"""The iPoker reader: one `<game>` element of a `<session>` into a `HandBuilder`, step
by step (the session's `<general>`, the players, the rounds, the wins).

A file is a session: its `<general>` (game line, table, currency, the hero's nickname)
and the games played in it, each a `<game gamecode="...">`. A player's `win` is all the
site paid them, both halves of every pot together; the site names no pot, no half and
no rake, and writes no uncalled bet. The reader finds the bet no one called from the
betting and records it as returned; older sessions (no `<client_version>`) count it in
the bettor's `win`, which is then taken out. The total pot is what went in less what
was returned; the rake what it holds beyond the wins. Each player's `bet` (all they put
in) is checked against their actions. docs/sites/ipoker.md describes the format.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from xml.etree.ElementTree import Element

from parsers._base.builder import HandBuilder
from parsers._base.text import to_minor_units
from parsers._base.xml import XmlHand, XmlSite
from parsers.ipoker import words
from tracker.cards import Card
from tracker.errors import MalformedHandError
from tracker.model import ActionKind, Game, Stakes, Street

_DATE_FORMATS = ("%Y-%m-%d %H:%M:%S", "%d.%m.%Y %H:%M:%S")
"""`<startdate>`: "2019-05-26 20:10:33"; newer files "18.05.2021 18:26:13"."""


def ipoker_amount(text: str) -> int:
    """An iPoker amount in cents: "€0.10", "$55,756.00", "€1,000" (thousands) and, in
    some sessions, a decimal comma ("€301,49").

    >>> ipoker_amount("€301,49"), ipoker_amount("$55,756.00"), ipoker_amount("€1,000")
    (30149, 5575600, 100000)

    Raises:
        ValueError: not an amount.
    """
    value = _AMOUNTS.get(text)
    if value is None:
        number = text.strip().lstrip(words.CURRENCY_SIGNS)
        whole, comma, last = number.rpartition(",")
        if comma and "." not in number and len(last) in (1, 2):
            number = f"{whole.replace(',', '')}.{last}"
        value = to_minor_units(number.replace(",", ""), decimals=2)
        if len(_AMOUNTS) >= 10_000:
            _AMOUNTS.clear()
        _AMOUNTS[text] = value
    return value


_AMOUNTS: dict[str, int] = {}
"""Amounts read, by their text (they repeat: "€0", "€0.10")."""


def _get(element: Element, name: str) -> str:
    """Attribute `name` of `element` (the reader's loops name the element's line).

    Raises:
        ValueError: the element has no such attribute.
    """
    value = element.get(name)
    if value is None:
        raise ValueError(f"<{element.tag}> has no {name!r} attribute")
    return value


def start_time(text: str) -> datetime:
    """A `<startdate>`, read in UTC (iPoker writes no zone).

    >>> start_time("18.05.2021 18:26:13").isoformat()
    '2021-05-18T18:26:13+00:00'

    Raises:
        ValueError: neither of the site's date formats.
    """
    if text[4:5] == "-":
        return datetime.fromisoformat(text.strip()).replace(tzinfo=UTC)
    for date_format in _DATE_FORMATS:
        try:
            return datetime.strptime(text.strip(), date_format).replace(tzinfo=UTC)
        except ValueError:
            continue
    raise ValueError(f"not a start date: {text!r}")


def _first(pair: tuple[int, Element]) -> int:
    return pair[0]


class IPokerParser(XmlSite):
    """iPoker's XML session files ('<session sessioncode="..."><game gamecode="...">').

    No shared hand splits a pot, so the RULES.md defaults stand; its payments name no
    pot and no half, so the audit compares each player's total over all pots.
    """

    site = "ipoker"
    hand_tag = "game"
    hand_start = words.HAND_START
    context_tags = frozenset({"general"})
    rake_rule = "main-pot-first"
    odd_chip_rule = "rules"
    names_pots = False

    def read_hand(self, hand: HandBuilder, xml: XmlHand) -> None:
        """Read the `<game>` element into `hand` (see `XmlSite.read_hand`)."""
        _GameReader(hand, xml).read()


class _Player:
    """A `<player>` line's facts the reader needs after the seats."""

    __slots__ = ("bet", "cards", "down", "win")

    def __init__(self, win: int, bet: int) -> None:
        self.win = win
        self.bet = bet
        self.cards: list[Card] = []  # every card seen of theirs, in deal order
        self.down: list[Card] = []  # their face-down cards seen


class _GameReader:
    """One `<game>` being read, with its session's `<general>`."""

    def __init__(self, hand: HandBuilder, xml: XmlHand) -> None:
        self.hand = hand
        self.xml = xml
        self.game = xml.root
        self.session = xml.context.get("general", Element("general"))
        self.players: dict[str, _Player] = {}
        self.hero = self.session.findtext("nickname", "").strip()
        self.stud = False
        self.returned: dict[str, int] = {}

    def read(self) -> None:
        """The steps of a hand, in the order iPoker writes them."""
        general = self.game.find("general")
        if general is None:
            raise self.hand.error("a <game> without its <general>")
        self.xml.at(general)
        self._header(general)
        self._seats(general)
        streets = words.STUD_STREETS if self.stud else words.FLOP_STREETS
        for round_element in self.game.iter("round"):
            street = streets.get(round_element.get("no", ""))
            if street is None:
                self.xml.at(round_element)
                raise self.hand.error("a round this reader does not know")
            self._round(round_element, street)
        self._end_of_round()
        if self.stud:
            self._stud_stakes()
        self._showdown()
        self._wins()

    def _stud_stakes(self) -> None:
        """The ante and the bring-in, which the game line does not give: the largest
        of the hand's antes and bring-ins."""
        hand = self.hand
        posts: dict[ActionKind, int] = {}
        for action in hand.actions:
            if action.kind in (ActionKind.POST_ANTE, ActionKind.BRING_IN):
                posts[action.kind] = max(posts.get(action.kind, 0), action.amount)
        stakes = hand.stakes
        hand.set_stakes(
            replace(
                stakes,
                ante=posts.get(ActionKind.POST_ANTE, stakes.ante),
                bring_in=posts.get(ActionKind.BRING_IN, stakes.bring_in),
            )
        )

    # The session, the header and the seats

    def _header(self, general: Element) -> None:
        # <gametype>Omaha PL €0.10/€0.20</gametype>; <startdate>2016-04-25 01:52:09
        hand, session = self.hand, self.session
        game_code = self.xml.attribute(self.game, "gamecode")
        hand.name_hand(game_code)
        game_type = session.findtext("gametype", "").strip()
        match = words.GAME_TYPE.match(game_type)
        if match is None:
            raise hand.error(f"a game type this reader does not know: {game_type!r}")
        game = self._game(match["game"].lower())
        structure = words.STRUCTURES[match["limit"].lower()]
        small, big = ipoker_amount(match["small"]), ipoker_amount(match["big"])
        ante = ipoker_amount(match["ante"]) if match["ante"] else None
        if game.is_stud:
            stakes = Stakes(small_bet=small, big_bet=big, ante=ante or None)
        else:
            stakes = Stakes(small, big, ante=ante or None)
        if session.findtext("mode", "real").strip() != "real":
            raise hand.error("play-money sessions are not read (no file shows one)")
        currency = session.findtext("tablecurrency") or session.findtext("currency")
        hand.start(
            game_code,
            game,
            structure,
            start_time(general.findtext("startdate", "")),
            site_timezone="UTC",
            stakes=stakes,
            currency=(currency or "").strip() or None,
        )
        hand.table(session.findtext("tablename", "").strip())

    def _game(self, word: str) -> Game:
        """The game, from the game line's words and, when they name none, the number
        of pocket cards."""
        hilo = any(hilo_word in word for hilo_word in words.HILO_WORDS)
        if word in words.STUD_GAMES:
            self.stud = True
            return Game.STUD_HILO if hilo else Game.STUD_HI
        if word not in words.FLOP_GAMES:
            raise self.hand.unsupported(word)
        pocket = self.game.find("round/cards[@type='Pocket']")
        count = len((pocket.text or "").split()) if pocket is not None else 0
        if count == 5:
            return Game.OMAHA5_HILO if hilo else Game.OMAHA5_HI
        if count == 4 or (count == 0 and word):
            return Game.OMAHA_HILO if hilo else Game.OMAHA_HI
        raise self.hand.unsupported(f"a game of {count} pocket cards (Hold'em)")

    def _seats(self, general: Element) -> None:
        # <player seat="3" name="Player1" chips="€15.50" dealer="0" win="€2.33"
        #  bet="€3.55"/>; empty seats have name="" (stud, 2010)
        hand = self.hand
        in_hand = {element.get("player") for element in self.game.iter("cards")} | {
            element.get("player") for element in self.game.iter("action")
        }
        for player in general.iter("player"):
            name = player.get("name", "")
            if not name:
                continue
            try:
                seat = int(_get(player, "seat"))
                hand.seat(
                    seat,
                    name,
                    ipoker_amount(_get(player, "chips")),
                    sitting_out=name not in in_hand,
                )
                self.players[name] = _Player(
                    ipoker_amount(_get(player, "win")), ipoker_amount(_get(player, "bet"))
                )
            except (MalformedHandError, ValueError) as error:
                raise self._error_at(player, error) from None
            if player.get("dealer") == "1":
                hand.table(hand.header.table_name, button_seat=seat)

    def _player(self, element: Element) -> str:
        name = element.get("player")
        if name is None or name not in self.players:
            raise self.hand.error(f"{name!r} has no seat in this hand but plays in it")
        return name

    def _error_at(self, element: Element, error: MalformedHandError | ValueError) -> Exception:
        """`error` again, naming the line of `element` (the loops say which element
        they read only when one fails, which costs nothing until then)."""
        self.xml.at(element)
        reason = error.reason if isinstance(error, MalformedHandError) else str(error)
        return self.hand.error(reason)

    # The rounds

    def _round(self, round_element: Element, street: Street) -> None:
        hand = self.hand
        if street is not hand.street:
            self._end_of_round()
            hand.new_street(street)
        actions = []
        for child in round_element:
            try:
                if child.tag == "cards":
                    self._cards(child)
                elif child.tag == "action":
                    actions.append((int(_get(child, "no")), child))
                else:
                    raise hand.error(f"<{child.tag}> in a round")
            except (MalformedHandError, ValueError) as error:
                raise self._error_at(child, error) from None
        # The actions are written by player, not in play order (2015, stud): by "no".
        actions.sort(key=_first)
        for _, action in actions:
            try:
                self._action(action)
            except (MalformedHandError, ValueError) as error:
                raise self._error_at(action, error) from None

    def _cards(self, element: Element) -> None:
        # <cards type="Pocket" player="Hero">S8 HK C6 C8</cards>; <cards type="Flop"
        # player="">C7 D10 S4 </cards>; stud <cards type="Third Street" player="WurmX">X X H6
        kind = element.get("type")
        written = (element.text or "").split()
        name = element.get("player", "")
        if kind in words.BOARD_CARDS and not name:
            self.hand.board(tuple(self._card(word) for word in written))
            return
        player = self._player(element)
        if kind == "Pocket":
            self._down(player, written)
        elif self.stud and kind in words.STUD_CARDS:
            if kind == "Third Street" and player == self.hero and words.HIDDEN.isdisjoint(written):
                # one row of the three, the door card last, as the audit reads it
                self._down(player, written[:2], dealt=written)
            elif kind == "Third Street":
                self._down(player, written[:2])
                self._up(player, written[2:])
            elif kind == "River":
                self._down(player, written)
            else:
                self._up(player, written)
        else:
            raise self.hand.error(f"cards of a kind this reader does not know: {kind!r}")

    def _down(self, player: str, written: list[str], dealt: list[str] | None = None) -> None:
        """Face-down cards (`dealt`: the hero's whole third street, door card last)."""
        cards = [self._card(word) for word in written if word not in words.HIDDEN]
        if not cards:
            return
        seen = self.players[player]
        seen.down.extend(cards)
        if dealt is None:
            seen.cards.extend(cards)
            if player == self.hero:
                self.hand.dealt(player, tuple(cards))
        else:
            all_cards = tuple(self._card(word) for word in dealt)
            seen.cards.extend(all_cards)
            self.hand.dealt(player, all_cards)

    def _up(self, player: str, written: list[str]) -> None:
        # The hero's cards are all recorded as dealt, each on its street, as "Dealt to
        # Hero" lines are; the others' up cards as seen face up.
        cards = tuple(self._card(word) for word in written)
        self.players[player].cards.extend(cards)
        if player == self.hero:
            self.hand.dealt(player, cards)
        else:
            self.hand.up(player, cards)

    def _card(self, word: str) -> Card:
        card = words.CARDS.get(word)
        if card is None:
            raise self.hand.error(f"unknown card {word!r}")
        return card

    def _action(self, action: Element) -> None:
        # <action no="4" player="exasperated" type="23" sum="$600.00" />
        hand = self.hand
        player = self._player(action)
        kind = action.get("type")
        if kind == words.FOLD:
            hand.fold(player)
            return
        if kind == words.CHECK:
            hand.check(player)
            return
        amount = ipoker_amount(_get(action, "sum"))
        if kind == words.SMALL_BLIND:
            hand.post(player, ActionKind.POST_SMALL_BLIND, amount)
        elif kind == words.BIG_BLIND:
            hand.post(player, ActionKind.POST_BIG_BLIND, amount)
        elif kind == words.ANTE:
            hand.post(player, ActionKind.POST_ANTE, amount)
        elif kind == words.BRING_IN:
            hand.bring_in(player, amount)
        elif kind == words.CALL:
            hand.call(player, amount)
        elif kind == words.RAISE_TO:
            hand.raise_to(player, amount)
        elif kind in (words.BET, words.ALL_IN):
            self._bet(player, amount, all_in=kind == words.ALL_IN)
        else:
            raise hand.error(f"unknown action type {kind!r}")

    def _bet(self, player: str, amount: int, *, all_in: bool) -> None:
        # A bet and an all-in write what they add; the betting so far says what they are.
        # Stud's first bet of third street completes the bring-in (or the antes alone).
        hand = self.hand
        highest, total = hand.highest_bet(), hand.street_in(player) + amount
        small_bet = hand.stakes.small_bet or 0
        if hand.street is Street.THIRD and highest < small_bet and total > highest:
            hand.complete(player, total, all_in=all_in)
        elif highest == 0:
            hand.bet(player, amount, all_in=all_in)
        elif total <= highest:
            hand.call(player, amount, all_in=all_in)
        else:
            hand.raise_to(player, total, all_in=all_in)

    def _end_of_round(self) -> None:
        """The bet no one called on the street goes back to its owner, which iPoker
        does not write."""
        uncalled = self.hand.uncalled_excess()
        if uncalled is not None:
            self.hand.returned(*uncalled)
            player, amount = uncalled
            self.returned[player] = self.returned.get(player, 0) + amount

    # The showdown and the wins

    def _showdown(self) -> None:
        """Cards face down seen of a player other than the hero were shown at the
        showdown; so were the hero's when another player showed."""
        hand = self.hand
        folded = {action.player for action in hand.actions if action.kind is ActionKind.FOLD}
        showed = [
            name
            for name, seen in self.players.items()
            if name != self.hero and seen.down and name not in folded
        ]
        hero = self.players.get(self.hero)
        if showed and hero is not None and hero.down and self.hero not in folded:
            showed.append(self.hero)
        for name in showed:
            hand.shown(name, tuple(self.players[name].cards))

    def _wins(self) -> None:
        hand = self.hand
        old_session = self.session.find("client_version") is None
        total = 0
        for name, seen in self.players.items():
            put_in = hand.put_in(name) + self.returned.get(name, 0)
            if put_in != seen.bet:
                raise hand.error(f"{name}'s actions put in {put_in}, but the game says {seen.bet}")
            total += hand.put_in(name)
            win = seen.win
            if old_session:  # the win holds the uncalled bet (hand 4963476830)
                win -= min(win, self.returned.get(name, 0))
            if win:
                hand.collect(name, win)
        paid = sum(collection.amount for collection in hand.collections)
        if paid > total:
            raise hand.error(f"the wins ({paid}) are more than the pot ({total})")
        hand.total_pot, hand.rake = total, total - paid
