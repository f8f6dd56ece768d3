"""The chip checks: do the chips of a hand add up as the site wrote them?

Two sums must agree in every sound hand:

- what the players put in, less the uncalled bets returned to them, is the total pot;
- the total pot is what the site paid out, plus the rake, plus the jackpot fee.

And where the summary splits the total into a main pot and side pots, those add up to it,
or to it less the rake (PokerStars lists the pots net of rake).
A hand whose chips do not add up is flagged as inconsistent (the reasons are stored with
it), never silently fixed. The import stores the verdict; the audit reuses the same checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tracker.model import Action, ActionKind, Collection, Hand, Returned

# The kinds whose amount is not in the pot, read from the model once (the property is a
# function call per action, and this runs for every action of every imported hand).
_NO_CHIPS_IN = tuple(kind for kind in ActionKind if not kind.puts_chips_in)


def total_contributed(actions: Iterable[Action]) -> int:
    """Everything the players put in the pot: posts, bets, calls, raises, bring-ins.

    >>> from tracker.model import ActionKind, Street
    >>> total_contributed([
    ...     Action(Street.PREFLOP, "ann", ActionKind.POST_SMALL_BLIND, 10),
    ...     Action(Street.PREFLOP, "bob", ActionKind.POST_BIG_BLIND, 20),
    ...     Action(Street.PREFLOP, "ann", ActionKind.CALL, 10),
    ...     Action(Street.FLOP, "bob", ActionKind.CHECK),
    ... ])
    40
    """
    return sum([action.amount for action in actions if action.kind not in _NO_CHIPS_IN])


def total_returned(returned: Iterable[Returned]) -> int:
    """The uncalled bets given back.

    >>> total_returned([Returned("ann", 94), Returned("bob", 6)])
    100
    """
    return sum([item.amount for item in returned])


def total_collected(collections: Iterable[Collection]) -> int:
    """Everything the site says it paid from the pots, over every pot, half and board.

    >>> total_collected([Collection("ann", 233), Collection("bob", 232, half="lo")])
    465
    """
    return sum([item.amount for item in collections])


def chip_discrepancies(hand: Hand) -> list[str]:
    """The reasons the chips of `hand` do not add up; an empty list when they do.

    A cancelled hand is not checked (the site gave everything back). A missing rake
    counts as no rake; a missing total pot is itself a reason, since nothing can be
    checked against it.

    Args:
        hand: the hand as parsed.

    Returns:
        One sentence per failed check, amounts in the site's smallest unit.
    """
    if hand.cancelled:
        return []
    if hand.total_pot is None:
        return ["the hand gives no total pot"]
    return pot_discrepancies(
        hand.total_pot,
        contributed=total_contributed(hand.actions),
        returned=total_returned(hand.returned),
        collected=total_collected(hand.collections),
        rake=hand.rake or 0,
        jackpot_fee=hand.jackpot_fee,
        added_money=hand.added_money,
        main_pot=hand.main_pot,
        side_pots=hand.side_pots,
    )


def pot_discrepancies(
    total_pot: int,
    *,
    contributed: int,
    returned: int,
    collected: int,
    rake: int,
    jackpot_fee: int,
    main_pot: int | None,
    side_pots: Sequence[int],
    added_money: int = 0,
) -> list[str]:
    """`chip_discrepancies` from the sums of a hand that is not cancelled and gives a
    total pot: for readers that hold a hand's rows rather than a `Hand`.

    >>> pot_discrepancies(40, contributed=40, returned=0, collected=38, rake=2,
    ...                   jackpot_fee=0, main_pot=None, side_pots=())
    []
    >>> pot_discrepancies(40, contributed=44, returned=0, collected=38, rake=2,
    ...                   jackpot_fee=0, main_pot=None, side_pots=())
    ['players put in 44 less 0 returned = 44, but the total pot is 40']

    Money the room added to the pot (`added_money`: Run It Once's STP, GGPoker's Cash
    Drop) is in the total pot and in the pots, though no player put it in:

    >>> pot_discrepancies(45, contributed=40, returned=0, collected=43, rake=2,
    ...                   jackpot_fee=0, main_pot=None, side_pots=(), added_money=5)
    []
    """
    reasons: list[str] = []
    if contributed - returned + added_money != total_pot:
        added = f" + {added_money} added by the room" if added_money else ""
        reasons.append(
            f"players put in {contributed} less {returned} returned{added} = "
            f"{contributed - returned + added_money}, but the total pot is {total_pot}"
        )
    if collected + rake + jackpot_fee != total_pot:
        reasons.append(
            f"collected {collected} + rake {rake} + jackpot fee {jackpot_fee} = "
            f"{collected + rake + jackpot_fee}, but the total pot is {total_pot}"
        )
    if main_pot is not None and side_pots:
        pots = main_pot + sum(side_pots) + added_money  # a room lists its money apart
        # PokerStars lists the pots net of rake ("Total pot $1.08 Main pot $0.42. Side pot
        # $0.61. | Rake $0.05"); other sites before it: either adds up.
        if pots not in (total_pot, total_pot - rake):
            reasons.append(
                f"main pot {main_pot} + side pots {sum(side_pots)} = {pots}, "
                f"but the total pot is {total_pot} (rake {rake})"
            )
    return reasons


def inconsistency_or_none(hand: Hand) -> str | None:
    """The reasons of `chip_discrepancies` joined by "; ", or None when the chips add up."""
    reasons = chip_discrepancies(hand)
    return "; ".join(reasons) if reasons else None
