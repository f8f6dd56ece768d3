"""The PokerStars parser on hands written for these tests, one format feature each.

The hands follow the site's format line by line (the real files under
../shared/histories are tested in test_pokerstars_real_files.py).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from parsers import parse_text
from parsers.pokerstars.header import read_time
from tracker.cards import parse_cards
from tracker.errors import HandHistoryError, MalformedHandError, UnsupportedGameError
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

CASH_HEADER = (
    "PokerStars Hand #200000000001:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD)"
    " - 2020/07/01 9:00:00 PT [2020/07/01 12:00:00 ET]"
)
CASH = (
    CASH_HEADER
    + """
Table 'Testa I' 6-max Seat #1 is the button
Seat 1: Alice ($10 in chips)
Seat 2: Bob B ($10.50 in chips)
Seat 3: Carol ($4 in chips)
Bob B: posts small blind $0.05
Carol: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Alice [Ah 2h 3c Kd]
Alice: raises $0.20 to $0.30
Bob B: calls $0.25
Carol: folds
*** FLOP *** [4h 5d Qs]
Bob B: checks
Alice: bets $0.50
Bob B: calls $0.50
*** TURN *** [4h 5d Qs] [8c]
Bob B: checks
Alice: checks
*** RIVER *** [4h 5d Qs 8c] [Kh]
Bob B: bets $1
Alice: calls $1
*** SHOW DOWN ***
Bob B: shows [9s 9d Jc Jd] (HI: a pair of Jacks)
Alice: shows [Ah 2h 3c Kd] (HI: a pair of Kings; LO: 8,5,4,2,A)
Alice collected $1.75 from pot
Alice collected $1.75 from pot
*** SUMMARY ***
Total pot $3.70 | Rake $0.20
Board [4h 5d Qs 8c Kh]
Seat 1: Alice (button) showed [Ah 2h 3c Kd] and won ($3.50) with HI: a pair of Kings; LO: 8,5,4,2,A
Seat 2: Bob B (small blind) showed [9s 9d Jc Jd] and lost with HI: a pair of Jacks
Seat 3: Carol (big blind) folded before Flop
"""
)

STUD = (
    """\
PokerStars Hand #200000000002:  7 Card Stud Hi/Lo Limit ($0.10/$0.20 USD) - 2020/01/15 20:00:00 ET
Table 'Testa II' 8-max
Seat 2: Dan ($5 in chips)
Seat 5: Hero ($6 in chips)
Dan: posts the ante $0.02
Hero: posts the ante $0.02
*** 3rd STREET ***
Dealt to Dan [Kc]
Dealt to Hero [As 2s 3d]
Hero: brings in for $0.05
Dan: raises $0.05 to $0.10
Hero: calls $0.05
*** 4th STREET ***
Dealt to Dan [Kc] [Kd]
Dealt to Hero [As 2s 3d] [4h]
Dan: bets $0.10
Hero: calls $0.10
*** 5th STREET ***
Dealt to Dan [Kc Kd] [7s]
Dealt to Hero [As 2s 3d 4h] [9c]
Dan: bets $0.20
Hero: calls $0.20
*** 6th STREET ***
Dealt to Dan [Kc Kd 7s] [2c]
Dealt to Hero [As 2s 3d 4h 9c] [Jd]
Dan: checks
Hero: checks
*** RIVER ***
Dealt to Hero [As 2s 3d 4h 9c Jd] [5c]
Dan: checks
Hero: bets $0.20
Dan: calls $0.20
*** SHOW DOWN ***
Hero: shows [As 2s 3d 4h 9c Jd 5c] (HI: a straight, Ace to Five; LO: 5,4,3,2,A)
Dan: mucks hand
Hero collected $1.18 from pot
*** SUMMARY ***
Total pot $1.24 | Rake $0.06
Seat 2: Dan mucked [Qh Qs Kc Kd 7s 2c 8h]
Seat 5: Hero showed [As 2s 3d 4h 9c Jd 5c] and won ($1.18) with """
    "HI: a straight, Ace to Five; LO: 5,4,3,2,A\n"
)


def in_chips(text: str) -> str:
    """A cash hand's lines with each "$1.25" written as "125" (tournament chips)."""
    return re.sub(r"\$(\d+)(?:\.(\d\d))?", lambda m: str(int(m[1]) * 100 + int(m[2] or 0)), text)


