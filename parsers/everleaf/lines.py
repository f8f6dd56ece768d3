"""The Everleaf reader: one hand's lines into a `HandBuilder`, step by step (header,
table and seats, body, payments).

Everleaf writes little: no summary, no total pot, no rake, no uncalled bet's return.
A body line is a street marker ("** Dealing Flop ** [ 2s, Ad, 8d ]"), a "Dealt to"
line, or a seated player's name (then ": " or a space) and what the player did: the
first word after the name ("posts", "calls", "wins", ...) picks the handler, a
dictionary look-up. The reader returns the bet nobody called when a betting round ends
(as Winamax's reader does), so the pot is what the players put in less that bet; the
rake is that pot less what the site paid ("wins ..."). docs/sites/everleaf.md describes
the format line by line.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.lines import LineSite
from parsers._base.reader import Action, HandReader
from parsers._base.text import money_reader, read_cards, to_utc, written_time
from parsers.everleaf import words
from tracker.cards import Card
from tracker.model import ActionKind, Stakes, Street, Structure

_BOARD_CARDS: dict[Street, int] = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}
"""The new board cards each street marker of a flop game gives."""

_CENTS = money_reader(2)
_AMOUNTS: dict[str, int] = {}
_CACHE_LIMIT = 10_000


def _amount(text: str) -> int:
    """An amount as Everleaf writes it, in cents: with brackets or parentheses, the
    currency symbol before the number (with or without a space) and the currency word
    after it, or neither; a full stop may end it.

    >>> _amount("[$ 0.25 USD]"), _amount("($2.56)"), _amount("€0.02."), _amount("€ 2.50 EURO")
    (25, 256, 2, 250)

    Raises:
        ValueError: not an amount.
    """
    value = _AMOUNTS.get(text)
    if value is None:
        parts = [part for part in text.strip("[](). ").split() if part not in words.CURRENCY_WORDS]
        if len(parts) != 1:
            raise ValueError(f"not an amount: {text!r}")
        value = _CENTS(parts[0])
        if len(_AMOUNTS) >= _CACHE_LIMIT:
            _AMOUNTS.clear()
        _AMOUNTS[text] = value
    return value


def _cards(text: str) -> tuple[Card, ...]:
    """The cards of the first bracket of `text`: "[ 9c, 4h, Td ]" -> 9c 4h Td.

    >>> _cards("[ 5d, Qs, 7s ].")
    (Card('5d'), Card('Qs'), Card('7s'))

    Raises:
        ValueError: no bracket, or a word that is not a card.
    """
    start = text.find("[")
    end = text.find("]", start + 1)
    if start < 0 or end < 0:
        raise ValueError(f"no cards in brackets in {text!r}")
    return read_cards(text[start + 1 : end].replace(",", " ").split())


class _HandReader(HandReader):
    """One hand being read: what the builder does not keep (the game's kind of streets,
    the blinds and antes posted, what the site paid)."""

    def __init__(self, hand: HandBuilder) -> None:
        super().__init__(hand)
        self.amount = _amount  # Everleaf writes no all-in: `all_in` stays empty
        self.is_stud = False
        self.streets = words.FLOP_STREETS
        self.posted: dict[ActionKind, int] = {}
        self.paid = 0
        self.payments = 0
        self.betting_over = False

    def read(self) -> None:
        """The steps of a hand, in the order Everleaf writes them."""
        self._header()
        index = self._table(3)
        self._body(index)
        self._settle()

    # The header, the table and the seats

    def _header(self) -> None:
        # "Everleaf Gaming Game #148735443"
        # "***** Hand history for game #148735443 *****"
        # "$0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:00:02"
        hand, lines = self.hand, self.lines
        named = words.HAND_ID.match(lines[0])
        if named is None:
            raise hand.error("a hand header this reader does not know", 0)
        hand_id = named["hand_id"]
        hand.name_hand(hand_id)
        if len(lines) < 3:
            raise hand.error("hand cut off: it ends after its header", len(lines) - 1)
        hand.at(1)
        if lines[1].strip() != words.BANNER.format(hand_id=hand_id):
            raise hand.error("the second line does not repeat the hand id")
        hand.at(2)
        match = words.STAKES_LINE.match(lines[2])
        if match is None:
            raise hand.error("a stakes line this reader does not know")
        game = words.GAMES.get(match["game"])
        if game is None:
            raise hand.unsupported(match["game"], 2)
        currency = words.CURRENCIES.get(match["currency"])
        if currency is None:
            raise hand.error("stakes without a currency (play money or a tournament): not read")
        structure = words.STRUCTURES[match["structure"]]
        small, big = self.amount(match["small"]), self.amount(match["big"])
        if game.is_stud or structure is Structure.LIMIT:
            stakes = Stakes(small_bet=small, big_bet=big)  # the blinds are read from the posts
        else:
            stakes = Stakes(small, big)
        self.is_stud = game.is_stud
        self.streets = words.STUD_STREETS if game.is_stud else words.FLOP_STREETS
        hand.start(
            hand_id,
            game,
            structure,
            to_utc(written_time(f"{match['date']} {match['time']}"), words.TIMEZONE),
            site_timezone=words.TIMEZONE,
            stakes=stakes,
            currency=currency,
        )

    def _table(self, start: int) -> int:
        """Read the table, button and seat lines from `start`; the index of the first
        line after them."""
        # "Table Kentfield I", "Seat 6 is the button", "Total number of players: 2",
        # "Seat 6: Villain (  $ 25 USD )"
        hand, lines = self.hand, self.lines
        name, button = "", None
        index = start
        while index < len(lines):
            line = lines[index]
            hand.at(index)
            if line.startswith("Seat "):
                found = words.BUTTON.match(line) if line.endswith(words.IS_BUTTON) else None
                if found is not None:
                    button = int(found["seat"])
                else:
                    seat = words.SEAT.match(line)
                    if seat is None:
                        raise hand.error("a seat line this reader does not know")
                    hand.seat(int(seat["seat"]), seat["player"], self.amount(seat["stack"]))
            elif line.startswith(words.TABLE) and not name:
                name = line[len(words.TABLE) :].strip()
            elif not line.startswith(words.PLAYER_COUNT):
                break
            index += 1
        hand.table(name, button_seat=button)
        self.index_names()
        return index

    def _split_player(self, line: str) -> tuple[str, str] | None:
        """The seated player who starts `line` ("Villain: bets [...]" or "Villain calls
        [...]") and the rest of the line after the name and its separator, of the two
        (`HandReader.split_player` takes one): the names are looked up by their first
        word (longest name first), one look-up a line."""
        head = line.partition(" ")[0]
        for name in self._by_first_word.get(head[:-1] if head.endswith(":") else head, ()):
            if line.startswith(name):
                end = len(name)
                if line.startswith(": ", end):
                    return name, line[end + 2 :]
                if line.startswith(" ", end):
                    return name, line[end + 1 :]
        # A name that itself ends with ":" or holds ": ": the builder's slower search.
        hand = self.hand
        return hand.split_player(line, ": ") or hand.split_player(line, " ")

    # The body: posts, streets, cards, actions, showdown, payments

    def _body(self, start: int) -> None:
        hand = self.hand
        for index, line in hand.lines_from(start):
            hand.index = index  # what `hand.at` does, without a call per line
            if line.startswith(words.MARKER):
                self._marker(line)
            elif line.startswith("Dealt to "):
                self._dealt(line[9:])
            elif line.strip():
                found = self._split_player(line)
                if found is None:
                    raise hand.error("unknown line (no seated player's name starts it)")
                self.read_action(*found)

    def _marker(self, line: str) -> None:
        # "** Dealing down cards **", "** Dealing Flop ** [ 2s, Ad, 8d ]",
        # "** Dealing Turn ** [ Ad ]", stud "** Dealing 4th Street **", "** Dealing River **"
        hand = self.hand
        name, closed, cards = line[len(words.MARKER) :].partition(" **")
        if not closed:
            raise hand.error("unknown line")
        if name == words.FIRST_MARKER:
            return
        street = self.streets.get(name)
        if street is None:
            raise hand.error("unknown line (a street marker of another game)")
        self._end_of_round()
        hand.new_street(street)
        if self.is_stud:
            if cards.strip():
                raise hand.error("board cards in a stud hand")
            return
        board = _cards(cards)
        if len(board) != _BOARD_CARDS[street]:
            raise hand.error(f"{len(board)} board cards on the {street.value}")
        hand.board(board)

    def _dealt(self, body: str) -> None:
        # "Dealt to Hero [ 9c, 4h, Td, Jc ]"; stud "Dealt to EricBlade [ 5d, Qs, 7s ]."
        # (the hero, on third street), "Dealt to MOURINHO_ [ Ah ]." (an up card)
        hand = self.hand
        found = self._split_player(body)
        if found is None or not found[1].startswith("["):
            raise hand.error("cards dealt to a player without a seat")
        player, written = found
        cards = _cards(written)
        count = len(cards)
        if not self.is_stud:
            if count != hand.game.hole_card_count:
                raise hand.error(f"{count} hole cards dealt in {hand.game.value}")
            hand.dealt(player, cards)
        elif count == 3 and hand.street is Street.THIRD:
            hand.dealt(player, cards)
        elif count != 1:
            raise hand.error(f"{count} cards dealt at once on {hand.street.value} street")
        elif player == hand.hero:
            hand.dealt(player, cards)
        else:
            hand.up(player, cards)

    def _posts(self, player: str, what: str) -> None:
        # "posts small blind [$ 0.25 USD]", "posts ante [€ 0.01 EURO]",
        # stud "posts bring-in €0.02."
        hand = self.hand
        if what.startswith(words.BRING_IN):
            amount = self.amount(what[len(words.BRING_IN) :])
            hand.bring_in(player, amount)
            if hand.stakes.bring_in is None:  # the header gives no bring-in
                hand.set_stakes(replace(hand.stakes, bring_in=amount))
            return
        post, _, written = what.partition(" [")
        kind = words.POSTS.get(post)
        if kind is None or not written:
            raise hand.error("unknown line")
        amount = self.amount(written)
        hand.post(player, kind, amount)
        if amount > self.posted.get(kind, 0):
            self.posted[kind] = amount

    def _folds(self, player: str, what: str) -> None:
        # "Hero folds"
        self._nothing_after(what)
        self.hand.fold(player)

    def _checks(self, player: str, what: str) -> None:
        # "Villain checks"
        self._nothing_after(what)
        self.hand.check(player)

    def _raises(self, player: str, what: str) -> None:
        # "Villain raises [$ 0.75 USD]": the chips the raise adds (the call in it
        # included), not the total: hand 148735532, "posts small blind [$ 0.25 USD]",
        # then "raises [$ 0.75 USD]" to $1, called by "calls [$ 0.50 USD]"
        self.hand.raise_put_in(player, self.amount(what))

    def _completes(self, player: str, what: str) -> None:
        # "MOURINHO_ completes to €0.05.": stud's completion, to a street total
        if not what.startswith(words.COMPLETES):
            raise self.hand.error("unknown line")
        self.hand.complete(player, self.amount(what[len(words.COMPLETES) :]))

    def _shows(self, player: str, what: str) -> None:
        # "Hero shows [ 9s, Jc, 6c, 9c ] a full house, nines full of fives"; stud shows
        # the seven cards: "shows [ Js, 4d, Ks, Ac, 9d, Qh, 5c ] high card ace"
        self._end_of_betting()
        hand = self.hand
        cards = _cards(what)
        if len(cards) != hand.game.hole_card_count:
            raise hand.error(f"{len(cards)} cards shown in {hand.game.value}")
        hand.shown(player, cards)

    def _does(self, player: str, what: str) -> None:
        # "Villain does not show cards"
        if what.strip() != words.NOT_SHOWN:
            raise self.hand.error("unknown line")
        self._end_of_betting()

    def _wins(self, player: str, what: str) -> None:
        # "Villain wins  high ($ 0.95 USD) from main pot", "Hero wins  low ($3.32) from
        #  main pot with 8, 7, 4, 3, A [ As, 8h, 7c, 4h, 3c ]", "Hero wins $ 1.90 USD
        #  from main pot", stud "MOURINHO_ wins € 0.12 EURO from main pot"
        self._end_of_betting()
        hand = self.hand
        what = what.lstrip()
        word, _, rest = what.partition(" (")
        half = words.HALVES.get(word)
        if half is not None:
            written, _, after = rest.partition(") from ")
        else:
            written, _, after = what.partition(" from ")
        pot = words.POTS.get(after.partition(" with ")[0].strip())
        if pot is None:
            raise hand.error("a payment from a pot this reader does not know")
        amount = self.amount(written)
        hand.collect(player, amount, pot=pot, half=half)
        self.paid += amount
        self.payments += 1

    def _nothing_after(self, what: str) -> None:
        if what.strip():
            raise self.hand.error("unknown line")

    def _end_of_round(self) -> None:
        """A betting round may be over (a street marker, a showdown or payment line):
        the bet no one called on it goes back to its bettor, which Everleaf does not
        write (hand 148735443: "Villain: bets [$ 0.50 USD]", "Hero folds", then "wins
        high ($ 0.95 USD)" of a $1 pot). Once returned, the street's bets are matched:
        the showdown's and payments' lines after the first look no further."""
        if not self.betting_over:
            self.return_uncalled()

    def _end_of_betting(self) -> None:
        """The showdown or the payments have begun: the last round's uncalled bet goes
        back, once."""
        self._end_of_round()
        self.betting_over = True

    # The end of the hand: stakes, total pot and rake

    def _settle(self) -> None:
        """The figures Everleaf does not write: the blinds and antes of the stakes (from
        the posts), the total pot (what went in, less the uncalled bet) and the rake
        (the total pot less what was paid)."""
        hand = self.hand
        if not self.payments:
            raise hand.error(
                'hand cut off: it ends before any payment ("wins") line', len(self.lines) - 1
            )
        posted, stakes = self.posted, hand.stakes
        if (posted and stakes.small_blind is None) or ActionKind.POST_ANTE in posted:
            hand.set_stakes(
                replace(
                    stakes,
                    small_blind=stakes.small_blind or posted.get(ActionKind.POST_SMALL_BLIND),
                    big_blind=stakes.big_blind or posted.get(ActionKind.POST_BIG_BLIND),
                    ante=posted.get(ActionKind.POST_ANTE),
                )
            )
        total = sum([hand.put_in(player) for player in hand.players])
        hand.total_pot = total
        # Paid more than the pot: no rake, and the chip checks flag the hand.
        hand.rake = total - self.paid if self.paid <= total else 0

    actions: ClassVar[dict[str, Action]] = {
        "posts": _posts,
        "folds": _folds,
        "checks": _checks,
        "calls": HandReader.calls,  # "Villain calls [$ 0.25 USD]": the chips the call adds
        "bets": HandReader.bets,  # "Villain: bets [$ 0.50 USD]"
        "raises": _raises,
        "completes": _completes,
        "shows": _shows,
        "does": _does,
        "wins": _wins,
    }
    """The reading of each first word after a player's name ("Villain calls [...]")."""


class EverleafParser(LineSite):
    """Everleaf Gaming's text hand histories ("Everleaf Gaming Game #148735443").

    The odd cent of a halved pot goes to the high half (hand 148735968: $3.33 high,
    $3.32 low); a tied high half's odd cent to the first tied player left of the button
    (hand 148736641). No file has a side pot, so the rake's division among pots is the
    default's.
    """

    site = "everleaf"
    hand_start = words.HAND_START
    rake_rule = "main-pot-first"
    odd_chip_rule = "rules"
    reader = _HandReader
