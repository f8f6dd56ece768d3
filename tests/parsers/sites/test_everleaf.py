"""Everleaf: its words for halves and pots ("wins  high ($ 2.38 USD)", "wins  low ($2.37)"),
raises written as the chips they add, the uncalled bet, total pot and rake it never
writes, stud's bring-in and completion, and bad input (errors naming file, hand and line;
the other hands of the file still read). Every hand text is written here; the last test
reads the shared real files for the rake they show."""

from __future__ import annotations

from pathlib import Path

import pytest

import parsers
from parsers import decode, detect_site
from tests.parsers.sites.site_checks import only_hand, read, the_middle_hand_fails
from tracker.audit.verdict import Reason, Status, audit_hand
from tracker.bookkeeping import inconsistency_or_none
from tracker.errors import HandHistoryError, MalformedHandError, UnsupportedGameError
from tracker.model import (
    ActionKind,
    CardSource,
    Collection,
    Game,
    Hand,
    Returned,
    Street,
    Structure,
)

# A limit hi/lo pot split at the showdown: $5 in, 5% rake, $4.75 paid, the odd cent high.
SPLIT = """\
Everleaf Gaming Game #500000001
***** Hand history for game #500000001 *****
$0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:00:02
Table Testfield
Seat 5 is the button
Total number of players: 3
Seat 1: Ann (  $ 25 USD )
Seat 3: Bob (  $ 20.50 USD )
Seat 5: Cid Lee (  $ 10 USD )
Ann: posts small blind [$ 0.25 USD]
Bob: posts big blind [$ 0.50 USD]
** Dealing down cards **
Dealt to Ann [ Ac, 3d, Qh, Jh ]
Cid Lee calls [$ 0.50 USD]
Ann calls [$ 0.25 USD]
Bob checks
** Dealing Flop ** [ 2s, 7d, Kc ]
Ann: bets [$ 0.50 USD]
Bob calls [$ 0.50 USD]
Cid Lee calls [$ 0.50 USD]
** Dealing Turn ** [ 9h ]
Ann: bets [$ 1 USD]
Bob calls [$ 1 USD]
Cid Lee folds
** Dealing River ** [ 4c ]
Ann checks
Bob checks
Ann shows [ Ac, 3d, Qh, Jh ] high card ace
Bob shows [ Kd, Ks, 8h, 8c ] three of a kind, kings
Bob wins  high ($ 2.38 USD) from main pot with three of a kind, kings [ Kd, Ks, Kc, 9h, 7d ]
Ann wins  low ($2.37) from main pot with 7, 4, 3, 2, A [ Ac, 7d, 4c, 3d, 2s ]
"""

# A raise written as the chips it adds ($0.75 on the $0.25 small blind: to $1), called;
# a flop bet nobody calls, whose return Everleaf does not write; a payment naming no half.
UNCALLED = """\
Everleaf Gaming Game #{hand_id}
***** Hand history for game #{hand_id} *****
$0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:00:24
Table Kentfield I
Seat 10 is the button
Total number of players: 2
Seat 6: Villain (  $ 25.45 USD )
Seat 10: Hero (  $ 24.50 USD )
Hero: posts small blind [$ 0.25 USD]
Villain: posts big blind [$ 0.50 USD]
** Dealing down cards **
Dealt to Hero [ Kc, Kh, 2c, Kd ]
Hero raises [$ 0.75 USD]
Villain calls [$ 0.50 USD]
** Dealing Flop ** [ Ks, 5s, Qd ]
Hero: bets [$ 0.50 USD]
Villain folds
Hero does not show cards
Hero wins $ 1.90 USD from main pot
"""

