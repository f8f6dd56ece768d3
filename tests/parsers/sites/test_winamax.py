"""Winamax: its words for halves and pots, its unprinted uncalled bets, its doubtful
"5 Card Omaha Hi/Lo" header, and bad input (errors naming file, hand and line; the
other hands of the file still read). Every hand text is written here."""

from __future__ import annotations

import pytest

from parsers import decode, detect_site, parse_text
from tests.parsers.sites.site_checks import the_middle_hand_fails
from tracker.audit.verdict import Status, audit_hand
from tracker.bookkeeping import inconsistency_or_none
from tracker.errors import UnsupportedGameError
from tracker.model import ActionKind, Collection, Game, Hand, Returned, Street

# A hi/lo hand split at the showdown: 0.93 after 0.07 rake, the odd cent to the high half.
SPLIT = """\
Winamax Poker - CashGame - HandId: #100-1-1500000000 - Omaha8 pot limit (0.05€/0.10€) \
- 2016/10/10 12:30:47 UTC
Table: 'Testville' 6-max (real money) Seat #2 is the button
Seat 1: Ann Marie (4€)
Seat 2: Bob (10€)
*** ANTE/BLINDS ***
Bob posts small blind 0.05€
Ann Marie posts big blind 0.10€
Dealt to Ann Marie [5s Qd 2s 3s]
*** PRE-FLOP ***
Bob calls 0.05€
Ann Marie checks
*** FLOP *** [3h 4s 5h]
Ann Marie checks
Bob bets 0.10€
Ann Marie calls 0.10€
*** TURN *** [3h 4s 5h][7c]
Ann Marie checks
Bob checks
*** RIVER *** [3h 4s 5h 7c][4c]
Ann Marie bets 0.30€
Bob calls 0.30€
*** SHOW DOWN ***
Ann Marie shows [5s Qd 2s 3s] (HI : Two pairs : 5 and 4)
Ann Marie shows [5s Qd 2s 3s] (LO : High card : 7)
Bob shows [Jd 7s Js 8c] (HI : Two pairs : Jacks and 4)
Bob shows [Jd 7s Js 8c] (LO : High card : 8)
Bob collected 0.47€ from pot(HI)
Ann Marie collected 0.46€ from pot (LO)
*** SUMMARY ***
Total pot 0.93€ | Rake 0.07€
Board: [3h 4s 5h 7c 4c]
Seat 1: Ann Marie (big blind) showed [5s Qd 2s 3s] and lost with HI : Two pairs : 5 and 4
Seat 1: Ann Marie (big blind) showed [5s Qd 2s 3s] and won 0.46€ with LO : High card : 7
Seat 2: Bob (small blind) (button) showed [Jd 7s Js 8c] and won 0.47€ with HI : Two pairs
Seat 2: Bob (small blind) (button) showed [Jd 7s Js 8c] and lost with LO : High card : 8
"""

# Everyone folds to a raise: Winamax pays the uncalled 4€ with the pot and counts it in
# the total ("collected 9€", "Total pot 9€"); the pot itself is 5€.
UNCALLED = """\
Winamax Poker - CashGame - HandId: #{hand_id} - Omaha pot limit (1€/2€) - \
2021/04/12 11:48:13 UTC
Table 'Nagoya' 5-max (real money) Seat #1 is the button
Seat 1: Ann (100€)
Seat 2: Bob (100€)
Seat 3: Cid (100€)
*** ANTE/BLINDS ***
Bob posts small blind 1€
Cid posts big blind 2€
*** PRE-FLOP ***
Ann raises 4€ to 6€
Bob folds
Cid calls 4€
*** FLOP ***: [3h Td 6d]
Cid checks
Ann bets 10€
Cid folds
Ann collected 22€ from pot
*** SUMMARY ***
Total pot 22€ | Rake 1€
Board: [3h Td 6d]
Seat 1: Ann won 22€
"""

