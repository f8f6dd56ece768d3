"""The OnGame reader: one hand's lines into a `HandBuilder`, step by step (header, table,
seats, body, summary).

A body line is a dealing line ("--- Dealing flop [Ts, Th, 3h]", "Dealing to Hero: [..]",
"Dealing 4th street"), a separator ("---"), or a seated player's name and what the
player did: the first word after the name ("posts", "calls", ...) picks the handler, a
dictionary look-up. OnGame never writes an uncalled bet's return, and its pots leave the
uncalled bet out ("Main pot: $6" where $9 went in, $3 of it not called): the reader finds
it from the betting at the end of each round and records it as returned. Who was paid
what, and for which half, is in the summary's pot lines ("Main pot: 6060 won by A (3030
High), B (3030 Low)"). docs/sites/ongame.md describes the format line by line.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from typing import ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.lines import LineSite
from parsers._base.reader import Action, HandReader
from parsers._base.text import money_reader, read_cards
from parsers.ongame import words
from tracker.cards import Card
from tracker.model import ActionKind, CardSource, Game, Stakes, Street, Structure, Tournament

_GMT_OFFSET = re.compile(r"GMT([+-])(\d\d):?(\d\d)$")


def _cards(text: str) -> tuple[tuple[Card, ...], int]:
    """The cards of the first bracket of `text` and how many hidden ones ("-") it has.

    >>> _cards("[-, -, Kh]")
    ((Card('Kh'),), 2)
    >>> _cards("Hero: [6h, 3s, 8s, 4s]")[0][-1]
    Card('4s')
    """
    start = text.find("[")
    end = text.find("]", start)
    if start < 0 or end < 0:
        raise ValueError(f"no cards in {text!r}")
    written = text[start + 1 : end].split(", ")
    return read_cards([card for card in written if card != "-"]), written.count("-")


def started_at(text: str) -> tuple[datetime, str]:
    """The time of "Start hand: ..." (Java's `Date.toString()`), in UTC, and the zone
    as written.

    >>> started_at("Mon Sep 13 00:26:26 GMT+0100 2010")
    (datetime.datetime(2010, 9, 12, 23, 26, 26, tzinfo=datetime.timezone.utc), 'GMT+0100')
    >>> started_at("Sun Sep 11 17:58:25 EEST 2011")[0].hour
    14

    Raises:
        ValueError: not such a date, or a zone this reader does not know.
    """
    parts = text.split()
    if len(parts) != 6 or parts[1] not in words.MONTHS:
        raise ValueError(f"not a start time: {text!r}")
    _, month, day, clock, zone, year = parts
    hour, minute, second = clock.split(":")
    offset = words.ZONE_OFFSETS.get(zone)
    if offset is None:
        written = _GMT_OFFSET.match(zone)
        if written is None:
            raise ValueError(f"unknown time zone {zone!r}")
        sign = -1 if written[1] == "-" else 1
        offset = sign * timedelta(hours=int(written[2]), minutes=int(written[3]))
    local = datetime(
        int(year), words.MONTHS[month], int(day), int(hour), int(minute), int(second),
        tzinfo=timezone(offset),
    )  # fmt: skip
    return local.astimezone(UTC), zone


class _HandReader(HandReader):
    """One hand being read: what the builder does not keep (the user's name, the blinds
    of a limit game, the money's unit)."""

    def __init__(self, hand: HandBuilder) -> None:
        super().__init__(hand)
        self.user: str | None = None
        self.blinds: dict[ActionKind, int] = {}
        self.pots: list[int] = []

    def read(self) -> None:
        """The steps of a hand, in the order OnGame writes them."""
        self._header()
        index = self._seats(self._preamble(3))
        index = self._body(index)
        self._summary(index + 1)
        self._set_blinds()

    # The header, the table and the seats

    def _header(self) -> None:
        # "***** History for hand R5-174523451-25 *****"
        hand, lines = self.hand, self.lines
        match = words.HEADER.match(lines[0])
        if match is None:
            raise hand.error("a hand header this reader does not know", 0)
        hand.name_hand(match["hand_id"])
        if len(lines) < 3:
            raise hand.error("hand cut off: it ends before its table line", len(lines) - 1)
        hand.at(1)
        # "Start hand: Sun Sep 11 17:58:25 EEST 2011"
        if not lines[1].startswith(words.START):
            raise hand.error("no start time after the header")
        started, zone = started_at(lines[1][len(words.START) :])
        hand.at(2)
        table = words.TABLE.match(lines[2])
        if table is None:
            raise hand.error("no table line after the start time")
        game = words.GAMES.get(table["game"])
        if game is None:
            raise hand.unsupported(table["game"], 2)
        structure = words.STRUCTURES.get(table["structure"])
        play_money = words.MONEY.get(table["money"])
        if structure is None or play_money is None:
            raise hand.error("a table line this reader does not know")
        tournament = self._tournament(match)
        chips = tournament is not None or play_money
        if chips:
            self.amount = money_reader(0)
        hand.start(
            match["hand_id"],
            game,
            structure,
            started,
            site_timezone=zone,
            stakes=self._stakes(table, game, structure),
            currency=None if chips else _currency(table["stakes"]),
            play_money=play_money,
            tournament=tournament,
        )
        hand.table(table["name"])

    def _tournament(self, header: re.Match[str]) -> Tournament | None:
        # '(TOURNAMENT: "PL Omaha HL", R-186-1481, buy-in: $1.20)'
        if header["tournament"] is None:
            return None
        buy_in = header["buy_in"]
        return Tournament(
            tournament_id=header["tournament_id"],
            buy_in=money_reader(2)(buy_in),
            fee=None,
            currency=_currency(buy_in),
            level=None,
        )

    def _stakes(self, table: re.Match[str], game: Game, structure: Structure) -> Stakes:
        # "$0.50/$0.50", "10/20": blinds; limit "$0.05/$0.10": small and big bet (the
        # blinds are read from their posts); stud adds ", ante: $0.02".
        small, _, big = table["stakes"].partition("/")
        low, high = self.amount(small), self.amount(big)
        ante = self.amount(table["ante"]) if table["ante"] else None
        if game.is_stud:
            return Stakes(small_bet=low, big_bet=high, ante=ante)
        if structure is Structure.LIMIT:
            return Stakes(small_bet=low, big_bet=high, ante=ante)
        return Stakes(low, high, ante=ante)

    def _preamble(self, start: int) -> int:
        """Read "User:", "Button:" and "Players in round:" from `start`; the index of
        the first seat line."""
        hand, lines = self.hand, self.lines
        index = start
        while index < len(lines) and not lines[index].startswith("Seat "):
            hand.at(index)
            line = lines[index]
            if line.startswith("User: "):
                # "User: Hero": whose history it is (the hero, when dealt in)
                self.user = line[6:]
            elif line.startswith("Button: seat "):
                # "Button: seat 8"
                hand.table(hand.header.table_name, button_seat=int(line[13:]))
            elif not line.startswith("Players in round: "):
                # "Players in round: 5 (8)" says nothing the seat lines do not
                raise hand.error("unknown line")
            index += 1
        return index

    def split_player(self, line: str, separator: str = " ") -> tuple[str, str] | None:
        """`HandReader.split_player`, but a name alone is no player's where a separator
        other than a space must follow it ("Dealing to Hero" deals no cards, "Seat 8:
        XYXY26XYXY" is no summary seat line); a body line of a name alone stays an
        "unknown line", its verb missing."""
        found = super().split_player(line, separator)
        if found and separator != " " and not line.startswith(separator, len(found[0])):
            return None
        return found

    def _seats(self, start: int) -> int:
        """Read the seat lines from `start` ("Seat 1: KREST 78 (2065)", "Seat 3:
        nickgerm ($3.74)"); the index of the first line after them."""
        index = self.read_seats(start, words.SEAT)
        if index == start:
            raise self.hand.error("no seat lines", min(index, len(self.lines) - 1))
        return index

    # The body: posts, streets, cards, actions

    def _body(self, start: int) -> int:
        """Read the body from `start`; the index of "Summary:"."""
        hand = self.hand
        for index, line in hand.lines_from(start):
            hand.index = index  # what `hand.at` does, without a call per line
            if line.startswith(words.BOARD_MARKER):
                self._board_street(line[len(words.BOARD_MARKER) :])
            elif line.startswith("Dealing to "):
                self._dealt(line[11:])
            elif line in words.STUD_STREETS:
                # At a round's end the bet no one called goes back, which OnGame does
                # not write (hand R5-174523451-25: "Player1 bets $3", "Player3 folds",
                # "Main pot: $6").
                self.return_uncalled()
                hand.new_street(words.STUD_STREETS[line])
            elif line == "Summary:":
                self.return_uncalled()
                return index
            elif line not in ("---", words.POCKET_CARDS) and line.strip():
                self.player_line(line)
        raise hand.error("hand cut off: it ends before its summary", len(self.lines) - 1)

    def _board_street(self, text: str) -> None:
        # "flop [Ts, Th, 3h]", "turn [8d]", "river [4d]" (after "--- Dealing ")
        hand = self.hand
        name, _, cards = text.partition(" ")
        street = words.BOARD_STREETS.get(name)
        if street is None or hand.game.is_stud:
            raise hand.error("unknown line")
        self.return_uncalled()
        hand.new_street(street)
        hand.board(_cards(cards)[0])

    def _dealt(self, text: str) -> None:
        # "Dealing to Hero: [6h, 3s, 8s, 4s]"; stud "Dealing to the bAAr: [-, -, Kh]",
        # the hero's "Dealing to Hero: [Jh, 9d, Ac]" then "[7h]" a street
        hand = self.hand
        found = self.split_player(text, ": ")
        if found is None:
            raise hand.error("cards dealt to a player without a seat")
        player, written = found
        cards, hidden = _cards(written)
        is_user = player == self.user
        if not hand.game.is_stud:
            hand.dealt(player, cards, hero=is_user)
        elif hand.street is Street.THIRD:
            # Two down cards (hidden, or the hero's own), then the door card.
            if len(cards) + hidden != 3 or not cards:
                raise hand.error("third street deals three cards")
            if cards[:-1]:
                hand.dealt(player, cards[:-1], hero=is_user)
            hand.up(player, cards[-1:])
        elif hand.street is Street.SEVENTH:
            hand.dealt(player, cards, hero=is_user)  # the river, down: the hero's only
        else:
            hand.up(player, cards)

    def amount_all_in(self, text: str) -> tuple[int, bool]:
        """An amount, and whether " [all in]" follows it (`HandReader.amount_all_in`),
        out of the brackets OnGame writes round a blind's ("posts small blind ($0.02)")."""
        all_in = text.endswith(words.ALL_IN)
        if all_in:
            text = text[: -len(words.ALL_IN)]
        return self.amount(text.strip("()")), all_in

    def _posts(self, player: str, what: str) -> None:
        # "posts small blind ($0.02)", "posts big blind (20)", "posts ante $0.02"
        post, _, written = what.rpartition(" (")
        if not post:
            post, _, written = what.rpartition(" ")
        kind = words.POSTS.get(post)
        if kind is None:
            raise self.hand.error("unknown line")
        amount, all_in = self.amount_all_in(written)
        self.hand.post(player, kind, amount, all_in=all_in)
        if kind is not ActionKind.POST_ANTE:
            self.blinds[kind] = max(amount, self.blinds.get(kind, 0))

    def _bets(self, player: str, what: str) -> None:
        # "Player1 bets $3", "AApoKK bets 380 [all in]"; stud's completion after the
        # bring-in: "Hero bets $0.10" (hand R5-82086688-609)
        amount, all_in = self.amount_all_in(what)
        hand = self.hand
        if hand.street is Street.THIRD and hand.highest_bet():
            hand.complete(player, hand.street_in(player) + amount, all_in=all_in)
        else:
            hand.bet(player, amount, all_in=all_in)

    def _small(self, player: str, what: str) -> None:
        # "kueto small bring in $0.05"
        if not what.startswith(words.BRING_IN):
            raise self.hand.error("unknown line")
        amount, all_in = self.amount_all_in(what[len(words.BRING_IN) :])
        hand = self.hand
        hand.bring_in(player, amount, all_in=all_in)
        if hand.stakes.bring_in is None:
            hand.set_stakes(replace(hand.stakes, bring_in=amount))

    # The summary

    def _summary(self, start: int) -> None:
        hand, lines = self.hand, self.lines
        for index, line in hand.lines_from(start):
            hand.at(index)
            if line.startswith("Seat "):
                self._seat_summary(line)
            elif line.startswith(words.RAKE):
                hand.rake = self.amount(line[len(words.RAKE) :])
            elif line.startswith(("Main pot: ", "Side pot ")):
                self._pot(line)
            elif line.startswith(words.END):
                if index != len(lines) - 1:
                    raise hand.error("lines after the end of the hand", index + 1)
                break
            elif line.strip():
                raise hand.error("unknown line")
        else:
            raise hand.error("hand cut off: it ends before its end line", len(lines) - 1)
        if not self.pots:
            raise hand.error("the summary gives no pot", len(lines) - 1)
        if hand.rake is None:
            raise hand.error("the summary gives no rake", len(lines) - 1)
        hand.total_pot = sum(self.pots)
        hand.main_pot = self.pots[0]
        hand.side_pots = tuple(self.pots[1:])

    def _pot(self, line: str) -> None:
        # "Main pot: 6060 won by KREST 78 (3030 High), AApoKK (3030 Low)",
        # "Side pot 1: 330 won by ...", "Main pot: 790 won by KREST 78 (790)"
        hand = self.hand
        match = words.POT.match(line)
        if match is None:
            raise hand.error("a pot line this reader does not know")
        pot = int(match["side_pot"] or 0)
        if pot != len(self.pots):
            raise hand.error("pots out of order")
        self.pots.append(self.amount(match["amount"]))
        rest = match["winners"]
        while rest:
            found = self.split_player(rest, " (")
            if found is None:
                raise hand.error("a payment to a player without a seat")
            player, after = found
            paid, closed, rest = after.partition(")")
            amount, _, half_word = paid.partition(" ")
            half = words.HALVES.get(half_word)
            if not closed or (half_word and half is None):
                raise hand.error("a payment this reader does not know")
            hand.collect(player, self.amount(amount), pot=pot, half=half)
            if rest:
                if not rest.startswith(", "):
                    raise hand.error("a payment this reader does not know")
                rest = rest[2:]

    def _seat_summary(self, line: str) -> None:
        # "Seat 1: Player2 ($64.45), net: -$0.50", "Seat 2: Afro_Fyr (2000)",
        # "Seat 7: tsop13 (2170), net: +170, [9h, 7h, 8s, 3d] (THREE_OF_A_KIND EIGHT)"
        hand = self.hand
        seat, player, text = self.split_summary_seat(line, " (")
        cards = text.find(words.SUMMARY_CARDS)
        if cards >= 0:
            hand.shown(player, _cards(text[cards:])[0], CardSource.SUMMARY)
        hand.summary(seat, player, "(" + text)

    def _set_blinds(self) -> None:
        """A limit flop game's blinds are its largest posts (the header gives the bets)."""
        hand = self.hand
        if hand.header.structure is Structure.LIMIT and not hand.game.is_stud:
            hand.set_stakes(
                replace(
                    hand.stakes,
                    small_blind=self.blinds.get(ActionKind.POST_SMALL_BLIND),
                    big_blind=self.blinds.get(ActionKind.POST_BIG_BLIND),
                )
            )

    actions: ClassVar[dict[str, Action]] = {
        "posts": _posts,
        "folds": HandReader.folds,  # "Hero folds"
        "checks": HandReader.checks,  # "zlnalea checks"
        # "Player1 calls $2", "KREST 78 calls 220 [all in]": the chips the call adds
        "calls": HandReader.calls,
        "bets": _bets,
        "raises": HandReader.raises,  # "KREST 78 raises 1360 to 1460": adds, then the total
        "small": _small,
    }
    """The reading of each first word after a player's name ("Player1 calls $0.50")."""


class OnGameParser(LineSite):
    """OnGame's text hand histories ("***** History for hand R5-81867677-656 *****").

    The high half takes the odd chip of a halved pot (T5-330030241-9); a tied half's
    odd cent goes in seat-number order, the lowest seat first (R5-81867677-657), the
    order the site lists a half's winners in: docs/sites/ongame.md.
    """

    site = "ongame"
    hand_start = words.HAND_START
    rake_rule = "main-pot-first"
    odd_chip_rule = "by-seat-number"
    reader = _HandReader


def _currency(text: str) -> str | None:
    """The currency of an amount as written ("$0.05/$0.10": USD); None for chips.

    >>> _currency("$1.20"), _currency("10/20")
    ('USD', None)
    """
    return words.CURRENCIES.get(text[:1])