# Stud in euros: antes, the bring-in and its completion, a raise adding 0.08 to the
# bring-in's 0.02, the hero dealt three cards, the other player's up cards.
STUD = """\
Everleaf Gaming Game #600000001
***** Hand history for game #600000001 *****
€0.05/€0.10 7 Card Stud - 2011/08/12 - 13:09:06
Table Testvala
Total number of players: 2
Seat 2: Ann (  € 2.50 EURO )
Seat 4: Bob (  € 3 EURO )
Ann: posts ante [€ 0.01 EURO]
Bob: posts ante [€ 0.01 EURO]
** Dealing down cards **
Dealt to Ann [ 9c, Kd, 2h ].
Dealt to Bob [ Qs ].
Ann posts bring-in €0.02.
Bob completes to €0.05.
Ann raises [€ 0.08 EURO]
Bob calls [€ 0.05 EURO]
** Dealing 4th Street **
Dealt to Ann [ 5s ].
Dealt to Bob [ 7h ].
Bob: bets [€ 0.05 EURO]
Ann calls [€ 0.05 EURO]
** Dealing 5th Street **
Dealt to Ann [ 6d ].
Dealt to Bob [ Jc ].
Bob: bets [€ 0.10 EURO]
Ann folds
Bob does not show cards
Bob wins € 0.31 EURO from main pot
"""


def test_the_halves_are_read_from_high_and_low() -> None:
    assert detect_site(SPLIT).site == "everleaf"
    hand = only_hand(SPLIT)
    assert (hand.game, hand.structure, hand.currency) == (Game.OMAHA_HILO, Structure.LIMIT, "USD")
    assert hand.collections == (
        Collection("Bob", 238, 0, 0, "hi"),
        Collection("Ann", 237, 0, 0, "lo"),
    )
    # No total pot and no rake are written: $5 went in, $4.75 was paid.
    assert (hand.total_pot, hand.rake) == (500, 25)
    assert hand.hero == "Ann"
    assert hand.button_seat == 5
    assert "Cid Lee" in [seat.player for seat in hand.seats]
    assert [card.text for card in hand.boards[0]] == ["2s", "7d", "Kc", "9h", "4c"]
    # Limit: the header gives the bets, the posts the blinds.
    stakes = hand.stakes
    assert (stakes.small_blind, stakes.big_blind, stakes.small_bet, stakes.big_bet) == (
        25,
        50,
        50,
        100,
    )
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_the_odd_cent_paid_to_the_low_half_is_a_mismatch() -> None:
    swapped = SPLIT.replace("($ 2.38 USD)", "($ 2.37 USD)").replace("($2.37)", "($2.38)")
    verdict = audit_hand(only_hand(swapped))
    assert verdict.status is Status.MISMATCH
    assert verdict.reason is not None
    assert verdict.reason.startswith(Reason.ODD_CHIP)


def test_raises_add_chips_and_the_uncalled_bet_is_inferred() -> None:
    hand = only_hand(UNCALLED.format(hand_id="148735532"))
    raised = [action for action in hand.actions if action.kind is ActionKind.RAISE]
    assert [(raise_.amount, raise_.to_amount) for raise_ in raised] == [(75, 100)]
    assert hand.returned == (Returned("Hero", 50),)
    assert hand.collections == (Collection("Hero", 190, 0, 0, None),)
    assert (hand.total_pot, hand.rake) == (200, 10)
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_a_payment_larger_than_the_pot_is_flagged() -> None:
    hand = only_hand(UNCALLED.format(hand_id="1").replace("$ 1.90 USD", "$ 2.40 USD"))
    assert (hand.total_pot, hand.rake) == (200, 0)
    assert inconsistency_or_none(hand) is not None
    assert audit_hand(hand).status is Status.INCONSISTENT


def test_stud_in_euros_from_cp1252_bytes_with_crlf() -> None:
    hand = only_hand(decode(STUD.replace("\n", "\r\n").encode("cp1252")))
    assert (hand.game, hand.currency, hand.button_seat) == (Game.STUD_HI, "EUR", None)
    stakes = hand.stakes
    assert (stakes.small_bet, stakes.big_bet, stakes.ante, stakes.bring_in) == (5, 10, 1, 2)
    third = [
        (action.player, action.kind, action.amount, action.to_amount)
        for action in hand.actions
        if action.street is Street.THIRD and action.kind is not ActionKind.POST_ANTE
    ]
    assert third == [
        ("Ann", ActionKind.BRING_IN, 2, None),
        ("Bob", ActionKind.COMPLETE, 5, 5),
        ("Ann", ActionKind.RAISE, 8, 10),
        ("Bob", ActionKind.CALL, 5, None),
    ]
    assert hand.hero == "Ann"
    sources = {(known.player, known.source) for known in hand.known_cards}
    assert sources == {("Ann", CardSource.DEALT), ("Bob", CardSource.UP)}
    assert hand.returned == (Returned("Bob", 10),)
    assert (hand.total_pot, hand.rake) == (32, 1)
    assert audit_hand(hand).status is Status.OK


