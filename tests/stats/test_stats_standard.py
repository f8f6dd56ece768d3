"""The standard stats on the hand-built history, against values worked out by hand.

stats_dataset's docstring has Hero's table, hand by hand; the sums are spelled out here.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from tracker.model import Game
from tracker.stats.options import RakeMethod
from tracker.stats.run import StatsDatabase, StatsError, StatsFilter

HERO = StatsFilter(player="Hero")


def one_row(database: StatsDatabase, filters: StatsFilter) -> dict[str, object]:
    table = database.standard(filters)
    assert len(table) == 1
    return dict(table.iloc[0])


def test_the_hero_is_the_dealt_to_player(database: StatsDatabase) -> None:
    # Every one of the thirteen hands says "Dealt to Hero".
    assert database.hero_or_none() == "Hero"
    assert database.hero() == "Hero"


def test_hero_standard_stats(database: StatsDatabase) -> None:
    row = one_row(database, HERO)
    assert row["hands"] == 13
    # VPIP: every hand but 1011 (folded the big blind) and 2002 (folded third street).
    assert row["vpip"] == pytest.approx(100 * 11 / 13)
    # PFR: the raises of 1001, 1003 and 1007.
    assert row["pfr"] == pytest.approx(100 * 3 / 13)
    # 3-bet chances: 1001 (3-bet Dave's open), 1005 and 1011 (faced an open, did not).
    assert row["three_bet"] == pytest.approx(100 * 1 / 3)
    # After the first round: bets and raises 2+1+1+1+2+2 (1001, 1003, 1004, 1006, 1007,
    # 1010) = 9; calls 3+2+3+2 (1002, 1005, 1009, 2001) = 10.
    assert row["aggression_factor"] == pytest.approx(9 / 10)
    # Saw the flop (stud: fourth street): all but 1011 and 2002 = 11; showdowns: those
    # less 1003 (won when Dave folded) = 10; money at showdown in all but 1009 = 9;
    # money after the flop: the nine plus 1003 = 10.
    assert (row["saw_flop"], row["showdowns"]) == (11, 10)
    assert row["wtsd"] == pytest.approx(100 * 10 / 11)
    assert row["wsd"] == pytest.approx(100 * 9 / 10)
    assert row["wwsf"] == pytest.approx(100 * 10 / 11)
    # Net: 69 - 15 + 23 + 24 + 0 + 4 + 68 + 7 - 60 + 81 - 10 - 1 - 2 = 188 cents, in big
    # bets of 20 cents 9.4, over 13 hands 72.31 per 100.
    assert row["net_won"] == 188
    assert row["money_unit"] == "USD"
    assert row["net_big"] == pytest.approx(9.4)
    assert row["bb_per_100"] == pytest.approx(100 * 9.4 / 13)
    # Rake paid, "weighted contributed" (the default): each hand's rake in proportion to
    # what each player put in (test_rake_paid_by_what_each_put_in checks every hand).
    # 1001: rake 6 of a pot of 135; Hero and Dave put in 60 each -> 2 each, Bob 10 and
    # Alice 5 -> 0; the 2 units left go to the biggest contributor, Dave on the tie
    # ("Dave" < "Hero"). Hero's hands: 2 + 2 + 0 + 1 + 2 + 0 + 3 + 0 + 2 + 1 + 0 + 1 + 0.
    assert row["rake_paid"] == 14
    # By what the winners collected (--rake-method collected): 6 + 2 + 2 + 3 + 2 + 1 + 7
    # + 0 + 0 + 5 + 0 + 2 + 0 = 30.
    collected = one_row(database, replace(HERO, rake_method=RakeMethod.COLLECTED))
    assert collected["rake_paid"] == 30


def test_rake_paid_by_what_each_put_in(database: StatsDatabase) -> None:
    # An oracle in Python over the hand tables: each player's share of the hand's rake is
    # in proportion to what they put in less what was returned, rounded down; the units
    # left over go to the biggest contributor (the first name on a tie).
    put_in: dict[tuple[str, str], dict[str, int]] = {}
    for hand_id, player, amount in database.connection.execute(
        "SELECT hand_id, player, sum(amount) FROM actions GROUP BY ALL"
    ).fetchall():
        put_in.setdefault(hand_id, {})[player] = int(amount)
    for hand_id, player, amount in database.connection.execute(
        "SELECT hand_id, player, sum(amount) FROM returned GROUP BY ALL"
    ).fetchall():
        put_in[hand_id][player] -= int(amount)
    rakes = dict(database.connection.execute(
        "SELECT hand_id, coalesce(rake, 0) FROM hands").fetchall())  # fmt: skip
    expected: dict[tuple[str, str], int] = {}
    for hand_id, contributions in put_in.items():
        total, rake = sum(contributions.values()), int(rakes[hand_id])
        shares = {player: rake * amount // total for player, amount in contributions.items()}
        first = min(contributions, key=lambda player: (-contributions[player], player))
        shares[first] += rake - sum(shares.values())
        expected.update({(hand_id, player): share for player, share in shares.items()})
    stored = database.connection.execute(
        "SELECT hand_id, player, rake_paid FROM player_hands WHERE rake_paid > 0 "
        "OR (hand_id, player) IN (SELECT (hand_id, player) FROM actions)"
    ).fetchall()
    assert {(hand_id, player): share for hand_id, player, share in stored} == expected
    assert sum(expected.values()) == 50


def test_every_player_one_row_each(database: StatsDatabase) -> None:
    table = database.standard(StatsFilter())
    assert list(table["player"]) == ["Alice", "Bob", "Cara", "Dave", "Erin", "Hero"]
    # Alice, Bob and Hero sat in all thirteen hands, the others in the eleven Omaha ones.
    assert list(table["hands"]) == [13, 13, 11, 11, 11, 13]
    # The money adds up: what one wins the others lose, less the rake (6+9+2+3+5+2+7+1
    # +6+5+0 in Omaha, 4+0 in stud = 50).
    assert table["net_won"].sum() == -50
    assert table["rake_paid"].sum() == 50
    by_collected = database.standard(StatsFilter(rake_method=RakeMethod.COLLECTED))
    assert by_collected["rake_paid"].sum() == 50
    alice = dict(table.iloc[0])
    # Alice: called in 1004 and completed in 2001 (PokerStars writes it as a raise).
    assert alice["vpip"] == pytest.approx(100 * 2 / 13)
    assert alice["pfr"] == pytest.approx(100 * 1 / 13)
    # -5 (small blind 1001) - 12 (1004) - 10 (big blind 1006) - 5 (small blind 1007)
    # - 1 (2001) - 2 (ante 2002) = -35.
    assert alice["net_won"] == -35
    cara = dict(table.iloc[2])
    # Cara: +4 (1006) - 10 (1002, 1008 big blinds) - 10 - 5 (1003, 1009 small blinds) + 15
    # (1011: won the blinds) = -11. Her rake by what she put in: 2 of 1006 (30 of 68, as
    # Hero, 1 each, and the unit left to her on the tie) and 1 of 1008 (10 of 34, as
    # Hero, the unit to her on the tie); by what she collected: the 1 of 1006 alone.
    assert (cara["net_won"], cara["rake_paid"]) == (-11, 3)
    assert by_collected["rake_paid"][2] == 1


def test_by_position(database: StatsDatabase) -> None:
    table = database.standard(HERO, "position")
    # In the order the positions act before the flop; stud hands have none.
    assert list(table["position"]) == ["UTG", "HJ", "CO", "BTN", "SB", "BB"]
    assert list(table["hands"]) == [2, 2, 2, 2, 1, 2]
    # UTG: 1004 (+24), 1010 (+81); HJ: 1003 (+23), 1009 (-60); CO: 1002 (-15), 1008
    # (+7); BTN: 1001 (+69), 1007 (+68); SB: 1006 (+4); BB: 1005 (0), 1011 (-10).
    assert list(table["net_won"]) == [105, -37, -8, 137, 4, -10]
    assert list(table["vpip"]) == [100, 100, 100, 100, 100, 50]


def test_other_players_positions(database: StatsDatabase) -> None:
    table = database.standard(StatsFilter(player="Dave"), "position")
    # Dave, seat 5: HJ with the button on 1 (1001, 1007), UTG on 2 (1002, 1008), BB on 3
    # (1003, 1009), SB on 4 (1004, 1010), BTN on 5 (1005, 1011), CO on 6 (1006).
    assert dict(zip(table["position"], table["hands"], strict=True)) == {
        "UTG": 2, "HJ": 2, "CO": 1, "BTN": 2, "SB": 2, "BB": 2,
    }  # fmt: skip


def test_by_hand_class(database: StatsDatabase) -> None:
    table = database.standard(HERO, "hand-class")
    classes = dict(zip(table["hand-class"], zip(table["hands"], table["net_won"],
                                                 strict=True), strict=True))  # fmt: skip
    # Hero's eleven Omaha hands, each in every class it fits:
    # A2xx and A2 suited: 1005 (As 2s 8d 9c, 0); A3xx: 1002 (-15), 1010 (+81);
    # high only: 1003 (Ks Kh Qd Jd, +23), 1008 (Ks Qs Jc Td, +7); pair: 1001 (+69),
    # 1003 (+23), 1007 (+68), 1009 (-60), 1010 (+81); other: 1004 (+24), 1006 (+4),
    # 1011 (-10). No AAxx, no four low cards.
    assert classes == {
        "A2xx": (1, 0), "A3xx": (2, 66), "A2 suited": (1, 0), "high only": (2, 30),
        "pair": (5, 181), "other": (3, 18),
    }  # fmt: skip
    assert list(table["hand-class"]) == ["A2xx", "A3xx", "A2 suited", "high only", "pair", "other"]


def test_hand_classes_of_shown_hands(database: StatsDatabase) -> None:
    # Dave showed Qc Qd Jh Tc (1001), Ad 3h Qh Jc (1002), Ad 4d Jh Js (1009).
    table = database.standard(StatsFilter(player="Dave"), "hand-class")
    assert dict(zip(table["hand-class"], table["hands"], strict=True)) == {
        "A3xx": 1, "high only": 1, "pair": 2,
    }  # fmt: skip


def test_stud_by_door_card_and_bring_in(database: StatsDatabase) -> None:
    door = database.standard(HERO, "door-card")
    # 2001: dealt Ah 4h 2c, the door card a deuce; 2002: 7d 8d Ks, a king.
    assert list(door["door-card"]) == ["K", "2"]
    assert list(door["net_won"]) == [-2, -1]
    bring_in = database.standard(HERO, "bring-in")
    assert list(bring_in["bring-in"]) == ["brought in", "did not bring in"]
    assert list(bring_in["net_won"]) == [-1, -2]
    others = database.standard(StatsFilter(player="Alice"), "door-card")
    assert list(others["door-card"]) == ["K", "9"]  # Kd up in 2001, 9c in 2002


def test_by_game_stakes_month_and_session(database: StatsDatabase) -> None:
    games = database.standard(HERO, "game")
    assert list(games["game"]) == ["omaha-hilo", "stud-hilo"]
    assert list(games["net_won"]) == [191, -3]
    stakes = database.standard(HERO, "stakes")
    assert list(stakes["stakes"]) == ["limit 0.10/0.20 USD"]
    months = database.standard(HERO, "month")
    assert list(months["month"]) == ["2020-06"]
    sessions = database.standard(HERO, "session")
    # 12:00 to 12:48 EDT is one session (the last gap is 30 minutes, not more); the stud
    # hands at 13:30 start another. Labels are the start in UTC.
    assert list(sessions["session"]) == ["2020-06-01 16:00", "2020-06-01 17:30"]
    assert list(sessions["hands"]) == [11, 2]


def test_filters(database: StatsDatabase) -> None:
    stud = one_row(database, StatsFilter(player="Hero", game=Game.STUD_HILO))
    assert (stud["hands"], stud["net_won"]) == (2, -3)
    june_first = one_row(database, StatsFilter(player="Hero", since=date(2020, 6, 1),
                                               until=date(2020, 6, 1)))  # fmt: skip
    assert june_first["hands"] == 13
    assert database.standard(StatsFilter(since=date(2020, 6, 2))).empty
    assert database.standard(StatsFilter(until=date(2020, 5, 31))).empty
    # --min-hands drops the groups with fewer hands.
    table = database.standard(StatsFilter(player="Hero", min_hands=2), "position")
    assert "SB" not in set(table["position"])


def test_unknown_grouping(database: StatsDatabase) -> None:
    with pytest.raises(StatsError, match="unknown grouping"):
        database.standard(HERO, "weather")


def test_a_result_left_unread(database: StatsDatabase) -> None:
    # One row read of a query's result: the next stats query runs all the same.
    assert database.connection.execute("SELECT count(*) FROM hands").fetchone() == (13,)
    assert database.standard_arrow(StatsFilter(player="Hero")).num_rows == 1
