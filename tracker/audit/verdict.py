"""The verdict on one hand: what the engine expected against what the site reported.

Checks, in order of precedence:

1. a cancelled hand before anything else: `ok` (with a note) when nobody collected,
   else `unverifiable`; then `unverifiable` when the hand is cut off (no total pot);
2. `inconsistent` when the bookkeeping every hand must satisfy fails: contributions less
   the returned bets are the total pot, the total pot is what was collected plus the rake
   (plus any jackpot fee), nobody who folded collects, nobody collects from a pot they
   were not eligible for (per pot where the site names the pot, else more than all their
   pots hold), and the uncalled bets the site returned are the engine's;
3. `unverifiable` when the engine cannot pay the hand: a player collected at the
   showdown with cards nobody saw, a board cut short, an all-in cash-out;
4. `mismatch` when the site's pots or any player's payment differ from the engine's
   (per pot and per board where the site says which), with the reason: `wrong winner`,
   `odd chip`, `quartering` or `side pot`;
5. `ok` otherwise. A hand won without a showdown is audited like any other: the lone
   player must collect the pots less the rake. A hand whose only difference is how the
   site divided the rake among the pots, every player paid right, is `ok` with a note.

An uncalled bet the site did not print is inferred from the total pot first, where the
chips show it (`tracker.audit.uncalled`); the verdict's reason then says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum

from tracker.audit.contributions import HandLedger, in_odd_chip_order, ledger_of
from tracker.audit.conventions import SiteConvention, convention_for
from tracker.audit.expected import ExpectedPayout, UnpayableError, expected_payout
from tracker.audit.uncalled import with_inferred_returns
from tracker.cards import Card
from tracker.engine.rules import Half
from tracker.errors import CardError, ShowdownError
from tracker.model import Game, Hand

ShareKey = tuple[int, int]
"""(pot, board) of a share of the payments."""


class Status(StrEnum):
    """The verdict on a hand."""

    OK = "ok"
    MISMATCH = "mismatch"
    UNVERIFIABLE = "unverifiable"
    INCONSISTENT = "inconsistent"

    @property
    def flagged(self) -> bool:
        """True for the verdicts that say the site paid wrongly (exit status 1)."""
        return self in (Status.MISMATCH, Status.INCONSISTENT)


CANCELLED_NOTE = "the site cancelled the hand: nothing paid"
"""The note on the `ok` verdict of a cancelled hand nobody collected in."""


class Reason(StrEnum):
    """What kind of error a mismatch is, as the engine reads it."""

    WRONG_WINNER = "wrong winner"
    ODD_CHIP = "odd chip"
    QUARTERING = "quartering"
    SIDE_POT = "side pot"


@dataclass(frozen=True, slots=True)
class PlayerVerdict:
    """One player's expected and reported payment (None: the engine could not say)."""

    player: str
    expected: int | None
    reported: int


@dataclass(frozen=True, slots=True)
class AwardRow:
    """One payment the engine computed: part of one pot, on one board, to one player."""

    pot: int
    board: int
    half: str
    player: str
    amount: int
    hand: str | None
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandVerdict:
    """The audit of one hand.

    Attributes:
        site: the site.
        hand_id: the site's hand id.
        game: the game.
        started_at: when the hand started.
        status: ok, mismatch, unverifiable or inconsistent.
        reason: why the status is not ok, in one line; on an `ok` hand, a note (the
            hand was cancelled, the site divided the rake otherwise) or None.
        players: per player, expected against reported.
        awards: the engine's payments (empty when it could not pay the hand).
    """

    site: str
    hand_id: str
    game: Game
    started_at: datetime
    status: Status
    reason: str | None
    players: tuple[PlayerVerdict, ...]
    awards: tuple[AwardRow, ...]


def audit_hand(hand: Hand, convention: SiteConvention | None = None) -> HandVerdict:
    """Audit one parsed hand under its site's convention (or the one given)."""
    return audit_ledger(ledger_of(hand), convention)


def audit_ledger(ledger: HandLedger, convention: SiteConvention | None = None) -> HandVerdict:
    """Audit one hand's ledger: the exact path, one hand at a time (see the module)."""
    convention = convention or convention_for(ledger.site)
    ledger = in_odd_chip_order(ledger, convention.odd_chip_rule)
    if ledger.cancelled:
        return _cancelled_verdict(ledger)
    if ledger.total_pot is None:
        return _verdict(ledger, Status.UNVERIFIABLE, "cut-off hand: it gives no total pot")
    ledger, inferred = with_inferred_returns(ledger)
    verdict = _audit_complete(ledger, convention)
    return verdict if inferred is None else with_note(verdict, inferred)


