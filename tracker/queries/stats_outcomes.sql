-- stats_outcomes: hi/lo outcomes at showdown per player and group (tracker.stats.outcomes
-- defines them): scoops (no low / both ways), three-quarters, high only, low only,
-- split, quartered, lost; the net of quartered hands; how often a low was possible and
-- the player made one then; the hands won without a showdown; the showdowns the audit
-- did not pay. Added up from the counters of stats_outcome_partials (per hand, or summed
-- per player and day). {source} and {group_key} as in stats_standard.
WITH played AS NOT MATERIALIZED (
    SELECT *, {group_key} AS group_key FROM {source}
)
SELECT
    player,
    group_key,
    CAST(sum(hands) AS BIGINT) AS hands,
    CASE WHEN min(money_unit) = max(money_unit) THEN min(money_unit) ELSE 'mixed' END
        AS money_unit,
    CAST(sum(showdowns) AS BIGINT) AS showdowns,
    CAST(sum(unaudited) AS BIGINT) AS unaudited,
    CAST(sum(scoop_no_low) + sum(scoop_both_ways) AS BIGINT) AS scoops,
    CAST(sum(scoop_no_low) AS BIGINT) AS scoop_no_low,
    CAST(sum(scoop_both_ways) AS BIGINT) AS scoop_both_ways,
    CAST(sum(three_quarters) AS BIGINT) AS three_quarters,
    CAST(sum(high_only) AS BIGINT) AS high_only,
    CAST(sum(low_only) AS BIGINT) AS low_only,
    CAST(sum(split) AS BIGINT) AS split,
    CAST(sum(quartered) AS BIGINT) AS quartered,
    CAST(sum(lost) AS BIGINT) AS lost,
    CAST(sum(quartered_net) AS BIGINT) AS quartered_net,
    CAST(sum(low_possible) AS BIGINT) AS low_possible,
    CAST(sum(made_low) AS BIGINT) AS made_low,
    CAST(sum(won_without_showdown) AS BIGINT) AS won_without_showdown
FROM played
WHERE group_key IS NOT NULL
GROUP BY player, group_key
HAVING sum(hands) >= $min_hands
ORDER BY player, group_key;
