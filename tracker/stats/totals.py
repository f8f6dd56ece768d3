"""The totals of the stats summary: the counters added up per grouping, player and group.

`player_days` and `outcome_days` hold the counters added up per player, UTC day and
breakdown key. Every player by position still meant adding those rows up into one row
per player and position: a million rows into six hundred thousand groups at a million
hands, a second of work, and ten at ten million. The totals tables (`player_totals`,
`outcome_totals`) hold those sums already, one row per

- grouping: a `--by` the totals keep (`GROUPING_KEYS`), or `all` for none;
- player;
- group: the position, game, ... (`all` for none); the rows with no group (stud hands by
  position, flop hands by door card) are left out, as the stat queries leave them out;
- and money unit (amounts of different units are never added up),

so that a stats query over every day and every game reads the rows of its answer and
only divides. The sums add up: the totals of more hands are the totals so far and the
new hands' rows added up again by the same query (`totals_sql`), which is how an import
brings them up to date; an audit rebuilds them from the day tables.

This module writes the SQL; `tracker.stats.summary` keeps the tables.
"""

from __future__ import annotations

from importlib import resources
from typing import Final

GROUPING_KEYS: Final[dict[str | None, str]] = {
    None: "'all'",
    "position": "position",
    "game": "game",
    "stakes": "stakes",
    "door-card": "door_rank",
    "bring-in": "CASE WHEN stud THEN CASE WHEN brought_in THEN 'brought in' "
    "ELSE 'did not bring in' END END",
}
"""The groupings the totals keep, with the SQL of the group of a per-hand or per-day row
(NULL: in no group)."""

BREAKDOWN_KEYS: Final = (
    "player", "game", "stakes", "money_unit", "position", "door_rank", "stud", "brought_in",
)  # fmt: skip
"""The columns the group keys are computed from (the keys of the day tables but the
day and the month)."""


def grouping_name(by: str | None) -> str:
    """The value of the totals' `grouping` column for `--by` (`all` without one).

    >>> grouping_name(None), grouping_name("door-card")
    ('all', 'door-card')
    """
    return "all" if by is None else by


def counter_sums(counters: tuple[str, ...]) -> str:
    """The SQL adding up `counters`: as BIGINT, but `net_big`, a float, stays one.

    >>> counter_sums(("hands", "net_big"))
    'CAST(sum(hands) AS BIGINT) AS hands, sum(net_big) AS net_big'
    """
    return ", ".join(
        f"sum({name}) AS {name}" if name == "net_big" else f"CAST(sum({name}) AS BIGINT) AS {name}"
        for name in counters
    )


def totals_sql(source: str, counters: tuple[str, ...], *, so_far: str | None = None) -> str:
    """The query of a totals table's rows: the `counters` of `source` (per-day or per-hand
    rows with the `BREAKDOWN_KEYS`) added up per grouping, player and group, together
    with the rows of the totals table `so_far` when given (only the rows of the players
    in `source` are added up again); sorted by grouping and player.

    >>> sql = totals_sql("player_days", ("hands",), so_far="player_totals")
    >>> "'door-card' AS grouping" in sql, "FROM player_totals" in sql
    (True, True)
    """
    columns = ", ".join(counters)
    rows = [
        f"SELECT '{grouping_name(by)}' AS grouping, player, {key} AS group_key, money_unit, "
        f"{columns} FROM keyed WHERE {key} IS NOT NULL"
        for by, key in GROUPING_KEYS.items()
    ]
    kept = ""
    if so_far is not None:  # the players of the new hands added up again, the rest kept
        rows.append(f"SELECT grouping, player, group_key, money_unit, {columns} "
                    f"FROM {so_far} SEMI JOIN touched USING (player)")  # fmt: skip
        kept = f"UNION ALL BY NAME SELECT * FROM {so_far} ANTI JOIN touched USING (player)"
    template = (resources.files("tracker") / "queries" / "stats_totals.sql").read_text()
    return template.format(
        source=source,
        keys=", ".join(BREAKDOWN_KEYS),
        sums=counter_sums(counters),
        rows="\n    UNION ALL ".join(rows),
        kept=kept,
    )
