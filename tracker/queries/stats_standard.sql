-- stats_standard: hands, VPIP, PFR, 3-bet, aggression factor, WTSD, W$SD, WWSF, net won
-- (money and big bets or blinds), bb/100 and rake paid, per player and group.
-- {source} is a stats_base macro call and {group_key} the grouping expression (both
-- chosen by tracker.stats.run from a fixed list); $min_hands drops the small groups.
WITH played AS NOT MATERIALIZED (
    SELECT *, {group_key} AS group_key FROM {source}
)
SELECT
    player,
    group_key,
    count(*) AS hands,
    CASE WHEN min(money_unit) = max(money_unit) THEN min(money_unit) ELSE 'mixed' END
        AS money_unit,
    100.0 * count_if(vpip) / count(*) AS vpip,
    100.0 * count_if(pfr) / count(*) AS pfr,
    100.0 * count_if(three_bet) / nullif(count_if(three_bet_chance), 0) AS three_bet,
    CAST(sum(later_aggressive) AS DOUBLE) / nullif(sum(later_calls), 0) AS aggression_factor,
    CAST(count_if(saw_flop) AS BIGINT) AS saw_flop,
    CAST(count_if(showdown) AS BIGINT) AS showdowns,
    100.0 * count_if(showdown) / nullif(count_if(saw_flop), 0) AS wtsd,
    100.0 * count_if(showdown AND collected > 0) / nullif(count_if(showdown), 0) AS wsd,
    100.0 * count_if(saw_flop AND collected > 0) / nullif(count_if(saw_flop), 0) AS wwsf,
    CAST(sum(net) AS BIGINT) AS net_won,
    sum(CAST(net AS DOUBLE) / big_unit) AS net_big,
    100.0 * sum(CAST(net AS DOUBLE) / big_unit) / nullif(count(big_unit), 0) AS bb_per_100,
    CAST(sum(rake_paid) AS BIGINT) AS rake_paid
FROM played
WHERE group_key IS NOT NULL
GROUP BY player, group_key
HAVING count(*) >= $min_hands
ORDER BY player, group_key;