def with_header(header: str, hand: str) -> str:
    """`hand` in chips under another header line."""
    return header + "\n" + in_chips(hand[hand.index("\n") + 1 :])


def parse_one(text: str, file: str | None = "test.txt") -> Hand:
    items = list(parse_text(text, file=file))
    assert len(items) == 1
    item = items[0]
    assert isinstance(item, Hand), item
    return item


def parse_error(text: str) -> HandHistoryError:
    items = list(parse_text(text, file="test.txt"))
    assert len(items) == 1
    assert isinstance(items[0], HandHistoryError), items[0]
    return items[0]


def test_cash_hand_facts() -> None:
    hand = parse_one(CASH)
    assert (hand.site, hand.hand_id, hand.game) == ("pokerstars", "200000000001", Game.OMAHA_HILO)
    assert hand.structure is Structure.POT_LIMIT
    assert hand.stakes == Stakes(small_blind=5, big_blind=10)
    assert (hand.currency, hand.play_money, hand.tournament) == ("USD", False, None)
    assert (hand.table_name, hand.max_seats, hand.button_seat) == ("Testa I", 6, 1)
    # The bracketed ET time is used; the zone the site wrote first is kept.
    assert hand.started_at == datetime(2020, 7, 1, 16, 0, tzinfo=UTC)
    assert hand.site_timezone == "PT"
    assert hand.seats == (Seat(1, "Alice", 1000), Seat(2, "Bob B", 1050), Seat(3, "Carol", 400))
    assert hand.hero == "Alice"
    assert (hand.source_file, hand.first_line, hand.cancelled) == ("test.txt", 1, False)


def test_cash_hand_actions_are_increments() -> None:
    actions = parse_one(CASH).actions
    assert actions[:5] == (
        Action(Street.PREFLOP, "Bob B", ActionKind.POST_SMALL_BLIND, 5),
        Action(Street.PREFLOP, "Carol", ActionKind.POST_BIG_BLIND, 10),
        Action(Street.PREFLOP, "Alice", ActionKind.RAISE, 30, to_amount=30),
        Action(Street.PREFLOP, "Bob B", ActionKind.CALL, 25),
        Action(Street.PREFLOP, "Carol", ActionKind.FOLD),
    )
    assert [(action.street, action.kind) for action in actions[5:8]] == [
        (Street.FLOP, ActionKind.CHECK),
        (Street.FLOP, ActionKind.BET),
        (Street.FLOP, ActionKind.CALL),
    ]
    assert actions[-1] == Action(Street.RIVER, "Alice", ActionKind.CALL, 100)
    assert sum(action.amount for action in actions if action.kind.puts_chips_in) == 370


def test_cash_hand_cards_pots_and_summary() -> None:
    hand = parse_one(CASH)
    assert hand.boards == (parse_cards("4h 5d Qs 8c Kh"),)
    assert hand.known_cards == (
        KnownCards("Alice", Street.PREFLOP, CardSource.DEALT, parse_cards("Ah 2h 3c Kd")),
        KnownCards("Bob B", Street.SHOWDOWN, CardSource.SHOWN, parse_cards("9s 9d Jc Jd")),
        KnownCards("Alice", Street.SHOWDOWN, CardSource.SHOWN, parse_cards("Ah 2h 3c Kd")),
    )
    assert hand.collections == (Collection("Alice", 175), Collection("Alice", 175))
    assert (hand.total_pot, hand.rake, hand.main_pot, hand.side_pots) == (370, 20, None, ())
    assert hand.summaries[0] == SeatSummary(
        1,
        "Alice",
        "(button) showed [Ah 2h 3c Kd] and won ($3.50) with HI: a pair of Kings; LO: 8,5,4,2,A",
        350,
    )
    assert [summary.won for summary in hand.summaries] == [350, None, None]
    assert hand.summaries[2] == SeatSummary(3, "Carol", "(big blind) folded before Flop", None)


def test_raise_counts_what_the_player_already_put_in() -> None:
    # Carol posted the big blind: raising to $0.90 adds $0.80. (The summary no longer
    # adds up; the parser reads lines, the audit checks chips.)
    hand = parse_one(CASH.replace("Carol: folds", "Carol: raises $0.60 to $0.90"))
    raise_ = next(a for a in hand.actions if a.player == "Carol" and a.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.to_amount) == (80, 90)


