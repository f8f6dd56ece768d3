-- stats_outcomes: hi/lo outcomes at showdown per player and group (tracker.stats.outcomes
-- defines them): scoops (no low / both ways), three-quarters, high only, low only,
-- split, quartered, lost; the net of quartered hands; how often a low was possible and
-- the player made one then; the hands won without a showdown; the showdowns the audit
-- did not pay; then each count's share: of the showdowns, and `made_low` of
-- `low_possible`. From `sums`: the counters of stats_outcome_partials added up per
-- player and group (an `outcome_totals` grouping, or stats_sums.sql over the per-day or
-- per-hand rows). $min_hands and `group_order` as in stats_standard.
SELECT
    player,
    group_key,
    hands,
    money_unit,
    showdowns,
    unaudited,
    scoop_no_low + scoop_both_ways AS scoops,
    scoop_no_low,
    scoop_both_ways,
    three_quarters,
    high_only,
    low_only,
    split,
    quartered,
    lost,
    quartered_net,
    low_possible,
    made_low,
    won_without_showdown,
    100.0 * (scoop_no_low + scoop_both_ways) / nullif(showdowns, 0) AS scoops_pct,
    100.0 * scoop_no_low / nullif(showdowns, 0) AS scoop_no_low_pct,
    100.0 * scoop_both_ways / nullif(showdowns, 0) AS scoop_both_ways_pct,
    100.0 * three_quarters / nullif(showdowns, 0) AS three_quarters_pct,
    100.0 * high_only / nullif(showdowns, 0) AS high_only_pct,
    100.0 * low_only / nullif(showdowns, 0) AS low_only_pct,
    100.0 * split / nullif(showdowns, 0) AS split_pct,
    100.0 * quartered / nullif(showdowns, 0) AS quartered_pct,
    100.0 * lost / nullif(showdowns, 0) AS lost_pct,
    100.0 * low_possible / nullif(showdowns, 0) AS low_possible_pct,
    100.0 * made_low / nullif(low_possible, 0) AS made_low_pct
FROM {sums}
WHERE hands >= $min_hands
ORDER BY player, {group_order}, money_unit;
