"""The Bovada reader: one hand's lines into a `HandBuilder`, step by step (header, seats,
body, summary, payments).

A body line is "<position> : <what it did>" ("UTG+4 : Raises $0.10 to $0.10"); the
first word after the colon picks the handler (a dictionary look-up, no pattern per
line). The old format (2012) writes no street lines between "*** HOLE CARDS ***" and
"*** SUMMARY ***": there the end of each betting round is found from the betting itself
(everyone still in has acted and matched the last bet). docs/sites/bovada.md describes
the format line by line.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from parsers._base.builder import HandBuilder
from parsers._base.column_site import ColumnLineSite
from parsers._base.reader import Action, HandReader
from parsers._base.text import money_reader, to_utc
from parsers.bovada import columns, words
from parsers.bovada.summary import Results, pay, read_summary
from parsers.bovada.words import bracket_cards
from tracker.cards import Card
from tracker.model import ActionKind, CardSource, Stakes, Street, Structure, Tournament

_ME = words.ME


class _HandReader(HandReader):
    """One hand being read: the state the builder does not keep (positions as written,
    hole cards, payments waiting for the summary, the betting round's progress)."""

    def __init__(self, hand: HandBuilder) -> None:
        super().__init__(hand)
        self.stud = False
        self.hole_count = 4
        self.names: dict[str, str] = {}
        self.hole: dict[str, list[Card]] = {}
        self.results: Results = []
        self.blinds: list[int | None] = [None, None]
        self.ante: int | None = None
        self.bring_in: int | None = None
        self.completed: int | None = None
        # The old format's rounds: who still has to act, who can act at all.
        self.infer = True
        self.started = False
        self.active: set[str] = set()
        self.pending: set[str] = set()

    def read(self) -> None:
        """Read one hand: header, seats, body, summary, payments."""
        index = self.header()
        index = self.seats(index)
        index = self.body(index)
        won = read_summary(self.hand, index, self.amount, stud=self.stud)
        pay(self.hand, self.results, won)
        self.set_stakes()

    # The header and the seats

    def header(self) -> int:
        # "Bovada Hand #2902233667 TBL#8747464 OMAHA HiLo Pot Limit - 2014-08-05 00:56:59"
        hand = self.hand
        match = words.HEADER.match(self.lines[0])
        if match is None:
            raise hand.error("unreadable hand header", 0)
        hand.name_hand(match["hand_id"])
        game = words.GAMES.get(match["game"])
        if game is None:
            raise hand.unsupported(match["game"])
        self.stud = game.is_stud
        self.hole_count = game.hole_card_count
        self.infer = not game.is_stud
        structure = words.STRUCTURES[match["structure"]]
        date = match["date"]
        started = to_utc(
            datetime(
                int(date[0:4]),
                int(date[5:7]),
                int(date[8:10]),
                int(date[11:13]),
                int(date[14:16]),
                int(date[17:19]),
            ),
            words.TIMEZONE,
        )
        tournament = None
        stakes = None
        table = match["table"] or ""
        if match["tournament"] is not None:
            self.amount = money_reader(0)
            tournament = Tournament(match["tournament"], None, None, None, match["level"])
            table = f"{match['tournament']} {match['tournament_table']}"
            if match["big_blind"] is not None:
                small, big = self.amount(match["small_blind"]), self.amount(match["big_blind"])
                stakes = _blind_stakes(structure, small, big)
        hand.start(
            match["hand_id"],
            game,
            structure,
            started,
            site_timezone=words.TIMEZONE,
            stakes=stakes,
            currency=None if tournament else "USD",
            tournament=tournament,
        )
        hand.table(table)
        return 1

    def seats(self, start: int) -> int:
        # "Seat 9: UTG+5 [ME] ($5 in chips)"; stud: "Seat+5 [ME]: $200 in chips"
        hand, lines, names = self.hand, self.lines, self.names
        pattern = words.STUD_SEAT if self.stud else words.SEAT
        index = start
        while index < len(lines):
            line = lines[index]
            if not line.startswith("Seat") or " : " in line:
                break
            hand.index = index
            match = pattern.match(line)
            if match is None:
                raise hand.error("unreadable seat line")
            seat = int(match["seat"])
            name = f"Seat+{seat}" if self.stud else match["name"]
            hand.seat(seat, name, self.amount(match["stack"]))
            names[name] = name
            if match["me"]:
                hand.hero = name
                names[name + _ME] = names[name + " " + _ME] = name
            index += 1
        return index

    def player(self, written: str) -> str:
        """The seated player a line's position names ("UTG+5  [ME]" is "UTG+5")."""
        player = self.names.get(written)
        if player is None:
            player = self.hand.seated(written.replace("[ME]", "").strip())
            self.names[written] = player
        return player

    # The body

    def body(self, start: int) -> int:
        hand, lines, names = self.hand, self.lines, self.names
        actions, goes_on, news = self.actions, self.goes_on, _NEWS_VERBS
        for index in range(start, len(lines)):
            line = lines[index]
            hand.index = index
            written, colon, said = line.partition(" : ")
            if colon:
                verb, _, rest = said.partition(" ")
                action = actions.get(verb)
                if action is not None and rest.startswith(goes_on.get(verb, "")):
                    action(self, names.get(written) or self.player(written), rest)
                elif verb not in news:
                    raise hand.error("unknown line")
            elif line.startswith("*** "):
                if line.startswith("*** SUMMARY ***"):
                    return index + 1
                self.street_line(line)
            elif line.strip() and not line.startswith(words.TABLE_NEWS):
                raise hand.error("unknown line")
        raise hand.error("hand cut off: it ends before its summary")

    def street_line(self, line: str) -> None:
        # "*** FLOP *** [9d 7c 4c]", "*** TURN *** [9d 7c 4c] [7s]", "*** 3RD STREET ***"
        end = line.find(" ***", 4)
        name = line[4:end]
        street = words.STREETS.get(name)
        if name == "RIVER":
            street = Street.SEVENTH if self.stud else Street.RIVER
        if street is None or end < 0:
            raise self.hand.error("unknown street line")
        if street is not Street.PREFLOP:
            self.infer = False
        self.hand.new_street(street)
        if not self.stud and street is not Street.PREFLOP:
            last = line.rfind("[")
            self.hand.board(bracket_cards(line[last:]))

    def before_bet(self, player: str) -> None:
        """Before a betting action (while streets are inferred: `infer`): a round that is
        over (everyone able to act has acted on the last bet) means this action opens the
        next street."""
        if not self.started:
            self.started = True
            self.active = set(self.hole) or set(self.hand.players)
            self.pending = set(self.active)
        elif not self.pending:
            street = words.NEXT_STREET.get(self.hand.street)
            if street is None:
                raise self.hand.error("an action after the betting of the river is over")
            self.hand.new_street(street)
            self.pending = set(self.active)
        self.pending.discard(player)

    def after_raise(self, player: str) -> None:
        """A bet or raise: everyone else still able to act must act again."""
        if self.infer:
            self.pending = self.active - {player}

    def out_of_betting(self, player: str) -> None:
        """A fold or an all-in: the player acts no more in the hand."""
        if self.infer:
            self.active.discard(player)
            self.pending.discard(player)

    def set_dealer(self, player: str, rest: str) -> None:
        # "Dealer : Set dealer/Bring in spot [2]"
        start = rest.rfind("[")
        if start < 0 or not rest.endswith("]"):
            raise self.hand.error("unreadable button seat")
        self.hand.table(self.hand.header.table_name, button_seat=int(rest[start + 1 : -1]))

    def small_blind(self, player: str, rest: str) -> None:
        # "Small Blind : Ante/Small Blind $0.02", "Small Blind [ME] : Ante/Small blind 75"
        amount = self.amount(rest.rpartition(" ")[2])
        self.blinds[0] = amount
        self.hand.post(player, ActionKind.POST_SMALL_BLIND, amount)

    def big_blind(self, player: str, rest: str) -> None:
        # "Big Blind : Big blind/Bring in $0.05"
        amount = self.amount(rest.rpartition(" ")[2])
        self.blinds[1] = amount
        self.hand.post(player, ActionKind.POST_BIG_BLIND, amount)

    def posts(self, player: str, rest: str) -> None:
        # "UTG+5  [ME] : Posts chip $0.05": a live blind posted to come in (or back in)
        amount = self.amount(rest.rpartition(" ")[2])
        big = self.blinds[1]
        kind = ActionKind.POST_SMALL_BLIND if big and amount < big else ActionKind.POST_BIG_BLIND
        self.hand.post(player, kind, amount)

    def ante_chip(self, player: str, rest: str) -> None:
        # stud: "Seat+5 [ME] : Ante chip $1.25"
        self.ante = self.amount(rest.rpartition(" ")[2])
        self.hand.post(player, ActionKind.POST_ANTE, self.ante)

    def bring_in_chip(self, player: str, rest: str) -> None:
        # stud: "Seat+5 [ME] : Bring_in chip $2.50"
        self.bring_in = self.amount(rest.rpartition(" ")[2])
        self.hand.bring_in(player, self.bring_in)

    def card(self, player: str, rest: str) -> None:
        # "UTG+4 : Card dealt to a spot [8h Ac 3h 3c]"; stud "Seat+2 : Card dealt to a
        # spot [3h]": every player's cards, as the site lists them all
        cards = bracket_cards(rest)
        hand = self.hand
        if not self.stud and len(cards) != self.hole_count:
            raise hand.error(f"{len(cards)} hole cards dealt in {hand.game.value}")
        hand.dealt(player, cards, hero=player == hand.hero)
        self.hole.setdefault(player, []).extend(cards)

    # Not the base's fold, check, call and bet: the old format's rounds are inferred
    # from them, and an all-in is its own verb ("All-in $2.36").

    def folds(self, player: str, rest: str) -> None:
        # "UTG : Folds", "Dealer : Folds (timeout)", "Folds (auth)", "Folds(timeout)"
        if self.infer:
            self.before_bet(player)
        self.hand.fold(player)
        self.out_of_betting(player)

    def checks(self, player: str, rest: str) -> None:
        # "Big Blind : Checks", "Small Blind  [ME] : Checks (timeout)"
        if self.infer:
            self.before_bet(player)
        self.hand.check(player)

    def calls(self, player: str, rest: str) -> None:
        # "UTG+1 : Calls $0.05"; the old format "Big Blind : Call 100"
        if self.infer:
            self.before_bet(player)
        self.hand.call(player, self.amount(rest))

    def bets(self, player: str, rest: str) -> None:
        # "UTG+4 : Bets $0.60"
        if self.infer:
            self.before_bet(player)
        self.hand.bet(player, self.amount(rest))
        self.after_raise(player)

    def raises(self, player: str, rest: str, *, all_in: bool = False) -> None:
        # "UTG+2 : Raises $1.73 to $1.86": the chips put in, then the street total;
        # the old format "Big Blind : Raises $22", the street total alone
        put, to, total = rest.partition(" to ")
        if self.infer:
            self.before_bet(player)
        in_before = self.hand.street_in(player)
        target = self.amount(total if to else put)
        if to and self.amount(put) != target - in_before:
            raise self.hand.error(f"a raise of {put} to {total} over {in_before} already in")
        self.raise_to(player, target, all_in=all_in)

    def raise_to(self, player: str, target: int, *, all_in: bool) -> None:
        hand = self.hand
        if self.stud and hand.street is Street.THIRD and self.completed is None:
            # the first raise of the bring-in completes it to the small bet
            self.completed = target
            hand.complete(player, target, all_in=all_in)
        else:
            hand.raise_to(player, target, all_in=all_in)
        self.after_raise(player)
        if all_in:
            self.out_of_betting(player)

    def all_in_raise(self, player: str, rest: str) -> None:
        # "UTG+2 : All-in(raise) $1.69 to $1.69"; the old format "All-in(raise) $124"
        self.raises(player, rest, all_in=True)

    def all_in_chips(self, player: str, rest: str) -> None:
        # "UTG+1 : All-in $2.36": the chips the player puts in, a bet, call or raise
        # as the street stands
        hand = self.hand
        amount = self.amount(rest)
        if self.infer:
            self.before_bet(player)
        highest = hand.highest_bet()
        target = hand.street_in(player) + amount
        if target <= highest:
            hand.call(player, amount, all_in=True)
            self.out_of_betting(player)
        elif highest == 0:
            hand.bet(player, amount, all_in=True)
            self.after_raise(player)
            self.out_of_betting(player)
        else:
            self.raise_to(player, target, all_in=True)

    def returned(self, player: str, rest: str) -> None:
        # "UTG+4 : Return uncalled portion of bet $1.80"
        self.hand.returned(player, self.amount(rest.rpartition(" ")[2]))

    def showdown(self, player: str, rest: str) -> None:
        # "UTG+1 : Showdown [9d 7d 6c 8c Tc 8h 7d 6c 2d 3s] (Straight)": the best high
        # five, then the best low five; the hand shown is the hole cards dealt
        hole = self.hole.get(player)
        if hole:
            self.hand.shown(player, tuple(hole), street=Street.SHOWDOWN)

    def mucks(self, player: str, rest: str) -> None:
        # "Big Blind : Mucks [Jc 4s 2h 3c] (Two pair)": the hole cards, face up
        self.hand.shown(player, bracket_cards(rest), CardSource.MUCKED, street=Street.SHOWDOWN)

    def result(self, player: str, rest: str) -> None:
        # "UTG+4 : Hand result $1.71", "Hand Result 450", "Hand result-Side pot $0.60"
        if not rest.startswith(("result", "Result")):
            raise self.hand.error("unknown line")
        pot = 1 if rest.startswith(words.SIDE_POT, 6) else 0
        self.results.append((player, self.amount(rest.rpartition(" ")[2]), pot))

    def no_show(self, player: str, rest: str) -> None:
        # "UTG+5 : Does not show [8d Ts Kh 7d] (One pair)": won without a showdown
        return

    # The stakes

    def set_stakes(self) -> None:
        """Cash games' stakes, which the header does not give: the blinds posted (the
        small and big bet of limit games from the big blind); stud's ante and bring-in,
        and the small bet the bring-in was completed to."""
        hand = self.hand
        if hand.header.tournament is not None:
            return
        small, big = self.blinds
        if self.stud:
            small_bet = self.completed
            hand.set_stakes(
                Stakes(
                    small_bet=small_bet,
                    big_bet=None if small_bet is None else 2 * small_bet,
                    ante=self.ante,
                    bring_in=self.bring_in,
                )
            )
        elif big is not None:
            hand.set_stakes(_blind_stakes(hand.header.structure, small, big))

    actions: ClassVar[dict[str, Action]] = {
        "Card": card,
        "Folds": folds,
        "Folds(timeout)": folds,
        "Checks": checks,
        "Calls": calls,
        "Call": calls,
        "Bets": bets,
        "Raises": raises,
        "All-in": all_in_chips,
        "All-in(raise)": all_in_raise,
        "Return": returned,
        "Showdown": showdown,
        "Mucks": mucks,
        "Does": no_show,
        "Hand": result,
        "Set": set_dealer,
        "Ante/Small": small_blind,
        "Big": big_blind,
        "Posts": posts,
        "Ante": ante_chip,
        "Bring_in": bring_in_chip,
    }
    """The first word after "<position> : " to the method reading the line."""

    goes_on: ClassVar[dict[str, str]] = {
        "Card": "dealt to a spot [",
        "Return": "uncalled portion of bet ",
        "Showdown": "[",
        "Mucks": "[",
        "Does": "not show",
        "Set": "dealer/Bring in spot",
        "Big": "blind/Bring in ",
        "Posts": "chip ",
        "Ante": "chip ",
        "Bring_in": "chip ",
    }
    """The words that follow a verb on every line of it, where the verb alone is not
    enough ("Card dealt to a spot [", "Return uncalled portion of bet "): a line that
    does not go on with them is unknown; each method checks the amounts and the rest."""


def _blind_stakes(structure: Structure | None, small: int | None, big: int) -> Stakes:
    """The stakes of blinds `small`/`big`: limit games bet the big blind, then twice it."""
    if structure is Structure.LIMIT:
        return Stakes(small_blind=small, big_blind=big, small_bet=big, big_bet=2 * big)
    return Stakes(small_blind=small, big_blind=big)


_NEWS_VERBS = frozenset({"Table", "Seat", "Sit", "Stand", "Re-join", "Ranking"})
"""First words of a player's lines that say nothing of the game: "UTG+2 : Table deposit
$1.90", "Dealer : Seat stand", "Dealer : Sit out", "Dealer : Re-join", "Small Blind [ME] :
Ranking 39" (a tournament's finishing place)."""


class BovadaParser(ColumnLineSite):
    """Bovada and Bodog hand histories: Omaha (hi/lo and high) and seven-card stud
    (hi/lo and high), cash games and tournaments; the usual flop-game hands of the 2014
    format read column-wise (`parsers.bovada.columns`)."""

    site = "bovada"
    hand_start = words.HAND_START
    rake_rule = "proportional"
    odd_chip_rule = "low-remainder-to-high"
    reader = _HandReader
    header_start = columns.HEADER_START
    header_columns = columns.HEADER
    column_format = columns.FORMAT

    def read_header(self, hand: HandBuilder) -> int:
        """The header, as `_HandReader` reads it; tournament amounts are in chips."""
        _HandReader(hand).header()
        return 0 if hand.header.tournament else 2
