"""A hand replayed in text for `tracker show`: the seats, every street's cards and
actions, each showdown player's best high and low (five cards and name), each pot, and
the engine's split beside the site's payout, then the audit's verdict.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tracker.audit.betting_rows import rows_of_hands
from tracker.audit.betting_rules import BettingError, BettingStatus, settings_for
from tracker.audit.contributions import in_odd_chip_order, ledger_of
from tracker.audit.conventions import convention_for
from tracker.audit.expected import ExpectedPayout, expected_payout
from tracker.audit.legality import STATUS_CODES, BettingResult, check_betting
from tracker.audit.verdict import audit_ledger, pot_name
from tracker.cards import format_cards
from tracker.engine.hands import MadeHand
from tracker.errors import CardError, ShowdownError
from tracker.model import CardSource, Hand, Street

_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "INR": "₹"}
_BOARD_SEEN = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}


def money(amount: int, hand: Hand) -> str:
    """An amount as the site writes it: "$40.75" in cash games, "1,234" in chips."""
    return format_money(amount, None if hand.tournament else hand.currency)


def format_money(amount: int, currency: str | None) -> str:
    """An amount in the smallest unit, written in the currency's units (chips: as is).

    >>> format_money(4075, "USD"), format_money(-5, "EUR"), format_money(1234, None)
    ('$40.75', '-€0.05', '1,234')
    """
    if currency is None:
        return f"{amount:,}"
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    symbol = _SYMBOLS.get(currency, "")
    suffix = "" if symbol else f" {currency}"
    return f"{sign}{symbol}{whole:,}.{cents:02d}{suffix}"


def show_hand(hand: Hand) -> str:
    """The whole replay of `hand`, as text."""
    convention = convention_for(hand.site)
    ledger = in_odd_chip_order(ledger_of(hand), convention.odd_chip_rule)
    verdict = audit_ledger(ledger, convention)
    try:
        payout: ExpectedPayout | None = expected_payout(ledger, convention)
    except (ShowdownError, CardError):
        payout = None
    rows = rows_of_hands([hand])
    betting = check_betting(rows, settings_for(hand.site))
    broken = {int(row): rule for row, rule in zip(betting.error_row, betting.errors_of(rows, 0),
                                                  strict=True)}  # fmt: skip
    lines = [*_header(hand), *_streets(hand, broken)]
    if payout is not None:
        names = [player.player for player in ledger.players]
        lines += _showdown(hand, payout, names)
        lines += _pots(hand, payout, names)
        lines += _split(hand, payout, names)
    status = verdict.status.value + (f": {verdict.reason}" if verdict.reason else "")
    lines += ["", _betting_verdict(betting, broken), f"verdict: {status}"]
    return "\n".join(lines)


def _betting_verdict(betting: BettingResult, broken: dict[int, BettingError]) -> str:
    verdict = STATUS_CODES[betting.status[0]]
    if verdict is BettingStatus.ILLEGAL:
        return f"betting: illegal ({len(broken)} action{'s' if len(broken) > 1 else ''} marked)"
    reason = betting.reason[0]
    return f"betting: {verdict.value}" + (f": {reason}" if reason else "")


def _marked(error: BettingError | None, hand: Hand) -> str:
    """ "  <- illegal: limit-cap (allowed $8.00)" after an action that broke a rule."""
    if error is None:
        return ""
    allowed = "" if error.allowed is None else f" (allowed {money(error.allowed, hand)})"
    return f"  <- illegal: {error.rule.value}{allowed}"


def _header(hand: Hand) -> list[str]:
    where = f"table '{hand.table_name}'"
    if hand.button_seat is not None:
        where += f", button seat {hand.button_seat}"
    lines = [
        f"{hand.site} hand {hand.hand_id}: {hand.game.value} {hand.structure.value}, "
        f"{hand.started_at:%Y-%m-%d %H:%M:%S} UTC, {where}"
    ]
    lines += [
        f"  seat {seat.seat}: {seat.player} ({money(seat.stack, hand)})"
        + (" sitting out" if seat.sitting_out else "")
        for seat in hand.seats
    ]
    return lines


def _streets(hand: Hand, broken: dict[int, BettingError]) -> list[str]:
    lines: list[str] = []
    street: Street | None = None
    for number, action in enumerate(hand.actions):
        if action.street is not street:
            street = action.street
            lines += ["", _street_title(hand, street), *_up_cards(hand, street)]
        amount = f" {money(action.amount, hand)}" if action.kind.puts_chips_in else ""
        to = f" to {money(action.to_amount, hand)}" if action.to_amount is not None else ""
        all_in = " (all in)" if action.all_in else ""
        kind = action.kind.value.replace("_", " ")
        mark = _marked(broken.get(number), hand)
        lines.append(f"  {action.player}: {kind}{amount}{to}{all_in}{mark}")
    for item in hand.returned:
        lines.append(f"  uncalled {money(item.amount, hand)} returned to {item.player}")
    for street_name in _later_streets(hand, street):
        lines += ["", _street_title(hand, street_name)]
    return lines


def _later_streets(hand: Hand, last: Street | None) -> list[Street]:
    """Board streets dealt after the last action (players all in)."""
    if hand.game.is_stud or not hand.boards:
        return []
    order = [Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER]
    start = order.index(last) + 1 if last in order else 0
    cards = max(len(board) for board in hand.boards)
    return [s for s in order[start:] if _BOARD_SEEN.get(s, 0) and _BOARD_SEEN[s] <= cards]


def _street_title(hand: Hand, street: Street) -> str:
    title = street.value.upper()
    seen = _BOARD_SEEN.get(street, 1 if street is Street.PREFLOP else 0)
    if hand.game.is_stud or not hand.boards or not seen:
        return title
    boards = dict.fromkeys(
        format_cards(board[:seen]) for board in hand.boards if len(board) >= seen
    )
    if street is Street.PREFLOP and hand.game.value.startswith("courchevel"):
        return f"{title} [{format_cards(hand.boards[0][:1])}]"
    if street is Street.PREFLOP:
        return title
    return f"{title} " + " / ".join(f"[{text}]" for text in boards)


def _up_cards(hand: Hand, street: Street) -> list[str]:
    if not hand.game.is_stud:
        return []
    return [
        f"  {known.player} gets [{format_cards(known.cards)}]"
        for known in hand.known_cards
        if known.street is street and known.source in (CardSource.UP, CardSource.DEALT)
    ]


def _showdown(hand: Hand, payout: ExpectedPayout, names: Sequence[str]) -> list[str]:
    if not payout.showdown:
        return ["", "no showdown: the last player in takes the pots"]
    lines = ["", "SHOWDOWN"]
    for number, board in enumerate(payout.hands):
        if len(hand.boards) > 1:
            lines.append(f"  board {number + 1} [{format_cards(hand.boards[number])}]")
        elif hand.boards:
            lines.append(f"  board [{format_cards(hand.boards[0])}]")
        for player, best in enumerate(board):
            if best is None:
                continue
            shown = f"    {names[player]}: high {_made(best.high)}"
            if hand.game.is_hilo:
                shown += f"; low {_made(best.low) if best.low else 'none'}"
            lines.append(shown)
        for player in payout.pots[0].eligible if payout.pots else ():
            if board[player] is None:
                lines.append(f"    {names[player]}: mucked, cards unknown")
    return lines


def _made(hand: MadeHand) -> str:
    return f"{hand.name} [{format_cards(hand.cards)}]"


def _pots(hand: Hand, payout: ExpectedPayout, names: Sequence[str]) -> list[str]:
    lines = ["", "POTS"]
    for number, (pot, rake) in enumerate(zip(payout.pots, payout.rake, strict=True)):
        eligible = ", ".join(names[player] for player in pot.eligible)
        lines.append(
            f"  {pot_name(number)}: {money(pot.amount, hand)}, rake {money(rake, hand)}, "
            f"shared {money(pot.amount - rake, hand)}; eligible: {eligible}"
        )
    return lines


def _split(hand: Hand, payout: ExpectedPayout, names: Sequence[str]) -> list[str]:
    engine: dict[tuple[int, int, str], list[str]] = {}
    for award in payout.awards:
        key = (award.pot, award.board, names[award.player])
        engine.setdefault(key, []).append(f"{award.half.value} {money(award.amount, hand)}")
    site: dict[tuple[int, int, str], int] = {}
    for item in hand.collections:
        key = (item.pot, item.board, item.player)
        site[key] = site.get(key, 0) + item.amount
    rows = [("pot", "board", "player", "engine", "site")]
    for pot, board, player in sorted(set(engine) | set(site)):
        rows.append(
            (
                pot_name(pot),
                str(board + 1),
                player,
                " + ".join(engine.get((pot, board, player), ["-"])),
                money(site[pot, board, player], hand) if (pot, board, player) in site else "-",
            )
        )
    return ["", "SPLIT (engine) AND PAYOUT (site)", *_aligned(rows)]


def _aligned(rows: Iterable[Sequence[str]]) -> list[str]:
    table = list(rows)
    widths = [max(len(row[column]) for row in table) for column in range(len(table[0]))]
    return ["  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
            .rstrip() for row in table]  # fmt: skip
