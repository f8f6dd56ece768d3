-- stats_derived: what the stat queries read, built on the stats_player_hands and
-- stats_player_outcomes macros (the summary tables, or the rows counted from the hand
-- tables): the counters per hand, and the sessions.

-- The keys the stats break down by, and the counters they add up, one hand at a time:
-- stats_standard.sql adds them up over these rows, or over their sums per player and
-- day (the `player_days` summary table, the same columns).
CREATE OR REPLACE MACRO stats_hand_partials(game_wanted, since_at, until_at, player_wanted)
AS TABLE
SELECT
    site, hand_id, started_at, hand_classes,
    player, game, stakes, money_unit, position, door_rank, stud, brought_in, month,
    CAST(started_at AT TIME ZONE 'UTC' AS DATE) AS day,
    1 AS hands,
    stats_flag(vpip) AS vpip,
    stats_flag(pfr) AS pfr,
    stats_flag(three_bet) AS three_bet,
    stats_flag(three_bet_chance) AS three_bet_chances,
    later_aggressive,
    later_calls,
    stats_flag(saw_flop) AS saw_flop,
    stats_flag(showdown) AS showdowns,
    stats_flag(showdown AND collected > 0) AS showdowns_won,
    stats_flag(saw_flop AND collected > 0) AS flops_won,
    net,
    CAST(net AS DOUBLE) / big_unit AS net_big,
    stats_flag(big_unit IS NOT NULL) AS big_unit_hands,
    rake_paid,
    rake_collected
FROM stats_player_hands(game_wanted, since_at, until_at, player_wanted);

-- The hi/lo hands with the counters stats_outcomes.sql adds up, one hand at a time (the
-- `outcome_days` summary table holds their sums per player and day, the same columns).
-- A showdown with no outcome is one the audit did not pay: unaudited.
CREATE OR REPLACE MACRO stats_outcome_partials(game_wanted, since_at, until_at, player_wanted)
AS TABLE
SELECT
    hand.site, hand.hand_id, hand.started_at, hand.hand_classes,
    hand.player, hand.game, hand.stakes, hand.money_unit, hand.position, hand.door_rank,
    hand.stud, hand.brought_in, hand.month,
    CAST(hand.started_at AT TIME ZONE 'UTC' AS DATE) AS day,
    1 AS hands,
    stats_flag(outcome IS NOT NULL) AS showdowns,
    stats_flag(hand.showdown AND outcome IS NULL) AS unaudited,
    stats_flag(outcome = 'scoop_no_low') AS scoop_no_low,
    stats_flag(outcome = 'scoop_both_ways') AS scoop_both_ways,
    stats_flag(outcome = 'three_quarters') AS three_quarters,
    stats_flag(outcome = 'high_only') AS high_only,
    stats_flag(outcome = 'low_only') AS low_only,
    stats_flag(outcome = 'split') AS split,
    stats_flag(outcome = 'quartered') AS quartered,
    stats_flag(outcome = 'lost') AS lost,
    CASE WHEN outcome = 'quartered' THEN hand.net ELSE 0 END AS quartered_net,
    stats_flag(outcome IS NOT NULL AND low_possible) AS low_possible,
    stats_flag(outcome IS NOT NULL AND low_possible AND made_low) AS made_low,
    stats_flag(NOT hand.showdown AND hand.collected > 0) AS won_without_showdown
FROM stats_player_hands(game_wanted, since_at, until_at, player_wanted) AS hand
LEFT JOIN stats_player_outcomes(game_wanted, since_at, until_at, player_wanted) AS outcome
    USING (site, hand_id, player)
WHERE ends_with(hand.game, '-hilo');

-- The same rows with each player's sessions numbered: a new session starts after a gap
-- of more than `gap_minutes` since the player's previous hand (at any table).
CREATE OR REPLACE MACRO stats_player_sessions(
    game_wanted, since_at, until_at, player_wanted, gap_minutes) AS TABLE
WITH
played AS (FROM stats_player_hands(game_wanted, since_at, until_at, player_wanted)),
marked AS (
    SELECT *,
        coalesce(started_at - lag(started_at) OVER by_time > to_minutes(gap_minutes), true)
            AS starts_session
    FROM played
    WINDOW by_time AS (PARTITION BY player ORDER BY started_at, site, hand_id)
),
numbered AS (
    SELECT *,
        CAST(sum(CAST(starts_session AS INTEGER)) OVER (
            PARTITION BY player ORDER BY started_at, site, hand_id ROWS UNBOUNDED PRECEDING)
            AS BIGINT) AS session
    FROM marked
)
SELECT *, min(started_at) OVER (PARTITION BY player, session) AS session_start
FROM numbered;
