-- stats_sums: the counters of `source` (per-hand or per-day rows) added up per player
-- and group, the rows stats_standard.sql and stats_outcomes.sql divide (as the totals
-- tables hold them already). `group_key` is the grouping expression (NULL: in no group,
-- left out) and `sums` the counters added up, both chosen by tracker.stats.run from a
-- fixed list. A row per money unit too: amounts of different units (cents of two
-- currencies, cents and chips) are never added up.
WITH played AS NOT MATERIALIZED (
    SELECT *, {group_key} AS group_key FROM {source}
)
SELECT
    player,
    group_key,
    money_unit,
    {sums}
FROM played
WHERE group_key IS NOT NULL
GROUP BY player, group_key, money_unit
