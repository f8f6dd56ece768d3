"""The GGPoker reader: one hand's lines into a `HandBuilder`, step by step (header and
table, seats, body, summary).

A body line is a marker ("*** FLOP *** [Th 2h Ks]"), a "Dealt to", "Uncalled bet" or
"Cash Drop" line, a payment ("291a0936 collected $2.73 from pot", the one player line
without a colon), or a seated player's name, ": " and what the player did: the first
word after it ("posts", "calls", "straddle", ...) picks the handler, a dictionary
look-up. docs/sites/ggpoker.md describes the format line by line.
"""

from __future__ import annotations

from typing import ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.column_site import ColumnLineSite
from parsers._base.reader import Action, HandReader
from parsers._base.text import money_reader, read_cards, to_utc, written_time
from parsers.ggpoker import columns, words
from tracker.cards import Card
from tracker.errors import HandHistoryError
from tracker.model import ActionKind, CardSource, Stakes, Tournament


def _cards(written: str) -> tuple[Card, ...]:
    """The cards of a bracket's inside: "Th 2h Ks".

    >>> _cards("Th 2h")
    (Card('Th'), Card('2h'))
    """
    return read_cards(written.split())


def _brackets(text: str) -> list[str]:
    """The inside of each bracket of `text`: "[Js 5s Jd] [7s]" -> ["Js 5s Jd", "7s"].

    >>> _brackets(" [Js 5s Jd] [7s]")
    ['Js 5s Jd', '7s']
    """
    found = []
    start = text.find("[")
    while start >= 0:
        end = text.find("]", start)
        if end < 0:
            raise ValueError(f"an unclosed bracket in {text.strip()!r}")
        found.append(text[start + 1 : end])
        start = text.find("[", end)
    return found


