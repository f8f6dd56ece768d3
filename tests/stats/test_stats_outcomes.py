"""Hi/lo outcomes at showdown on the hand-built history, and the rule behind them."""

from __future__ import annotations

import itertools

import pytest

from tracker.stats.outcomes import OUTCOMES, SIDE_RESULTS, outcome
from tracker.stats.run import StatsDatabase, StatsFilter

COUNTS = ("showdowns", *OUTCOMES, "quartered_net", "low_possible", "made_low",
          "won_without_showdown")  # fmt: skip


def outcome_counts(database: StatsDatabase, player: str) -> dict[str, int]:
    table = database.outcomes(StatsFilter(player=player))
    assert len(table) == 1
    return {name: int(table.iloc[0][name]) for name in COUNTS}


def test_hero_outcomes(database: StatsDatabase) -> None:
    # Hero's ten showdowns: scoops 1007 (no low possible), 1001 and 1010 (both ways; in
    # 1010 the main pot is all Hero could win); three-quarters 1004; high only 1008; low
    # only 1005 and 2001; split 1006; quartered 1002 (net -15); lost 1009. A low was
    # possible in all but 1006 and 1007 (stud always counts): 8; Hero made one in all
    # of those but 1008: 7. Won without showdown: 1003.
    assert outcome_counts(database, "Hero") == {
        "showdowns": 10, "scoop_no_low": 1, "scoop_both_ways": 2, "three_quarters": 1,
        "high_only": 1, "low_only": 2, "split": 1, "quartered": 1, "lost": 1,
        "quartered_net": -15, "low_possible": 8, "made_low": 7, "won_without_showdown": 1,
    }  # fmt: skip
    row = database.outcomes(StatsFilter(player="Hero")).iloc[0]
    assert row["scoops"] == 3
    assert row["scoops_pct"] == pytest.approx(30.0)
    assert row["quartered_pct"] == pytest.approx(10.0)
    assert row["low_possible_pct"] == pytest.approx(80.0)
    assert row["made_low_pct"] == pytest.approx(100 * 7 / 8)
    assert row["unaudited"] == 0


@pytest.mark.parametrize(
    ("player", "expected"),
    [
        # Alice: quartered in 1004 (tied the low with Hero: 18 for 30 in, -12), high only
        # in 2001. Lows possible in both; she made one in 1004 only.
        ("Alice", {"showdowns": 2, "quartered": 1, "high_only": 1, "quartered_net": -12,
                   "low_possible": 2, "made_low": 1}),
        # Bob: high only in 1002 and 1005, lost 1007, and in 1010 won the side pot's high
        # but nothing of the main pot: part of the high, none of the low, so split. Won
        # 2002 without showdown.
        ("Bob", {"showdowns": 4, "high_only": 2, "lost": 1, "split": 1, "low_possible": 3,
                 "won_without_showdown": 1}),
        # Dave: lost 1001, quartered 1002 (-15), scooped 1009.
        ("Dave", {"showdowns": 3, "lost": 1, "quartered": 1, "scoop_both_ways": 1,
                  "quartered_net": -15, "low_possible": 3, "made_low": 2}),
        # Erin: low only in 1008; in 1010 the side pot's low only: split.
        ("Erin", {"showdowns": 2, "low_only": 1, "split": 1, "low_possible": 2, "made_low": 2}),
        # Cara: split the whole of 1006 (no low), lost 1008; won 1011 without showdown.
        ("Cara", {"showdowns": 2, "split": 1, "lost": 1, "low_possible": 1,
                  "won_without_showdown": 1}),
    ],
)  # fmt: skip
def test_other_players_outcomes(
    database: StatsDatabase, player: str, expected: dict[str, int]
) -> None:
    counts = outcome_counts(database, player)
    assert counts == {name: expected.get(name, 0) for name in COUNTS}


def test_outcomes_by_position(database: StatsDatabase) -> None:
    table = database.outcomes(StatsFilter(player="Hero"), "position")
    by_position = {row["position"]: row for row in table.to_dict(orient="records")}
    # BTN: 1001 and 1007, both scooped; CO: 1002 quartered, 1008 high only.
    assert (by_position["BTN"]["scoop_both_ways"], by_position["BTN"]["scoop_no_low"]) == (1, 1)
    assert (by_position["CO"]["quartered"], by_position["CO"]["high_only"]) == (1, 1)
    assert by_position["CO"]["quartered_net"] == -15


def test_the_rule_sql_and_python_agree(database: StatsDatabase) -> None:
    # stats_outcome (SQL) and tracker.stats.outcomes.outcome (Python) over every case.
    cases = list(itertools.product(SIDE_RESULTS, SIDE_RESULTS, (False, True)))
    rows = database.connection.execute(
        "SELECT stats_outcome(high, low, any_low) FROM (VALUES "
        + ", ".join(f"('{high}', '{low}', {any_low})" for high, low, any_low in cases)
        + ") AS sides(high, low, any_low)"
    ).fetchall()
    assert [row[0] for row in rows] == [
        outcome(high, low, any_low=any_low) for high, low, any_low in cases
    ]


def test_rule_examples() -> None:
    assert outcome("won", "won", any_low=True) == "scoop_both_ways"
    assert outcome("won", "part", any_low=True) == "three_quarters"
    assert outcome("halved", "none", any_low=True) == "quartered"
    assert outcome("part", "none", any_low=True) == "split"  # a three-way tie of a half
    assert outcome("halved", "halved", any_low=False) == "split"  # a whole pot split
    with pytest.raises(ValueError, match="unknown side result"):
        outcome("won", "maybe", any_low=True)
