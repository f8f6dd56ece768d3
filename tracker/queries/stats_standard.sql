-- stats_standard: hands, VPIP, PFR, 3-bet, aggression factor, WTSD, W$SD, WWSF, net won
-- (money and big bets or blinds), bb/100 and rake paid, per player and group, added up
-- from the counters of stats_hand_partials (per hand, or summed per player and day).
-- {source} is those rows and {group_key} the grouping expression (both chosen by
-- tracker.stats.run from a fixed list); $min_hands drops the small groups.
WITH played AS NOT MATERIALIZED (
    SELECT *, {group_key} AS group_key FROM {source}
)
SELECT
    player,
    group_key,
    CAST(sum(hands) AS BIGINT) AS hands,
    CASE WHEN min(money_unit) = max(money_unit) THEN min(money_unit) ELSE 'mixed' END
        AS money_unit,
    100.0 * sum(vpip) / sum(hands) AS vpip,
    100.0 * sum(pfr) / sum(hands) AS pfr,
    100.0 * sum(three_bet) / nullif(sum(three_bet_chances), 0) AS three_bet,
    CAST(sum(later_aggressive) AS DOUBLE) / nullif(sum(later_calls), 0) AS aggression_factor,
    CAST(sum(saw_flop) AS BIGINT) AS saw_flop,
    CAST(sum(showdowns) AS BIGINT) AS showdowns,
    100.0 * sum(showdowns) / nullif(sum(saw_flop), 0) AS wtsd,
    100.0 * sum(showdowns_won) / nullif(sum(showdowns), 0) AS wsd,
    100.0 * sum(flops_won) / nullif(sum(saw_flop), 0) AS wwsf,
    CAST(sum(net) AS BIGINT) AS net_won,
    sum(net_big) AS net_big,
    100.0 * sum(net_big) / nullif(sum(big_unit_hands), 0) AS bb_per_100,
    CAST(sum(rake_paid) AS BIGINT) AS rake_paid
FROM played
WHERE group_key IS NOT NULL
GROUP BY player, group_key
HAVING sum(hands) >= $min_hands
ORDER BY player, group_key;
