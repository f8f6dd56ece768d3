"""The bookkeeping of one hand, shared by every line-by-line site.

A site reads its lines and tells a `HandBuilder` what each says, in the hand's order:
the header's facts, the seats, the posts and bets of every street, the cards dealt and
shown, the boards, the uncalled bets, what each player collected, the pot and the rake.
The builder keeps what every site needs and no site should write again: who is seated,
what each player has put in on the street (so that "raises to Y", "raises by X" and
"raises X" all give the increment and the total), which chips are dead (antes, dead
blinds, the small blind part of a "small & big blinds" post), that each card is dealt
once, and errors that name the file, the hand id and the line. `build()` gives the
frozen `tracker.model.Hand`.

>>> from datetime import UTC, datetime
>>> from parsers._base.text import HandText
>>> from tracker.model import Game, Structure
>>> hand = HandBuilder("example", HandText(["Hand #1"], 1), None)
>>> hand.start("1", Game.OMAHA_HILO, Structure.POT_LIMIT, datetime(2024, 1, 1, tzinfo=UTC))
>>> hand.seat(1, "ann", 500); hand.seat(2, "bob", 500)
>>> hand.post("ann", ActionKind.POST_SMALL_BLIND, 5)
>>> hand.post("bob", ActionKind.POST_BIG_BLIND, 10)
>>> hand.raise_to("ann", 30); hand.call("bob", 20)
>>> hand.street_in("bob")
30
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from parsers._base.text import HandText
from tracker.cards import Card
from tracker.errors import MalformedHandError, UnsupportedGameError
from tracker.hand_rows import Children, Row, card_indexes, card_text, hand_from_rows
from tracker.model import (
    Action,
    ActionKind,
    CardSource,
    Collection,
    Game,
    Hand,
    Stakes,
    Street,
    Structure,
    Tournament,
)

_DEAD_POSTS = (ActionKind.POST_ANTE, ActionKind.POST_DEAD)


@dataclass(slots=True)
class HeaderFacts:
    """What the header and table lines say, filled by `HandBuilder.start` and
    `HandBuilder.table`."""

    hand_id: str | None = None
    game: Game | None = None
    structure: Structure | None = None
    started_at: datetime | None = None
    site_timezone: str | None = None
    stakes: Stakes = field(default_factory=Stakes)
    currency: str | None = None
    play_money: bool = False
    tournament: Tournament | None = None
    table_name: str = ""
    max_seats: int | None = None
    button_seat: int | None = None


class HandBuilder:
    """One hand being read. Methods raise `MalformedHandError` (through `error`) for what
    cannot be so, naming the line being read (`at`).

    Attributes:
        site: the site's name, as `Hand.site`.
        text: the hand's lines.
        file: the source file, for the Hand and for errors.
        index: the place in `text.lines` of the line being read (set by `at` or
            `lines_from`), which errors name.
        street: the betting round being read.
        hero: the player the hand was dealt to, when the file says.
        total_pot, main_pot, side_pots, rake, jackpot_fee: the summary's figures
            (None when the site does not say).
        added_money: money the room added to the pot, no player's (an STP, a cash
            drop): in the total pot, paid with the main pot.
        cancelled: True for a hand the site cancelled (nothing paid).
    """

    def __init__(self, site: str, text: HandText, file: str | None) -> None:
        self.site = site
        self.text = text
        self.file = file
        self.index = 0
        self.header = HeaderFacts()
        self.street = Street.PREFLOP
        self.hero: str | None = None
        self.total_pot: int | None = None
        self.main_pot: int | None = None
        self.side_pots: tuple[int, ...] = ()
        self.rake: int | None = None
        self.jackpot_fee = 0
        self.added_money = 0
        self.cancelled = False
        # The store's rows (`tracker.hand_rows`), kept as the hand is read: the import
        # adds them as they are (`rows`), and `build` makes the frozen Hand from them.
        self._seats: dict[str, Row] = {}
        self._players_at: dict[int, str] = {}
        self._by_length: list[str] | None = None  # `_names`, made again after a seat
        self._shadowed: dict[str, frozenset[str]] = {}  # by separator, emptied by a seat
        self._clear: dict[str, frozenset[str]] = {}  # the same
        self._actions: list[Row] = []
        self._street_in: dict[str, int] = {}
        self._put_in: dict[str, int] = {}
        self._returned: list[Row] = []
        self._collections: list[Row] = []
        self._known: list[Row] = []
        self._shown: set[tuple[str, str]] = set()  # (player, cards text)
        self._card_owner: list[str | None] = [None] * 52  # by card index
        self._boards: list[list[Card]] = []
        self._summaries: list[Row] = []

    # Errors and lines

    def at(self, index: int) -> None:
        """Say that the line at `index` of the hand is being read (errors name it)."""
        self.index = index

    def lines_from(self, start: int, stop: int | None = None) -> list[tuple[int, str]]:
        """The hand's lines from `start` (to `stop`), each with its index, which the
        site's loop gives to `at` so that errors name the line:
        `for index, line in hand.lines_from(2): hand.at(index); ...`."""
        lines = self.text.lines
        return list(enumerate(lines[start:stop], start))

    def error(self, reason: str, index: int | None = None) -> MalformedHandError:
        """A `MalformedHandError` for this hand at the line being read (or at `index`):
        the site raises it."""
        lines = self.text.lines
        where = min(self.index if index is None else index, max(len(lines) - 1, 0))
        return MalformedHandError(
            reason,
            site=self.site,
            file=self.file,
            hand_id=self.header.hand_id,
            line_number=self.text.line_number(where),
            line=lines[where] if lines else None,
        )

    def unsupported(self, game: str, index: int = 0) -> UnsupportedGameError:
        """An `UnsupportedGameError` for a game the tracker does not cover (the hand is
        skipped and counted, not failed)."""
        lines = self.text.lines
        return UnsupportedGameError(
            f"{game} is not a game the tracker covers",
            site=self.site,
            file=self.file,
            hand_id=self.header.hand_id,
            line_number=self.text.line_number(index),
            line=lines[index] if lines else None,
        )

    # The header

    def start(
        self,
        hand_id: str,
        game: Game,
        structure: Structure,
        started_at: datetime,
        *,
        site_timezone: str | None = None,
        stakes: Stakes | None = None,
        currency: str | None = None,
        play_money: bool = False,
        tournament: Tournament | None = None,
    ) -> None:
        """The header's facts. Stud hands start on third street, flop games preflop."""
        header = self.header
        header.hand_id, header.game, header.structure = hand_id, game, structure
        if started_at.tzinfo is None:
            raise self.error("the start time has no time zone")
        header.started_at, header.site_timezone = started_at, site_timezone
        header.stakes = stakes or Stakes()
        header.currency, header.play_money, header.tournament = currency, play_money, tournament
        self.street = Street.THIRD if game.is_stud else Street.PREFLOP

    def name_hand(self, hand_id: str) -> None:
        """The hand id alone, when it is read before the rest of the header (so that
        errors found in the header name it)."""
        self.header.hand_id = hand_id

    def table(
        self, name: str, *, max_seats: int | None = None, button_seat: int | None = None
    ) -> None:
        """The table's name, size and button seat (flop games)."""
        self.header.table_name = name
        if max_seats is not None:
            self.header.max_seats = max_seats
        if button_seat is not None:
            self.header.button_seat = button_seat

    @property
    def game(self) -> Game:
        """The hand's game (after `start`)."""
        if self.header.game is None:
            raise self.error("the hand has no header")
        return self.header.game

    @property
    def stakes(self) -> Stakes:
        """The stakes the header gave."""
        return self.header.stakes

    def set_stakes(self, stakes: Stakes) -> None:
        """Replace the stakes (a site that learns them after the header)."""
        self.header.stakes = stakes

    # Seats and players

    def seat(self, number: int, player: str, stack: int, *, sitting_out: bool = False) -> None:
        """A seated player at the start of the hand ("Seat 3: bob ($4.10 in chips)")."""
        if player in self._seats or number in self._players_at:
            raise self.error("a seat or a player appears twice")
        if not player:
            raise self.error("a seat without a player's name")
        self._seats[player] = (number, player, stack, sitting_out)
        self._players_at[number] = player
        self._by_length = None
        self._shadowed, self._clear = {}, {}

    def is_seated(self, player: str) -> bool:
        """True for a player with a seat in this hand."""
        return player in self._seats

    def seated(self, player: str) -> str:
        """`player`, checked to have a seat (else the hand is malformed)."""
        if player not in self._seats:
            raise self.error(f"{player!r} has no seat in this hand but acts in it")
        return player

    def player_at(self, seat: int) -> str | None:
        """The player in seat `seat`, if any."""
        return self._players_at.get(seat)

    @property
    def players(self) -> list[str]:
        """The seated players, in the order of their seat lines."""
        return list(self._seats)

    def split_player(self, line: str, separator: str = " ") -> tuple[str, str] | None:
        """The seated player whose name, then `separator`, starts `line`, and the rest
        of the line after the separator; None when no seated player does. Names may
        hold spaces and the separator: the longest name that fits wins.

        >>> from datetime import UTC, datetime
        >>> hand = HandBuilder("example", HandText(["x"], 1), None)
        >>> hand.seat(1, "Big Al", 100); hand.seat(2, "Big", 100)
        >>> hand.split_player("Big Al calls 10")
        ('Big Al', 'calls 10')
        """
        name = line.partition(separator)[0]
        if name in self._seats and name not in self.shadowed():
            return name, line[len(name) + len(separator) :]
        for name in self._names():
            if line.startswith(name) and line[len(name) : len(name) + len(separator)] == (
                separator
            ):
                return name, line[len(name) + len(separator) :]
        return None

    def shadowed(self, separator: str = " ") -> frozenset[str]:
        """The seated names that start another seated name and then `separator` ("Big"
        beside "Big Al"): for a line's text before its first `separator`, a seated
        name outside this set is the player for sure. Made once per seating and
        separator, from the places of the separator in each name.

        >>> hand = HandBuilder("example", HandText(["x"], 1), None)
        >>> hand.seat(1, "Big Al", 100); hand.seat(2, "Big", 100); hand.seat(3, "Al", 100)
        >>> sorted(hand.shadowed())
        ['Big']
        """
        found = self._shadowed.get(separator)
        if found is None:
            seats = self._seats
            found = frozenset(
                prefix for name in seats for prefix in _prefixes(name, separator) if prefix in seats
            )
            self._shadowed[separator] = found
        return found

    def clear_names(self, separator: str = " ") -> frozenset[str]:
        """The seated names that `shadowed` leaves: a line whose text before its first
        `separator` is one of them is that player's line.

        >>> hand = HandBuilder("example", HandText(["x"], 1), None)
        >>> hand.seat(1, "Big Al", 100); hand.seat(2, "Big", 100)
        >>> sorted(hand.clear_names())
        ['Big Al']
        """
        found = self._clear.get(separator)
        if found is None:
            found = self._clear[separator] = frozenset(self._seats) - self.shadowed(separator)
        return found

    def _names(self) -> list[str]:
        """The seated names longest first: made once per seating."""
        if self._by_length is None:
            self._by_length = sorted(self._seats, key=len, reverse=True)
        return self._by_length

    # Streets and boards

    def new_street(self, street: Street) -> None:
        """A betting round begins: what players put in on the street starts again at 0."""
        if street is not self.street:
            self.street = street
            self._street_in = {}

    def board(self, cards: tuple[Card, ...], board: int = 0) -> None:
        """Cards added to board `board` (0; 1 and 2 when the rest is run again: see
        `run_again`)."""
        while len(self._boards) <= board:
            self._boards.append([])
        for card in cards:
            self._own_card(card, "the board")
        self._boards[board].extend(cards)

    def run_again(self, board: int, shared: int) -> None:
        """Board `board` (1, 2) is run again from the first `shared` cards of the first
        board (the cards dealt before the players were all in); `board` then adds only
        its new cards."""
        while len(self._boards) <= board:
            self._boards.append([])
        first = self._boards[0] if self._boards else []
        if len(first) < shared:
            raise self.error(f"a board run again shares {shared} cards of a shorter board")
        self._boards[board] = list(first[:shared])

    def set_board(self, cards: tuple[Card, ...], board: int = 0) -> None:
        """Board `board` is `cards`, all of it (cards it had before are checked to
        agree)."""
        while len(self._boards) <= board:
            self._boards.append([])
        known = self._boards[board]
        if known and tuple(known) != cards[: len(known)]:
            raise self.error(f"board {board + 1} differs from the cards dealt")
        for card in cards[len(known) :]:
            self._own_card(card, "the board")
        self._boards[board] = list(cards)

    def board_cards(self, board: int = 0) -> tuple[Card, ...]:
        """The cards of board `board` so far."""
        return tuple(self._boards[board]) if board < len(self._boards) else ()

    # Cards of players

    def dealt(self, player: str, cards: tuple[Card, ...], *, hero: bool = True) -> None:
        """Cards dealt to `player` face down ("Dealt to Hero [..]"); the hero's, unless
        `hero` is False (a stud card seen face up goes to `up`)."""
        if player not in self._seats:
            self.seated(player)  # the error
        if hero:
            self.hero = player
        self._add_known(player, CardSource.DEALT, cards)

    def up(self, player: str, cards: tuple[Card, ...]) -> None:
        """A stud card dealt face up to `player` on this street."""
        if player not in self._seats:
            self.seated(player)  # the error
        self._add_known(player, CardSource.UP, cards)

    def shown(
        self,
        player: str,
        cards: tuple[Card, ...],
        source: CardSource = CardSource.SHOWN,
        *,
        street: Street | None = None,
    ) -> None:
        """Cards `player` showed (or mucked face up, or the summary lists): the same
        cards shown again are recorded once."""
        self.seated(player)
        if (player, card_text(cards)) in self._shown:
            return
        self._add_known(player, source, cards, street)

    def _add_known(
        self,
        player: str,
        source: CardSource,
        cards: tuple[Card, ...],
        street: Street | None = None,
    ) -> None:
        owners = self._card_owner
        indexes = [card.index for card in cards]
        for index in indexes:
            found = owners[index]
            if found is None:
                owners[index] = player
            elif found != player:
                card = cards[indexes.index(index)]
                raise self.error(f"{card} is dealt twice (to {found} and to {player})")
        text = " ".join([card.text for card in cards])  # `card_text`, without the call
        if source is CardSource.SHOWN or source is CardSource.MUCKED:
            self._shown.add((player, text))
        self._known.append((player, street or self.street, source, text, indexes))

    def _own_card(self, card: Card, owner: str) -> None:
        found = self._card_owner[card.index]
        if found is not None and found != owner:
            raise self.error(f"{card} is dealt twice (to {found} and to {owner})")
        self._card_owner[card.index] = owner

    # Chips: posts and bets

    def street_in(self, player: str) -> int:
        """What `player` has put in live on this street so far."""
        return self._street_in.get(player, 0)

    def highest_bet(self) -> int:
        """The largest live amount anyone has put in on this street."""
        return max(self._street_in.values(), default=0)

    def put_in(self, player: str) -> int:
        """What `player` has put in the pot in the whole hand so far."""
        return self._put_in.get(player, 0)

    def pot_put_in(self) -> int:
        """What all the players have put in the pot so far (returned bets taken out):
        the total pot of a site that writes none.

        >>> hand = HandBuilder("example", HandText(["x"], 1), None)
        >>> hand.seat(1, "bob", 100); hand.seat(2, "ann", 100)
        >>> hand.bet("bob", 30); hand.call("ann", 20); hand.returned("bob", 10)
        >>> hand.pot_put_in()
        40
        """
        return sum(self._put_in.values())

    def post(self, player: str, kind: ActionKind, amount: int, *, all_in: bool = False) -> None:
        """A forced post ("posts small blind $1"): blinds are live bets of the street;
        antes and dead blinds are dead money; a "small & big blinds" post is live up to
        the big blind (the rest is dead)."""
        live = amount
        if kind in _DEAD_POSTS:
            live = 0
        elif kind is ActionKind.POST_SMALL_AND_BIG_BLIND:
            stakes = self.header.stakes
            big = stakes.small_bet if self.header.structure is Structure.LIMIT else None
            big = big or stakes.big_blind
            live = min(amount, big) if big else amount
        elif kind is ActionKind.BRING_IN:
            pass
        elif kind not in (ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND):
            raise self.error(f"{kind.value} is not a post")
        self._add(player, kind, amount, live, all_in=all_in)

    def bring_in(self, player: str, amount: int, *, all_in: bool = False) -> None:
        """Stud's bring-in ("brings in for $0.02")."""
        self._add(player, ActionKind.BRING_IN, amount, amount, all_in=all_in)

    def fold(self, player: str) -> None:
        """ "bob folds"."""
        if player not in self._seats:
            self.seated(player)  # the error
        self._actions.append((self.street, player, ActionKind.FOLD, 0, None, False))

    def check(self, player: str) -> None:
        """ "bob checks"."""
        if player not in self._seats:
            self.seated(player)  # the error
        self._actions.append((self.street, player, ActionKind.CHECK, 0, None, False))

    def call(self, player: str, amount: int, *, all_in: bool = False) -> None:
        """A call of `amount` more chips ("calls $2")."""
        self._add(player, ActionKind.CALL, amount, amount, all_in=all_in)

    def call_to(self, player: str, total: int, *, all_in: bool = False) -> None:
        """A call that brings the player's street total to `total` (sites that write
        what the player has in after the call)."""
        amount = total - self.street_in(player)
        if amount < 0:
            raise self.error(f"a call to {total} is below the {self.street_in(player)} in")
        self.call(player, amount, all_in=all_in)

    def bet(self, player: str, amount: int, *, all_in: bool = False) -> None:
        """A bet of `amount` ("bets $4")."""
        self._add(player, ActionKind.BET, amount, amount, all_in=all_in)

    def raise_to(
        self, player: str, to_amount: int, *, all_in: bool = False, kind: ActionKind | None = None
    ) -> None:
        """A raise to a street total of `to_amount` ("raises $2 to $4", "raises to $4");
        `kind` COMPLETE for stud's completion."""
        already = self.street_in(player)
        if to_amount <= already:
            raise self.error(f"a raise to {to_amount} is not above the {already} already in")
        self._add(
            player,
            kind or ActionKind.RAISE,
            to_amount - already,
            to_amount - already,
            to_amount=to_amount,
            all_in=all_in,
        )

    def raise_by(self, player: str, by: int, *, all_in: bool = False) -> None:
        """A raise of `by` over the street's highest bet ("raises by $2")."""
        self.raise_to(player, self.highest_bet() + by, all_in=all_in)

    def raise_put_in(self, player: str, amount: int, *, all_in: bool = False) -> None:
        """A raise that itself puts `amount` more chips in (sites that write what the
        raise costs the player: "raises [$4 USD]")."""
        self.raise_to(player, self.street_in(player) + amount, all_in=all_in)

    def complete(self, player: str, to_amount: int, *, all_in: bool = False) -> None:
        """Stud's completion of the bring-in to a street total of `to_amount`."""
        self.raise_to(player, to_amount, all_in=all_in, kind=ActionKind.COMPLETE)

    def cash_out(self, player: str, amount: int) -> None:
        """A cash-out (insurance) payment the site made to `player`."""
        self._actions.append(
            (self.street, self.seated(player), ActionKind.CASH_OUT, amount, None, False)
        )

    def _add(
        self,
        player: str,
        kind: ActionKind,
        amount: int,
        live: int,
        *,
        to_amount: int | None = None,
        all_in: bool = False,
    ) -> None:
        if player not in self._seats:
            self.seated(player)  # the error
        if amount < 0:
            raise self.error(f"a negative amount ({amount})")
        self._actions.append((self.street, player, kind, amount, to_amount, all_in))
        if live:
            street_in = self._street_in
            street_in[player] = street_in.get(player, 0) + live
        put_in = self._put_in
        put_in[player] = put_in.get(player, 0) + amount

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions so far."""
        return tuple(Action(*row) for row in self._actions)

    # The end of the hand

    def returned(self, player: str, amount: int) -> None:
        """An uncalled bet given back ("Uncalled bet ($0.14) returned to bob")."""
        self._returned.append((self.seated(player), amount))
        self._put_in[player] = self._put_in.get(player, 0) - amount
        if player in self._street_in:
            self._street_in[player] -= amount

    def uncalled_excess(self) -> tuple[str, int] | None:
        """The bet no one called on this street, for sites that do not write its
        return: the player whose street total is the only largest, and by how much it
        exceeds the next largest (of all players, folded ones too). None when the
        largest is matched."""
        ordered = sorted(self._street_in.items(), key=lambda item: item[1], reverse=True)
        if not ordered or ordered[0][1] == 0:
            return None
        next_largest = ordered[1][1] if len(ordered) > 1 else 0
        excess = ordered[0][1] - next_largest
        return (ordered[0][0], excess) if excess > 0 else None

    def collect(
        self, player: str, amount: int, *, pot: int = 0, board: int = 0, half: str | None = None
    ) -> None:
        """A payment the site made from a pot ("bob collected $2.33 from side pot-1"):
        `pot` 0 for the main pot, n for side pot n; `board` 1 for the second board run;
        `half` "hi" or "lo" when the site says which half."""
        if half not in (None, "hi", "lo"):
            raise self.error(f"unknown half {half!r}")
        self._collections.append((self.seated(player), amount, pot, board, half))

    @property
    def collections(self) -> tuple[Collection, ...]:
        """The payments so far."""
        return tuple(Collection(*row) for row in self._collections)

    def summary(self, seat: int, player: str, text: str, won: int | None = None) -> None:
        """A seat's summary line: the text after the name and what it says was won."""
        self._summaries.append((seat, player, text, won))

    def build(self) -> Hand:
        """The hand read.

        Raises:
            MalformedHandError: no header or no seats.
        """
        return hand_from_rows(self.site, *self.rows())

    def rows(self) -> tuple[Row, Children]:
        """The hand read as the store's rows: its `hands` row without the chip checks'
        two columns, and its rows of every child table (`tracker.hand_rows`), which
        `HandRows.add_read` takes as they are.

        Raises:
            MalformedHandError: no header or no seats.
        """
        header = self.header
        if (
            header.hand_id is None
            or header.game is None
            or header.structure is None
            or header.started_at is None
        ):
            raise self.error("the hand has no readable header", 0)
        if not self._seats:
            raise self.error("the hand has no seat lines", 0)
        stakes = header.stakes
        hand = (
            header.hand_id, header.game, header.structure,
            stakes.small_blind, stakes.big_blind, stakes.small_bet, stakes.big_bet,
            stakes.ante, stakes.bring_in, header.currency, header.play_money,
            *tournament_columns(header.tournament),
            header.table_name, header.max_seats,
            None if header.game.is_stud else header.button_seat,
            header.started_at, header.site_timezone, self.hero,
            self.total_pot, self.main_pot, self.side_pots, self.rake, self.jackpot_fee,
            self.added_money, self.cancelled, self.file, self.text.first_line,
        )  # fmt: skip
        boards = [tuple(board) for board in self._boards if board]
        children: Children = {
            "seats": list(self._seats.values()),
            "actions": self._actions,
            "cards": self._known,
            "boards": [(card_text(board), card_indexes(board)) for board in boards],
            "collections": self._collections,
            "returned": self._returned,
            "summaries": self._summaries,
        }
        return hand, children


def _prefixes(name: str, separator: str) -> list[str]:
    """The starts of `name` that `separator` follows ("Big" of "Big Al")."""
    starts = []
    at = name.find(separator)
    while at > 0:
        starts.append(name[:at])
        at = name.find(separator, at + 1)
    return starts


def tournament_columns(tournament: Tournament | None) -> tuple[object, ...]:
    """The `hands` row's tournament columns."""
    if tournament is None:
        return (None, None, None, None, None)
    return (
        tournament.tournament_id,
        tournament.buy_in,
        tournament.fee,
        tournament.currency,
        tournament.level,
    )
