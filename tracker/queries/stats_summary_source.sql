-- stats_summary_source: the stat queries read the summary tables (tracker.stats.summary)
-- instead of counting from the hand tables, once the summary is up to date. Same
-- macros, same columns, same filters as stats_player_hands.sql and
-- stats_player_outcomes.sql.

CREATE OR REPLACE MACRO stats_player_hands(game_wanted, since_at, until_at, player_wanted)
AS TABLE
SELECT * FROM player_hands
WHERE (game_wanted IS NULL OR game = game_wanted)
    AND (since_at IS NULL OR started_at >= since_at)
    AND (until_at IS NULL OR started_at < until_at)
    AND (player_wanted IS NULL OR player = player_wanted);

CREATE OR REPLACE MACRO stats_player_outcomes(game_wanted, since_at, until_at, player_wanted)
AS TABLE
SELECT * FROM player_outcomes
WHERE (game_wanted IS NULL OR game = game_wanted)
    AND (since_at IS NULL OR started_at >= since_at)
    AND (until_at IS NULL OR started_at < until_at)
    AND (player_wanted IS NULL OR player = player_wanted);