def test_dead_small_blind_is_not_live() -> None:
    text = CASH.replace(
        "Carol: posts big blind $0.10\n",
        "Carol: posts big blind $0.10\nAlice: posts small & big blinds $0.15\n",
    )
    hand = parse_one(text)
    post = hand.actions[2]
    assert (post.kind, post.amount) == (ActionKind.POST_SMALL_AND_BIG_BLIND, 15)
    raise_ = hand.actions[3]
    # 10 of the 15 posted is the live big blind: 20 more makes 30.
    assert (raise_.amount, raise_.to_amount) == (20, 30)


def test_all_in_and_cap_endings() -> None:
    text = CASH.replace("Bob B: bets $1", "Bob B: bets $1 and is all-in").replace(
        "Alice: calls $1", "Alice: calls $1 and has reached the $1 cap"
    )
    actions = parse_one(text).actions
    assert actions[-2] == Action(Street.RIVER, "Bob B", ActionKind.BET, 100, None, True)
    assert actions[-1] == Action(Street.RIVER, "Alice", ActionKind.CALL, 100, None, False)


def test_stud_cards_street_by_street() -> None:
    hand = parse_one(STUD)
    assert (hand.game, hand.structure, hand.button_seat, hand.hero) == (
        Game.STUD_HILO,
        Structure.LIMIT,
        None,
        "Hero",
    )
    assert hand.stakes == Stakes(small_bet=10, big_bet=20, ante=2, bring_in=5)
    dealt = [(k.player, k.street, k.source, k.cards) for k in hand.known_cards[:4]]
    assert dealt == [
        ("Dan", Street.THIRD, CardSource.UP, parse_cards("Kc")),
        ("Hero", Street.THIRD, CardSource.DEALT, parse_cards("As 2s 3d")),
        ("Dan", Street.FOURTH, CardSource.UP, parse_cards("Kd")),
        ("Hero", Street.FOURTH, CardSource.DEALT, parse_cards("4h")),
    ]
    seventh = [k for k in hand.known_cards if k.street is Street.SEVENTH]
    assert seventh == [KnownCards("Hero", Street.SEVENTH, CardSource.DEALT, parse_cards("5c"))]
    assert hand.known_cards[-1] == KnownCards(
        "Dan", Street.SHOWDOWN, CardSource.MUCKED, parse_cards("Qh Qs Kc Kd 7s 2c 8h")
    )
    assert not any(k.source is CardSource.SUMMARY for k in hand.known_cards)


def test_stud_bring_in_then_completion() -> None:
    actions = parse_one(STUD).actions
    assert actions[2] == Action(Street.THIRD, "Hero", ActionKind.BRING_IN, 5)
    assert actions[3] == Action(Street.THIRD, "Dan", ActionKind.RAISE, 10, to_amount=10)
    assert actions[4] == Action(Street.THIRD, "Hero", ActionKind.CALL, 5)
    assert actions[-1] == Action(Street.SEVENTH, "Dan", ActionKind.CALL, 20)


def test_tournament_header() -> None:
    header = (
        "PokerStars Hand #200000000001: Tournament #3000001, $4.40+$1.10+$0.50 USD Omaha Hi/Lo"
        " No Limit - Level IV (5/10) - 2020/12/01 12:00:00 ET"
    )
    hand = parse_one(with_header(header, CASH))
    assert hand.structure is Structure.NO_LIMIT
    # Prize pool plus bounty make the buy-in; the last part is the fee.
    assert hand.tournament == Tournament("3000001", 550, 50, "USD", "IV")
    assert (hand.currency, hand.play_money) == (None, False)
    assert hand.stakes == Stakes(small_blind=5, big_blind=10)
    assert hand.seats[1] == Seat(2, "Bob B", 1050)
    assert hand.started_at == datetime(2020, 12, 1, 17, 0, tzinfo=UTC)


def test_freeroll_tournament() -> None:
    header = (
        "PokerStars Hand #200000000001: Tournament #3000009, Freeroll  Omaha Hi/Lo Pot Limit"
        " - Level I (5/10) - 2020/12/01 12:00:00 ET"
    )
    hand = parse_one(with_header(header, CASH))
    assert hand.tournament == Tournament("3000009", 0, 0, None, "I")
    assert not hand.play_money


