"""Uncalled bets a site did not print, inferred from its total pot.

Old PokerStars hands (2005) and files converted to PokerStars' format by other tools
write no "Uncalled bet (...) returned to" line. The chips still tell what happened, in
one of two ways, and the audit then reads the hand as if the line were there, saying in
its verdict that the return was inferred:

- the total pot is what was put in less the excess of the last bet: the excess went
  back to its owner, unprinted;
- the total pot is everything put in, and the owner of the excess collected at least
  the excess: the site left it in the pot and paid it back to its owner as a winning.

Any other hand without a printed return is left as it is (the audit then says what does
not add up).

>>> from datetime import UTC, datetime
>>> from tracker.audit.contributions import PlayerLedger
>>> from tracker.model import Collection, Game
>>> ledger = HandLedger("demo", "1", Game.OMAHA_HI, datetime(2005, 1, 1, tzinfo=UTC),
...     (PlayerLedger("ann", 1, blinds=5, folded=True), PlayerLedger("bob", 2, blinds=10,
...      collected=10)), (), (Collection("bob", 10),), 10, 0, 0, None, (), False, False,
...     ("players put in 15 less 0 returned = 15, but the total pot is 10",))
>>> inferred, note = with_inferred_returns(ledger)
>>> [player.returned for player in inferred.players], inferred.chip_problems
([0, 5], ())
>>> note
'uncalled bet of bob (5) returned, inferred from the total pot (the site printed no return)'
"""

from __future__ import annotations

from dataclasses import replace

from tracker.audit.contributions import HandLedger
from tracker.bookkeeping import pot_discrepancies
from tracker.engine.pots import uncalled_returns
from tracker.model import Collection


def with_inferred_returns(ledger: HandLedger) -> tuple[HandLedger, str | None]:
    """The ledger with the uncalled bet its site did not print, and a note saying so;
    the ledger unchanged and None when nothing is to be inferred."""
    if ledger.total_pot is None or ledger.cancelled:
        return ledger, None
    if any(player.returned for player in ledger.players):
        return ledger, None
    excess = uncalled_returns([player.contributed for player in ledger.players])
    owner = next((index for index, amount in enumerate(excess) if amount), None)
    if owner is None:
        return ledger, None
    amount = excess[owner]
    contributed = sum(player.contributed for player in ledger.players)
    player = ledger.players[owner]
    if contributed - ledger.total_pot == amount:
        players = list(ledger.players)
        players[owner] = replace(player, returned=amount)
        found = replace(ledger, players=tuple(players))
        how = "returned, inferred from the total pot (the site printed no return)"
    elif contributed == ledger.total_pot and player.collected >= amount:
        paid_back = _paid_back_as_winning(ledger, owner, amount)
        if paid_back is None:
            return ledger, None
        found = paid_back
        how = "left in the pot and paid back to its owner (the site printed no return)"
    else:
        return ledger, None
    return replace(found, chip_problems=_chip_problems(found)), (
        f"uncalled bet of {player.player} ({amount}) {how}"
    )


def _paid_back_as_winning(ledger: HandLedger, owner: int, amount: int) -> HandLedger | None:
    """The ledger with `amount` of the owner's collections read as their uncalled bet
    returned (taken from their last collection that holds it); None when none does."""
    name = ledger.players[owner].player
    places = [
        index
        for index, item in enumerate(ledger.collections)
        if item.player == name and item.amount >= amount
    ]
    if not places:
        return None
    collections = list(ledger.collections)
    item = collections[places[-1]]
    collections[places[-1]] = Collection(item.player, item.amount - amount, item.pot, item.board,
                                         item.half)  # fmt: skip
    players = list(ledger.players)
    players[owner] = replace(
        players[owner], returned=amount, collected=players[owner].collected - amount
    )
    return replace(
        ledger,
        players=tuple(players),
        collections=tuple(item for item in collections if item.amount),
        total_pot=ledger.total_pot - amount if ledger.total_pot is not None else None,
    )


def _chip_problems(ledger: HandLedger) -> tuple[str, ...]:
    """The chip checks of `tracker.bookkeeping`, again, over the ledger's sums."""
    assert ledger.total_pot is not None  # checked by the caller
    return tuple(
        pot_discrepancies(
            ledger.total_pot,
            contributed=sum(player.contributed for player in ledger.players),
            returned=sum(player.returned for player in ledger.players),
            collected=sum(item.amount for item in ledger.collections),
            rake=ledger.rake or 0,
            jackpot_fee=ledger.jackpot_fee,
            added_money=ledger.added_money,
            main_pot=ledger.main_pot,
            side_pots=ledger.side_pots,
        )
    )