class _HandReader(HandReader):
    """One hand being read: what the builder does not keep (the board the payments are
    for, the house money added)."""

    all_in = (words.ALL_IN,)

    def __init__(self, hand: HandBuilder) -> None:
        super().__init__(hand)
        self.board = 0
        self.house_money = 0
        self.seated: frozenset[str] = frozenset()

    def read(self) -> None:
        """The steps of a hand, in the order GGPoker writes them."""
        self._header()
        index = self._seats(2)
        index = self._body(index)
        self._summary(index + 1)

    # The header, the table and the seats

    def _header(self) -> None:
        hand = self.hand
        match = words.HEADER.match(self.lines[0])
        if match is None:
            raise hand.error("a hand header this reader does not know", 0)
        hand.name_hand(match["hand_id"])
        tournament = None
        if match["tournament"] is not None:
            written = match["event"]
            game_name = next(
                (name for name in words.TOURNAMENT_GAMES
                 if written == name or written.endswith(" " + name)),
                None,
            )  # fmt: skip
            if game_name is None:
                raise self._unknown_game(written)
            self.amount = money_reader(0)
            tournament = Tournament(match["tournament"], None, None, None, match["level"])
        else:
            game_name = match["game"]
            if game_name not in words.GAMES:
                raise self._unknown_game(game_name)
        game, structure = words.GAMES[game_name]
        hand.start(
            match["hand_id"],
            game,
            structure,
            to_utc(written_time(match["date"]), words.TIMEZONE),
            site_timezone=words.TIMEZONE,
            stakes=Stakes(self.amount(match["small"]), self.amount(match["big"])),
            currency=None if tournament else self._currency(match["big"]),
            tournament=tournament,
        )
        if len(self.lines) < 2:
            raise hand.error("hand cut off: it ends after its header", 0)
        hand.at(1)
        table = words.TABLE.match(self.lines[1])
        if table is None:
            raise hand.error("no table line after the header")
        hand.table(
            table["name"], max_seats=int(table["max_seats"]), button_seat=int(table["button"])
        )

    def _unknown_game(self, written: str) -> HandHistoryError:
        """A game name not in `words.GAMES`: a game not covered (skipped), unless it
        names a hi/lo game, which the tracker covers (then the hand fails)."""
        if any(mark in written for mark in words.HILO_MARKS):
            return self.hand.error(f"a hi/lo game name this reader does not know: {written!r}", 0)
        return self.hand.unsupported(written)

    def _currency(self, written: str) -> str:
        # "$5": cash amounts carry the symbol; GGPoker has no play money.
        if written.startswith("$"):
            return "USD"
        raise self.hand.error(f"a cash game's stakes without a known currency: {written!r}", 0)

    def _seats(self, start: int) -> int:
        """Read the seat lines from `start`; the index of the first line after them."""
        # "Seat 1: 9d7f4cb8 ($3.26 in chips)"
        index = self.read_seats(start, words.SEAT)
        self.seated = frozenset(self.hand.players)
        if any(": " in name or words.COLLECTED in name for name in self.seated):
            self.seated = frozenset()  # `_player_line` then finds every name by its length
        return index

    # The body: posts, streets, cards, actions, showdown, payments

    def _body(self, start: int) -> int:
        """Read the body from `start`; the index of "*** SUMMARY ***"."""
        hand, seated = self.hand, self.seated
        for index, line in enumerate(self.lines[start:], start):  # as `hand.lines_from`
            hand.index = index  # what `hand.at` does, without a call per line
            # The most lines by far: "Hero: calls $0.35", a look-up of the name.
            name, colon, rest = line.partition(": ")
            if colon and name in seated:
                if rest == "folds":  # the commonest action, read here
                    hand.fold(name)
                    continue
                self.read_action(name, rest.rstrip())
            elif line.startswith("*** "):
                if line.startswith("*** SUMMARY ***"):
                    return index
                self._marker(line)
            elif line.startswith("Dealt to "):
                if line[9:] not in seated:  # "Dealt to 9d7f4cb8": no cards, nothing known
                    self._dealt(line[9:])
            elif line.startswith("Uncalled bet ("):
                # "Uncalled bet ($15.1) returned to 9e7f64d4"
                amount, returned, player = line[14:].partition(") returned to ")
                if not returned:
                    raise hand.error("unknown line")
                hand.returned(hand.seated(player.rstrip()), self.amount(amount))
            elif line.startswith(words.CASH_DROP):
                # "Cash Drop to Pot : total $0.2"
                self.house_money += self.amount(line[len(words.CASH_DROP) :])
            elif line.strip():
                self._player_line(line)
        raise hand.error("hand cut off: it ends before its summary", len(self.lines) - 1)

    def _player_line(self, line: str) -> None:
        """A payment, or a player's line whose name the quick look-up of `_body` does
        not find (names holding ": ")."""
        hand = self.hand
        # "291a0936 collected $2.73 from pot"
        name, collected, what = line.rstrip().partition(words.COLLECTED)
        if not (collected and name in self.seated):
            found = hand.split_player(line, ": ")
            if found is not None:
                player, rest = found
                self.read_action(player, rest.rstrip())
                return
            paid = hand.split_player(line.rstrip(), words.COLLECTED)
            if paid is None:
                raise hand.error("unknown line (no seated player's name starts it)")
            name, what = paid
        if not what.endswith(words.FROM_POT):
            raise hand.error("unknown line")
        hand.collect(name, self.amount(what[: -len(words.FROM_POT)]), board=self.board)

    def _marker(self, line: str) -> None:
        # "*** HOLE CARDS ***", "*** FLOP *** [Th 2h Ks]", "*** SECOND TURN *** [Js 5s
        #  Jd] [4d]", "*** FIRST SHOWDOWN ***"
        hand = self.hand
        end = line.find(" ***", 4)
        if end < 0:
            raise hand.error("unknown line")
        name = line[4:end]
        if name == "HOLE CARDS":
            return
        run, _, street_name = name.rpartition(" ")
        board = words.RUNS.get(run, -1) if run else 0
        if board < 0:
            raise hand.error("unknown line")
        if street_name == words.SHOWDOWN:
            self.board = board
            return
        street = words.STREETS.get(street_name)
        if street is None:
            raise hand.error("unknown line")
        self._deal_board(board, _brackets(line[end + 4 :]))
        hand.new_street(street)

    def _deal_board(self, board: int, brackets: list[str]) -> None:
        """A street's cards on board `board`: the flop alone ("[Th 2h Ks]"), or the
        board so far and the new card ("[Th 2h Ks] [8h]"); a board run again starts
        from the first board's cards written first."""
        hand = self.hand
        if not 1 <= len(brackets) <= 2:
            raise hand.error("a street line without its cards")
        known = _cards(brackets[0]) if len(brackets) == 2 else ()
        if board and not hand.board_cards(board):
            hand.run_again(board, len(known))
        if hand.board_cards(board) != known:
            raise hand.error(f"the cards written before the new ones are not board {board + 1}")
        hand.board(_cards(brackets[-1]), board)

    def _dealt(self, body: str) -> None:
        # "Dealt to Hero [2c Tc Ad Kc]"; every other player: "Dealt to 9d7f4cb8"
        hand = self.hand
        player, bracket, written = body.rstrip().partition(" [")
        if not bracket:
            hand.seated(body.rstrip())
            return
        if not written.endswith("]"):
            raise hand.error("unclosed brackets in a dealt line")
        cards = _cards(written[:-1])
        expected = hand.game.hole_card_count
        if len(cards) != expected:
            raise hand.error(f"{len(cards)} cards dealt in a game of {expected}")
        hand.dealt(hand.seated(player), cards)

    def _posts(self, player: str, what: str) -> None:
        # "posts small blind $0.01", "posts big blind $0.02", "posts the ante 30"
        all_in = what.endswith(words.ALL_IN)
        if all_in:
            what = what[: -len(words.ALL_IN)]
        post, _, written = what.rpartition(" ")
        kind = words.POSTS.get(post)
        if kind is None:
            raise self.hand.error("unknown line")
        self.hand.post(player, kind, self.amount(written), all_in=all_in)

    def _straddle(self, player: str, what: str) -> None:
        # "9e7f64d4: straddle $0.5", then over it "9e7f64d4: straddle $15.35 and is
        #  all-in" (a stack of $15.35): the amount is the straddler's total, and a
        #  straddle is a live blind.
        hand = self.hand
        total, all_in = self.amount_all_in(what)
        added = total - hand.street_in(player)
        if added <= 0:
            raise hand.error(f"a straddle to {total} is not above the {total - added} in")
        hand.post(player, ActionKind.POST_BIG_BLIND, added, all_in=all_in)

    def _folds(self, player: str, what: str) -> None:
        # "b929d9ad: folds"
        if what:
            raise self.hand.error("unknown line")
        self.hand.fold(player)

    def _checks(self, player: str, what: str) -> None:
        # "Hero: checks"
        if what:
            raise self.hand.error("unknown line")
        self.hand.check(player)

    def _raises(self, player: str, what: str) -> None:
        # "Hero: raises $0.04 to $0.06", "raises $55.4 to $105.4 and is all-in"
        _, to, total = what.partition(" to ")
        if not to:
            raise self.hand.error("a raise without its total")
        to_amount, all_in = self.amount_all_in(total)
        self.hand.raise_to(player, to_amount, all_in=all_in)

    def _shows(self, player: str, what: str) -> None:
        # "291a0936: shows [Ah Ac As 7h] (Pair of Aces)", "Hero: shows [..]"
        if not what.startswith("["):
            raise self.hand.error("a show without cards")
        self.hand.shown(player, _cards(_brackets(what)[0]))

    def _insurance(self, player: str, what: str) -> None:
        # "23aca38f: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0) -
        #  (Mandatory/Main/Sub))": a side deal with the house; the pot is paid as dealt.
        match = words.INSURANCE.match("get " + what)
        if match is None:
            raise self.hand.error("unknown line")
        for part in (*match["premium"].split("/"), *match["cover"].split("/")):
            self.amount(part)

    def _premium(self, player: str, what: str) -> None:
        # "23aca38f: pay premium of all-in insurance ($4)": from the stack, not the pot.
        line = "pay " + what
        if not (line.startswith(words.PREMIUM) and line.endswith(")")):
            raise self.hand.error("unknown line")
        self.amount(line[len(words.PREMIUM) : -1])

    # The summary

    def _summary(self, start: int) -> None:
        hand = self.hand
        total: int | None = None
        for index, line in hand.lines_from(start):
            hand.at(index)
            if line.startswith("Seat "):
                self._seat_summary(line)
            elif line.startswith("Total pot "):
                total = self._total_pot(line.rstrip())
            elif line.startswith("Board ["):
                # "Board [Th 2h Ks 8h 9c]"
                hand.set_board(_cards(_brackets(line)[0]))
            elif line.startswith(words.RUN_COUNT):
                continue  # "Hand was run two times": the boards say it
            elif " Board [" in line:
                self._run_board(line)
            elif line.strip():
                raise hand.error("unknown line")
        if total is None:
            raise hand.error("hand cut off: its summary gives no total pot", len(self.lines) - 1)
        # The total counts the house money, which no player put in ("Cash Drop").
        hand.total_pot = total
        hand.added_money = self.house_money

    def _total_pot(self, line: str) -> int:
        # "Total pot $2.81 | Rake $0.06 | Jackpot $0.02 | Bingo $0"; 2020: "Total pot
        #  $14" (no rake written); tournaments "Total pot 600"
        hand = self.hand
        written, *parts = line.split(" | ")
        fees = {}
        for part in parts:
            name, _, amount = part.partition(" ")
            if name not in words.FEES or name in fees:
                raise hand.error("a pot line this reader does not know")
            fees[name] = self.amount(amount)
        hand.rake = fees.pop("Rake", None)
        hand.jackpot_fee = sum(fees.values())  # the jackpot and the bingo fee
        return self.amount(written[10:])  # after "Total pot "

    def _run_board(self, line: str) -> None:
        # "FIRST Board [Js 5s Jd 7s 2s]", then only the cards run again: "SECOND Board
        #  [4d Qs]"
        hand = self.hand
        run, _, rest = line.partition(" Board ")
        board = words.RUNS.get(run)
        if board is None:
            raise hand.error("unknown line")
        cards = _cards(_brackets(rest)[0])
        if board == 0:
            hand.set_board(cards)
        elif not cards or hand.board_cards(board)[-len(cards) :] != cards:
            raise hand.error(f"board {board + 1} differs from the cards dealt")

    def _seat_summary(self, line: str) -> None:
        # "Seat 6: 291a0936 showed [Ah Ac As 7h] and won ($2.73) with Ace High Flush",
        # "Seat 3: 9e7f64d4 (button) collected ($0.6)", "Seat 1: 9d7f4cb8 (button)
        #  folded before Flop (didn't bet)"
        hand = self.hand
        seat, player, text = self.split_summary_seat(line.rstrip())
        amounts = (
            [self.amount(won["amount"]) for won in words.WON.finditer(text)]
            if "won (" in text or "collected (" in text
            else None
        )
        shown = text.find("showed [")
        if shown >= 0:
            hand.shown(player, _cards(_brackets(text[shown:])[0]), CardSource.SUMMARY)
        hand.summary(seat, player, text, sum(amounts) if amounts else None)

    actions: ClassVar[dict[str, Action]] = {
        "posts": _posts,
        "straddle": _straddle,
        "folds": _folds,
        "checks": _checks,
        # "Hero: calls $0.35", "Hero: calls $123.08 and is all-in"
        "calls": HandReader.calls,
        "bets": HandReader.bets,  # "291a0936: bets $0.88 and is all-in"
        "raises": _raises,
        "shows": _shows,
        "get": _insurance,
        "pay": _premium,
    }
    """The reading of each first word after a player's name ("Hero: calls $0.35")."""


class GGPokerParser(ColumnLineSite):
    """GGPoker's text hand histories ("Poker Hand #OM181427446: ..."), the usual hands
    read column-wise (`parsers.ggpoker.columns`).

    Its payments never name the pot (`names_pots` False). The rake comes off the main
    pot first; the jackpot fee is spread over the pots in proportion (`jackpot_rule`,
    hand OM1349864: docs/sites/ggpoker.md, "Conventions").
    """

    site = "ggpoker"
    hand_start = words.HAND_START
    rake_rule = "main-pot-first"
    jackpot_rule = "proportional"
    betting_straddles = True  # hand OM1410171: "9e7f64d4: straddle $0.5", read as a big blind
    odd_chip_rule = "rules"
    names_pots = False
    reader = _HandReader
    header_start = columns.HEADER_START
    header_columns = columns.HEADER
    column_format = columns.FORMAT

    def read_header(self, hand: HandBuilder) -> int:
        """The header and table lines, as `_HandReader` reads them; tournament amounts
        are in chips."""
        _HandReader(hand)._header()
        return 0 if hand.header.tournament else 2
