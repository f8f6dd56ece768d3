"""The PKR reader: one hand's lines into a `HandBuilder`, step by step (table line,
header lines, seats, body, final stacks).

A body line is the dealer's ("Dealing Flop [7 h][9 c][2 c]", "Pot sizes: $0.15",
"Taking Rake of $0.02 from pot 1", "Returning 710 to Hero uncalled") or a seated
player's name and a verb ("calls 1,090 (all-in)", "wins 2,470 with low hand: A2345"),
the verb picking the handler by a dictionary look-up. PKR writes the return of some
uncalled bets and not others: the reader finds the unwritten ones from the betting at
the end of each round. docs/sites/pkr.md describes the format line by line.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.lines import LineSite
from parsers._base.reader import Action, HandReader
from parsers._base.text import line_start_pattern, money_reader, to_utc
from parsers.pkr import words
from tracker.cards import DECK, Card, parse_card
from tracker.model import Stakes, Structure, Tournament

_CARDS: dict[str, Card] = {f"{card.text[0]} {card.text[1]}": card for card in DECK}
"""Cards as PKR writes them, rank and suit apart: "T c", "A h"."""

_TOURNAMENT = re.compile(r"Tournament #(\d+)")


def _cards(text: str) -> tuple[Card, ...]:
    """The cards of "[T c][2 s][9 s][3 h]" (what follows is ignored).

    >>> _cards("[A d][8 s] to Hero")
    (Card('Ad'), Card('8s'))
    """
    found: list[Card] = []
    start = text.find("[")
    while start >= 0:
        end = text.find("]", start)
        if end < 0:
            raise ValueError(f"unclosed card bracket in {text!r}")
        written = text[start + 1 : end]
        card = _CARDS.get(written)
        found.append(card if card is not None else parse_card(written.replace(" ", "")))
        start = text.find("[", end)
    if not found:
        raise ValueError(f"no cards in {text!r}")
    return tuple(found)


class _HandReader(HandReader):
    """One hand being read: what the builder does not keep (the last "Pot sizes" lines,
    the rake taken pot by pot); its money reader is set by the header's money type."""

    all_in = (words.ALL_IN,)

    def __init__(self, hand: HandBuilder) -> None:
        super().__init__(hand)
        self.pot_sizes: list[int] = []
        self.pot_sizes_open = False
        self.rake = 0
        self.paying = False

    def read(self) -> None:
        """The steps of a hand, in the order PKR writes them."""
        fields, index = self._header_lines()
        self._header(fields)
        index = self._seats(index)
        self._body(index)
        self._settle()

    # The header and the seats

    def _header_lines(self) -> tuple[dict[str, str], int]:
        """The header's "<key><value>" lines (`words.HEADER_KEYS`) by key, and the
        index of the first seat line."""
        hand, lines = self.hand, self.lines
        fields: dict[str, str] = {}
        for index, line in hand.lines_from(1):
            hand.index = index
            if line.startswith("Seat "):
                return fields, index
            key = next((key for key in words.HEADER_KEYS if line.startswith(key)), None)
            if key is None:
                raise hand.error("unknown header line")
            fields[key] = line[len(key) :]
            if key == "Starting Hand #":
                hand.name_hand(fields[key])
        raise hand.error("hand cut off: it ends before its seats", len(lines) - 1)

    def _header(self, fields: dict[str, str]) -> None:
        # "Game Type: OMAHA HI/LO", "Limit Type: POT LIMIT", "Table Type: TOURNAMENT",
        # "Money Type: TOURNAMENT CHIPS", "Blinds are now 10 / 20"
        hand = self.hand
        hand_id = fields.get("Starting Hand #")
        if hand_id is None or not hand_id.isdigit():
            raise hand.error('no hand number ("Starting Hand #") in the header', 1)
        game_word = fields.get("Game Type: ", "")
        game = words.GAMES.get(game_word)
        if game is None:
            raise hand.unsupported(game_word or "an unnamed game", 0)
        structure = words.STRUCTURES.get(fields.get("Limit Type: ", ""))
        money = fields.get("Money Type: ", "")
        blinds = fields.get("Blinds are now ", "")
        when = fields.get("Start time of hand: ")
        if structure is None or not blinds or when is None:
            raise hand.error("a header without its limit type, blinds or start time", 0)
        tournament = None
        currency = None
        if money == words.TOURNAMENT_CHIPS:
            number = _TOURNAMENT.search(self.lines[0])
            tournament = Tournament(number[1] if number else "", None, None, None, None)
            self.amount = money_reader(0)
        elif money == words.PLAY_MONEY:
            self.amount = money_reader(0)
        elif money == words.REAL_MONEY:
            currency = words.CURRENCIES.get(blinds[0])
        else:
            raise hand.error(f"unknown money type {money!r}", 0)
        hand.start(
            hand_id,
            game,
            structure,
            to_utc(_local_time(when), words.TIMEZONE),
            site_timezone=words.TIMEZONE,
            stakes=self._stakes(blinds, structure),
            currency=currency,
            play_money=money == words.PLAY_MONEY,
            tournament=tournament,
        )
        button = fields.get("Button is at seat ", "")
        hand.table(
            self.lines[0].partition(" - ")[2],
            button_seat=int(button) if button.isdigit() else None,
        )

    def _stakes(self, blinds: str, structure: Structure) -> Stakes:
        # "$0.02 / $0.04"; a limit table's big blind is its small bet
        small_text, _, big_text = blinds.partition(" / ")
        small, big = self.amount(small_text), self.amount(big_text)
        if structure is Structure.LIMIT:
            return Stakes(small, big, small_bet=big, big_bet=2 * big)
        return Stakes(small, big)

    def _seats(self, start: int) -> int:
        # "Seat 2: Player1 - $2.88", "Seat 1: Player0 - $4.06 (away from table)"
        return self.read_seats(start, words.SEAT)

    # The body

    def _body(self, start: int) -> None:
        hand, dealer_words = self.hand, words.DEALER_WORDS
        for index, line in hand.lines_from(start):
            hand.index = index
            if not line:
                continue
            first = line.partition(" ")[0]
            if first in dealer_words and not hand.is_seated(first):
                if line.startswith("Pot sizes: "):
                    # "Pot sizes: $0.15" then "Pot sizes: $0.06": the main pot, the side pots
                    if not self.pot_sizes_open:
                        self.pot_sizes, self.pot_sizes_open = [], True
                    self.pot_sizes.append(self.amount(line[11:]))
                    continue
                self.pot_sizes_open = False
                if line.startswith("End of Hand #"):
                    if line[13:] != hand.header.hand_id:
                        raise hand.error("the hand ends with another hand's number")
                    return
                if not self._dealer_line(line):
                    raise hand.error("unknown line")
                continue
            self.pot_sizes_open = False
            found = self.split_player(line)
            if found is not None and self.read_known_action(*found):
                continue
            if not self._news(line, found):
                raise hand.error("unknown line")
        raise hand.error('hand cut off: it ends before its "End of Hand" line')

    def _dealer_line(self, line: str) -> bool:
        """Read a line of the dealer's; False when `line` is none."""
        hand = self.hand
        if line.startswith("Dealing "):
            self._dealing(line[8:])
        elif line.startswith("Seat "):
            self._final_stack(line)
        elif line.startswith("Taking Rake of "):
            rake = words.RAKE.match(line)
            if rake is None:
                raise hand.error("unreadable rake line")
            self._payments_begin()
            self.rake += self.amount(rake["amount"])
        elif line.startswith("Returning "):
            returning = words.RETURNING.match(line)
            if returning is None:
                raise hand.error("unreadable uncalled bet line")
            hand.returned(hand.seated(returning["player"]), self.amount(returning["amount"]))
        elif line.startswith("Moving Button to seat "):
            # "Moving Button to seat 4": this hand's button ("Button is at seat" was the last)
            hand.table(hand.header.table_name, button_seat=int(line[22:]))
        else:
            return line in words.TABLE_NEWS
        return True

    def _news(self, line: str, found: tuple[str, str] | None) -> bool:
        """True for a line that says nothing of the hand: chat ("Player6: wake up"), an
        emote ("Player6 yawns."), a player arriving for the next hand."""
        if found is not None and words.EMOTE.match(found[1]):
            return True
        return self.split_player(line, ": ") is not None or words.ARRIVAL.match(line) is not None

    def _dealing(self, what: str) -> None:
        # "Dealing [T c][2 s][9 s][3 h] to Hero", "Dealing Flop [7 h][9 c][2 c]"
        hand = self.hand
        if what == "Cards":  # "Dealing Cards": the hole cards follow
            return
        if what.startswith("["):
            cards, to, player = what.rpartition("] to ")
            if not to:
                raise hand.error("unreadable dealing line")
            hand.dealt(hand.seated(player), _cards(cards + "]"))
            return
        name, _, cards = what.partition(" ")
        street = words.STREETS.get(name)
        if street is None:
            raise hand.error("unknown line")
        # the betting round is over: the bet no one called goes back to its bettor, where
        # PKR does not write it (hand 2080628024, Player2's $0.21 on the turn); a written
        # return ("Returning 710 to Hero uncalled") leaves nothing to find
        self.return_uncalled()
        hand.new_street(street)
        hand.board(_cards(cards))

    def _payments_begin(self) -> None:
        # the payments end the last betting round (see `_dealing`)
        if not self.paying:
            self.return_uncalled()
            self.paying = True

    # The players' lines

    def _posts(self, player: str, what: str) -> None:
        # "posts small blind ($0.02)", "posts big blind (20)"
        post, _, amount = what.rpartition(" (")
        kind = words.POSTS.get(post)
        if kind is None or not amount.endswith(")"):
            raise self.hand.error("unknown post")
        self.hand.post(player, kind, self.amount(amount[:-1]))

    def _shows(self, player: str, what: str) -> None:
        # "shows [A d][8 s][4 d][4 c]"
        self.hand.shown(player, _cards(what))

    def _mucks(self, player: str, what: str) -> None:
        # "mucks": the cards are not shown
        if what:
            raise self.hand.error("unknown line")

    def _has(self, player: str, what: str) -> None:
        # "has Two Pairs: Aces, 8s", "has low hand: A2345", "has requested more time"
        if not what.startswith(words.HAS_NEWS):
            raise self.hand.error("unknown line")

    def _did(self, player: str, what: str) -> None:
        # "did not respond in time and is folded": its "folds" line follows
        if what != words.TIMED_OUT.partition(" ")[2]:
            raise self.hand.error("unknown line")

    def _says(self, player: str, what: str) -> None:
        # "says thank you."
        return

    def _wins(self, player: str, what: str) -> None:
        # "wins 2,470 with high hand: Straight, 7 high", "wins $0.06 from side pot #1
        #  with: Two Pairs: Aces, 8s", "ties $34.75 with low hand: A2345"
        self._payments_begin()
        payment = words.PAYMENT.match(what)
        if payment is None:
            raise self.hand.error("unreadable payment")
        side_pot, half = payment["side_pot"], payment["half"]
        self.hand.collect(
            player,
            self.amount(payment["amount"]),
            pot=int(side_pot) if side_pot else 0,
            half=words.HALVES[half] if half else None,
        )

    # The end of the hand

    def _final_stack(self, line: str) -> None:
        # "Seat 3: Player2 - $9.79" after the payments: the stack the hand ends with (a
        # player who arrived during the hand may be listed: not seated in it)
        self._payments_begin()
        seat = words.SEAT.match(line)
        if seat is None:
            raise self.hand.error("unreadable seat line")
        self.hand.summary(int(seat["seat"]), seat["player"], f"- {seat['stack']}")

    def _settle(self) -> None:
        """The pot and the rake: the last "Pot sizes" lines are the main pot and the side
        pots, before the rake (hand 2080628024: $0.15 and $0.06, $0.02 rake from pot 1,
        $0.13 paid from the main pot); without them, what went in."""
        hand = self.hand
        hand.rake = self.rake
        if self.pot_sizes:
            hand.total_pot = sum(self.pot_sizes)
            if len(self.pot_sizes) > 1:
                hand.main_pot, hand.side_pots = self.pot_sizes[0], tuple(self.pot_sizes[1:])
        else:
            hand.total_pot = hand.pot_put_in()

    actions: ClassVar[dict[str, Action]] = {
        "posts": _posts,
        "folds": HandReader.folds,
        "checks": HandReader.checks,
        # "calls 110", "calls $0.05 (all-in)": the player's street total after the call
        "calls": HandReader.calls_to,
        "bets": HandReader.bets,  # "bets 580", "bets 705 (all-in)"
        "raises": HandReader.raises_to,  # "raises to 1,090 (all-in)"
        "shows": _shows,
        "mucks": _mucks,
        "has": _has,
        "did": _did,
        "says": _says,
        "wins": _wins,
        "ties": _wins,
    }
    """The reading of each first word after a seated player's name ("Player0 calls 20")."""