def test_home_game_play_money_tournament_in_a_mixed_game() -> None:
    header = (
        "PokerStars Home Game Hand #200000000001: {Club Testa} Tournament #3000002, 100+9"
        " HORSE (Omaha Hi/Lo Limit) - Match Round I, Level II (10/20) - 2020/12/01 12:00:00 ET"
    )
    hand = parse_one(with_header(header, CASH))
    assert hand.tournament == Tournament("3000002", 100, 9, None, "II")
    assert (hand.play_money, hand.currency, hand.structure) == (True, None, Structure.LIMIT)
    # Limit: the header gives the bets, the posts give the blinds.
    assert hand.stakes == Stakes(small_blind=5, big_blind=10, small_bet=10, big_bet=20)


def test_mixed_cash_header_and_play_money_table() -> None:
    header = (
        "PokerStars Hand #200000000001:  8-Game (Omaha Hi/Lo Limit, 10/20) - 2020/12/01 12:00:00 ET"
    )
    text = with_header(header, CASH).replace(
        "Table 'Testa I' 6-max Seat", "Table 'Testa III' 6-max (Play Money) Seat"
    )
    hand = parse_one(text)
    assert (hand.play_money, hand.currency, hand.tournament) == (True, None, None)
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (10, 20)
    assert (hand.table_name, hand.button_seat) == ("Testa III", 1)


def test_reexported_upper_case_header() -> None:
    header = (
        "PokerStars Game #200000000002: TOURNAMENT #3000003, $10+$1 7 CARD STUD HI/LO LIMIT -"
        " LEVEL I (10/20) - 2009/06/14 11:45:00 ET"
    )
    hand = parse_one(with_header(header, STUD))
    assert hand.game is Game.STUD_HILO
    assert hand.tournament == Tournament("3000003", 1000, 100, "USD", "I")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2011/09/28 8:42:10 ET", (datetime(2011, 9, 28, 12, 42, 10, tzinfo=UTC), "ET")),
        (
            "2011/04/18 2:21:35 CET [2011/04/17 20:21:35 ET]",
            (datetime(2011, 4, 18, 0, 21, 35, tzinfo=UTC), "CET"),
        ),
        ("2006/08/12 - 15:32:06 (ET)", (datetime(2006, 8, 12, 19, 32, 6, tzinfo=UTC), "ET")),
        ("2006/01/12 15:32:06", (datetime(2006, 1, 12, 20, 32, 6, tzinfo=UTC), "ET")),
    ],
)
def test_header_times(text: str, expected: tuple[datetime, str]) -> None:
    assert read_time(text) == expected


@pytest.mark.parametrize(
    "game",
    [
        "Hold'em No Limit ($0.05/$0.10 USD)",
        "Razz Limit ($0.10/$0.20 USD)",
        "Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD)",
        "Badugi Limit ($0.10/$0.20 USD)",
        "5 Card Draw Pot Limit ($0.05/$0.10 USD)",
        "HORSE (Razz Limit, $0.10/$0.20 USD)",
    ],
)
def test_uncovered_games_are_unsupported_not_malformed(game: str) -> None:
    text = f"PokerStars Hand #200000000009:  {game} - 2020/07/01 12:00:00 ET\nTable 'x' 6-max\n"
    error = parse_error(text)
    assert isinstance(error, UnsupportedGameError)
    assert (error.site, error.file, error.hand_id, error.line_number) == (
        "pokerstars",
        "test.txt",
        "200000000009",
        1,
    )
    assert "not a game the tracker covers" in error.reason


def test_high_only_omaha_and_five_card_games() -> None:
    for words, game in [
        ("Omaha Pot Limit", Game.OMAHA_HI),
        ("5 Card Omaha Pot Limit", Game.OMAHA5_HI),
        ("Courchevel Hi/Lo Pot Limit", Game.COURCHEVEL_HILO),
    ]:
        text = CASH.replace("Omaha Hi/Lo Pot Limit", words)
        if game is not Game.OMAHA_HI:
            text = text.replace("[Ah 2h 3c Kd]", "[Ah 2h 3c Kd Ts]")
        if game is Game.COURCHEVEL_HILO:
            text = text.replace("Alice: raises", "*** PRE-FLOP *** [4h]\nAlice: raises", 1)
        assert parse_one(text).game is game


