"""The reader of one hand of a line site: the steps every site takes the same way.

A site's reader subclasses `HandReader`, gives its words (`actions`: the verb after a
player's name, to the method reading the rest of the line; `all_in`: the words an all-in
amount ends with) and writes its own steps in `read` (header, seats, body, summary).
The base holds what sites share:

- the seat lines read by the site's pattern (`read_seats`);
- the seated player whose name starts a line, found by its first word (`split_player`:
  a look-up per line, not a scan of every name) and a player's line read by its verb
  (`player_line`; `read_action` once the player is found, `read_known_action` where
  a verb not in `actions` is not an error);
- an amount and whether the site's all-in words follow it (`amount_all_in`);
- the actions every site writes alike (`folds`, `checks`, `calls`, `bets`, `raises`
  to a street total, completing stud's bring-in below the small bet), and a call
  or bet all in when it takes the player's stack, for sites that never write it
  (`calls_by_stack`, `bets_by_stack`);
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
from tracker.model import Street

Action = Callable[[Any, str, str], None]
"""A reader's method for one verb: (reader, player, the rest of the line)."""


class HandReader(ABC):
    """One hand being read by a line site, over its `HandBuilder`.

    Attributes:
        hand: the builder the lines are read into.
        lines: the hand's lines.
        amount: reads an amount as the site writes it, into minor units (cents by
            default; a site reading chips sets `money_reader(0)`).
        stacks: each seated player's stack at the start of the hand (`read_seats`
            records them; a site with its own seat loop records them itself).
        plain_names: the seated names of one word that begin no other name
            (`index_names`).
    """

    actions: ClassVar[dict[str, Action]] = {}
    """The verb after a player's name ("folds", "calls") to the method reading the rest."""

    all_in: ClassVar[tuple[str, ...]] = ()
    """The words that end an all-in amount (" and is all-in", " [all in]"), tried in order."""

    def __init__(self, hand: HandBuilder, *, decimals: int = 2) -> None:
        self.hand = hand
        self.lines = hand.text.lines
        self.amount: Callable[[str], int] = money_reader(decimals)
        self.stacks: dict[str, int] = {}
        self._by_first_word: dict[str, list[str]] = {}
        self.plain_names: frozenset[str] = frozenset()

    @abstractmethod
    def read(self) -> None:
        """Read the hand's lines into `hand`, step by step."""

    # Seats and names

    def read_seats(self, start: int, pattern: re.Pattern[str], prefix: str = "Seat ") -> int:
        """Read the seat lines from `start`, each line that starts with `prefix`, by
        `pattern` (groups `seat`, `player`, `stack`, and `out` when the player sits out),
        each stack kept in `stacks`; the index of the first line after them.

        Raises:
            MalformedHandError: a seat line the pattern does not read.
        """
        hand, lines, amount, stacks = self.hand, self.lines, self.amount, self.stacks
        has_out = "out" in pattern.groupindex
        index = start
        while index < len(lines) and lines[index].startswith(prefix):
            hand.index = index  # what `hand.at` does, without a call per line
            seat = pattern.match(lines[index])
            if seat is None:
                raise hand.error("a seat line this reader does not know")
            player, stack = seat["player"], amount(seat["stack"])
            out = has_out and seat["out"] is not None
            hand.seat(int(seat["seat"]), player, stack, sitting_out=out)
            stacks[player] = stack
            index += 1
        self.index_names()
        return index

    def index_names(self) -> None:
        """Index the seated names by their first word, longest name first (after the
        seats are read: `read_seats` does it), and keep in `plain_names` the names of
        one word that begin no other name: a line's first word that is one of them
        names that player, with no search (a site's inner loop may test it itself).

        >>> from parsers._base.text import HandText
        >>> class Reader(HandReader):
        ...     def read(self) -> None: ...
        >>> hand = HandBuilder("example", HandText(["x"], 1), None)
        >>> for seat, name in enumerate(["Big Al", "Big", "bob"], 1):
        ...     hand.seat(seat, name, 100)
        >>> reader = Reader(hand)
        >>> reader.index_names()
        >>> sorted(reader.plain_names), reader.split_player("bob folds")
        (['bob'], ('bob', 'folds'))
        """
        by_first_word: dict[str, list[str]] = {}
        for name in sorted(self.hand.players, key=len, reverse=True):
            by_first_word.setdefault(name.partition(" ")[0], []).append(name)
        self._by_first_word = by_first_word
        self.plain_names = frozenset(name for name in self.hand.clear_names() if " " not in name)

    def split_player(self, line: str, separator: str = " ") -> tuple[str, str] | None:
        """The seated player whose name, then `separator`, starts `line`, and the rest
        of the line; None when no seated player's does. The text before the
        separator when it is a name no other name starts (`plain_names`,
        `HandBuilder.clear_names`), else a look-up by the line's first word, then
        `HandBuilder.split_player` (a name holding the separator)."""
        first, found, rest = line.partition(separator)
        if found and first in (
            self.plain_names if separator == " " else self.hand.clear_names(separator)
        ):
            return first, rest
        if separator != " ":
            first = line.partition(" ")[0]
        for name in self._by_first_word.get(first, ()):
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
        self.read_action(*found)

    def read_action(self, player: str, rest: str) -> None:
        """Read what `player` did, `rest` (the line after the name and its separator),
        by the method of `actions` for its first word: for a site that finds the player
        its own way.

        >>> from parsers._base.text import HandText
        >>> class Reader(HandReader):
        ...     actions = {"checks": HandReader.checks}
        ...     def read(self) -> None: ...
        >>> hand = HandBuilder("example", HandText(["x"], 1), None)
        >>> hand.seat(1, "bob", 100)
        >>> Reader(hand).read_action("bob", "checks")
        >>> [(action.player, action.kind.value) for action in hand.actions]
        [('bob', 'check')]

        Raises:
            MalformedHandError: the first word is not one of `actions`.
        """
        verb, _, what = rest.partition(" ")
        action = self.actions.get(verb)
        if action is None:
            raise self.hand.error("unknown line")
        action(self, player, what)

    def read_known_action(self, player: str, rest: str) -> bool:
        """`read_action` when the first word of `rest` is one of `actions`; False, with
        nothing read, when it is not: for a site whose player lines also say what is
        not an action (chat, emotes, news), which it reads next.

        >>> from parsers._base.text import HandText
        >>> hand = HandBuilder("example", HandText(["x"], 1), None)
        >>> hand.seat(1, "bob", 100)
        >>> class Reader(HandReader):
        ...     actions = {"folds": HandReader.folds}
        ...     def read(self) -> None: ...
        >>> reader = Reader(hand)
        >>> reader.read_known_action("bob", "yawns."), reader.read_known_action("bob", "folds")
        (False, True)
        >>> [(action.player, action.kind.value) for action in hand.actions]
        [('bob', 'fold')]
        """
        verb, _, what = rest.partition(" ")
        action = self.actions.get(verb)
        if action is None:
            return False
        action(self, player, what)
        return True

    def split_summary_seat(self, line: str, separator: str = " ") -> tuple[int, str, str]:
        """A summary's seat line ("Seat 3: bob (button) won $4"): the seat number, the
        seated player whose name, then `separator`, follows "Seat 3: ", and the rest.

        >>> from parsers._base.text import HandText
        >>> class Reader(HandReader):
        ...     def read(self) -> None: ...
        >>> hand = HandBuilder("example", HandText(["x"], 1), None)
        >>> hand.seat(3, "Big Al", 100); hand.seat(4, "Big", 100)
        >>> Reader(hand).split_summary_seat("Seat 3: Big Al (button) won $4")
        (3, 'Big Al', '(button) won $4')

        Raises:
            MalformedHandError: no seat number, or no seated player's name after it.
        """
        number, _, rest = line[5:].partition(": ")
        found = self.split_player(rest, separator)
        if not number.isdigit() or found is None:
            raise self.hand.error("a summary seat line of no seated player")
        return int(number), *found

    # Amounts and the actions sites write alike

    def amount_all_in(self, text: str) -> tuple[int, bool]:
        """An amount, and whether the site's all-in words (`all_in`) follow it.

        Raises:
            ValueError: not an amount.
        """
        all_in = self.all_in
        if all_in and text.endswith(all_in):
            for words in all_in:
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

    def calls_to(self, player: str, what: str) -> None:
        """ "bob calls $6" where $6 is bob's street total after the call (not what the
        call adds), all in when the site says so."""
        total, all_in = self.amount_all_in(what)
        self.hand.call_to(player, total, all_in=all_in)

    def raises_to(self, player: str, what: str) -> None:
        """ "bob raises to $6" (the street total), all in when the site says so.

        >>> from parsers._base.text import HandText
        >>> class Reader(HandReader):
        ...     all_in = (" (all-in)",)
        ...     def read(self) -> None: ...
        >>> hand = HandBuilder("example", HandText(["x"], 1), None)
        >>> hand.seat(1, "ann", 500); hand.seat(2, "bob", 80)
        >>> reader = Reader(hand, decimals=0)
        >>> hand.bet("ann", 20)
        >>> reader.raises_to("bob", "to 80 (all-in)")
        >>> reader.calls_to("ann", "80")
        >>> [(action.player, action.amount, action.all_in) for action in hand.actions[1:]]
        [('bob', 80, True), ('ann', 60, False)]

        Raises:
            MalformedHandError: no "to " before the total.
        """
        if not what.startswith("to "):
            raise self.hand.error("a raise without its total")
        to_amount, all_in = self.amount_all_in(what[3:])
        self.hand.raise_to(player, to_amount, all_in=all_in)

    def raises(self, player: str, what: str) -> None:
        """ "bob raises $2 to $6" (what it adds, then the street total), all in when the
        site says so; on stud's third street, below the small bet, it completes the
        bring-in ("Hero raises 25 to 25").

        >>> from datetime import UTC, datetime
        >>> from parsers._base.text import HandText
        >>> from tracker.model import Game, Stakes, Structure
        >>> class Reader(HandReader):
        ...     def read(self) -> None: ...
        >>> hand = HandBuilder("example", HandText(["x"], 1), None)
        >>> hand.start("1", Game.STUD_HI, Structure.LIMIT, datetime(2020, 1, 1, tzinfo=UTC),
        ...            site_timezone="UTC", stakes=Stakes(small_bet=20, big_bet=40))
        >>> hand.seat(1, "ann", 500); hand.seat(2, "bob", 500)
        >>> reader = Reader(hand, decimals=0)
        >>> hand.bring_in("ann", 5)
        >>> reader.raises("bob", "20 to 20")
        >>> reader.raises("ann", "35 to 40")
        >>> [(action.player, action.kind.value) for action in hand.actions]
        [('ann', 'bring_in'), ('bob', 'complete'), ('ann', 'raise')]

        Raises:
            MalformedHandError: no street total after " to ".
        """
        _, _, total = what.partition(" to ")
        if not total:
            raise self.hand.error("a raise without its total")
        to_amount, all_in = self.amount_all_in(total)
        hand = self.hand
        small_bet = hand.stakes.small_bet
        if hand.street is Street.THIRD and small_bet and hand.highest_bet() < small_bet:
            hand.complete(player, to_amount, all_in=all_in)
        else:
            hand.raise_to(player, to_amount, all_in=all_in)

    # All in by the stack, for sites that never write it

    def all_in_by_stack(self, player: str, amount: int) -> bool:
        """True when `amount` more puts the rest of the player's stack (`stacks`) in.

        >>> from parsers._base.text import HandText
        >>> class Reader(HandReader):
        ...     def read(self) -> None: ...
        >>> hand = HandBuilder("example", HandText(["x"], 1), None)
        >>> hand.seat(1, "bob", 500)
        >>> reader = Reader(hand, decimals=0)
        >>> reader.stacks["bob"] = 500
        >>> reader.bets_by_stack("bob", "200")
        >>> reader.all_in_by_stack("bob", 299), reader.all_in_by_stack("bob", 300)
        (False, True)
        """
        return self.hand.put_in(player) + amount >= self.stacks[player]

    def calls_by_stack(self, player: str, what: str) -> None:
        """ "bob calls $2" (the chips the call adds), all in when it takes bob's stack."""
        amount = self.amount(what)
        self.hand.call(player, amount, all_in=self.all_in_by_stack(player, amount))

    def bets_by_stack(self, player: str, what: str) -> None:
        """ "bob bets $3", all in when it takes bob's stack."""
        amount = self.amount(what)
        self.hand.bet(player, amount, all_in=self.all_in_by_stack(player, amount))

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
