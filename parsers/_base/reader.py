"""The reader of one hand of a line site: the steps every site takes the same way.

A site's reader subclasses `HandReader`, gives its words (`actions`: the verb after a
player's name, to the method reading the rest of the line; `all_in`: the words an all-in
amount ends with) and writes its own steps in `read` (header, seats, body, summary).
The base holds what sites share:

- the seat lines read by the site's pattern (`read_seats`);
- the seated player whose name starts a line, found by its first word (`split_player`:
  a look-up per line, not a scan of every name) and a player's line read by its verb
  (`player_line`);
- an amount and whether the site's all-in words follow it (`amount_all_in`);
- the actions every site writes alike (`folds`, `checks`, `calls`, `bets`);
- the uncalled bet given back at the end of a betting round, for sites that do not
  write its return (`return_uncalled`).

>>> import re
>>> from parsers._base.text import HandText
>>> SEAT = re.compile(r"Seat (?P<seat>\\d): (?P<player>.+) \\((?P<stack>\\d+)\\)")
>>> class Reader(HandReader):
...     all_in = (" and is all-in",)
...     actions = {"folds": HandReader.folds, "bets": HandReader.bets}
...     def read(self) -> None:
...         for line in self.lines[self.read_seats(0, SEAT) :]:
...             self.player_line(line)
>>> hand = HandBuilder("example", HandText(["Seat 1: Big Al (500)", "Seat 2: Big (80)",
...     "Big bets 80 and is all-in", "Big Al folds"], 1), None)
>>> Reader(hand, decimals=0).read()
>>> [(action.player, action.kind.value, action.amount, action.all_in) for action in hand.actions]
[('Big', 'bet', 80, True), ('Big Al', 'fold', 0, False)]
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.text import money_reader

Action = Callable[[Any, str, str], None]
"""A reader's method for one verb: (reader, player, the rest of the line)."""


class HandReader(ABC):
    """One hand being read by a line site, over its `HandBuilder`.

    Attributes:
        hand: the builder the lines are read into.
        lines: the hand's lines.
        amount: reads an amount as the site writes it, into minor units (cents by
            default; a site reading chips sets `money_reader(0)`).
    """

    actions: ClassVar[dict[str, Action]] = {}
    """The verb after a player's name ("folds", "calls") to the method reading the rest."""

    all_in: ClassVar[tuple[str, ...]] = ()
    """The words that end an all-in amount (" and is all-in", " [all in]"), tried in order."""

    def __init__(self, hand: HandBuilder, *, decimals: int = 2) -> None:
        self.hand = hand
        self.lines = hand.text.lines
        self.amount: Callable[[str], int] = money_reader(decimals)
        self._by_first_word: dict[str, list[str]] = {}

    @abstractmethod
    def read(self) -> None:
        """Read the hand's lines into `hand`, step by step."""

    # Seats and names

    def read_seats(self, start: int, pattern: re.Pattern[str], prefix: str = "Seat ") -> int:
        """Read the seat lines from `start`, each line that starts with `prefix`, by
        `pattern` (groups `seat`, `player`, `stack`, and `out` when the player sits out);
        the index of the first line after them.

        Raises:
            MalformedHandError: a seat line the pattern does not read.
        """
        hand, lines = self.hand, self.lines
        index = start
        while index < len(lines) and lines[index].startswith(prefix):
            hand.at(index)
            seat = pattern.match(lines[index])
            if seat is None:
                raise hand.error("a seat line this reader does not know")
            out = seat.groupdict().get("out")
            hand.seat(int(seat["seat"]), seat["player"], self.amount(seat["stack"]),
                      sitting_out=out is not None)  # fmt: skip
            index += 1
        self.index_names()
        return index

    def index_names(self) -> None:
        """Index the seated names by their first word, longest name first (after the
        seats are read: `read_seats` does it)."""
        by_first_word: dict[str, list[str]] = {}
        for name in sorted(self.hand.players, key=len, reverse=True):
            by_first_word.setdefault(name.partition(" ")[0], []).append(name)
        self._by_first_word = by_first_word

    def split_player(self, line: str, separator: str = " ") -> tuple[str, str] | None:
        """The seated player whose name, then `separator`, starts `line`, and the rest
        of the line; None when no seated player's does. A look-up by the line's first
        word, then `HandBuilder.split_player` (a name holding the separator)."""
        for name in self._by_first_word.get(line.partition(" ")[0], ()):
            end = len(name) + len(separator)
            if line.startswith(name) and line[len(name) : end] == separator:
                return name, line[end:]
        return self.hand.split_player(line, separator)

    def player_line(self, line: str, separator: str = " ") -> None:
        """Read a line that starts with a seated player's name, then `separator`, by the
        method of `actions` for the verb after it.

        Raises:
            MalformedHandError: no seated player's name starts the line, or its verb is
                not one of `actions`.
        """
        found = self.split_player(line, separator)
        if found is None:
            raise self.hand.error("unknown line (no seated player's name starts it)")
        player, rest = found
        verb, _, what = rest.partition(" ")
        action = self.actions.get(verb)
        if action is None:
            raise self.hand.error("unknown line")
        action(self, player, what)

    # Amounts and the actions sites write alike

    def amount_all_in(self, text: str) -> tuple[int, bool]:
        """An amount, and whether the site's all-in words (`all_in`) follow it.

        Raises:
            ValueError: not an amount.
        """
        for words in self.all_in:
            if text.endswith(words):
                return self.amount(text[: -len(words)]), True
        return self.amount(text), False

    def folds(self, player: str, what: str) -> None:
        """ "bob folds"."""
        self.hand.fold(player)

    def checks(self, player: str, what: str) -> None:
        """ "bob checks"."""
        self.hand.check(player)

    def calls(self, player: str, what: str) -> None:
        """ "bob calls $2" (the chips the call adds), all in when the site says so."""
        amount, all_in = self.amount_all_in(what)
        self.hand.call(player, amount, all_in=all_in)

    def bets(self, player: str, what: str) -> None:
        """ "bob bets $3", all in when the site says so."""
        amount, all_in = self.amount_all_in(what)
        self.hand.bet(player, amount, all_in=all_in)

    # The end of a betting round

    def return_uncalled(self) -> tuple[str, int] | None:
        """At the end of a betting round, for sites that do not write it: the bet no one
        called goes back to its bettor (recorded as returned); the player and amount, or
        None when every bet was matched. Once returned, the street's bets are matched,
        so a second call finds nothing."""
        uncalled = self.hand.uncalled_excess()
        if uncalled is not None:
            self.hand.returned(*uncalled)
        return uncalled