def with_note(verdict: HandVerdict, note: str) -> HandVerdict:
    """The verdict with `note` added to its reason (an `ok` verdict's reason is the note)."""
    reason = note if verdict.reason is None else f"{verdict.reason}; {note}"
    return replace(verdict, reason=reason)


def _audit_complete(ledger: HandLedger, convention: SiteConvention) -> HandVerdict:
    """Checks 2 to 5 of the module, on a hand neither cancelled nor cut off."""
    problems = [*ledger.chip_problems, *_folded_collectors(ledger)]
    payout: ExpectedPayout | None = None
    unpayable: str | None = None
    try:
        payout = expected_payout(ledger, convention)
    except UnpayableError as error:
        unpayable = str(error)
    except (ShowdownError, CardError) as error:  # chips or cards that cannot be
        problems.append(str(error))
    if payout is not None:
        problems.extend(_payout_problems(ledger, payout))
    if problems:
        return _verdict(ledger, Status.INCONSISTENT, "; ".join(problems), payout)
    if ledger.cashed_out:
        return _verdict(ledger, Status.UNVERIFIABLE, "a player cashed out all in")
    if payout is None:
        return _verdict(ledger, Status.UNVERIFIABLE, unpayable)
    unknown = _unknown_collectors(ledger, payout)
    if unknown:
        return _verdict(ledger, Status.UNVERIFIABLE, unknown, payout)
    reason = mismatch_reason_or_none(ledger, payout, names_pots=convention.names_pots)
    if reason is not None:
        note = rake_division_note_or_none(ledger, payout)
        if note is not None:
            return _verdict(ledger, Status.OK, note, payout)
    return _verdict(ledger, Status.MISMATCH if reason else Status.OK, reason, payout)


def rake_division_note_or_none(ledger: HandLedger, payout: ExpectedPayout) -> str | None:
    """A note when the site divided the rake among the pots otherwise than its rule but
    paid every player what the engine pays: the verdict is about players, so such a
    hand is `ok`, with this note. None in any other case (where the division changes
    who gets what, the site's convention decides, and the hand is a mismatch)."""
    rake = ledger.rake or 0
    if not rake or len(payout.pots) < 2:
        return None
    if any(won != player.collected for won, player in zip(payout.won, ledger.players,
                                                          strict=True)):  # fmt: skip
        return None
    # What each pot paid says how the site divided the rake; else the pots it lists (net
    # of rake, as PokerStars lists them).
    if _labels_pots(ledger):
        paid = [0] * len(payout.pots)
        for item in ledger.collections:
            if item.pot >= len(paid):
                return None
            paid[item.pot] += item.amount
        site_pots: tuple[int, ...] | None = tuple(paid)
    else:
        site_pots = _site_pots_or_none(ledger)
    if site_pots is None or len(site_pots) != len(payout.pots):
        return None
    site_rake = tuple(pot.amount - net for pot, net in zip(payout.pots, site_pots, strict=True))
    if sum(site_rake) != rake or min(site_rake) < 0:
        return None
    return (
        f"the site divided the rake ({rake}) among the pots as {_amounts(site_rake)}, "
        f"its rule as {_amounts(payout.rake)}; every player was paid right"
    )


def _cancelled_verdict(ledger: HandLedger) -> HandVerdict:
    """A cancelled hand: the site gives every chip back and pays nobody, so it is `ok`
    when nobody collected; a payment in it cannot be checked against any rule."""
    if any(player.collected for player in ledger.players):
        reason = "the site cancelled the hand, yet reports payments in it"
        return _verdict(ledger, Status.UNVERIFIABLE, reason)
    return _verdict(ledger, Status.OK, CANCELLED_NOTE)


def pot_name(pot: int) -> str:
    """The pot in words.

    >>> pot_name(0), pot_name(2)
    ('the main pot', 'side pot-2')
    """
    return "the main pot" if pot == 0 else f"side pot-{pot}"


