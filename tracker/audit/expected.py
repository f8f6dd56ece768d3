"""What the engine says a hand should have paid: the exact, per-hand path.

From a `HandLedger`: the pots built from every player's contribution, the site's rake
spread over them by the site's rake rule, every showdown hand evaluated on every board,
and each pot split (hi/lo halves, ties, quarters, odd chips, run it twice) by the site's
odd-chip rule. Players still in whose cards never became known, and who collected
nothing, mucked: their hand is dead (they stay in the pots at their level, but win
nothing). A pot none of whose players has a known hand cannot be paid by the engine.

>>> from datetime import UTC, datetime
>>> from tracker.audit.contributions import HandLedger, PlayerLedger
>>> from tracker.cards import parse_cards
>>> from tracker.model import Game
>>> ledger = HandLedger("demo", "1", Game.OMAHA_HILO, datetime(2024, 1, 1, tzinfo=UTC),
...     (PlayerLedger("ann", 1, bets=500, cards=parse_cards("Ad Kd 3s 2s")),
...      PlayerLedger("bob", 2, bets=500, cards=parse_cards("7c 6s 7h As"))),
...     (parse_cards("Jd 4d 3c Qd 5h"),), (), 1000, 0, 0, None, (), False, False, ())
>>> payout = expected_payout(ledger, RULES_CONVENTION)
>>> payout.won, [(a.half.value, a.amount) for a in payout.awards]
((1000, 0), [('hi', 500), ('lo', 500)])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tracker.audit.contributions import HandLedger
from tracker.audit.conventions import RULES_CONVENTION, SiteConvention
from tracker.cards import Card, ensure_distinct
from tracker.engine.hands import BestHands, best_hands
from tracker.engine.pots import Pot, build_pots
from tracker.engine.settle import board_strengths, uncontested_awards
from tracker.engine.split import Award, deduct_rake, split_pots, won_by_player
from tracker.errors import ShowdownError

__all__ = ["RULES_CONVENTION", "ExpectedPayout", "UnpayableError", "expected_payout"]

BOARD_CARD_COUNT = 5


class UnpayableError(ShowdownError):
    """The engine cannot say who should be paid: cards unknown, a board cut short."""


@dataclass(frozen=True, slots=True)
class ExpectedPayout:
    """The engine's payout of one hand. Players are indexes into the ledger's players.

    Attributes:
        pots: the main pot and the side pots as built, before rake.
        rake: the rake taken from each pot.
        awards: every payment, pot by pot, board by board.
        won: per player, the chips won from the pots.
        returned: per player, the uncalled chips the engine gives back.
        hands: per board, per player, the best hands (None: not at the showdown, or
            mucked, or the hand was won without a showdown).
        showdown: True when two or more players were still in at the end.
    """

    pots: tuple[Pot, ...]
    rake: tuple[int, ...]
    awards: tuple[Award, ...]
    won: tuple[int, ...]
    returned: tuple[int, ...]
    hands: tuple[tuple[BestHands | None, ...], ...]
    showdown: bool

    @property
    def net_pots(self) -> tuple[int, ...]:
        """Each pot less its rake: what its winners share."""
        return tuple(pot.amount - rake for pot, rake in zip(self.pots, self.rake, strict=True))


def expected_payout(ledger: HandLedger, convention: SiteConvention) -> ExpectedPayout:
    """The engine's payout of `ledger` under the site's `convention`.

    Raises:
        UnpayableError: the hand cannot be paid by the engine (a pot with no known hand,
            a board that is not complete).
        ShowdownError: contributions or rake that do not fit (negative, rake above the pots).
        CardError: the same card twice.
    """
    players = ledger.players
    folded = [player.folded for player in players]
    built = build_pots(
        [player.contributed for player in players],
        folded,
        dead=[player.antes + player.dead for player in players],
    )
    pots = built.pots
    if ledger.added_money and pots:  # the room's money (an STP) goes to the main pot
        pots = (replace(pots[0], amount=pots[0].amount + ledger.added_money), *pots[1:])
    net = less_rake_and_fee(pots, ledger.rake or 0, ledger.jackpot_fee, convention)
    live = ledger.live
    odd_chip_rule = convention.odd_chip_rule
    if len(live) <= 1:
        awards = uncontested_awards(net, folded, odd_chip_rule)
        hands: tuple[tuple[BestHands | None, ...], ...] = ((None,) * len(players),)
    else:
        runs = _runs(ledger)
        shown = [card for player in players if not player.folded for card in player.cards]
        for run in runs:
            ensure_distinct([*shown, *run])  # CardError: the same card twice
        hands = tuple(_evaluate(ledger, run) for run in runs)
        _check_contested(net, hands)
        strengths = [
            board_strengths(ledger.game, board, odd_chip_rule,
                            [(*player.cards, *run) for player in players])
            for board, run in zip(hands, runs, strict=True)
        ]  # fmt: skip
        awards = split_pots(net, strengths, odd_chip_rule=odd_chip_rule)
    return ExpectedPayout(
        pots=pots,
        rake=tuple(gross.amount - after.amount for gross, after in zip(pots, net, strict=True)),
        awards=awards,
        won=won_by_player(awards, len(players)),
        returned=built.returned,
        hands=hands,
        showdown=len(live) > 1,
    )


def less_rake_and_fee(
    pots: Sequence[Pot], rake: int, fee: int, convention: SiteConvention
) -> tuple[Pot, ...]:
    """The pots less the rake and the jackpot fee: the fee taken as the rake is, under
    the same rule (Winning), or under the site's own `jackpot_rule` (GGPoker, hand
    OM1349864: the rake from the main pot first, the fee in proportion to the pots).

    >>> from tracker.engine.rules import DEFAULT_ODD_CHIP_RULE, RAKE_RULES
    >>> pots = [Pot(52724, (0, 1, 2)), Pot(6984, (1, 2))]
    >>> ggpoker = SiteConvention("ggpoker", RAKE_RULES["main-pot-first"],
    ...     DEFAULT_ODD_CHIP_RULE, jackpot_rule=RAKE_RULES["proportional"])
    >>> [pot.amount for pot in less_rake_and_fee(pots, 750, 500, ggpoker)]
    [51532, 6926]
    >>> [pot.amount for pot in less_rake_and_fee(pots, 750, 500, RULES_CONVENTION)]
    [51474, 6984]

    Raises:
        ShowdownError: a rake or fee that does not fit the pots.
    """
    fee_rule = convention.jackpot_rule
    if fee_rule is None or not fee:
        return deduct_rake(pots, rake + fee, convention.rake_rule)
    amounts = [pot.amount for pot in pots]
    taken = [
        rake_part + fee_part
        for rake_part, fee_part in zip(
            convention.rake_rule.take(amounts, rake), fee_rule.take(amounts, fee), strict=True
        )
    ]
    if any(part > amount for part, amount in zip(taken, amounts, strict=True)):
        raise ShowdownError(f"rake {rake} and jackpot fee {fee} are more than a pot holds")
    return tuple(
        replace(pot, amount=pot.amount - part) for pot, part in zip(pots, taken, strict=True)
    )


def _runs(ledger: HandLedger) -> tuple[tuple[Card, ...], ...]:
    """The boards to evaluate on: each run's board (complete), or one empty board in stud."""
    if ledger.game.is_stud:
        return ledger.boards or ((),)  # the card dealt to all when the deck ran out
    if not ledger.boards:
        raise UnpayableError("two or more players are still in but there is no board")
    for board in ledger.boards:
        if len(board) != BOARD_CARD_COUNT:
            raise UnpayableError(f"a board has {len(board)} cards: the hand is cut short")
    return ledger.boards


def _evaluate(ledger: HandLedger, board: Sequence[Card]) -> tuple[BestHands | None, ...]:
    """Each player's best hands on one board; None for folded players and mucked hands."""
    evaluated: list[BestHands | None] = []
    for player in ledger.players:
        if player.folded or not player.cards:
            evaluated.append(None)
        else:
            evaluated.append(best_hands(ledger.game, player.cards, board))
    return tuple(evaluated)


def _check_contested(net: Sequence[Pot], hands: Sequence[Sequence[BestHands | None]]) -> None:
    """Every pot with chips in it needs one eligible player whose hand is known."""
    for number, pot in enumerate(net):
        if pot.amount and not any(hands[0][player] is not None for player in pot.eligible):
            raise UnpayableError(
                f"nobody eligible for pot {number} showed a hand, so its winner is unknown"
            )
