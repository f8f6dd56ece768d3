"""Bovada's summary and payments: the total pot (and the old format's rake), the board
written again, each seat's line with what it won in each half, and the "Hand result"
lines of the body paid as collections, by pot, and by half where the summary tells.

The summary's cards are not read: they are sometimes cut short ("[3c Qh As-As Ac Jh 6s
Js]" for four hole cards), and every card is known from the deal.
"""

from __future__ import annotations

from collections.abc import Callable

from parsers._base.builder import HandBuilder
from parsers.bovada import words
from parsers.bovada.words import bracket_cards

Results = list[tuple[str, int, int]]
"""The "Hand result" lines in order: (player, amount, pot)."""

Won = dict[str, tuple[int, int]]
"""What the summary says each winner won: (high, low), each over all the pots."""

Amount = Callable[[str], int]


def read_summary(hand: HandBuilder, start: int, amount: Amount, *, stud: bool) -> Won:
    """Read the summary's lines from `start` into `hand`; what each player won.

    Raises:
        MalformedHandError: an unknown line, or no total pot (a hand cut off).
    """
    lines = hand.text.lines
    won: Won = {}
    found_total = False
    for index in range(start, len(lines)):
        line = lines[index]
        hand.index = index
        if line.startswith("Seat"):
            _seat_line(hand, line, amount, won, stud=stud)
        elif line.startswith("Board ["):
            # "Board [9d 7c 4c 7s ]": the cards dealt, written again
            hand.set_board(bracket_cards(line))
        elif line.startswith("Total Pot("):
            # "Total Pot($1.80)"; the old format "Total Pot($930) | Rake ($3)"
            match = words.TOTAL_POT.match(line)
            if match is None:
                raise hand.error("unreadable total pot")
            hand.total_pot = amount(match["total"])
            if match["rake"] is not None:
                hand.rake = amount(match["rake"])
            found_total = True
        elif line.strip():
            raise hand.error("unknown summary line")
    if not found_total:
        raise hand.error("hand cut off: its summary gives no total pot")
    return won


def _seat_line(hand: HandBuilder, line: str, amount: Amount, won: Won, *, stud: bool) -> None:
    # "Seat+6: UTG+1 HI $3.21  with Straight [..]  [..]", "Seat+7: UTG+2  with One
    # pair [..] LO $6.40 [..]", "Seat 2: Dealer $376.78  with Flush [..]"; stud
    # (the seat is the name) "Seat+2:   with One pair [..] LO $73.50 [..]"
    colon = line.find(": ", 5)
    number = line[5:colon]
    player = hand.player_at(int(number)) if line[4] in "+ " and number.isdigit() else None
    if player is None:
        raise hand.error("a summary line for no seat")
    text = line[colon + 2 :]
    if not stud:
        if not text.startswith(player):
            raise hand.error(f"the summary names seat {number} other than {player}")
        text = text[len(player) :]
    if text.startswith(" Folded"):  # "Seat+4: UTG Folded before the FLOP"
        hand.summary(int(number), player, text[1:], None)
        return
    high = low = 0
    for found in words.WON.finditer(text):
        if found["half"] == "HI":
            high += amount(found["amount"])
        else:
            low += amount(found["amount"])
    if not high and not low:
        whole = words.WON_WHOLE.match(text)
        if whole is not None:
            high = amount(whole["amount"])
    if high or low:
        won[player] = (high, low)
    hand.summary(int(number), player, text.strip(), high + low if high or low else None)


def pay(hand: HandBuilder, results: Results, won: Won) -> None:
    """The "Hand result" payments as collections, and the rake where no line gives it.

    In a hand of one pot where the summary pays a low, each player's payment is split
    into the halves the summary gives ("HI $3.35 ... LO $3.34"); otherwise the payments
    keep no half ("HI" is written for a whole pot won high too, and the summary adds the
    halves over the pots).

    Raises:
        MalformedHandError: the summary's amounts and the hand results disagree.
    """
    totals: dict[str, int] = {}
    for player, paid, _ in results:
        totals[player] = totals.get(player, 0) + paid
    for player in won.keys() - totals.keys():
        raise hand.error(f"the summary says {player} won, but no hand result pays them")
    for player, total in totals.items():
        high, low = won.get(player, (0, 0))
        if high + low != total:
            raise hand.error(
                f"the summary says {player} won {high + low}, the hand results {total}"
            )
    halved = any(low for _, low in won.values()) and not any(pot for _, _, pot in results)
    if not halved:
        for player, paid, pot in results:
            hand.collect(player, paid, pot=pot)
    else:
        for player in totals:
            high, low = won[player]
            if high:
                hand.collect(player, high, half="hi")
            if low:
                hand.collect(player, low, half="lo")
    if hand.rake is None and hand.total_pot is not None:
        # no rake line: the rake is what the pot held beyond the payments
        rake = hand.total_pot - sum(totals.values())
        hand.rake = rake if rake >= 0 else None
