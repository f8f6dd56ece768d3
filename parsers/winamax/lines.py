"""The Winamax reader: one hand's lines into a `HandBuilder`, step by step (header and
table, seats, body, summary, payments).

A body line is a marker ("*** FLOP *** [Ts 8d Td]"), a "Dealt to" line, or a seated
player's name and what the player did: the first word after the name ("posts", "calls",
"collected", ...) picks the handler, a dictionary look-up. Winamax never writes an
uncalled bet's return: its "collected" lines pay it back to the bettor with the pot (or as
a "side pot" of its own), and its "Total pot" counts it. The reader finds the uncalled
bet from the betting, records it as returned and takes it out of the payment and the
total, so that the hand says what really went in the pot. docs/sites/winamax.md
describes the format line by line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.column_site import ColumnLineSite
from parsers._base.reader import Action, HandReader
from parsers._base.text import bracket_words, money_reader, read_cards, to_utc, written_time
from parsers.winamax import columns, words
from tracker.cards import Card
from tracker.model import ActionKind, CardSource, Game, Stakes, Structure, Tournament

_HAND_ID = re.compile(r"HandId: #(\S+)")
_TABLE_NUMBER = re.compile(r"\((\d+)\)")


def _cards(written: list[str]) -> tuple[Card, ...]:
    """The cards of `written`, hidden ones ("X") left out.

    >>> _cards(["X", "X", "9h"])
    (Card('9h'),)
    """
    return read_cards([card for card in written if card != "X"])


@dataclass(slots=True)
class _Payment:
    """A "collected" line, kept until the uncalled bet is taken out of it."""

    player: str
    amount: int
    pot: int
    half: str | None


class _HandReader(HandReader):
    """One hand being read: what the builder does not keep (the payments until the
    summary, the uncalled bet, whether the hand labels its halves)."""

    all_in = (words.ALL_IN,)

    def __init__(self, hand: HandBuilder) -> None:
        super().__init__(hand)
        self.game_word = ""
        self.payments: list[_Payment] = []
        self.uncalled: list[tuple[str, int]] = []
        self.labelled_halves = False

    def read(self) -> None:
        """The steps of a hand, in the order Winamax writes them."""
        self._header()
        index = self._seats(2)
        index = self._body(index)
        self._summary(index + 1)
        self._settle()

    # The header, the table and the seats

    def _header(self) -> None:
        hand, header = self.hand, self.lines[0]
        named = _HAND_ID.search(header)
        if named is not None:
            hand.name_hand(named[1])
        match = words.HEADER.match(header)
        if match is None:
            raise hand.error("a hand header this reader does not know", 0)
        self.game_word = match["game"]
        game = words.GAMES.get(self.game_word)
        if game is None:
            raise hand.unsupported(self.game_word)
        if len(self.lines) < 2:
            raise hand.error("hand cut off: it ends after its header", 0)
        hand.at(1)
        table = words.TABLE.match(self.lines[1])
        if table is None:
            raise hand.error("no table line after the header")
        tournament = self._tournament(match, table["name"])
        if tournament is not None:
            self.amount = money_reader(0)
        structure = words.STRUCTURES[match["structure"]]
        play_money = table["money"] == "play"
        currency = None if play_money or tournament else _currency(match["stakes"])
        started = written_time(match["date"])
        zone = match["zone"] or "UTC"
        hand.start(
            match["hand_id"],
            game,
            structure,
            to_utc(started, zone),
            site_timezone=zone,
            stakes=self._stakes(match["stakes"], game, structure),
            currency=currency,
            play_money=play_money,
            tournament=tournament,
        )
        button = table["button"]
        hand.table(
            table["name"],
            max_seats=int(table["max_seats"]),
            button_seat=int(button) if button else None,
        )

    def _tournament(self, header: re.Match[str], table_name: str) -> Tournament | None:
        # 'Tournament "Freeroll" buyIn: 0.90€ + 0.10€ level: 3'; table 'Freeroll(123)#004'
        name = header["tournament"]
        if name is None:
            return None
        number = _TABLE_NUMBER.search(table_name)
        buy_in, fee = header["buy_in"], header["fee"]
        cents = money_reader(2)
        return Tournament(
            tournament_id=number[1] if number is not None else name,
            buy_in=cents(buy_in) if buy_in and buy_in[0].isdigit() else None,
            fee=cents(fee) if fee and fee[0].isdigit() else None,
            currency=_currency(f"{buy_in}{fee}"),
            level=header["level"],
        )

    def _stakes(self, text: str, game: Game, structure: Structure) -> Stakes:
        # "(2€/4€)": blinds; "(0.10€/1€/2€)": ante and blinds; stud "(5€/25€/50€)":
        # ante, small bet and big bet.
        parts = [self.amount(part) for part in text.split("/")]
        ante = parts[0] if len(parts) == 3 else None
        small, big = parts[-2:] if len(parts) >= 2 else (None, parts[0])
        if game.is_stud:
            return Stakes(small_bet=small, big_bet=big, ante=ante)
        if structure is Structure.LIMIT and big is not None:
            return Stakes(small, big, small_bet=big, big_bet=2 * big, ante=ante)
        return Stakes(small, big, ante=ante)

    def _seats(self, start: int) -> int:
        """Read the seat lines from `start`; the index of the first line after them."""
        return self.read_seats(start, words.SEAT)

    # The body: posts, streets, cards, actions, showdown, payments

    def _body(self, start: int) -> int:
        """Read the body from `start`; the index of "*** SUMMARY ***"."""
        hand = self.hand
        for index, line in hand.lines_from(start):
            hand.index = index  # what `hand.at` does, without a call per line
            if line.startswith("*** "):
                if line.startswith("*** SUMMARY ***"):
                    self._end_of_round()
                    return index
                self._marker(line)
            elif line.startswith("Dealt to "):
                self._dealt(line[9:])
            elif line.strip():
                self.player_line(line)
        raise hand.error("hand cut off: it ends before its summary", len(self.lines) - 1)

    def _marker(self, line: str) -> None:
        # "*** FLOP *** [Ts 8d Td]", "*** TURN ***: [3h Td 6d][Jc]", "*** 3rd STREET ***"
        name = line[4 : line.find(" ***", 4)]
        if name not in words.FIRST_MARKERS:
            self._end_of_round()
        street = words.STREETS.get(name)
        if street is not None:
            self.hand.new_street(street)
            brackets = bracket_words(line)
            if brackets:
                self.hand.set_board(_cards([card for cards in brackets for card in cards]))
        elif name not in words.MARKERS_WITHOUT_BETTING:
            raise self.hand.error("unknown line")

    def _dealt(self, body: str) -> None:
        # "Dealt to Hero [8h 5d 2h 7h 4c]"; stud "Dealt to Player0 [X X 9h] [Kh]"
        hand = self.hand
        found = self.split_player(body, " [")
        if found is None:
            raise hand.error("cards dealt to a player without a seat")
        player = found[0]
        brackets = bracket_words(body[len(player) :])
        if not brackets:
            raise hand.error("no cards in a dealt line")
        known, new = brackets[0], brackets[-1]
        face_down_unknown = "X" in known
        if len(brackets) == 1:
            if face_down_unknown:
                hand.up(player, _cards(known))
            else:
                hand.dealt(player, _cards(known))
        elif new != ["X"]:
            if face_down_unknown:
                hand.up(player, _cards(new))
            else:
                hand.dealt(player, _cards(new))

    def _posts(self, player: str, what: str) -> None:
        # "posts small blind 2€", "posts small blind 2€ out of position", "posts ante 5€"
        out_of_position = what.endswith(words.OUT_OF_POSITION)
        if out_of_position:
            what = what[: -len(words.OUT_OF_POSITION)]
        all_in = what.endswith(words.ALL_IN)
        if all_in:
            what = what[: -len(words.ALL_IN)]
        post, _, written = what.rpartition(" ")
        kind = words.POSTS.get(post)
        if kind is None:
            raise self.hand.error("unknown line")
        if out_of_position and kind is ActionKind.POST_SMALL_BLIND:
            kind = ActionKind.POST_DEAD
        self.hand.post(player, kind, self.amount(written), all_in=all_in)

    def _brings_in(self, player: str, what: str) -> None:
        # "Player0 brings in 10€"
        if not what.startswith("in "):
            raise self.hand.error("unknown line")
        amount, all_in = self.amount_all_in(what[3:])
        hand = self.hand
        hand.bring_in(player, amount, all_in=all_in)
        if hand.stakes.bring_in is None:  # the header gives no bring-in
            hand.set_stakes(replace(hand.stakes, bring_in=amount))

    def _shows(self, player: str, what: str) -> None:
        # "Player0 shows [Ac Qh 3d 6c Ah] (Straight Ace high)"; hi/lo: one line per
        # half, "shows [5s Qd 2s 3s] (HI : Two pairs : 5 and 4)"
        brackets = bracket_words(what)
        if not brackets:
            raise self.hand.error("a show without cards")
        if not self.labelled_halves and any(label in what for label in words.LABELLED_SHOWDOWN):
            self.labelled_halves = True
        self.hand.shown(player, _cards(brackets[0]))

    def _collected(self, player: str, what: str) -> None:
        # "Player3 collected 471.48€ from pot", "Hero collected 84€ from side pot 1",
        # "Player0 collected 114€ from pot(HI)"
        self._end_of_round()
        match = words.COLLECTED.match("collected " + what)
        if match is None:
            raise self.hand.error("unknown line")
        half = match["half"]
        if half is not None:
            self.labelled_halves = True
        side_pot = match["side_pot"]
        self.payments.append(
            _Payment(
                player,
                self.amount(match["amount"]),
                int(side_pot) if side_pot else 0,
                words.HALVES[half] if half else None,
            )
        )

    def _end_of_round(self) -> None:
        """A betting round may be over (a marker, a payment): the bet no one called on
        it goes back to its bettor, which Winamax does not write (hand
        #15917912-457-1618228092). Once returned, the street's bets are matched, so a
        second call finds nothing."""
        uncalled = self.return_uncalled()
        if uncalled is not None:
            self.uncalled.append(uncalled)

    # The summary

    def _summary(self, start: int) -> None:
        hand = self.hand
        total: int | None = None
        for index, line in hand.lines_from(start):
            hand.at(index)
            if line.startswith("Seat "):
                self._seat_summary(line)
            elif line.startswith("Total pot "):
                pot = words.TOTAL_POT.match(line)
                if pot is None:
                    raise hand.error("a pot line this reader does not know")
                total = self.amount(pot["total"])
                hand.rake = self.amount(pot["rake"]) if pot["rake"] else 0
            elif line.startswith("Board: "):
                hand.set_board(_cards([card for cards in bracket_words(line) for card in cards]))
            elif line.strip():
                raise hand.error("unknown line")
        if total is None:
            raise hand.error("hand cut off: its summary gives no total pot", len(self.lines) - 1)
        # "Total pot 167€ | Rake 3€": net of the rake, and it counts the uncalled bet.
        returned = sum(amount for _, amount in self.uncalled)
        hand.total_pot = total + (hand.rake or 0) - returned

    def _seat_summary(self, line: str) -> None:
        # "Seat 5: Player3 (button) showed [Kh Ks Ad 4d Jc] and won 471.48€ with Full of
        #  Kings and Tens", "Seat 3: Player1 won 10€", "Seat 7: Player20 folded on the
        #  pre-flop"
        hand = self.hand
        number, _, rest = line[5:].partition(": ")
        found = self.split_player(rest, " ")
        if not number.isdigit() or found is None:
            raise hand.error("a summary seat line of no seated player")
        player, text = found
        won = words.WON.search(text)
        if "showed [" in text:
            hand.shown(player, _cards(bracket_words(text)[0]), CardSource.SUMMARY)
        hand.summary(int(number), player, text, self.amount(won["amount"]) if won else None)

    # The payments

    def _settle(self) -> None:
        """Take the uncalled bet out of the payments, decide a doubtful game, and hand
        the payments to the builder."""
        payments = self.payments
        for player, amount in self.uncalled:
            _take_out_uncalled(payments, player, amount)
        hand = self.hand
        if self.game_word in words.DOUBTFUL_HILO and payments and not self.labelled_halves:
            # "5 Card Omaha Hi/Lo" over a hand that names no half: a high-only table.
            hand.header.game = Game.OMAHA5_HI
        for payment in payments:
            hand.collect(payment.player, payment.amount, pot=payment.pot, half=payment.half)

    actions: ClassVar[dict[str, Action]] = {
        "posts": _posts,
        "folds": HandReader.folds,
        "checks": HandReader.checks,
        "calls": HandReader.calls,
        "bets": HandReader.bets,
        "raises": HandReader.raises,  # "Player3 raises 14€ to 20€"; "Hero raises 25€ to 25€"
        "brings": _brings_in,
        "shows": _shows,
        "collected": _collected,
    }
    """The reading of each first word after a player's name ("Player0 calls 4€")."""


class WinamaxParser(ColumnLineSite):
    """Winamax's text hand histories ("Winamax Poker - CashGame - HandId: #..."), the
    usual hands read column-wise (`parsers.winamax.columns`).

    Its rake is spread over the pots in proportion to their sizes, the remainder from
    the main pot (hand #270777-217-1284853532); the odd cent of a halved pot goes to the
    high half (hand #8976324-443-1476102647).
    """

    site = "winamax"
    hand_start = words.HAND_START
    rake_rule = "proportional"
    odd_chip_rule = "rules"
    reader = _HandReader
    header_start = columns.HEADER_START
    header_columns = columns.HEADER
    column_format = columns.FORMAT

    def read_header(self, hand: HandBuilder) -> int:
        """The header and table lines, as `_HandReader` reads them; tournament amounts
        are in chips."""
        _HandReader(hand)._header()
        return 0 if hand.header.tournament else 2


def _take_out_uncalled(payments: list[_Payment], player: str, uncalled: int) -> None:
    """Remove the uncalled bet `uncalled` from what `player` collected: a "side pot" of
    exactly that amount, the last pot paid (hand #9247976-232-1478874498), or else the
    player's payment from the last pot they collected from, re-halved when it is paid
    in halves (hand #9250793-554-1478991850). Payments that cannot hold it are left as
    written (the chip checks then flag the hand)."""
    own = [payment for payment in payments if payment.player == player]
    if not own:
        return
    last_pot = max(payment.pot for payment in payments)
    for payment in own:
        if payment.pot == last_pot and payment.pot > 0 and payment.amount == uncalled:
            payments.remove(payment)
            return
    pot = max(payment.pot for payment in own)
    in_pot = [payment for payment in own if payment.pot == pot]
    left = sum(payment.amount for payment in in_pot) - uncalled
    if left < 0:
        return
    halves = {payment.half: payment for payment in in_pot}
    if len(in_pot) == 2 and halves.keys() == {"hi", "lo"}:
        halves["hi"].amount, halves["lo"].amount = left - left // 2, left // 2
    elif len(in_pot) == 1:
        in_pot[0].amount = left


def _currency(text: str) -> str | None:
    """The currency the stakes are written in ("2€/4€": EUR); None for chips."""
    if "€" in text:
        return "EUR"
    if "$" in text:
        return "USD"
    if "£" in text:
        return "GBP"
    return None