def _verdict(
    ledger: HandLedger, status: Status, reason: str | None, payout: ExpectedPayout | None = None
) -> HandVerdict:
    players = tuple(
        PlayerVerdict(
            player.player, None if payout is None else payout.won[index], player.collected
        )
        for index, player in enumerate(ledger.players)
        if not player.folded or player.collected or (payout is not None and payout.won[index])
    )
    return HandVerdict(
        site=ledger.site,
        hand_id=ledger.hand_id,
        game=ledger.game,
        started_at=ledger.started_at,
        status=status,
        reason=reason,
        players=players,
        awards=() if payout is None else award_rows(ledger, payout),
    )


def award_rows(ledger: HandLedger, payout: ExpectedPayout) -> tuple[AwardRow, ...]:
    """The engine's payments with player names, hand names and the five cards."""
    return tuple(
        AwardRow(
            pot=award.pot,
            board=award.board,
            half=award.half.value,
            player=ledger.players[award.player].player,
            amount=award.amount,
            hand=None if award.hand is None else award.hand.name,
            cards=() if award.hand is None else award.hand.cards,
        )
        for award in payout.awards
    )


def _folded_collectors(ledger: HandLedger) -> list[str]:
    return [
        f"{player.player} folded but collected {player.collected}"
        for player in ledger.players
        if player.folded and player.collected
    ]


def _payout_problems(ledger: HandLedger, payout: ExpectedPayout) -> list[str]:
    """Uncalled bets returned as the engine returns them; nobody paid from a pot they
    are not eligible for."""
    problems = [
        f"the uncalled bet of {player.player} is {engine}, but the site returned {player.returned}"
        for player, engine in zip(ledger.players, payout.returned, strict=True)
        if engine != player.returned
    ]
    if _labels_pots(ledger):
        index_of = {player.player: index for index, player in enumerate(ledger.players)}
        paid: dict[tuple[str, int], int] = {}
        for item in ledger.collections:
            paid[item.player, item.pot] = paid.get((item.player, item.pot), 0) + item.amount
        for (name, pot), amount in paid.items():
            if pot < len(payout.pots) and index_of[name] not in payout.pots[pot].eligible:
                problems.append(
                    f"{name} collected {amount} from {pot_name(pot)} without being eligible for it"
                )
        return problems
    net = payout.net_pots
    for index, player in enumerate(ledger.players):
        if player.folded:
            continue  # reported above: a folded player collects nothing at all
        holds = sum(amount for pot, amount in zip(payout.pots, net, strict=True)
                    if index in pot.eligible)  # fmt: skip
        if player.collected > holds:
            problems.append(
                f"{player.player} collected {player.collected}, more than the {holds} "
                "of the pots they were eligible for"
            )
    return problems


def _unknown_collectors(ledger: HandLedger, payout: ExpectedPayout) -> str | None:
    """A player at the showdown whose cards nobody saw, paid more than the engine can
    give them without seeing their cards."""
    if not payout.showdown:
        return None
    for index, player in enumerate(ledger.players):
        if not player.folded and not player.cards and player.collected > payout.won[index]:
            return (
                f"{player.player} collected {player.collected} at the showdown, "
                "but their cards are unknown (mucked)"
            )
    return None


def _labels_pots(ledger: HandLedger) -> bool:
    return any(item.pot for item in ledger.collections)


def _labels_boards(ledger: HandLedger) -> bool:
    return any(item.board for item in ledger.collections)


def mismatch_reason_or_none(
    ledger: HandLedger, payout: ExpectedPayout, *, names_pots: bool = True
) -> str | None:
    """Why the site's payments differ from the engine's, or None when they agree: the
    site's listed pots first, then each share (pot and board, where the site names
    them), then each player's total. `names_pots` False: the site never says which pot
    a payment is from, so one unnamed pot where the engine builds several is no
    error in itself."""
    site_pots = _site_pots_or_none(ledger)
    engine_pots = payout.net_pots
    # Sites list their pots net of rake (PokerStars) or before it (Full Tilt: "Main pot
    # $85.10. Side pot $10. | Rake $3"), as the bookkeeping accepts either.
    gross_pots = tuple(pot.amount for pot in payout.pots)
    if site_pots is not None and site_pots not in (engine_pots, gross_pots):
        return (
            f"{Reason.SIDE_POT}: the site lists pots {_amounts(site_pots)}, "
            f"the engine builds {_amounts(engine_pots)}"
        )
    if names_pots and site_pots is None and len(engine_pots) > 1 and not _labels_pots(ledger):
        return (
            f"{Reason.SIDE_POT}: the site pays one pot, the engine builds {_amounts(engine_pots)}"
        )
    expected, reported = _shares(ledger, payout)
    for key in sorted(set(expected) | set(reported)):
        wanted, paid = expected.get(key, {}), reported.get(key, {})
        if wanted != paid:
            return _describe_share(ledger, payout, key, wanted, paid)
    return None


