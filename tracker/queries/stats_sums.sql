-- stats_sums: the counters of `source` (per-hand or per-day rows) added up per player
-- and group, the rows stats_standard.sql and stats_outcomes.sql divide (as the totals
-- tables hold them already). `group_key` is the grouping expression (NULL: in no group,
-- left out) and `sums` the counters added up, both chosen by tracker.stats.run from a
-- fixed list. The money unit is `mixed` when the rows had several.
WITH played AS NOT MATERIALIZED (
    SELECT *, {group_key} AS group_key FROM {source}
)
SELECT
    player,
    group_key,
    CASE WHEN min(money_unit) = max(money_unit) THEN min(money_unit) ELSE 'mixed' END
        AS money_unit,
    {sums}
FROM played
WHERE group_key IS NOT NULL
GROUP BY player, group_key
