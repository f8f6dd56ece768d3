"""What a simulated hand's history states, in the terms of `tracker.model`.

These are the facts a parser should read back from the text: seats and stacks, every
action, the boards, uncalled bets, the collections as written, the total pot and the
rake, the cards shown or mucked. They let a test hold a parser to the truth behind a
simulated file, and an audit test compare what was written with what was right.
"""

from __future__ import annotations

from tracker.cards import Card
from tracker.model import Action, Collection, Returned, Seat
from tracker.simulate.payout import boards_seen
from tracker.simulate.play import Act, Uncalled
from tracker.simulate.record import SimulatedHand


def seats(hand: SimulatedHand) -> tuple[Seat, ...]:
    """The seat lines, in seat order."""
    setup = hand.setup
    found = [
        Seat(seat=seat, player=setup.names[player], stack=setup.stacks[player])
        for player, seat in enumerate(setup.seats)
    ]
    return tuple(sorted(found, key=lambda seat: seat.seat))


def actions(hand: SimulatedHand) -> tuple[Action, ...]:
    """Every post and action, in order, with the model's amounts (the increment put in;
    the street total after a raise)."""
    names = hand.setup.names
    return tuple(
        Action(
            street=step.street,
            player=names[step.player],
            kind=step.kind,
            amount=step.amount,
            to_amount=step.to_amount,
            all_in=step.all_in,
        )
        for step in hand.played.steps
        if isinstance(step, Act)
    )


def boards(hand: SimulatedHand) -> tuple[tuple[Card, ...], ...]:
    """The board as far as it was dealt (none in stud; two when run twice)."""
    return boards_seen(hand.game, hand.dealt, hand.played)


def returned(hand: SimulatedHand) -> tuple[Returned, ...]:
    """The uncalled bets given back, in order."""
    names = hand.setup.names
    return tuple(
        Returned(player=names[step.player], amount=step.amount)
        for step in hand.played.steps
        if isinstance(step, Uncalled)
    )


def collections(hand: SimulatedHand, *, correct: bool = False) -> tuple[Collection, ...]:
    """The collected lines as written (board by board when run twice, the last side pot
    first), or, with `correct`, the payments the rules call for, in the same order.
    PokerStars does not label the halves, so `half` is None."""
    names = hand.setup.names
    awards = hand.settlement.awards if correct else hand.payments
    pots = range(len(hand.settlement.pots)) if hand.played.showdown else range(1)
    boards = range(2 if hand.dealt.second_board else 1)
    return tuple(
        Collection(player=names[award.player], amount=award.amount, pot=pot, board=board)
        for board in boards
        for pot in reversed(pots)
        for award in awards
        if award.pot == pot and award.board == board
    )


def total_pot(hand: SimulatedHand) -> int:
    """Everything put in, uncalled bets excluded (before rake)."""
    return sum(pot.amount for pot in hand.settlement.pots)


def side_pots(hand: SimulatedHand) -> tuple[int, ...]:
    """The side pots the summary lists, net of their share of the rake."""
    settlement = hand.settlement
    nets = [pot.amount - rake for pot, rake in zip(settlement.pots, settlement.rake, strict=True)]
    return tuple(nets[1:])


def shown_cards(hand: SimulatedHand) -> dict[str, tuple[Card, ...]]:
    """Per player who tabled their hand at the showdown, the cards shown."""
    if not hand.played.showdown:
        return {}
    names, dealt = hand.setup.names, hand.dealt.hole_cards
    return {
        names[player]: dealt[player]
        for player, folded in enumerate(hand.played.folded)
        if not folded and player not in hand.mucked
    }


def mucked_cards(hand: SimulatedHand) -> dict[str, tuple[Card, ...]]:
    """Per player who mucked at the showdown, the cards the summary reveals."""
    names, dealt = hand.setup.names, hand.dealt.hole_cards
    return {names[player]: dealt[player] for player in sorted(hand.mucked)}