class PkrParser(LineSite):
    """PKR's text hand histories ("Table #45061966 - ...", "Starting Hand #...").

    The rake is written pot by pot ("Taking Rake of $0.02 from pot 1"); in the one hand
    with a side pot and rake it came from the main pot (hand 2080628024), which
    `main-pot-first` pays. No odd unit in the files: the RULES.md defaults stand.
    """

    site = "pkr"
    hand_start = words.HAND_START
    rake_rule = "main-pot-first"
    odd_chip_rule = "rules"
    reader = _HandReader

    def detect(self, text: str) -> bool:
        """True when a hand's first line ("Table #44913344 - Eumelus") is followed by
        its "Starting Hand #" line."""
        starts = line_start_pattern(self.hand_start)
        match = self.hand_start.match(text) or starts.search(text)
        while match is not None:
            end = text.find("\n", match.end())
            if end >= 0 and text.startswith(words.SECOND_LINE, end + 1):
                return True
            match = starts.search(text, match.end())
        return False


def _local_time(text: str) -> datetime:
    """The start time as written: "12 May 2012 03:37:34".

    >>> _local_time("20 May 2012 11:06:47")
    datetime.datetime(2012, 5, 20, 11, 6, 47)
    """
    day, month, year, clock = text.split(" ")
    number = words.MONTHS.get(month)
    if number is None:
        raise ValueError(f"unknown month {month!r}")
    hour, minute, second = clock.split(":")
    return datetime(int(year), number, int(day), int(hour), int(minute), int(second))
