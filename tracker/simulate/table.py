"""Tables, sessions, players, stacks, the clock and hand ids of a simulated history.

A history is a run of sessions. A session is one table (a name, a size, the same hero)
where hands follow each other one to two minutes apart; between sessions the hero is
away for half an hour to most of a day. Stacks carry over from hand to hand; a player
who runs low buys in again or leaves, and a new player takes a free seat.

>>> import random
>>> from tracker.model import Game, Structure
>>> from tracker.simulate.deal import blind_stakes
>>> tables = Tables(random.Random(1), Game.OMAHA_HILO, blind_stakes(25, 50), players=6, seed=1)
>>> setup = tables.next_hand()
>>> len(setup.names), "Hero" in setup.names, setup.max_seats
(6, True, 6)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from tracker.model import Game, Structure
from tracker.simulate.deal import TableStakes, level_stakes

HERO = "Hero"
EASTERN = ZoneInfo("America/New_York")

_TABLE_WORDS = (
    "Aldebaran", "Bellatrix", "Capella", "Deneb", "Eltanin", "Fomalhaut", "Gienah",
    "Hadar", "Izar", "Kochab", "Lesath", "Mirach", "Nashira", "Okul", "Phact", "Rasalas",
    "Sadr", "Tarazed", "Unuk", "Vega", "Wezen", "Zosma",
)  # fmt: skip
_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
_SYLLABLES = (
    "al", "bo", "ca", "dri", "el", "fa", "gor", "hu", "in", "jo", "ka", "lu", "mo", "ne",
    "ol", "pa", "qui", "ri", "sa", "to", "ul", "vi", "wo", "xa", "yo", "ze", "mar", "ton",
)  # fmt: skip
_TITLES = ("Lord", "Mr", "Big", "Dr", "Lady")


@dataclass(slots=True)
class _Occupant:
    name: str
    stack: int


@dataclass(frozen=True, slots=True)
class HandSetup:
    """Who sits where at the start of one hand, and when and where it is dealt.

    Players are in the order of the hand: seat order starting left of the button in
    flop games (the small blind first), seat order in stud.
    """

    hand_id: int
    started_at: datetime
    table_name: str
    max_seats: int
    button_seat: int | None
    seats: tuple[int, ...]
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    stakes: TableStakes
    tournament_id: int | None = None
    level: int | None = None


def run_kind(game: Game, structure: Structure, players: int, *, tournament: bool) -> int:
    """A number from 0 to 527 naming the kind of a run, for its hand ids.

    >>> run_kind(Game.OMAHA_HILO, Structure.POT_LIMIT, 6, tournament=False)
    28
    """
    games = list(Game)
    structures = list(Structure)
    kind = games.index(game) * len(structures) + structures.index(structure)
    return (kind * 2 + tournament) * 11 + min(players, 10)


def table_size(game: Game, players: int) -> int:
    """The "N-max" of the table: 8 for stud, else 2, 6, 9 or 10 for the players seated.

    >>> table_size(Game.OMAHA_HILO, 7), table_size(Game.STUD_HI, 3)
    (9, 8)
    """
    if game.is_stud:
        return 8
    return next(size for size in (2, 6, 9, 10) if players <= size)


class Tables:
    """The run of sessions: call `next_hand`, play it, then `finish_hand` with the stacks.

    Args:
        rng: the random source for seats, names, stacks, times and hand ids.
        game: the game (stud has no button and 8-seat tables).
        stakes: the stakes, which size the buy-ins.
        players: players dealt in every hand, the hero included.
        seed: the run's seed; it places the hand ids so that runs with different seeds
            do not share ids.
        run_kind: a number for the kind of run (game, structure, table size, cash or
            tournament, see `run_kind`), so that runs of different kinds with the same
            seed do not share ids either.
        tournament: True for tournament chips: every session is a tournament whose
            levels rise every `HANDS_PER_LEVEL` hands (`stakes` is the first level), a
            player who falls below the forced bets is knocked out and a player moved
            from another table takes the seat; the tournament ends when the hero is
            knocked out.
    """

    HANDS_PER_LEVEL = 10
    STARTING_CHIPS = 1500

    def __init__(
        self,
        rng: random.Random,
        game: Game,
        stakes: TableStakes,
        *,
        players: int,
        seed: int,
        tournament: bool = False,
        run_kind: int = 0,
    ) -> None:
        self.rng = rng
        self.game = game
        self.first_stakes = stakes
        self.stakes = stakes
        self.tournament = tournament
        # Ids are laid out as kind | seed | offset, wide enough for 10**8 hands a run.
        self.tournament_id = (run_kind + 1) * 10**13 + (seed % 10**6) * 10**7
        self.session_hands = 0
        self.players = players
        self.max_seats = table_size(game, players)
        self.unit = stakes.small_bet if game.is_stud else stakes.big_blind
        self.clock = datetime(2026, 1, 5, 15, 0, tzinfo=UTC) + timedelta(
            days=rng.randrange(300), seconds=rng.randrange(86_400)
        )
        self.hand_id = (run_kind + 1) * 10**16 + (seed % 10**6) * 10**10 + rng.randrange(10**6)
        self.names_used: set[str] = {HERO}
        self.occupants: dict[int, _Occupant] = {}
        self.table_name = ""
        self.button: int | None = None
        self.hands_left = 0
        self.order: tuple[int, ...] = ()

    def next_hand(self) -> HandSetup:
        """The setup of the next hand: a new session when the current one is over."""
        if self.hands_left <= 0:
            self._new_session()
        else:
            self.clock += timedelta(seconds=self.rng.randint(55, 125))
        self.hands_left -= 1
        self.hand_id += self.rng.randint(1, 97)
        level = None
        if self.tournament:
            level = 1 + self.session_hands // self.HANDS_PER_LEVEL
            self.stakes = level_stakes(self.first_stakes, level)
        self.session_hands += 1
        self.clock = _unambiguous(self.clock)
        seats = sorted(self.occupants)
        if self.game.is_stud:
            self.order = tuple(seats)
        else:
            self.button = _next_seat(seats, self.button)
            start = seats.index(self.button) + 1
            self.order = tuple(seats[start:] + seats[:start])
        return HandSetup(
            hand_id=self.hand_id,
            started_at=self.clock,
            table_name=self.table_name,
            max_seats=self.max_seats,
            button_seat=self.button,
            seats=self.order,
            names=tuple(self.occupants[seat].name for seat in self.order),
            stacks=tuple(self.occupants[seat].stack for seat in self.order),
            stakes=self.stakes,
            tournament_id=self.tournament_id if self.tournament else None,
            level=level,
        )

    def finish_hand(self, stacks: Sequence[int]) -> None:
        """Record the stacks after the hand (players in hand order); reload or replace
        players who ran low, and now and then let one leave."""
        for seat, stack in zip(self.order, stacks, strict=True):
            self.occupants[seat].stack = stack
        if self.tournament:
            self._knock_out()
            return
        for seat in self.order:
            occupant = self.occupants[seat]
            if occupant.stack >= self._minimum():
                if occupant.name != HERO and self.rng.random() < 0.01:
                    self._replace(seat)
            elif occupant.name == HERO or self.rng.random() < 0.5:
                occupant.stack = self._buy_in()
            else:
                self._replace(seat)

    def _knock_out(self) -> None:
        """Tournament: players short of the next hand's forced bets are out; the
        tournament is over for the hero when the hero is."""
        next_level = 1 + self.session_hands // self.HANDS_PER_LEVEL
        self.stakes = level_stakes(self.first_stakes, next_level)
        for seat in self.order:
            if self.occupants[seat].stack < self._minimum():
                if self.occupants[seat].name == HERO:
                    self.hands_left = 0
                    return
                self._replace(seat)

    def _minimum(self) -> int:
        """The chips a player needs for the forced bets and a little play."""
        if self.game.is_stud:
            return self.stakes.ante + self.stakes.bring_in + self.stakes.small_bet
        return 2 * self.stakes.big_blind

    def _new_session(self) -> None:
        if self.occupants:
            self.clock += timedelta(seconds=self.rng.randint(35 * 60, 20 * 3600))
        self.hands_left = self.rng.randint(60, 400)
        self.session_hands = 0
        self.stakes = self.first_stakes
        if self.tournament:
            self.tournament_id += self.rng.randint(1, 5000)
            self.table_name = f"{self.tournament_id} {self.rng.randint(1, 60)}"
            self.occupants = {}
        else:
            self.table_name = f"{self.rng.choice(_TABLE_WORDS)} {self.rng.choice(_ROMAN)}"
        seats = sorted(self.rng.sample(range(1, self.max_seats + 1), self.players))
        hero_seat = self.rng.choice(seats)
        self.occupants = {
            seat: _Occupant(HERO if seat == hero_seat else self._new_name(), self._buy_in())
            for seat in seats
        }
        self.button = self.rng.choice(seats) if not self.game.is_stud else None

    def _replace(self, seat: int) -> None:
        """The player leaves; a new one sits down in a free seat."""
        del self.occupants[seat]
        free = [s for s in range(1, self.max_seats + 1) if s not in self.occupants]
        self.occupants[self.rng.choice(free)] = _Occupant(self._new_name(), self._buy_in())

    def _buy_in(self) -> int:
        """A stack: short (side pots), standard, or deep, in units of the big blind.
        In a tournament: the starting chips, or for a player moved in from another
        table half to one and a half times the table's average."""
        if self.tournament:
            if not self.occupants:
                return self.STARTING_CHIPS
            average = sum(o.stack for o in self.occupants.values()) // len(self.occupants)
            return max(int(average * self.rng.uniform(0.5, 1.5)), 2 * self._minimum())
        roll = self.rng.random()
        fixed_bets = self.stakes.big_bet > self.stakes.big_blind  # limit and stud
        if roll < 0.35:
            units = self.rng.uniform(3, 18) if fixed_bets else self.rng.uniform(6, 35)
        elif roll < 0.85:
            units = self.rng.uniform(40, 100)
        else:
            units = self.rng.uniform(100, 250)
        return max(int(units * self.unit), self._minimum())

    def _new_name(self) -> str:
        while True:
            name = _screen_name(self.rng)
            if name not in self.names_used:
                self.names_used.add(name)
                return name


def _screen_name(rng: random.Random) -> str:
    """A made-up screen name: "Kaluri7", "olpa_ze", "Lord Tovi" ..."""
    stem = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3)))
    roll = rng.random()
    if roll < 0.1:
        return f"{rng.choice(_TITLES)} {stem.capitalize()}"
    if roll < 0.4:
        return f"{stem.capitalize()}{rng.randint(1, 999)}"
    if roll < 0.55:
        return f"{stem}_{rng.choice(_SYLLABLES)}"
    if roll < 0.7:
        return stem.upper()
    return stem.capitalize() if roll < 0.85 else stem


def _next_seat(seats: Sequence[int], button: int | None) -> int:
    """The next occupied seat clockwise after the button (the first seat when none)."""
    if button is None:
        return seats[0]
    return next((seat for seat in seats if seat > button), seats[0])


def _unambiguous(moment: datetime) -> datetime:
    """Skip the repeated hour when clocks go back: an ET time printed in it could be
    read as either of two instants."""
    if moment.astimezone(EASTERN).fold:
        return moment + timedelta(hours=1)
    return moment