def test_a_pot_limit_header_and_a_game_not_covered() -> None:
    header = "$0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:00:24"
    text = UNCALLED.format(hand_id="7")
    hand = only_hand(text.replace(header, "$0.25/$0.50 PL Omaha - 2010/03/01 - 11:00:24"))
    assert (hand.game, hand.structure) == (Game.OMAHA_HI, Structure.POT_LIMIT)
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (25, 50)
    (item,) = read(text.replace(header, "$0.50/$1 Hold'em - 2010/03/01 - 11:00:24"))
    assert isinstance(item, UnsupportedGameError)
    assert item.line_number == 3


def three_hands(middle: str) -> str:
    return "\n\n\n".join([UNCALLED.format(hand_id="1"), middle, UNCALLED.format(hand_id="3")])


def line_of(text: str, line: str) -> int:
    """The file line number of `line` in the second hand (hand "2")."""
    lines = text.splitlines()
    return lines.index(line, lines.index("Everleaf Gaming Game #2")) + 1


@pytest.mark.parametrize(
    ("middle", "bad_line", "reason"),
    [
        ("\n".join(UNCALLED.format(hand_id="2").splitlines()[:14]), "Villain calls [$ 0.50 USD]",
         "hand cut off"),
        (UNCALLED.format(hand_id="2").replace("Villain folds", "Villain dances"),
         "Villain dances", "unknown line"),
        (UNCALLED.format(hand_id="2").replace("Villain folds", "Zed folds"), "Zed folds",
         "no seated player"),
        (UNCALLED.format(hand_id="2").replace("from main pot", "from side pot 1"),
         "Hero wins $ 1.90 USD from side pot 1", "a pot this reader does not know"),
    ],
    ids=["truncated", "unknown-verb", "unseated-player", "unknown-pot"],
)  # fmt: skip
def test_bad_hands_are_errors_naming_file_hand_and_line(
    middle: str, bad_line: str, reason: str
) -> None:
    text = three_hands(middle)
    error = the_middle_hand_fails(
        text, hand_id="2", line_number=line_of(text, bad_line), reason=reason
    )
    assert error.line == bad_line


def test_a_hand_stopping_after_its_header_is_cut_off() -> None:
    middle = "Everleaf Gaming Game #2\n***** Hand history for game #2 *****"
    items = read(three_hands(middle), file="bad.txt")
    assert [type(item) for item in items] == [Hand, MalformedHandError, Hand]
    assert isinstance(items[1], HandHistoryError)
    assert "cut off" in items[1].reason
    assert items[1].hand_id == "2"


def test_the_real_files_take_five_percent_once_a_flop_is_dealt(histories: Path) -> None:
    # Everleaf writes no rake: the reader's rake is the pot less the payments. In the
    # real files it is 5% of the pot rounded down in every hand that saw a flop (and in
    # every stud hand), and nothing in a hand that ended before the flop.
    folder = histories / "Everleaf"
    if not folder.is_dir():
        pytest.skip(f"no folder {folder}")
    hands = [
        item
        for path in sorted(folder.rglob("*.txt"))
        for item in parsers.parse_file(path)
        if isinstance(item, Hand)
    ]
    assert len(hands) == 80
    for hand in hands:
        assert hand.total_pot is not None
        raked = hand.game.is_stud or bool(hand.boards)
        expected = hand.total_pot * 5 // 100 if raked else 0
        assert hand.rake == expected, hand.hand_id
