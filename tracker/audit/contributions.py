"""What each player put in and took out of a hand, as the audit needs it: the ledger.

A `HandLedger` is the audit's view of one hand: the players who took part, in odd-chip
order (flop games: the first seat left of the button first; stud: seat order), each with
what they put in (blinds, antes, bring-in, dead money, bets), the uncalled bets the site
says it gave back, whether they folded, the cards known for the showdown, and what the
site says they collected. `ledger_of(hand)` builds it from a parsed `Hand`;
`tracker.audit.ledgers` builds the same ledgers from the stored tables.

>>> from datetime import UTC, datetime
>>> from tracker.model import Action, ActionKind, Collection, Game, Seat, Stakes, Street
>>> from tracker.model import Structure, Hand
>>> hand = Hand("demo", "1", Game.OMAHA_HILO, Structure.POT_LIMIT, Stakes(1, 2), "USD",
...     False, None, "T", 6, 1, datetime(2024, 1, 1, tzinfo=UTC), None,
...     (Seat(1, "ann", 500), Seat(2, "bob", 500)),
...     (Action(Street.PREFLOP, "bob", ActionKind.POST_SMALL_BLIND, 1),
...      Action(Street.PREFLOP, "ann", ActionKind.POST_BIG_BLIND, 2),
...      Action(Street.PREFLOP, "bob", ActionKind.FOLD)),
...     (), (), (), (Collection("ann", 3),), 3, None, (), 0, 0, (), None)
>>> [(p.player, p.contributed, p.folded, p.collected) for p in ledger_of(hand).players]
[('bob', 1, True, 0), ('ann', 2, False, 3)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from tracker.cards import Card
from tracker.engine.rules import OddChipRule
from tracker.model import (
    ActionKind,
    CardSource,
    Collection,
    Game,
    Hand,
    KnownCards,
    Stakes,
    Structure,
)

BLIND_KINDS = frozenset(
    {ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_SMALL_AND_BIG_BLIND}
)
"""Posts that are blinds (live money)."""

FULL_HAND_SOURCES = frozenset({CardSource.SHOWN, CardSource.MUCKED, CardSource.SUMMARY})
"""Sources that give a player's whole hand at once."""


@dataclass(frozen=True, slots=True)
class PlayerLedger:
    """One player's money and cards in one hand.

    Attributes:
        player: the screen name.
        seat: the seat number.
        blinds: small and big blinds posted (live money).
        antes: antes posted.
        dead: dead money posted ("posts dead", out of turn, and the small blind's part
            of a "small & big blinds" post).
        bring_in: the stud bring-in.
        bets: calls, bets, raises and completions.
        returned: the uncalled bets the site says it gave back.
        folded: the player folded.
        cards: the player's cards for the showdown (all seven in stud), or () when unknown.
        collected: everything the site says the player collected from the pots.
    """

    player: str
    seat: int
    blinds: int = 0
    antes: int = 0
    dead: int = 0
    bring_in: int = 0
    bets: int = 0
    returned: int = 0
    folded: bool = False
    cards: tuple[Card, ...] = ()
    collected: int = 0

    @property
    def contributed(self) -> int:
        """Everything the player put in, before any uncalled bet came back."""
        return self.blinds + self.antes + self.dead + self.bring_in + self.bets

    @property
    def in_pot(self) -> int:
        """What stays in the pots: the contribution less the uncalled bets returned."""
        return self.contributed - self.returned