def test_courchevel_first_flop_card_before_the_betting() -> None:
    text = CASH.replace("Omaha Hi/Lo", "Courchevel Hi/Lo").replace(
        "[Ah 2h 3c Kd]", "[Ah 2h 3c Kd 7s]"
    )
    # "*** PRE-FLOP *** [7h]" follows the hole cards; the flop line repeats that card.
    text = text.replace("Alice: raises", "*** PRE-FLOP *** [4h]\nAlice: raises", 1)
    hand = parse_one(text)
    assert hand.actions[2].street is Street.PREFLOP
    assert hand.boards == (parse_cards("4h 5d Qs 8c Kh"),)
    assert hand.known_cards[0].cards == parse_cards("Ah 2h 3c Kd 7s")


def test_run_it_twice_boards_and_collections() -> None:
    text = CASH.replace(
        "*** TURN *** [4h 5d Qs] [8c]\nBob B: checks\nAlice: checks\n"
        "*** RIVER *** [4h 5d Qs 8c] [Kh]\nBob B: bets $1\nAlice: calls $1\n*** SHOW DOWN ***",
        "Bob B: bets $1\nAlice: calls $1\n"
        "*** FIRST TURN *** [4h 5d Qs] [8c]\n*** FIRST RIVER *** [4h 5d Qs 8c] [Kh]\n"
        "*** SECOND TURN *** [4h 5d Qs] [2c]\n*** SECOND RIVER *** [4h 5d Qs 2c] [7d]\n"
        "*** FIRST SHOW DOWN ***",
    ).replace(
        "Alice collected $1.75 from pot\nAlice collected $1.75 from pot\n",
        "Alice collected $0.88 from pot\nAlice collected $0.87 from pot\n"
        "*** SECOND SHOW DOWN ***\nAlice collected $1.75 from pot\n",
    )
    text = text.replace(
        "Board [4h 5d Qs 8c Kh]",
        "Hand was run twice\nFIRST Board [4h 5d Qs 8c Kh]\nSECOND Board [4h 5d Qs 2c 7d]",
    )
    hand = parse_one(text)
    assert hand.boards == (parse_cards("4h 5d Qs 8c Kh"), parse_cards("4h 5d Qs 2c 7d"))
    assert [(c.amount, c.board) for c in hand.collections] == [(88, 0), (87, 0), (175, 1)]
    assert [a.street for a in hand.actions[-2:]] == [Street.FLOP, Street.FLOP]


def test_side_pots_and_uncalled_bets() -> None:
    text = CASH.replace("Bob B: bets $1\nAlice: calls $1", "Bob B: bets $2\nAlice: calls $1")
    text = text.replace(
        "*** SHOW DOWN ***", "Uncalled bet ($1) returned to Bob B\n*** SHOW DOWN ***"
    ).replace(
        "Alice collected $1.75 from pot\nAlice collected $1.75 from pot",
        "Alice collected $0.05 from side pot-1\nAlice collected $3.45 from main pot",
    )
    text = text.replace("Total pot $3.70 |", "Total pot $3.70 Main pot $3.45. Side pot-1 $0.05. |")
    hand = parse_one(text)
    assert hand.returned == (Returned("Bob B", 100),)
    assert hand.collections == (Collection("Alice", 5, pot=1), Collection("Alice", 345, pot=0))
    assert (hand.main_pot, hand.side_pots) == (345, (5,))


def test_names_with_spaces_colons_and_chat_anywhere() -> None:
    text = CASH.replace("Bob B", "Bob: B (x)")
    text = text.replace(
        "Carol: folds",
        'Carol: folds\nBob: B (x) said, "Alice collected: bets"\nzed joins the table at seat #4',
    )
    hand = parse_one(text)
    assert hand.seats[1].player == "Bob: B (x)"
    assert [a.player for a in hand.actions].count("Bob: B (x)") == 6
    assert hand.summaries[1].player == "Bob: B (x)"


