-- stats_totals: the rows of the `player_totals` and `outcome_totals` summary tables
-- (tracker.stats.totals): counters added up per grouping (`--by`), player and group.
-- tracker.stats.totals fills in the per-day (or per-hand) rows to add up, first per
-- player and breakdown key (`keyed`); those sums once per grouping, with its name and
-- group key; and the sums of the counters. When new hands are added to the totals so
-- far, the rows of the players they touch are added up again with theirs, and the rows
-- of the others kept as they are. A row per money unit too: amounts of different units
-- are never added up.
WITH
keyed AS MATERIALIZED (
    SELECT {keys}, {sums}
    FROM {source}
    GROUP BY ALL
),
touched AS (SELECT DISTINCT player FROM keyed)
SELECT
    grouping, player, group_key, money_unit,
    {sums}
FROM (
    {rows}
)
GROUP BY grouping, player, group_key, money_unit
{kept}
ORDER BY grouping, player, group_key, money_unit
