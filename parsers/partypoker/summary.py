"""PartyPoker's payments: the new format's summary ("** Summary **": the pots and the
rake, the board, each seat's balance and what it collected), and the payments of either
format paid as collections, less the uncalled bets the site counts in them.

The old format has no summary: its payments are the body's "wins" lines, and its total
pot and rake follow from the chips (what was put in, less the returns; what the pot did
not pay is the rake).
"""

from __future__ import annotations

from collections.abc import Callable

from parsers._base.builder import HandBuilder
from parsers.partypoker import words
from parsers.partypoker.words import bracket_cards
from tracker.model import Street

Payments = list[tuple[str, int, int, str | None]]
"""The site's payments in order: (player, amount, pot, half), the amount counting the
uncalled bet given back to that player."""

Amount = Callable[[str], int]


def read_summary(
    hand: HandBuilder, start: int, amount: Amount, payments: Payments, returns: dict[str, int]
) -> None:
    """Read the new format's summary from `start`: the pots, rake and board into `hand`,
    what each seat collected into `payments`.

    Raises:
        MalformedHandError: an unknown line, a seat's bet that differs from its actions,
            or no pot line (a hand cut off).
    """
    lines = hand.text.lines
    found_pots = False
    for index in range(start, len(lines)):
        line = lines[index]
        hand.at(index)
        if line.startswith("Main Pot: "):
            # "Main Pot: $38.50 Rake: $2.0"
            _pots(hand, line, amount)
            found_pots = True
        elif line.startswith("Board: "):
            # "Board: [ Jc, 7d, 6c, Ts, Js ]": the cards dealt, written again
            hand.set_board(bracket_cards(line))
        elif line.strip():
            _seat_line(hand, line, amount, payments, returns)
    if not found_pots:
        raise hand.error("hand cut off: its summary gives no pot")


def _pots(hand: HandBuilder, line: str, amount: Amount) -> None:
    side: list[int] = []
    for pot in words.SUMMARY_POTS.finditer(line):
        if pot["pot"] == "Main":
            hand.main_pot = amount(pot["amount"])
        else:
            side.append(amount(pot["amount"]))
    hand.side_pots = tuple(side)
    rake = words.SUMMARY_RAKE.search(line)
    hand.rake = 0 if rake is None else amount(rake["rake"])


def _seat_line(
    hand: HandBuilder, line: str, amount: Amount, payments: Payments, returns: dict[str, int]
) -> None:
    # "Hero balance $44.16, bet $23.17, collected $41.47, net +$18.30[ 9c, 7h, 8h, 4d ]
    # [ a straight, seven to jack -- Jc,Ts,9c,8h,7d ]", "Player4 balance $56.64, didn't
    # bet (folded)", "Player2 Cashed out  balance $23.01, bet $20.20, collected $23.01, .."
    found = hand.split_player(line)
    match = None if found is None else words.SUMMARY_SEAT.match(found[1])
    if found is None or match is None:
        raise hand.error("unknown summary line")
    player = found[0]
    if match["cards"]:
        hand.shown(player, bracket_cards(f"[{match['cards']}]"), street=Street.SHOWDOWN)
    if match["bet"] is None:
        return
    bet = amount(match["bet"])
    if bet != hand.put_in(player) + returns.get(player, 0):
        raise hand.error(f"the summary's bet {match['bet']} differs from the actions")
    if match["cashed_out"]:
        return  # the cash-out the site paid ("Cashout Amount is 23.01"), not a pot's
    collected = amount(match["collected"])
    if collected:
        payments.append((player, collected, 0, None))


def pay(hand: HandBuilder, payments: Payments, returns: dict[str, int], *, summary: bool) -> None:
    """Pay `payments` as collections, each player's less the uncalled bet returned to
    them; the unlabelled payment of a pot that also pays a "Lo" is its high half. Without
    a summary, set the total pot and the rake from the chips.

    Raises:
        MalformedHandError: a payment smaller than its return, or payments above the pot.
    """
    owed = dict(returns)
    paid: list[list[object]] = [list(payment) for payment in payments]
    for entry in reversed(paid):
        player, payment = str(entry[0]), int(str(entry[1]))
        taken = min(owed.get(player, 0), payment)
        if taken:
            entry[1] = payment - taken
            owed[player] -= taken
    low_pots = {pot for _, _, pot, half in payments if half == "lo"}
    for (player, _, pot, half), entry in zip(payments, paid, strict=True):
        if half is None and pot in low_pots:
            half = "hi"
        hand.collect(player, int(str(entry[1])), pot=pot, half=half)
    collected = sum(int(str(entry[1])) for entry in paid)
    total = sum(hand.put_in(player) for player in hand.players)
    hand.total_pot = total
    if not summary:
        if collected > total:
            raise hand.error(f"the payments ({collected}) exceed the pot ({total})")
        hand.rake = total - collected