def _site_pots_or_none(ledger: HandLedger) -> tuple[int, ...] | None:
    if ledger.main_pot is None or not ledger.side_pots:
        return None
    # A room lists its own money apart ("| STP €5.00"): the engine has it in the main pot.
    return (ledger.main_pot + ledger.added_money, *ledger.side_pots)


def _amounts(amounts: Sequence[int]) -> str:
    return ", ".join(str(amount) for amount in amounts)


def _shares(
    ledger: HandLedger, payout: ExpectedPayout
) -> tuple[dict[ShareKey, dict[int, int]], dict[ShareKey, dict[int, int]]]:
    """Per share, per player index: the engine's payments and the site's. Pots and boards
    the site does not name are added together."""
    by_pot, by_board = _labels_pots(ledger), _labels_boards(ledger)
    expected: dict[ShareKey, dict[int, int]] = {}
    for award in payout.awards:
        key = (award.pot if by_pot else 0, award.board if by_board else 0)
        share = expected.setdefault(key, {})
        share[award.player] = share.get(award.player, 0) + award.amount
    index_of = {player.player: index for index, player in enumerate(ledger.players)}
    reported: dict[ShareKey, dict[int, int]] = {}
    for item in ledger.collections:
        share = reported.setdefault((item.pot, item.board), {})
        index = index_of[item.player]
        share[index] = share.get(index, 0) + item.amount
    for shares in (expected, reported):
        for key in list(shares):
            shares[key] = {player: amount for player, amount in shares[key].items() if amount}
    return expected, reported


def _describe_share(
    ledger: HandLedger,
    payout: ExpectedPayout,
    key: ShareKey,
    wanted: dict[int, int],
    paid: dict[int, int],
) -> str:
    pot, board = key
    players = sorted(set(wanted) | set(paid))
    deltas = {player: paid.get(player, 0) - wanted.get(player, 0) for player in players}
    changed = [player for player in players if deltas[player]]
    named = pot if _labels_pots(ledger) else None
    reason = _classify(payout, named, changed, deltas, len(ledger.boards) or 1)
    where = pot_name(pot) if named is not None or len(payout.pots) <= 1 else "the pots"
    if _labels_boards(ledger):
        where += f", board {board + 1}"
    detail = "; ".join(
        f"{ledger.players[player].player} expected {wanted.get(player, 0)}, "
        f"paid {paid.get(player, 0)}"
        for player in changed
    )
    return f"{reason} in {where}: {detail}"


def _classify(
    payout: ExpectedPayout,
    pot: int | None,
    changed: Sequence[int],
    deltas: dict[int, int],
    boards: int,
) -> Reason:
    """The kind of error in one share (`pot` None: the site named no pot, so all of
    them). A unit or two astray is an odd chip; a tied share moved between players the
    engine ties for a half is quartering; money from a side pot to a player not eligible
    for it is a side-pot error; anything else a wrong winner."""
    if all(abs(deltas[player]) <= boards for player in changed):
        return Reason.ODD_CHIP
    pots = range(len(payout.pots)) if pot is None else (pot,)
    for number in pots:
        for half in (Half.HIGH, Half.LOW, Half.WHOLE):
            parts = [a for a in payout.awards if a.pot == number and a.half is half]
            tied = {award.player for award in parts}
            largest = max((award.amount for award in parts), default=0)
            if (
                len(tied) > 1
                and set(changed) <= tied
                and all(abs(deltas[player]) <= largest for player in changed)
            ):
                return Reason.QUARTERING
    gainers = [player for player in changed if deltas[player] > 0]
    losers = {player for player in changed if deltas[player] < 0}
    for number in pots:
        built = payout.pots[number] if number < len(payout.pots) else None
        winners = {award.player for award in payout.awards if award.pot == number}
        if (
            number
            and built is not None
            and winners & losers
            and any(player not in built.eligible for player in gainers)
        ):
            return Reason.SIDE_POT
    return Reason.WRONG_WINNER
