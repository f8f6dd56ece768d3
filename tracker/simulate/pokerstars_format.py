"""Writing a simulated hand in PokerStars' own hand-history text.

The wording follows the real PokerStars files: the header and table lines, seat lines,
posts, "*** HOLE CARDS ***" and "Dealt to Hero [..]", stud's "*** 3rd STREET ***" to
"*** RIVER ***" with the up cards dealt, "raises $X to $Y" (X over the bet faced),
"and is all-in", "Uncalled bet ($x) returned to P", "*** SHOW DOWN ***" with
"P: shows [..] (HI: ...; LO: 7,5,4,3,A)", one "collected" line per half of each pot
("from pot"; "from main pot", "from side pot" or "from side pot-N" when there are side
pots, the last side pot first), "No low hand qualified", and the summary: "Total pot",
main and side pots net of rake, "| Rake", "Board [..]" and one line per seat.

A hand run twice (`tracker.simulate.twice`) is written as the real PokerStars ones are:
the streets of the run-out once per board ("*** FIRST TURN *** [7h 5d 3s] [7s]",
"*** FIRST RIVER *** ...", then "*** SECOND TURN *** ..."; "*** FIRST FLOP *** [..]"
when the players are all in before the flop), a showdown per board ("*** FIRST SHOW
DOWN ***", every hand shown again with what it makes on that board, then that board's
collected lines), and in the summary "Hand was run twice", "FIRST Board [..]",
"SECOND Board [..]" and, per player, one "won ($x) with ..." or "lost with ..." per
board, joined by ", and ".

A hand whose payments carry an injected error is written the same way: the collected
lines and the summary's "won" amounts show the payments as recorded, while the total
pot, the pots and the rake stay those of the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tracker.cards import Card, Rank
from tracker.engine.hands import BestHands, MadeHand
from tracker.engine.rules import Half
from tracker.model import ActionKind, Game, Street, Structure
from tracker.simulate.payout import board_seen, show_order
from tracker.simulate.play import FLOP_STREETS, Act, Dealt, Note, Uncalled
from tracker.simulate.record import SimulatedHand
from tracker.simulate.table import EASTERN

HAND_SEPARATOR = "\n\n\n\n"
"""Between two hands: the blank lines PokerStars leaves (three)."""

GAME_WORDS = {
    Game.OMAHA_HILO: "Omaha Hi/Lo",
    Game.OMAHA_HI: "Omaha",
    Game.OMAHA5_HILO: "5 Card Omaha Hi/Lo",
    Game.OMAHA5_HI: "5 Card Omaha",
    Game.COURCHEVEL_HILO: "Courchevel Hi/Lo",
    Game.COURCHEVEL_HI: "Courchevel",
    Game.STUD_HILO: "7 Card Stud Hi/Lo",
    Game.STUD_HI: "7 Card Stud",
}
STRUCTURE_WORDS = {
    Structure.LIMIT: "Limit",
    Structure.POT_LIMIT: "Pot Limit",
    Structure.NO_LIMIT: "No Limit",
}
_STUD_STREET_TITLES = {
    Street.THIRD: "*** 3rd STREET ***",
    Street.FOURTH: "*** 4th STREET ***",
    Street.FIFTH: "*** 5th STREET ***",
    Street.SIXTH: "*** 6th STREET ***",
    Street.SEVENTH: "*** RIVER ***",
}
_BOARD_STREETS = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}
_RUNS = ("FIRST", "SECOND")
_FOLDED_ON = {
    Street.PREFLOP: "folded before Flop",
    Street.FLOP: "folded on the Flop",
    Street.TURN: "folded on the Turn",
    Street.RIVER: "folded on the River",
    Street.THIRD: "folded on the 3rd Street",
    Street.FOURTH: "folded on the 4th Street",
    Street.FIFTH: "folded on the 5th Street",
    Street.SIXTH: "folded on the 6th Street",
    Street.SEVENTH: "folded on the River",
}
_STUD_CARDS_SEEN = {
    Street.THIRD: 3,
    Street.FOURTH: 4,
    Street.FIFTH: 5,
    Street.SIXTH: 6,
    Street.SEVENTH: 7,
}
_RANK_WORDS = {
    Rank.TWO: "Deuce", Rank.THREE: "Three", Rank.FOUR: "Four", Rank.FIVE: "Five",
    Rank.SIX: "Six", Rank.SEVEN: "Seven", Rank.EIGHT: "Eight", Rank.NINE: "Nine",
    Rank.TEN: "Ten", Rank.JACK: "Jack", Rank.QUEEN: "Queen", Rank.KING: "King",
    Rank.ACE: "Ace",
}  # fmt: skip


TOURNAMENT_BUY_IN = "$10+$1 USD"
"""The buy-in written in simulated tournament headers."""


def roman(number: int) -> str:
    """Tournament levels in Roman numerals: 1 -> "I", 14 -> "XIV".

    >>> roman(14), roman(9), roman(40)
    ('XIV', 'IX', 'XL')
    """
    numerals = ((40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
    text = ""
    for value, numeral in numerals:
        count, number = divmod(number, value)
        text += numeral * count
    return text


def dollars(amount: int) -> str:
    """Cents as PokerStars writes dollars: "$2", "$0.50", "$17.19".

    >>> dollars(200), dollars(50), dollars(1719)
    ('$2', '$0.50', '$17.19')
    """
    whole, cents = divmod(amount, 100)
    return f"${whole}" if cents == 0 else f"${whole}.{cents:02d}"


def cards_text(cards: Sequence[Card]) -> str:
    """Cards between brackets: "[Ah 2c]".

    >>> from tracker.cards import parse_cards
    >>> cards_text(parse_cards("Ah 2c"))
    '[Ah 2c]'
    """
    return "[" + " ".join(card.text for card in cards) + "]"


def high_words(hand: MadeHand) -> str:
    """A high hand in PokerStars' words: straights read "Three to Seven", twos "Deuces".

    >>> from tracker.cards import parse_cards
    >>> from tracker.engine.hands import best_stud
    >>> high_words(best_stud(parse_cards("3c 4d 5h 6s 7c 9d Kd"), hilo=False).high)
    'a straight, Three to Seven'
    >>> high_words(best_stud(parse_cards("2c 2d 5h 6s 7c 9d Kd"), hilo=False).high)
    'a pair of Deuces'
    """
    name = hand.name.replace("Twos", "Deuces")
    if name == "a royal flush":
        return "a Royal Flush"
    if name.startswith(("a straight,", "a straight flush,")):
        kind = name.split(",")[0]
        return f"{kind}, {_RANK_WORDS[hand.cards[-1].rank]} to {_RANK_WORDS[hand.cards[0].rank]}"
    return name


def hand_words(best: BestHands, hilo: bool) -> str:
    """What a shown hand makes: "HI: ...; LO: 7,5,4,3,A" in hi/lo games, else the high."""
    if not hilo:
        return high_words(best.high)
    if best.low is None:
        return f"HI: {high_words(best.high)}"
    return f"HI: {high_words(best.high)}; LO: {best.low.name}"


def board_line(street: Street, board: Sequence[Card], run: str = "") -> str:
    """A flop game's street line: the board so far and the new cards; `run` is "FIRST"
    or "SECOND" for the streets of a board run twice.

    >>> from tracker.cards import parse_cards
    >>> board = parse_cards("7h 5d 3s 2s 4h")
    >>> board_line(Street.FLOP, board), board_line(Street.RIVER, board, "SECOND")
    ('*** FLOP *** [7h 5d 3s]', '*** SECOND RIVER *** [7h 5d 3s 2s] [4h]')
    """
    title = f"*** {run + ' ' if run else ''}{_BOARD_STREETS[street]} ***"
    if street is Street.FLOP:
        return f"{title} {cards_text(board[:3])}"
    seen = 3 if street is Street.TURN else 4
    return f"{title} {cards_text(board[:seen])} {cards_text(board[seen : seen + 1])}"


def format_hand(hand: SimulatedHand) -> str:
    """The whole text of one hand, lines joined by newlines (no trailing newline)."""
    return "\n".join(_HandWriter(hand).lines())


class _HandWriter:
    """Writes one hand, section by section."""

    def __init__(self, hand: SimulatedHand) -> None:
        self.hand = hand
        self.setup = hand.setup
        self.names = hand.setup.names
        self.money: Callable[[int], str] = dollars if hand.setup.tournament_id is None else str
        self.out: list[str] = []
        self.board = board_seen(hand.game, hand.dealt, hand.played)
        self.twice = bool(hand.dealt.second_board)
        run_out = hand.played.run_out
        self.run_out = FLOP_STREETS[FLOP_STREETS.index(run_out) :] if run_out else ()

    def lines(self) -> list[str]:
        self.header()
        self.streets()
        if self.hand.played.showdown:
            self.showdown()
        else:
            self.uncontested()
        self.summary()
        return self.out

    def header(self) -> None:
        hand, setup, money = self.hand, self.setup, self.money
        stakes = hand.stakes
        if hand.game.is_stud or hand.structure is Structure.LIMIT:
            levels = f"{money(stakes.small_bet)}/{money(stakes.big_bet)}"
        else:
            levels = f"{money(stakes.small_blind)}/{money(stakes.big_blind)}"
        local = setup.started_at.astimezone(EASTERN)
        when = (
            f"{local.year}/{local.month:02d}/{local.day:02d} "
            f"{local.hour}:{local.minute:02d}:{local.second:02d} ET"
        )
        game = f"{GAME_WORDS[hand.game]} {STRUCTURE_WORDS[hand.structure]}"
        if setup.tournament_id is None:
            self.out.append(f"PokerStars Hand #{setup.hand_id}:  {game} ({levels} USD) - {when}")
        else:
            # "PokerStars Hand #1: Tournament #9, $10+$1 USD Omaha Hi/Lo Pot Limit -
            #  Level III (25/50) - 2026/03/01 20:14:07 ET"
            tournament = f"Tournament #{setup.tournament_id}, {TOURNAMENT_BUY_IN}"
            level = f"Level {roman(setup.level or 1)} ({levels})"
            self.out.append(
                f"PokerStars Hand #{setup.hand_id}: {tournament} {game} - {level} - {when}"
            )
        table = f"Table '{setup.table_name}' {setup.max_seats}-max"
        if setup.button_seat is not None:
            table += f" Seat #{setup.button_seat} is the button"
        self.out.append(table)
        for seat, player in sorted((seat, p) for p, seat in enumerate(setup.seats)):
            stack = money(setup.stacks[player])
            self.out.append(f"Seat {seat}: {self.names[player]} ({stack} in chips)")

    def streets(self) -> None:
        """Posts, streets, actions, notes and returns, in the order they happened."""
        folded: set[int] = set()
        top = 0  # the bet to match on this street, for "raises $X to $Y"
        for step in self.hand.played.steps:
            if isinstance(step, Act):
                self.out.append(self.action(step, top))
                if step.kind is ActionKind.FOLD:
                    folded.add(step.player)
                elif step.kind is ActionKind.RAISE and step.to_amount is not None:
                    top = step.to_amount
                elif step.kind is not ActionKind.POST_ANTE and step.kind.puts_chips_in:
                    top = max(top, step.amount)
            elif isinstance(step, Dealt):
                self.dealt(step.street, folded)
                if step.street not in (Street.PREFLOP, Street.THIRD):
                    top = 0  # the blinds and the bring-in are the first street's bets
            elif isinstance(step, Note):
                self.out.append(step.text)
            elif isinstance(step, Uncalled):
                money = self.money(step.amount)
                self.out.append(f"Uncalled bet ({money}) returned to {self.names[step.player]}")

    def action(self, act: Act, top: int) -> str:
        name, money, kind = self.names[act.player], self.money, act.kind
        if kind is ActionKind.FOLD:
            return f"{name}: folds"
        if kind is ActionKind.CHECK:
            return f"{name}: checks"
        if kind is ActionKind.RAISE and act.to_amount is not None:
            text = f"{name}: raises {money(act.to_amount - top)} to {money(act.to_amount)}"
        else:
            text = f"{name}: {_ACTION_WORDS[kind]} {money(act.amount)}"
        return text + " and is all-in" if act.all_in else text

    def dealt(self, street: Street, folded: set[int]) -> None:
        hand = self.hand
        if hand.game.is_stud:
            self.out.append(_STUD_STREET_TITLES[street])
            self.stud_cards(street, folded)
            return
        board = hand.dealt.board
        if street is Street.PREFLOP:
            self.out.append("*** HOLE CARDS ***")
            hero_cards = cards_text(hand.dealt.hole_cards[hand.hero])
            self.out.append(f"Dealt to {self.names[hand.hero]} {hero_cards}")
            if hand.game in (Game.COURCHEVEL_HILO, Game.COURCHEVEL_HI):
                self.out.append(f"*** PRE-FLOP *** {cards_text(board[:1])}")
        elif not self.twice or street not in self.run_out:
            self.out.append(board_line(street, board))
        elif street is self.run_out[0]:
            # Run twice: the whole run-out of the first board, then of the second.
            for run, cards in zip(_RUNS, (board, hand.dealt.second_board), strict=True):
                self.out.extend(board_line(later, cards, run) for later in self.run_out)

    def stud_cards(self, street: Street, folded: set[int]) -> None:
        """ "Dealt to P [up cards] [new]": the hero sees their own down cards too."""
        seen = _STUD_CARDS_SEEN[street]
        for player, cards in enumerate(self.hand.dealt.hole_cards):
            if player in folded:
                continue
            name = self.names[player]
            if player == self.hand.hero:
                old, new = cards[: seen - 1], cards[seen - 1 : seen]
            elif street is Street.SEVENTH:
                continue  # the last card is dealt face down
            else:
                old, new = cards[2 : seen - 1], cards[seen - 1 : seen]
            if street is Street.THIRD:
                self.out.append(f"Dealt to {name} {cards_text((*old, *new))}")
            else:
                self.out.append(f"Dealt to {name} {cards_text(old)} {cards_text(new)}")

    def collected(self, award_pot: int, player: int, amount: int) -> str:
        pots = len(self.hand.settlement.pots)
        if pots == 1:
            where = "pot"
        elif award_pot == 0:
            where = "main pot"
        else:
            where = "side pot" if pots == 2 else f"side pot-{award_pot}"
        return f"{self.names[player]} collected {self.money(amount)} from {where}"

    def uncontested(self) -> None:
        for award in self.hand.payments:
            self.out.append(self.collected(0, award.player, award.amount))
            if self._shy(award.player):
                self.out.append(f"{self.names[award.player]}: doesn't show hand")

    def _shy(self, player: int) -> bool:
        # Most winners of an uncontested pot say they do not show; the hand id decides.
        return (self.setup.hand_id + player) % 4 != 0

    def showdown(self) -> None:
        if not self.twice:
            self.out.append("*** SHOW DOWN ***")
            self.board_showdown(0)
            return
        for board, run in enumerate(_RUNS):
            self.out.append(f"*** {run} SHOW DOWN ***")
            self.board_showdown(board)

    def board_showdown(self, board: int) -> None:
        """The hands shown, pot by pot from the last side pot, and the payments on one board."""
        hand = self.hand
        order = show_order(hand.played)
        if self.twice:
            # Both real hands run twice table them from the first seat left of the button.
            order = [player for player, out in enumerate(hand.played.folded) if not out]
        revealed: set[int] = set()
        hands = hand.settlement.hands[board]
        for pot_index in reversed(range(len(hand.settlement.pots))):
            eligible = set(hand.settlement.pots[pot_index].eligible)
            for player in order:
                if player in eligible and player not in revealed:
                    revealed.add(player)
                    self.out.append(self.shown(player, hands[player]))
            for award in hand.payments:
                if award.pot == pot_index and award.board == board:
                    self.out.append(self.collected(pot_index, award.player, award.amount))
            if hand.game.is_hilo and self._no_low(pot_index, board):
                self.out.append("No low hand qualified")

    def _no_low(self, pot_index: int, board: int) -> bool:
        awards = [
            award
            for award in self.hand.settlement.awards
            if award.pot == pot_index and award.board == board
        ]
        return bool(awards) and all(award.half is Half.WHOLE for award in awards)

    def shown(self, player: int, best: BestHands | None) -> str:
        name = self.names[player]
        if player in self.hand.mucked or best is None:
            return f"{name}: mucks hand"
        cards = cards_text(self.hand.dealt.hole_cards[player])
        return f"{name}: shows {cards} ({hand_words(best, self.hand.game.is_hilo)})"

    def summary(self) -> None:
        hand, money = self.hand, self.money
        settlement = hand.settlement
        self.out.append("*** SUMMARY ***")
        total = money(sum(pot.amount for pot in settlement.pots))
        self.out.append(f"Total pot {total}{self.pots_text()} | Rake {money(hand.rake)}")
        if self.twice:
            self.out.append("Hand was run twice")
            for run, cards in zip(_RUNS, (self.board, hand.dealt.second_board), strict=True):
                self.out.append(f"{run} Board {cards_text(cards)}")
        elif self.board:
            self.out.append(f"Board {cards_text(self.board)}")
        won = hand.reported()
        for seat, player in sorted((seat, p) for p, seat in enumerate(self.setup.seats)):
            line = f"Seat {seat}: {self.names[player]}{self.labels(player)}"
            self.out.append(f"{line} {self.seat_result(player, won[player])}")

    def pots_text(self) -> str:
        """ " Main pot $y. Side pot-1 $z." (net of rake) when there are side pots."""
        settlement, money = self.hand.settlement, self.money
        nets = [
            pot.amount - rake for pot, rake in zip(settlement.pots, settlement.rake, strict=True)
        ]
        if len(nets) < 2:
            return ""
        parts = [f"Main pot {money(nets[0])}."]
        if len(nets) == 2:
            parts.append(f"Side pot {money(nets[1])}.")
        else:
            parts.extend(f"Side pot-{n} {money(net)}." for n, net in enumerate(nets[1:], start=1))
        return " " + " ".join(parts)

    def labels(self, player: int) -> str:
        """ " (button)", " (small blind)", " (big blind)" as they apply."""
        setup = self.setup
        text = " (button)" if setup.seats[player] == setup.button_seat else ""
        if setup.button_seat is not None:
            small_blind = 1 if len(setup.seats) == 2 else 0
            if player == small_blind:
                text += " (small blind)"
            elif player == 1 - small_blind:
                text += " (big blind)"
        return text

    def seat_result(self, player: int, won: int) -> str:
        played = self.hand.played
        street = played.fold_street[player]
        if street is not None:
            bet = "" if played.put_in[player] else " (didn't bet)"
            return _FOLDED_ON[street] + bet
        if not played.showdown:
            return f"collected ({self.money(won)})"
        cards = cards_text(self.hand.dealt.hole_cards[player])
        if player in self.hand.mucked:
            return f"mucked {cards}"
        boards = range(len(self.hand.settlement.hands))
        return f"showed {cards} and " + ", and ".join(self.result(player, b) for b in boards)

    def result(self, player: int, board: int) -> str:
        """ "won ($x) with ..." or "lost with ...": a shown hand's result on one board."""
        hand = self.hand
        best = hand.settlement.hands[board][player]
        words = "" if best is None else hand_words(best, hand.game.is_hilo)
        won = sum(a.amount for a in hand.payments if a.player == player and a.board == board)
        if won:
            return f"won ({self.money(won)}) with {words}"
        return f"lost with {words}"


_ACTION_WORDS = {
    ActionKind.POST_SMALL_BLIND: "posts small blind",
    ActionKind.POST_BIG_BLIND: "posts big blind",
    ActionKind.POST_ANTE: "posts the ante",
    ActionKind.BRING_IN: "brings in for",
    ActionKind.CALL: "calls",
    ActionKind.BET: "bets",
}