@dataclass(frozen=True, slots=True)
class HandLedger:
    """One hand as the audit sees it.

    Attributes:
        site: the site.
        hand_id: the site's hand id.
        game: the game.
        started_at: when the hand started (UTC).
        players: everyone who took part, in odd-chip order.
        boards: the board of each run (two for run it twice); none in stud.
        collections: the payments the site reports, per pot and board.
        total_pot: the summary's total pot, or None when the hand gives none.
        rake: the rake (None counts as 0).
        jackpot_fee: a jackpot fee taken apart from the rake.
        main_pot: the main pot the summary lists, when it splits the total.
        side_pots: the side pots the summary lists.
        cancelled: the site cancelled the hand.
        cashed_out: a player took an all-in cash-out, so the pot was not paid as dealt.
        chip_problems: the failed chip checks of `tracker.bookkeeping` (empty when sound).
        added_money: money the room added to the pot (no player's: an STP): paid with
            the main pot.
    """

    site: str
    hand_id: str
    game: Game
    started_at: datetime
    players: tuple[PlayerLedger, ...]
    boards: tuple[tuple[Card, ...], ...]
    collections: tuple[Collection, ...]
    total_pot: int | None
    rake: int | None
    jackpot_fee: int
    main_pot: int | None
    side_pots: tuple[int, ...]
    cancelled: bool
    cashed_out: bool
    chip_problems: tuple[str, ...]
    added_money: int = 0

    @property
    def live(self) -> tuple[int, ...]:
        """Indexes of the players who did not fold."""
        return tuple(index for index, player in enumerate(self.players) if not player.folded)


def in_odd_chip_order(ledger: HandLedger, rule: OddChipRule) -> HandLedger:
    """The ledger with its players in the odd-chip order of the site's `rule`: as built
    (clockwise from the button's left), or by seat number (`OddChipRule.by_seat_number`:
    the lowest seat first, players without a seat last)."""
    if not rule.by_seat_number:
        return ledger
    players = sorted(ledger.players, key=lambda player: (player.seat <= 0, player.seat))
    return replace(ledger, players=tuple(players))


def odd_chip_order(seats: Iterable[int], button_seat: int | None) -> list[int]:
    """Seats in odd-chip order: the first seat left of the button first (seat order
    when there is no button, as in stud).

    >>> odd_chip_order([1, 2, 3, 5], 3)
    [5, 1, 2, 3]
    >>> odd_chip_order([4, 1, 2], None)
    [1, 2, 4]
    """
    ordered = sorted(seats)
    if button_seat is None:
        return ordered
    return [seat for seat in ordered if seat > button_seat] + [
        seat for seat in ordered if seat <= button_seat
    ]


def showdown_cards(game: Game, known: Sequence[KnownCards], shared: int = 0) -> tuple[Card, ...]:
    """One player's cards for the showdown, from what became known of them, or ().

    `shared` is 1 for a stud hand where the deck ran out and the last card was dealt
    face up to all (a board of one card): each player then holds six cards of their own.

    A hand shown, mucked face up or listed in the summary gives them all at once (the
    last such entry wins); otherwise the cards dealt face up to the file's owner do
    (flop games: the hole cards; stud: the pieces of every street, seven in all).

    >>> from tracker.cards import parse_cards
    >>> from tracker.model import Street
    >>> dealt = [KnownCards("me", Street.THIRD, CardSource.DEALT, parse_cards("As 2s 3s")),
    ...          KnownCards("me", Street.FOURTH, CardSource.DEALT, parse_cards("4s"))]
    >>> showdown_cards(Game.STUD_HILO, dealt)
    ()
    """
    count = game.hole_card_count - shared
    full = [entry.cards for entry in known if entry.source in FULL_HAND_SOURCES]
    for cards in reversed(full):
        if len(cards) == count:
            return cards
    dealt = tuple(
        card for entry in known if entry.source is CardSource.DEALT for card in entry.cards
    )
    return dealt if len(dealt) == count else ()