# A bet called all in for less: the 84€ nobody called is written as a "side pot".
SIDE_POT = """\
Winamax Poker - CashGame - HandId: #200-2-1478874498 - 5 Card Omaha Hi/Lo pot limit \
(1€/2€) - 2016/11/11 14:28:18 UTC
Table: 'Test' 6-max (real money) Seat #1 is the button
Seat 1: Ann (78€)
Seat 2: Bob (207.96€)
*** ANTE/BLINDS ***
Ann posts small blind 1€
Bob posts big blind 2€
Dealt to Bob [3h Ah Jc Ts 9s]
*** PRE-FLOP ***
Ann raises 4€ to 6€
Bob raises 12€ to 18€
Ann raises 36€ to 54€
Bob calls 36€
*** FLOP *** [Kh 4c 9c]
Bob bets 108€
Ann calls 24€ and is all-in
*** TURN *** [Kh 4c 9c][3c]
*** RIVER *** [Kh 4c 9c 3c][5s]
*** SHOW DOWN ***
Ann shows [Th Ac Tc Td As] (Flush Ace high)
Bob shows [3h Ah Jc Ts 9s] (Two pairs : 9 and 3)
Bob collected 84€ from side pot 1
Ann collected 154.50€ from main pot
*** SUMMARY ***
Total pot 238.50€ | Rake 1.50€
Board: [Kh 4c 9c 3c 5s]
Seat 1: Ann (small blind) (button) showed [Th Ac Tc Td As] and won 154.50€ with Flush
Seat 2: Bob (big blind) showed [3h Ah Jc Ts 9s] and won 84€ with Two pairs : 9 and 3
"""

# Stud hi/lo won without a showdown: both halves paid, the uncalled 50€ inside them.
STUD = """\
Winamax Poker - CashGame - HandId: #300-3-1478991850 - 7-Card Stud Hi/Lo fixed limit \
(5€/25€/50€) - 2016/11/12 23:04:10 UTC
Table: 'Pampelune' 6-max (real money)
Seat 1: Hero (2026.03€)
Seat 2: Vil (572€)
*** ANTE/BLINDS ***
Hero posts ante 5€
Vil posts ante 5€
*** 3rd STREET ***
Dealt to Hero [8c Tc 7c]
Dealt to Vil [X X 8h]
Hero brings in 10€
Vil raises 25€ to 25€
Hero calls 15€
*** 4th STREET ***
Dealt to Vil [X X 8h] [Ks]
Dealt to Hero [8c Tc 7c] [2d]
Vil bets 25€
Hero folds
Vil collected 41.50€ from pot(HI)
Vil collected 41.50€ from pot(LO)
*** SUMMARY ***
Total pot 83€ | Rake 2€
Seat 2: Vil won 41.50€
Seat 2: Vil won 41.50€
"""


def one_hand(text: str) -> Hand:
    items = list(parse_text(text, file="test.txt"))
    assert len(items) == 1
    assert isinstance(items[0], Hand), items[0]
    return items[0]


def test_the_halves_are_read_from_pot_hi_and_pot_lo() -> None:
    hand = one_hand(SPLIT)
    assert detect_site(SPLIT).site == "winamax"
    assert hand.game is Game.OMAHA_HILO
    assert hand.currency == "EUR"
    assert hand.collections == (
        Collection("Bob", 47, 0, 0, "hi"),
        Collection("Ann Marie", 46, 0, 0, "lo"),
    )
    # "Total pot 0.93€ | Rake 0.07€": the total is net of the rake.
    assert (hand.total_pot, hand.rake) == (100, 7)
    assert hand.hero == "Ann Marie"
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_the_uncalled_bet_is_taken_out_of_the_payment_and_the_total() -> None:
    hand = one_hand(UNCALLED.format(hand_id="400-4-1618228092"))
    assert hand.returned == (Returned("Ann", 1000),)
    assert hand.collections == (Collection("Ann", 1200),)
    assert (hand.total_pot, hand.rake) == (1300, 100)
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_an_uncalled_bet_written_as_a_side_pot_is_a_return() -> None:
    hand = one_hand(SIDE_POT)
    assert hand.returned == (Returned("Bob", 8400),)
    assert hand.collections == (Collection("Ann", 15450, 0),)
    assert hand.total_pot == 15600
    assert audit_hand(hand).status is Status.OK


