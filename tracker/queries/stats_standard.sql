-- stats_standard: hands, VPIP, PFR, 3-bet, aggression factor, WTSD, W$SD, WWSF, net won
-- (money and big bets or blinds), bb/100 and rake paid, per player and group, from
-- `sums`: one row per player and group with the counters of stats_hand_partials added
-- up (a `player_totals` grouping, or stats_sums.sql over the per-day or per-hand rows).
-- $min_hands drops the small groups; `group_order` sorts the groups of each player;
-- `rake_counter` is the rake paid by the method asked: `rake_paid` (weighted
-- contributed, by what each player put in) or `rake_collected` (by what each collected).
SELECT
    player,
    group_key,
    hands,
    money_unit,
    100.0 * vpip / hands AS vpip,
    100.0 * pfr / hands AS pfr,
    100.0 * three_bet / nullif(three_bet_chances, 0) AS three_bet,
    CAST(later_aggressive AS DOUBLE) / nullif(later_calls, 0) AS aggression_factor,
    saw_flop,
    showdowns,
    100.0 * showdowns / nullif(saw_flop, 0) AS wtsd,
    100.0 * showdowns_won / nullif(showdowns, 0) AS wsd,
    100.0 * flops_won / nullif(saw_flop, 0) AS wwsf,
    net AS net_won,
    net_big,
    100.0 * net_big / nullif(big_unit_hands, 0) AS bb_per_100,
    {rake_counter} AS rake_paid
FROM {sums}
WHERE hands >= $min_hands
ORDER BY player, {group_order}, money_unit;
