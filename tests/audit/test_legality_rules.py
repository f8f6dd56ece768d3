"""The betting-legality audit on hands written by hand: one test per rule, each with a
legal hand beside the illegal one, and the worked limit example of the game rules."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import pytest

from tracker.audit.betting_rows import rows_of_hands
from tracker.audit.betting_rules import (
    DEFAULT_SETTINGS,
    BettingError,
    BettingRule,
    BettingSettings,
    BettingStatus,
)
from tracker.audit.legality import STATUS_CODES, check_betting
from tracker.cards import parse_cards
from tracker.model import (
    Action,
    ActionKind,
    CardSource,
    Game,
    Hand,
    KnownCards,
    Seat,
    Stakes,
    Street,
    Structure,
)

_KINDS = {
    "sb": ActionKind.POST_SMALL_BLIND,
    "bb": ActionKind.POST_BIG_BLIND,
    "sbbb": ActionKind.POST_SMALL_AND_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
    "dead": ActionKind.POST_DEAD,
    "bring": ActionKind.BRING_IN,
    "fold": ActionKind.FOLD,
    "check": ActionKind.CHECK,
    "call": ActionKind.CALL,
    "bet": ActionKind.BET,
    "raise": ActionKind.RAISE,
    "complete": ActionKind.COMPLETE,
}
_LIVE_POSTS = (ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.BRING_IN)

LIMIT_2_4 = Stakes(small_blind=100, big_blind=200, small_bet=200, big_bet=400)
BLINDS_1_2 = Stakes(small_blind=100, big_blind=200)
STUD_10_20 = Stakes(small_bet=10, big_bet=20, ante=2, bring_in=5)


def hand(
    actions: Sequence[str],
    *,
    structure: Structure = Structure.NO_LIMIT,
    stakes: Stakes = BLINDS_1_2,
    game: Game = Game.OMAHA_HILO,
    players: str = "A B C D",
    up_cards: Sequence[str] = (),
    total_pot: int | None = 0,
) -> Hand:
    """A hand: players seated 1, 2, ... with the button on the last seat (so the first
    is the small blind); actions "name kind [amount] [allin]", a street starting with
    "-- street". A bet, raise or completion gives the street total it goes to, other
    actions what they put in. Stud up cards "name street card"."""
    names = players.split()
    street = Street.THIRD if game.is_stud else Street.PREFLOP
    street_in: dict[str, int] = {}
    made = []
    for text in actions:
        if text.startswith("--"):
            street, street_in = Street(text.split()[1]), {}
            continue
        name, word, *rest = text.split()
        kind = _KINDS[word]
        all_in = "allin" in rest
        number = int(rest[0]) if rest and rest[0] != "allin" else 0
        to_amount = None
        amount = number
        if kind in (ActionKind.RAISE, ActionKind.COMPLETE):
            to_amount, amount = number, number - street_in.get(name, 0)
        if kind in (*_LIVE_POSTS, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE,
                    ActionKind.COMPLETE):  # fmt: skip
            street_in[name] = street_in.get(name, 0) + amount
        made.append(Action(street, name, kind, amount, to_amount, all_in))
    known = []
    for text in up_cards:
        name, street_name, card = text.split()
        known.append(KnownCards(name, Street(street_name), CardSource.UP, parse_cards(card)))
    return Hand(
        site="test", hand_id="1", game=game, structure=structure, stakes=stakes,
        currency="USD", play_money=False, tournament=None, table_name="T", max_seats=9,
        button_seat=None if game.is_stud else len(names),
        started_at=datetime(2024, 5, 1, tzinfo=UTC), site_timezone=None,
        seats=tuple(Seat(number, name, 100_000) for number, name in enumerate(names, 1)),
        actions=tuple(made), known_cards=tuple(known), boards=(), returned=(),
        collections=(), total_pot=total_pot, main_pot=None, side_pots=(), rake=0,
        jackpot_fee=0, summaries=(), hero=None,
    )  # fmt: skip


def audited(
    played: Hand, settings: BettingSettings = DEFAULT_SETTINGS
) -> tuple[BettingStatus, list[BettingError]]:
    rows = rows_of_hands([played])
    result = check_betting(rows, settings)
    return STATUS_CODES[result.status[0]], result.errors_of(rows, 0)


def first_rule(played: Hand, settings: BettingSettings = DEFAULT_SETTINGS) -> BettingRule | None:
    status, errors = audited(played, settings)
    assert (status is BettingStatus.ILLEGAL) == bool(errors)
    return errors[0].rule if errors else None


BLINDS = ["A sb 100", "B bb 200"]


# -- limit: the worked example, sizes and the cap --------------------------------------


def test_the_worked_limit_example() -> None:
    # $2/$4 limit: a $2 bet (the big blind) and two raises make the bet $6; the small
    # blind, in for $1, calls by adding $5 or caps it by adding $7.
    start = [*BLINDS, "C raise 400", "D raise 600"]
    calls = hand([*start, "A call 500", "B call 400"], structure=Structure.LIMIT,
                 stakes=LIMIT_2_4)  # fmt: skip
    assert audited(calls) == (BettingStatus.LEGAL, [])
    caps = hand([*start, "A raise 800", "B call 600", "C call 400", "D call 200"],
                structure=Structure.LIMIT, stakes=LIMIT_2_4)  # fmt: skip
    assert audited(caps) == (BettingStatus.LEGAL, [])
    assert caps.actions[4].amount == 700
    past_cap = hand([*start, "A raise 800", "B raise 1000"], structure=Structure.LIMIT,
                    stakes=LIMIT_2_4)  # fmt: skip
    status, errors = audited(past_cap)
    assert status is BettingStatus.ILLEGAL
    assert errors == [BettingError("preflop", "B", "raise", 1000, 800, BettingRule.LIMIT_CAP)]


def test_a_limit_raise_of_the_wrong_size() -> None:
    wrong = hand([*BLINDS, "C raise 500"], structure=Structure.LIMIT, stakes=LIMIT_2_4)
    assert audited(wrong)[1] == [
        BettingError("preflop", "C", "raise", 500, 400, BettingRule.LIMIT_SIZE)
    ]
    turn = hand([*BLINDS, "C call 200", "D call 200", "A call 100", "B check", "-- flop",
                 "A bet 200", "B call 200", "C call 200", "D call 200", "-- turn",
                 "A bet 200"], structure=Structure.LIMIT, stakes=LIMIT_2_4)  # fmt: skip
    assert audited(turn)[1][0].allowed == 400  # a big bet on the turn
    short_all_in = hand([*BLINDS, "C raise 300 allin", "D call 300"],
                        structure=Structure.LIMIT, stakes=LIMIT_2_4)  # fmt: skip
    assert first_rule(short_all_in) is None


def test_the_cap_heads_up_is_a_site_setting() -> None:
    heads_up = hand(["A sb 100", "B bb 200", "A raise 400", "B raise 600", "A raise 800",
                     "B raise 1000"], players="A B", structure=Structure.LIMIT,
                    stakes=LIMIT_2_4)  # fmt: skip
    assert first_rule(heads_up) is BettingRule.LIMIT_CAP
    assert first_rule(heads_up, BettingSettings(cap_heads_up=False)) is None
    assert first_rule(heads_up, BettingSettings(limit_raises=4)) is None


# -- pot-limit and no-limit --------------------------------------------------------------


def test_the_pot_limit_maximum() -> None:
    # Blinds $1 and $2: call $2 and the pot is $5; the most is a raise to $7.
    most = hand([*BLINDS, "C raise 700", "D raise 2300"], structure=Structure.POT_LIMIT)
    assert first_rule(most) is None
    over = hand([*BLINDS, "C raise 701"], structure=Structure.POT_LIMIT)
    assert audited(over)[1] == [
        BettingError("preflop", "C", "raise", 701, 700, BettingRule.POT_LIMIT_MAXIMUM)
    ]


def test_the_no_limit_minimum_raise_and_bet() -> None:
    assert first_rule(hand([*BLINDS, "C raise 400", "D raise 600"])) is None
    short = hand([*BLINDS, "C raise 300"])
    assert audited(short)[1] == [
        BettingError("preflop", "C", "raise", 300, 400, BettingRule.MINIMUM_RAISE)
    ]
    # The last full raise sets the minimum: $2 to $7 is a raise of $5, so next is $12.
    assert first_rule(hand([*BLINDS, "C raise 700", "D raise 1100"])) is (BettingRule.MINIMUM_RAISE)
    small_bet = hand([*BLINDS, "C call 200", "D call 200", "A call 100", "B check",
                      "-- flop", "A bet 100"])  # fmt: skip
    assert audited(small_bet)[1][0].rule is BettingRule.MINIMUM_BET
    all_in = hand([*BLINDS, "C raise 300 allin", "D raise 500"])
    assert first_rule(all_in) is None


def test_a_short_all_in_does_not_reopen_the_betting() -> None:
    start = [*BLINDS, "C raise 600", "D raise 800 allin", "A fold", "B fold"]
    assert first_rule(hand([*start, "C call 200"])) is None
    reraise = hand([*start, "C raise 1400"])
    assert audited(reraise)[1] == [
        BettingError("preflop", "C", "raise", 1400, 800, BettingRule.REOPENED)
    ]
    # Two short all-ins that together make a full raise do reopen it.
    players = "A B C D E F"
    adding_up = [*BLINDS, "C raise 600", "D raise 800 allin", "E raise 1000 allin",
                 "F fold", "A fold", "B fold", "C raise 1400"]  # fmt: skip
    assert first_rule(hand(adding_up, players=players)) is None


# -- order, folds and all-ins ------------------------------------------------------------


def test_the_acting_order() -> None:
    assert first_rule(hand([*BLINDS, "D call 200", "C call 200"])) is BettingRule.ACTING_ORDER
    flop = [*BLINDS, "C call 200", "D call 200", "A call 100", "B check", "-- flop"]
    assert first_rule(hand([*flop, "A check", "B check", "C check", "D check"])) is None
    assert first_rule(hand([*flop, "B check", "A check"])) is BettingRule.ACTING_ORDER
    folded = [*BLINDS, "C fold", "D call 200", "A call 100", "B check", "-- flop"]
    assert first_rule(hand([*folded, "A check", "B check", "D check"])) is None


def test_no_action_after_folding_or_all_in() -> None:
    start = [*BLINDS, "C fold", "D raise 600", "A fold", "B call 400"]
    assert first_rule(hand([*start, "C call 600"])) is BettingRule.ACTED_AFTER_FOLD
    all_in = [*BLINDS, "C raise 600 allin", "D call 600", "A fold", "B call 400", "-- flop",
              "B check", "C check"]  # fmt: skip
    assert first_rule(hand(all_in)) is BettingRule.ACTED_AFTER_ALL_IN


# -- posts: blinds, antes, missed and dead blinds ----------------------------------------


@pytest.mark.parametrize(
    ("posts", "rule", "allowed"),
    [
        (["A sb 150", "B bb 200"], BettingRule.SMALL_BLIND, 100),
        (["A sb 100", "B bb 300"], BettingRule.BIG_BLIND, 200),
        (["A sb 100", "B bb 200", "C dead 200"], BettingRule.DEAD_BLIND, 100),
        (["A sb 100", "B bb 200", "C sbbb 400"], BettingRule.MISSED_BLINDS, 300),
        (["A ante 30", "B ante 25", "C ante 25", "D ante 25", "A sb 100", "B bb 200"],
         BettingRule.ANTE, 25),
    ],
)  # fmt: skip
def test_blinds_antes_and_dead_blinds(posts: list[str], rule: BettingRule, allowed: int) -> None:
    stakes = Stakes(small_blind=100, big_blind=200, ante=25)
    status, errors = audited(hand([*posts, "C fold", "D fold", "A fold"], stakes=stakes))
    assert (status, errors[0].rule, errors[0].allowed) == (BettingStatus.ILLEGAL, rule, allowed)


def test_a_returning_player_posts_the_big_blind_live_and_the_small_dead() -> None:
    # C posts $3 ($1 dead, $2 live): C, in for the big blind, checks in turn.
    posts = [*BLINDS, "C sbbb 300", "C check", "D call 200", "A call 100", "B check"]
    assert first_rule(hand(posts)) is None
    dead = [*BLINDS, "C dead 100", "C bb 200", "C check", "D call 200", "A call 100",
            "B check"]  # fmt: skip
    assert first_rule(hand(dead)) is None
    short_all_in = hand(["A sb 100", "B bb 150 allin", "C call 200", "D fold", "A call 100"])
    assert first_rule(short_all_in) is None


# -- stud: bring-in, completion, the double bet ------------------------------------------


STUD_DOORS = ["A third 7c", "B third 2d", "C third Kh"]


def stud(actions: list[str], game: Game = Game.STUD_HILO, doors: Sequence[str] = STUD_DOORS,
         ) -> Hand:  # fmt: skip
    antes = ["A ante 2", "B ante 2", "C ante 2"]
    return hand([*antes, *actions], game=game, structure=Structure.LIMIT, stakes=STUD_10_20,
                players="A B C", up_cards=doors)  # fmt: skip


def test_the_bring_in_and_the_completion() -> None:
    assert first_rule(stud(["B bring 5", "C call 5", "A call 5"])) is None
    assert first_rule(stud(["B bring 5", "C complete 10", "A raise 20", "B call 15"])) is None
    assert first_rule(stud(["A bring 5", "B call 5"])) is BettingRule.BRING_IN_PLAYER
    assert first_rule(stud(["B bring 7", "C call 7"])) is BettingRule.BRING_IN
    errors = audited(stud(["B bring 5", "C complete 15"]))[1]
    assert errors == [BettingError("third", "C", "complete", 15, 10, BettingRule.COMPLETION)]
    assert first_rule(stud(["B complete 10", "C call 10", "A call 10"])) is None


def test_stud_high_allows_a_double_bet_on_fourth_street_with_an_open_pair() -> None:
    third = ["B bring 5", "C call 5", "A call 5", "-- fourth"]
    pair = [*STUD_DOORS, "A fourth 7d", "B fourth 9s", "C fourth 3c"]
    no_pair = [*STUD_DOORS, "A fourth 8d", "B fourth 9s", "C fourth 3c"]
    double = [*third, "A bet 20", "B call 20", "C raise 40"]
    assert first_rule(stud(double, Game.STUD_HI, pair)) is None
    assert first_rule(stud(double, Game.STUD_HI, no_pair)) is BettingRule.LIMIT_SIZE
    assert first_rule(stud(double, Game.STUD_HILO, pair)) is BettingRule.LIMIT_SIZE
    single = [*third, "A bet 10", "B call 10", "C raise 20"]
    assert first_rule(stud(single, Game.STUD_HI, pair)) is None
    setting = BettingSettings(stud_double_bet=False)
    assert first_rule(stud(double, Game.STUD_HI, pair), setting) is BettingRule.LIMIT_SIZE


# -- what a hand does not show ---------------------------------------------------------


def test_a_cut_off_hand_is_unknown_with_its_reason() -> None:
    rows = rows_of_hands([hand([*BLINDS, "C call 200"], total_pot=None)])
    result = check_betting(rows, DEFAULT_SETTINGS)
    assert STATUS_CODES[result.status[0]] is BettingStatus.UNKNOWN
    assert result.reason == ["the hand is cut off"]
    limit_without_sizes = hand(BLINDS, structure=Structure.LIMIT, stakes=BLINDS_1_2)
    assert audited(limit_without_sizes)[0] is BettingStatus.UNKNOWN
