"""The KingsClub reader: one hand's lines into a `HandBuilder`, step by step (header,
date, table, seats, body, summary, the payments the summary's stacks imply).

A body line is a street marker ("*** FLOP *** [2h 5s Qd]"), a "Dealt to" line, a post
("Player2: posts the small blind 11") or a seated player's name and a verb ("calls 836,
and is all in"), the verb picking the handler by a dictionary look-up. KingsClub writes
no uncalled bet's return, no total pot and no half: the reader finds the uncalled bets
from the betting, and the summary's final stacks say what each player got.
docs/sites/kingsclub.md describes the format line by line.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.lines import LineSite
from parsers._base.reader import Action, HandReader
from parsers._base.text import bracket_words, read_cards, to_utc, written_time
from parsers.kingsclub import words
from tracker.cards import Card
from tracker.model import ActionKind, Game, Stakes, Street, Structure

_HIDDEN = "X"
"""A card dealt face down to another player: "Dealt to Player0: [X X Td]"."""


def _cards(written: list[str]) -> tuple[Card, ...]:
    """The cards of `written`, face-down ones ("X") left out.

    >>> _cards(["X", "X", "Td"])
    (Card('Td'),)
    """
    return read_cards([card for card in written if card != _HIDDEN])


class _HandReader(HandReader):
    """One hand being read: what the builder does not keep (the blinds posted, the
    summary's final stacks). Every amount is in cents ("2,975.96", "11": the files name
    no currency)."""

    all_in = (words.ALL_IN,)

    def __init__(self, hand: HandBuilder) -> None:
        super().__init__(hand)
        self.blinds: dict[ActionKind, int] = {}
        self.final_stacks: dict[str, int] = {}
        self.paid = False

    def read(self) -> None:
        """The steps of a hand, in the order KingsClub writes them."""
        self._header()
        index = self._seats(3)
        index = self._body(index)
        self._summary(index + 1)
        self._settle()

    # The header, the table and the seats

    def _header(self) -> None:
        # "#37580598: Pot Limit Big O - 11/22", then "2020-10-26 18:36:41", then
        # "Table 'Real Deal Mix' Seat 2 is the button"
        hand, lines = self.hand, self.lines
        match = words.HEADER.match(lines[0])
        if match is None:
            raise hand.error("a hand header this reader does not know", 0)
        hand.name_hand(match["hand_id"])
        written = match["game"]
        structure = next(
            (kind for prefix, kind in words.STRUCTURES if written.startswith(prefix)), None
        )
        game = words.GAMES.get(written.partition("Limit ")[2]) if structure else None
        if structure is None or game is None:
            raise hand.unsupported(written, 0)
        if len(lines) < 3:
            raise hand.error("hand cut off: it ends before its table line", len(lines) - 1)
        hand.at(1)
        started = written_time(lines[1].strip(), "-")
        hand.at(2)
        table = words.TABLE.match(lines[2])
        if table is None:
            raise hand.error("no table line after the date")
        hand.start(
            match["hand_id"],
            game,
            structure,
            to_utc(started, words.TIMEZONE),
            site_timezone=words.TIMEZONE,
            stakes=_stakes(self.amount(match["small"]), self.amount(match["big"]), game, structure),
        )
        button = table["button"]
        hand.table(table["name"], button_seat=int(button) if button else None)

    def _seats(self, start: int) -> int:
        """Read the seat lines from `start`; the index of the first line after them."""
        # "Seat 7: Player4 (2,975.96)"
        return self.read_seats(start, words.SEAT)

    # The body

    def _body(self, start: int) -> int:
        """Read the body from `start`; the index of "*** SUMMARY ***"."""
        hand = self.hand
        for index, line in hand.lines_from(start):
            hand.index = index
            if line.startswith("*** "):
                if line.startswith("*** SUMMARY ***"):
                    self.return_uncalled()
                    return index
                self._marker(line)
            elif line.startswith("Dealt to "):
                self._dealt(line[9:])
            elif line.strip():
                first, _, rest = line.partition(" ")
                if first[-1:] == ":" and hand.is_seated(first[:-1]):
                    self._post(first[:-1], rest)  # "Player0: posts ante 22"
                    continue
                found = self.split_player(line)
                if found is not None and self.read_known_action(*found):
                    continue
                found = self.split_player(line, ": ")  # a name holding a space
                if found is None:
                    raise hand.error("unknown line (no seated player's name starts it)")
                self._post(*found)
        raise hand.error("hand cut off: it ends before its summary", len(self.lines) - 1)

    def _marker(self, line: str) -> None:
        # "*** FLOP *** [2h 5s Qd]", "*** TURN *** [9s Jh 2s] [8s]", "*** 3RD STREET ***",
        # "*** BOARD 2 - RIVER *** [- - - 5d] [3h]"
        hand = self.hand
        name = line[4 : line.find(" ***", 4)]
        run = words.BOARD_RUN.match(name)
        streets = words.STUD_STREETS if hand.game.is_stud else words.STREETS
        street = streets.get(run["street"] if run else name)
        if street is None:
            raise hand.error("unknown street line")
        if street is not Street.PREFLOP:
            # the betting round is over: the bet no one called goes back to its bettor,
            # which KingsClub does not write (hand 37660193: Player0's 56.43 on the flop)
            self.return_uncalled()
        hand.new_street(street)
        written = [card for cards in bracket_words(line) for card in cards]
        if not written:
            return
        board = int(run["board"]) - 1 if run else 0
        shared = 0
        while shared < len(written) and written[shared] == words.SHARED_CARD:
            shared += 1
        if board and not hand.board_cards(board):
            hand.run_again(board, shared)
        hand.set_board(hand.board_cards(0)[:shared] + _cards(written[shared:]), board)

    def _dealt(self, body: str) -> None:
        # "Dealt to Hero: [6h As 2d 2c 9d]", "Dealt to Player0: [X X X X X]"; stud
        # "Dealt to Player0: [X X Td]", then one card a street: "[Ks]", "[X]"
        hand = self.hand
        found = self.split_player(body, ": [")
        if found is None:
            raise hand.error("cards dealt to a player without a seat")
        player = found[0]
        written = bracket_words(body[len(player) :])
        if len(written) != 1 or not written[0]:
            raise hand.error("a dealt line without its cards")
        cards = _cards(written[0])
        if not cards:
            return
        if player == hand.hero or (hand.hero is None and _HIDDEN not in written[0]):
            hand.dealt(player, cards)
        elif hand.game.is_stud:
            hand.up(player, cards)
        else:
            raise hand.error("another player's hole cards dealt face up")

    def _post(self, player: str, what: str) -> None:
        # "Player0: posts ante 22", "Player2: posts the small blind 11"
        hand = self.hand
        for words_before, kind in words.POSTS.items():
            if what.startswith(words_before):
                amount, all_in = self.amount_all_in(what[len(words_before) :])
                self.blinds.setdefault(kind, amount)
                hand.post(player, kind, amount, all_in=all_in)
                return
        raise hand.error("unknown line")

    # The players' lines

    def _bets(self, player: str, what: str) -> None:
        # "bets 144.75"; stud "Hero bets 40" over the bring-in: the completion
        hand = self.hand
        amount, all_in = self.amount_all_in(what)
        if hand.street is Street.THIRD and hand.highest_bet():
            hand.complete(player, amount, all_in=all_in)
        else:
            hand.bet(player, amount, all_in=all_in)

    def _brings(self, player: str, what: str) -> None:
        # "brings in for 10"
        if not what.startswith("in for "):
            raise self.hand.error("unknown line")
        amount, all_in = self.amount_all_in(what[7:])
        hand = self.hand
        hand.bring_in(player, amount, all_in=all_in)
        hand.set_stakes(replace(hand.stakes, bring_in=amount))

    def _shows(self, player: str, what: str) -> None:
        # "shows [Qh 8h 7d 3d Qc]"; stud: all seven "[4s Qh Qs 3d 6h As Kd]"
        written = bracket_words(what)
        if len(written) != 1:
            raise self.hand.error("a show without its cards")
        self.hand.shown(player, _cards(written[0]))

    # The summary and the payments

    def _summary(self, start: int) -> None:
        # "Seat 4: Player2 (932.50) +52.50", "Rake 5", "Player2 wins (932.50) from pot"
        hand = self.hand
        hand.rake = 0
        for index, line in hand.lines_from(start):
            hand.index = index
            if line.startswith("Seat "):
                self._final_stack(line)
            elif line.startswith(words.RAKE):
                hand.rake = self.amount(line[len(words.RAKE) :])
            elif line.strip():
                self._wins(line)
        if not self.paid:
            raise hand.error("hand cut off: its summary pays no one", len(self.lines) - 1)

    def _final_stack(self, line: str) -> None:
        hand = self.hand
        seat = words.FINAL_STACK.match(line)
        if seat is None:
            raise hand.error("a summary seat line this reader does not know")
        player, stack = hand.seated(seat["player"]), self.amount(seat["stack"])
        net = seat["net"]
        started = self.stacks[player]
        if (
            net is not None
            and (-1 if net[0] == "-" else 1) * self.amount(net[1:]) != stack - started
        ):
            raise hand.error("the summary's net is not the difference of the stacks")
        self.final_stacks[player] = stack
        hand.summary(int(seat["seat"]), player, line[line.find("(") :])

    def _wins(self, line: str) -> None:
        hand = self.hand
        found = self.split_player(line)
        wins = words.WINS.match(found[1]) if found else None
        if found is None or wins is None:
            raise hand.error("unknown summary line")
        hand.collect(found[0], self.amount(wins["amount"] or wins["from_pot"]))
        self.paid = True

    def _settle(self) -> None:
        """The total pot (what went in: KingsClub writes none), the blinds of limit
        games, and the payments the summary does not write but its stacks show."""
        hand = self.hand
        hand.total_pot = hand.pot_put_in()
        self._unwritten_payments()
        if hand.header.structure is Structure.LIMIT and not hand.game.is_stud:
            hand.set_stakes(
                replace(
                    hand.stakes,
                    small_blind=self.blinds.get(ActionKind.POST_SMALL_BLIND),
                    big_blind=self.blinds.get(ActionKind.POST_BIG_BLIND),
                )
            )
        ante = self.blinds.get(ActionKind.POST_ANTE)
        if ante is not None:
            hand.set_stakes(replace(hand.stakes, ante=ante))

    def _unwritten_payments(self) -> None:
        """A pot only one player is left in is paid without a line: hand 3969308, where
        Hero's big blind of 500 less 250 uncalled is matched by Player0's 125 all in and
        the folded small blind's 250; the summary pays Player0 the 375 of the main pot
        and leaves Hero's stack at 32,500, the 250 of the side pot. A player whose final
        stack is above their stack less what they put in plus what they were paid gets
        the difference from the last pot, the one they alone are in."""
        hand = self.hand
        paid: dict[str, int] = {}
        for collection in hand.collections:
            paid[collection.player] = paid.get(collection.player, 0) + collection.amount
        for player, stack in self.final_stacks.items():
            missing = stack - (self.stacks[player] - hand.put_in(player) + paid.get(player, 0))
            if missing > 0:
                hand.collect(player, missing, pot=self._last_pot())

    def _last_pot(self) -> int:
        """The number of the last pot (0 for the main pot): one more per level of a
        player all in below the largest amount in of a player still in the hand."""
        hand = self.hand
        folded = {action.player for action in hand.actions if action.kind is ActionKind.FOLD}
        levels = {hand.put_in(player) for player in hand.players if player not in folded}
        return len(levels) - 1 if levels else 0

    actions: ClassVar[dict[str, Action]] = {
        "folds": HandReader.folds,
        "checks": HandReader.checks,
        # "calls 80", "calls 836, and is all in": the player's street total after it
        "calls": HandReader.calls_to,
        "bets": _bets,
        "raises": HandReader.raises_to,  # "raises to 627.25", "raises to 836, and is all in"
        "brings": _brings,
        "shows": _shows,
    }
    """The reading of each first word after a player's name ("Player0 calls 80")."""


class KingsClubParser(LineSite):
    """KingsClub's text hand histories ("#37580598: Pot Limit Big O - 11/22").

    No file shows an odd cent or rake over several pots: the RULES.md defaults stand.
    """

    site = "kingsclub"
    hand_start = words.HAND_START
    rake_rule = "main-pot-first"
    odd_chip_rule = "rules"
    reader = _HandReader


def _stakes(small: int, big: int, game: Game, structure: Structure) -> Stakes:
    """The header's "11/22": blinds; in limit games the small and big bet (the blinds
    are read from the posts)."""
    if structure is Structure.LIMIT:
        return Stakes(small_bet=small, big_bet=big)
    return Stakes(small_blind=small, big_blind=big)
