"""Small hands written by hand for the audit's unit tests.

`hand(...)` builds a `tracker.model.Hand` from short texts, so each test shows the whole
hand it audits: seats "name:seat", actions "name kind amount" per street, showdown cards,
boards, the site's collections "name amount [pot] [board]", returned bets, the summary's
total pot, rake and pots.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from tracker.cards import parse_cards
from tracker.model import (
    Action,
    ActionKind,
    CardSource,
    Collection,
    Game,
    Hand,
    KnownCards,
    Returned,
    Seat,
    Stakes,
    Street,
    Structure,
)

_KINDS = {
    "sb": ActionKind.POST_SMALL_BLIND,
    "bb": ActionKind.POST_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
    "dead": ActionKind.POST_DEAD,
    "bring": ActionKind.BRING_IN,
    "fold": ActionKind.FOLD,
    "check": ActionKind.CHECK,
    "call": ActionKind.CALL,
    "bet": ActionKind.BET,
    "raise": ActionKind.RAISE,
    "cashout": ActionKind.CASH_OUT,
}


def hand(
    *,
    seats: Sequence[str],
    actions: Sequence[str],
    collections: Sequence[str] = (),
    shown: Sequence[str] = (),
    boards: Sequence[str] = (),
    returned: Sequence[str] = (),
    total_pot: int | None = None,
    rake: int = 0,
    main_pot: int | None = None,
    side_pots: Sequence[int] = (),
    game: Game = Game.OMAHA_HILO,
    button: int | None = 1,
    cancelled: bool = False,
    hand_id: str = "1",
) -> Hand:
    """A hand; `total_pot` defaults to everything put in less the returned bets.

    Actions are "name kind [amount]" (kinds: sb, bb, ante, dead, bring, fold, check,
    call, bet, raise, cashout); shown cards "name: As Kd ..."; collections
    "name amount [pot [board]]"; returned bets "name amount".
    """
    seat_list = []
    for text in seats:
        name, _, number = text.partition(":")
        seat_list.append(Seat(int(number), name, 100_000))
    action_list = []
    for text in actions:
        name, kind, *amount = text.split()
        action_list.append(
            Action(Street.PREFLOP, name, _KINDS[kind], int(amount[0]) if amount else 0)
        )
    known = []
    for text in shown:
        name, _, cards = text.partition(":")
        known.append(KnownCards(name, Street.SHOWDOWN, CardSource.SHOWN, parse_cards(cards)))
    paid = []
    for text in collections:
        name, amount, *where = text.split()
        pot = int(where[0]) if where else 0
        board = int(where[1]) if len(where) > 1 else 0
        paid.append(Collection(name, int(amount), pot, board))
    back = [Returned(text.split()[0], int(text.split()[1])) for text in returned]
    put_in = sum(action.amount for action in action_list if action.kind.puts_chips_in)
    total = put_in - sum(item.amount for item in back) if total_pot is None else total_pot
    return Hand(
        site="test",
        hand_id=hand_id,
        game=game,
        structure=Structure.LIMIT if game.is_stud else Structure.POT_LIMIT,
        stakes=Stakes(small_blind=1, big_blind=2),
        currency="USD",
        play_money=False,
        tournament=None,
        table_name="T",
        max_seats=9,
        button_seat=None if game.is_stud else button,
        started_at=datetime(2024, 5, 1, 12, 0, tzinfo=UTC),
        site_timezone="ET",
        seats=tuple(seat_list),
        actions=tuple(action_list),
        known_cards=tuple(known),
        boards=tuple(parse_cards(board) for board in boards),
        returned=tuple(back),
        collections=tuple(paid),
        total_pot=total,
        main_pot=main_pot,
        side_pots=tuple(side_pots),
        rake=rake,
        jackpot_fee=0,
        summaries=(),
        hero=None,
        cancelled=cancelled,
    )