def test_a_5_card_hi_lo_header_over_a_hand_naming_no_half_is_omaha_high() -> None:
    assert one_hand(SIDE_POT).game is Game.OMAHA5_HI
    labelled = SIDE_POT.replace("from side pot 1", "from side pot 1 (HI)").replace(
        "from main pot", "from main pot (HI)"
    )
    assert one_hand(labelled).game is Game.OMAHA5_HILO


def test_stud_halves_without_showdown_and_the_completion() -> None:
    hand = one_hand(STUD)
    assert hand.game is Game.STUD_HILO
    assert hand.button_seat is None
    completion = [action for action in hand.actions if action.player == "Vil"][1]
    assert (completion.street, completion.kind, completion.amount) == (
        Street.THIRD,
        ActionKind.COMPLETE,
        2500,
    )
    assert hand.returned == (Returned("Vil", 2500),)
    assert hand.collections == (
        Collection("Vil", 2900, 0, 0, "hi"),
        Collection("Vil", 2900, 0, 0, "lo"),
    )
    assert inconsistency_or_none(hand) is None
    assert audit_hand(hand).status is Status.OK


def test_a_small_blind_posted_out_of_position_is_dead() -> None:
    text = UNCALLED.format(hand_id="500-5-1").replace(
        "Cid posts big blind 2€\n",
        "Cid posts big blind 2€\nAnn posts small blind 1€ out of position\n",
    )
    text = text.replace("collected 22€", "collected 23€").replace("Total pot 22€", "Total pot 23€")
    hand = one_hand(text)
    posts = [action for action in hand.actions if action.player == "Ann"]
    assert (posts[0].kind, posts[0].amount) == (ActionKind.POST_DEAD, 100)
    assert posts[1].to_amount == 600
    assert inconsistency_or_none(hand) is None


def test_a_tournament_header_and_a_game_not_covered() -> None:
    header = (
        'Winamax Poker - Tournament "Freeroll" buyIn: 0.90€ + 0.10€ level: 3 - HandId: '
        "#600-6-1618228092 - Omaha pot limit (10/20) - 2021/04/12 11:48:13 UTC"
    )
    text = UNCALLED.format(hand_id="x").replace(
        UNCALLED.splitlines()[0].format(hand_id="x"), header
    )
    text = text.replace("'Nagoya'", "'Freeroll(123456)#004'").replace("€", "")
    hand = one_hand(text)
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.buy_in, hand.tournament.fee) == (
        "123456",
        90,
        10,
    )
    assert hand.currency is None
    assert hand.seats[0].stack == 100
    holdem = UNCALLED.format(hand_id="700-7-1").replace("Omaha pot limit", "Holdem no limit")
    (item,) = parse_text(holdem, file="test.txt")
    assert isinstance(item, UnsupportedGameError)


def three_hands(middle: str) -> str:
    return "\n\n".join([UNCALLED.format(hand_id="1-1-1"), middle, UNCALLED.format(hand_id="3-3-3")])


@pytest.mark.parametrize(
    ("middle", "line_number", "reason"),
    [
        ("\n".join(UNCALLED.format(hand_id="2-2-2").splitlines()[:8]), 31, "cut off"),
        (
            UNCALLED.format(hand_id="2-2-2").replace("Bob folds\n", "Bob dances\n"),
            34,
            "unknown line",
        ),
        (
            UNCALLED.format(hand_id="2-2-2").replace("Cid checks\n", "Zed checks\n"),
            37,
            "no seated player",
        ),
    ],
    ids=["truncated", "unknown-verb", "unseated-player"],
)
def test_bad_hands_are_errors_naming_file_hand_and_line(
    middle: str, line_number: int, reason: str
) -> None:
    the_middle_hand_fails(
        three_hands(middle), hand_id="2-2-2", line_number=line_number, reason=reason
    )


def test_play_money_in_utf8_with_bom_and_crlf_line_ends() -> None:
    text = SPLIT.replace("€", "").replace("(real money)", "(play money)")
    data = b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8")
    hand = one_hand(decode(data))
    assert hand.play_money
    assert hand.currency is None
    assert hand.collections[0] == Collection("Bob", 47, 0, 0, "hi")