def test_informational_lines_are_skipped() -> None:
    extra = (
        "Carol is sitting out\nCarol has timed out\nCarol has returned\n"
        "Carol is disconnected\nCarol is connected\nCarol: sits out\nCarol leaves the table\n"
        "Pair on board - a double bet is allowed\nBetting is capped\n"
    )
    hand = parse_one(CASH.replace("*** FLOP ***", extra + "*** FLOP ***"))
    assert len(hand.actions) == len(parse_one(CASH).actions)


def test_sitting_out_and_out_of_hand_seats() -> None:
    text = CASH.replace(
        "Seat 3: Carol ($4 in chips)",
        "Seat 3: Carol ($4 in chips)\nSeat 4: Dora ($2 in chips) is sitting out\n"
        "Seat 5: Eve ($3 in chips) out of hand (moved from another table into small blind)",
    )
    seats = parse_one(text).seats
    assert [(seat.player, seat.sitting_out) for seat in seats[2:]] == [
        ("Carol", False),
        ("Dora", True),
        ("Eve", True),
    ]


def test_summary_naming_another_player_keeps_that_name() -> None:
    # A real anonymised file names in its summary a player the seat lines did not seat.
    text = CASH.replace("Seat 3: Carol (big blind) folded", "Seat 3: Zed (big blind) folded")
    assert parse_one(text).summaries[2] == SeatSummary(
        3, "Zed", "(big blind) folded before Flop", None
    )


def test_cancelled_hand_is_a_hand_marked_cancelled() -> None:
    text = CASH[: CASH.index("Alice: raises")] + "Hand cancelled\n"
    hand = parse_one(text)
    assert hand.cancelled
    assert (hand.total_pot, hand.summaries, len(hand.seats)) == (None, (), 3)
    assert hand.actions[-1].kind is ActionKind.POST_BIG_BLIND


def test_cash_out_lines() -> None:
    text = CASH.replace(
        "*** SHOW DOWN ***",
        "Alice: Chooses to EV Cashout\nAlice: Receives Cashout ($2)\n*** SHOW DOWN ***",
    )
    cash_outs = [a for a in parse_one(text).actions if a.kind is ActionKind.CASH_OUT]
    assert [(a.player, a.amount) for a in cash_outs] == [("Alice", 0), ("Alice", 200)]
    assert not ActionKind.CASH_OUT.puts_chips_in


def test_hand_position_in_the_file() -> None:
    items = list(parse_text("\n\n" + CASH + "\n\n\n" + STUD, file="two.txt"))
    assert [(item.hand_id, item.first_line) for item in items if isinstance(item, Hand)] == [
        ("200000000001", 3),
        ("200000000002", CASH.count("\n") + 6),
    ]


def test_reused_lines_give_the_same_result_in_any_context() -> None:
    # Lines read before are taken from a cache: what a line means must not leak from
    # one hand to another (other stakes, other seats, chips instead of cents).
    dead = "Alice: posts small & big blinds $0.30\n"
    low = CASH.replace("Carol: posts big blind $0.10\n", "Carol: posts big blind $0.10\n" + dead)
    high = low.replace("($0.05/$0.10 USD)", "($0.10/$0.20 USD)")
    assert parse_one(low).actions[2] == parse_one(high).actions[2]
    low_raise = parse_one(low).actions[3]
    high_raise = parse_one(high).actions[3]
    assert (low_raise.amount, high_raise.amount) == (20, 10)  # 10 live of 30 vs 20 live
    unseated = CASH.replace("Seat 3: Carol ($4 in chips)\n", "").replace(
        "Seat 3: Carol (big blind) folded before Flop\n", ""
    )
    error = parse_error(unseated)
    assert isinstance(error, MalformedHandError)
    assert "'Carol' has no seat" in error.reason


def test_hands_parse_alike_alone_and_after_others() -> None:
    first = parse_one(STUD)
    parse_one(CASH)
    assert parse_one(STUD) == first


def test_zoom_header() -> None:
    text = CASH.replace("PokerStars Hand #", "PokerStars Zoom Hand #", 1)
    assert parse_one(text).hand_id == "200000000001"


def test_stud_street_in_a_flop_game_is_malformed() -> None:
    error = parse_error(CASH.replace("*** FLOP ***", "*** 3rd STREET ***\n*** FLOP ***"))
    assert isinstance(error, MalformedHandError)
    assert error.reason == "unknown street line '3RD STREET'"
