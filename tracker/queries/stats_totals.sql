-- stats_totals: the rows of the `player_totals` and `outcome_totals` summary tables
-- (tracker.stats.totals): counters added up per grouping (`--by`), player and group.
-- tracker.stats.totals fills in the per-day (or per-hand) rows to add up, first per
-- player and breakdown key (`keyed`); those sums once per grouping, with its name and
-- group key (and the totals so far, when new hands are added to them); and the sums of
-- the counters. The money unit is `mixed` when the rows added up had several.
WITH keyed AS MATERIALIZED (
    SELECT {keys}, {sums}
    FROM {source}
    GROUP BY ALL
)
SELECT
    grouping, player, group_key,
    CASE WHEN min(money_unit) = max(money_unit) THEN min(money_unit) ELSE 'mixed' END
        AS money_unit,
    {sums}
FROM (
    {rows}
)
GROUP BY grouping, player, group_key
ORDER BY grouping, player, group_key