def ledger_of(hand: Hand, chip_problems: Sequence[str] | None = None) -> HandLedger:
    """The ledger of a parsed hand.

    Players are those who acted, posted or collected, in odd-chip order.

    Args:
        hand: the hand as parsed.
        chip_problems: the hand's failed chip checks when already known (the import
            stored them); None to run `tracker.bookkeeping.chip_discrepancies`.
    """
    from tracker.bookkeeping import chip_discrepancies

    players = _players(hand)
    problems = chip_discrepancies(hand) if chip_problems is None else chip_problems
    return HandLedger(
        site=hand.site,
        hand_id=hand.hand_id,
        game=hand.game,
        started_at=hand.started_at,
        players=players,
        boards=hand.boards,
        collections=hand.collections,
        total_pot=hand.total_pot,
        rake=hand.rake,
        jackpot_fee=hand.jackpot_fee,
        added_money=hand.added_money,
        main_pot=hand.main_pot,
        side_pots=hand.side_pots,
        cancelled=hand.cancelled,
        cashed_out=any(action.kind is ActionKind.CASH_OUT for action in hand.actions),
        chip_problems=tuple(problems),
    )


def _players(hand: Hand) -> tuple[PlayerLedger, ...]:
    """Everyone who acted, posted or collected, in odd-chip order (then by name)."""
    seat_of = {seat.player: seat.seat for seat in hand.seats}
    money: dict[str, dict[str, int]] = {}
    folded: set[str] = set()
    for action in hand.actions:
        account = money.setdefault(action.player, {})
        if action.kind is ActionKind.FOLD:
            folded.add(action.player)
        elif action.kind is ActionKind.POST_SMALL_AND_BIG_BLIND:
            live = small_and_big_live(action.amount, hand.structure, hand.stakes)
            account["blinds"] = account.get("blinds", 0) + live
            account["dead"] = account.get("dead", 0) + action.amount - live
        elif action.kind.puts_chips_in and action.kind is not ActionKind.CASH_OUT:
            slot = _SLOT.get(action.kind, "bets")
            account[slot] = account.get(slot, 0) + action.amount
    returned = _sum_by_player((item.player, item.amount) for item in hand.returned)
    collected = _sum_by_player((item.player, item.amount) for item in hand.collections)
    known: dict[str, list[KnownCards]] = {}
    for entry in hand.known_cards:
        known.setdefault(entry.player, []).append(entry)
    shared = 1 if hand.game.is_stud and hand.boards else 0
    seats = odd_chip_order(seat_of.values(), hand.button_seat)
    place = {seat: number for number, seat in enumerate(seats)}

    def order(name: str) -> tuple[int, str]:
        seat = seat_of.get(name)
        return (len(place) if seat is None else place[seat], name)

    return tuple(
        PlayerLedger(
            player=name,
            seat=seat_of.get(name, 0),
            returned=returned.get(name, 0),
            folded=name in folded,
            cards=showdown_cards(hand.game, known.get(name, ()), shared),
            collected=collected.get(name, 0),
            **money.get(name, {}),
        )
        for name in sorted(set(money) | set(collected), key=order)
    )


def small_and_big_live(amount: int, structure: Structure, stakes: Stakes) -> int:
    """The live part of a "small & big blinds" post: the big blind (a limit game's small
    bet); the small blind's part is dead money (the builder reads it so too).

    >>> small_and_big_live(150, Structure.POT_LIMIT, Stakes(50, 100))
    100
    >>> small_and_big_live(150, Structure.POT_LIMIT, Stakes())  # no stakes: all live
    150
    """
    big = stakes.small_bet if structure is Structure.LIMIT else None
    big = big or stakes.big_blind
    return min(amount, big) if big else amount


_SLOT: dict[ActionKind, str] = {
    **dict.fromkeys(BLIND_KINDS, "blinds"),
    ActionKind.POST_ANTE: "antes",
    ActionKind.POST_DEAD: "dead",
    ActionKind.BRING_IN: "bring_in",
}
"""Which `PlayerLedger` field each kind of post adds to; every other chip action is a bet."""


def _sum_by_player(items: Iterable[tuple[str, int]]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for player, amount in items:
        totals[player] = totals.get(player, 0) + amount
    return totals
