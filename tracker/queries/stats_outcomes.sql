-- stats_outcomes: hi/lo outcomes at showdown per player and group (stats_player_outcomes
-- has one per showdown): scoops (no low / both ways), three-quarters, high only, low
-- only, split, quartered, lost; the net of quartered hands; how often a low was possible
-- and the player made one then; the hands won without a showdown. Hi/lo games only; a
-- showdown the audit could not pay is counted as unaudited. {source} and {group_key} as
-- in stats_standard.
WITH
played AS NOT MATERIALIZED (
    SELECT *, {group_key} AS group_key FROM {source}
    WHERE ends_with(game, '-hilo')
),
outcomes AS NOT MATERIALIZED (FROM stats_player_outcomes($game, $since, $until, $player))
SELECT
    played.player,
    played.group_key,
    count(*) AS hands,
    CASE WHEN min(played.money_unit) = max(played.money_unit) THEN min(played.money_unit)
         ELSE 'mixed' END AS money_unit,
    CAST(count_if(outcome IS NOT NULL) AS BIGINT) AS showdowns,
    CAST(count_if(played.showdown AND outcome IS NULL) AS BIGINT) AS unaudited,
    CAST(count_if(outcome LIKE 'scoop%') AS BIGINT) AS scoops,
    CAST(count_if(outcome = 'scoop_no_low') AS BIGINT) AS scoop_no_low,
    CAST(count_if(outcome = 'scoop_both_ways') AS BIGINT) AS scoop_both_ways,
    CAST(count_if(outcome = 'three_quarters') AS BIGINT) AS three_quarters,
    CAST(count_if(outcome = 'high_only') AS BIGINT) AS high_only,
    CAST(count_if(outcome = 'low_only') AS BIGINT) AS low_only,
    CAST(count_if(outcome = 'split') AS BIGINT) AS split,
    CAST(count_if(outcome = 'quartered') AS BIGINT) AS quartered,
    CAST(count_if(outcome = 'lost') AS BIGINT) AS lost,
    CAST(coalesce(sum(played.net) FILTER (outcome = 'quartered'), 0) AS BIGINT)
        AS quartered_net,
    CAST(count_if(low_possible AND outcome IS NOT NULL) AS BIGINT) AS low_possible,
    CAST(count_if(low_possible AND made_low AND outcome IS NOT NULL) AS BIGINT) AS made_low,
    CAST(count_if(NOT played.showdown AND played.collected > 0) AS BIGINT)
        AS won_without_showdown
FROM played
LEFT JOIN outcomes USING (site, hand_id, player)
WHERE played.group_key IS NOT NULL
GROUP BY played.player, played.group_key
HAVING count(*) >= $min_hands
ORDER BY played.player, played.group_key;
