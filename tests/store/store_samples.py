"""Realistic hands built from the model, for store tests that need no parser.

`omaha_hand(n)` is a three-handed pot-limit Omaha hi/lo hand that goes to showdown and
splits; `stud_hand(n)` a seven-card stud hi/lo tournament hand won without showdown. The
hand number varies the id, the time (so the month) and the amounts a little.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

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
    SeatSummary,
    Stakes,
    Street,
    Structure,
    Tournament,
)
from tracker.schema import TABLES
from tracker.store import Store

START = datetime(2013, 4, 30, 22, 0, tzinfo=UTC)


def omaha_hand(number: int, *, site: str = "pokerstars") -> Hand:
    """A showdown hand: ann wins the high, cat the low; bob folds; rake 3 cents."""
    extra = number % 7
    bet = 4 + extra
    pot = 1 + 2 * bet + 2 * 11
    rake = 3
    high = (pot - rake + 1) // 2
    low = pot - rake - high
    return Hand(
        site=site,
        hand_id=str(90_000_000_000 + number),
        game=Game.OMAHA_HILO,
        structure=Structure.POT_LIMIT,
        stakes=Stakes(small_blind=1, big_blind=2),
        currency="USD",
        play_money=False,
        tournament=None,
        table_name="Gutemberga V",
        max_seats=6,
        button_seat=1,
        started_at=START + timedelta(minutes=number),
        site_timezone="ET",
        seats=(
            Seat(1, "ann", 217),
            Seat(2, "bob", 160),
            Seat(3, "cat", 175 + extra),
            Seat(4, "dan", 610, sitting_out=True),
        ),
        actions=(
            Action(Street.PREFLOP, "bob", ActionKind.POST_SMALL_BLIND, 1),
            Action(Street.PREFLOP, "cat", ActionKind.POST_BIG_BLIND, 2),
            Action(Street.PREFLOP, "ann", ActionKind.RAISE, bet, to_amount=bet),
            Action(Street.PREFLOP, "bob", ActionKind.FOLD),
            Action(Street.PREFLOP, "cat", ActionKind.CALL, bet - 2),
            Action(Street.FLOP, "cat", ActionKind.CHECK),
            Action(Street.FLOP, "ann", ActionKind.BET, 11),
            Action(Street.FLOP, "cat", ActionKind.CALL, 11, all_in=extra == 3),
            Action(Street.TURN, "cat", ActionKind.CHECK),
            Action(Street.TURN, "ann", ActionKind.BET, 20),
        ),
        known_cards=(
            KnownCards("ann", Street.PREFLOP, CardSource.DEALT, parse_cards("2d 2h Ah 4h")),
            KnownCards("ann", Street.SHOWDOWN, CardSource.SHOWN, parse_cards("2d 2h Ah 4h")),
            KnownCards("cat", Street.SHOWDOWN, CardSource.SHOWN, parse_cards("Kd 7c Ac 6h")),
        ),
        boards=(parse_cards("4s 8s 8h 3h 6s"),),
        returned=(Returned("ann", 20),),
        collections=(Collection("ann", high), Collection("cat", low)),
        total_pot=pot,
        main_pot=None,
        side_pots=(),
        rake=rake,
        jackpot_fee=0,
        summaries=(
            SeatSummary(1, "ann", "(button) showed [2d 2h Ah 4h] and won", high),
            SeatSummary(2, "bob", "(small blind) folded before Flop", None),
            SeatSummary(3, "cat", "(big blind) showed [Kd 7c Ac 6h] and won", low),
        ),
        hero="ann",
        source_file="/histories/omaha.txt",
        first_line=1 + 40 * number,
    )


def stud_hand(number: int) -> Hand:
    """A stud hi/lo tournament hand: antes, a bring-in, a completion, everyone folds."""
    return Hand(
        site="pokerstars",
        hand_id=str(70_000_000_000 + number),
        game=Game.STUD_HILO,
        structure=Structure.LIMIT,
        stakes=Stakes(small_bet=20, big_bet=40, ante=2, bring_in=5),
        currency=None,
        play_money=False,
        tournament=Tournament("447493868", buy_in=108, fee=27, currency="USD", level="I"),
        table_name="447493868 1",
        max_seats=8,
        button_seat=None,
        started_at=datetime(2011, 9, 28, 12, 42, tzinfo=UTC) + timedelta(seconds=number),
        site_timezone="ET",
        seats=(Seat(1, "eve", 1500), Seat(5, "fay", 1500)),
        actions=(
            Action(Street.THIRD, "eve", ActionKind.POST_ANTE, 2),
            Action(Street.THIRD, "fay", ActionKind.POST_ANTE, 2),
            Action(Street.THIRD, "eve", ActionKind.BRING_IN, 5),
            Action(Street.THIRD, "fay", ActionKind.COMPLETE, 20, to_amount=20),
            Action(Street.THIRD, "eve", ActionKind.FOLD),
        ),
        known_cards=(
            KnownCards("eve", Street.THIRD, CardSource.UP, parse_cards("2c")),
            KnownCards("fay", Street.THIRD, CardSource.DEALT, parse_cards("As 3d 7h")),
        ),
        boards=(),
        returned=(Returned("fay", 15),),
        collections=(Collection("fay", 14),),
        total_pot=14,
        main_pot=None,
        side_pots=(),
        rake=0,
        jackpot_fee=0,
        summaries=(
            SeatSummary(1, "eve", "folded on the 3rd Street", None),
            SeatSummary(5, "fay", "collected (14)", 14),
        ),
        hero="fay",
        source_file="/histories/stud.txt",
        first_line=1 + 30 * number,
    )


def inconsistent_hand(number: int) -> Hand:
    """An Omaha hand whose site paid one cent more than the pot."""
    hand = omaha_hand(number)
    high, low = hand.collections
    return replace(hand, collections=(replace(high, amount=high.amount + 1), low))


# A PokerStars Omaha hi/lo hand written for these tests: chen's straight takes the high
# half (the odd cent), alice's 7-4-3-2-A the low; the chips add up.
_POKERSTARS_HAND = """\
PokerStars Hand #{hand_id}:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - {local} ET
Table 'Generated I' 6-max Seat #1 is the button
Seat 1: alice ($10 in chips)
Seat 2: bruno ($10 in chips)
Seat 3: chen ($10 in chips)
bruno: posts small blind $0.05
chen: posts big blind $0.10
*** HOLE CARDS ***
Dealt to alice [Ah 2h Kd Qs]
alice: raises $0.20 to $0.30
bruno: folds
chen: calls $0.20
*** FLOP *** [3c 4d 9s]
chen: checks
alice: bets $0.50
chen: calls $0.50
*** TURN *** [3c 4d 9s] [Kh]
chen: checks
alice: checks
*** RIVER *** [3c 4d 9s Kh] [7c]
chen: bets $1
alice: calls $1
*** SHOW DOWN ***
chen: shows [5s 6h Jc Jd] (HI: a straight, Three to Seven; LO: 7,6,5,4,3)
alice: shows [Ah 2h Kd Qs] (HI: a pair of Kings; LO: 7,4,3,2,A)
chen collected $1.74 from pot
alice collected $1.73 from pot
*** SUMMARY ***
Total pot $3.65 | Rake $0.18
Board [3c 4d 9s Kh 7c]
Seat 1: alice (button) showed [Ah 2h Kd Qs] and won ($1.73) with HI: a pair of Kings; \
LO: 7,4,3,2,A
Seat 2: bruno (small blind) folded before Flop
Seat 3: chen (big blind) showed [5s 6h Jc Jd] and won ($1.74) with HI: a straight, \
Three to Seven; LO: 7,6,5,4,3
"""


def pokerstars_text(count: int, *, first_id: int = 100_000_000_000) -> str:
    """`count` PokerStars hands with consecutive ids, a minute apart, blank-line separated."""
    start = datetime(2013, 4, 1, 8, 0)
    hands = (
        _POKERSTARS_HAND.format(
            hand_id=first_id + n,
            local=(start + timedelta(minutes=n)).strftime("%Y/%m/%d %H:%M:%S"),
        )
        for n in range(count)
    )
    return "\n\n".join(hands) + "\n"


def table_contents(store: Store) -> dict[str, list[str]]:
    """Every table's rows as sorted texts (the import times left out): equal for two
    data folders holding the same rows, however their files are cut."""
    contents = {}
    for table in TABLES:
        rows = store.read(table).to_pylist()
        contents[table] = sorted(
            repr(sorted((k, v) for k, v in row.items() if k != "imported_at")) for row in rows
        )
    return contents
