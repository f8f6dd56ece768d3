-- stats_days: the counters of stats_hand_partials and stats_outcome_partials added up per
-- player and day and breakdown key, the rows of the `player_days` and `outcome_days`
-- summary tables. {partials} is one of those two macros over the hands to add up;
-- {counters} the sums (tracker.stats.summary lists them).
SELECT
    player, game, stakes, money_unit, position, door_rank, stud, brought_in, month, day,
    {counters}
FROM {partials}(NULL, NULL, NULL, NULL)
GROUP BY ALL
ORDER BY player, day;
