-- stats_source: point the macros the stat queries read at tables: {hands} holds the rows
-- of stats_player_hands_raw (the `player_hands` summary table, or a temporary table of
-- new hands while the summary is built), {outcomes} those of stats_showdown_outcomes.
-- Same columns and filters as the macros they replace.

CREATE OR REPLACE MACRO stats_player_hands(game_wanted, since_at, until_at, player_wanted)
AS TABLE
SELECT * FROM {hands}
WHERE (game_wanted IS NULL OR game = game_wanted)
    AND (since_at IS NULL OR started_at >= since_at)
    AND (until_at IS NULL OR started_at < until_at)
    AND (player_wanted IS NULL OR player = player_wanted);

CREATE OR REPLACE MACRO stats_player_outcomes(game_wanted, since_at, until_at, player_wanted)
AS TABLE
SELECT * FROM {outcomes}
WHERE (game_wanted IS NULL OR game = game_wanted)
    AND (since_at IS NULL OR started_at >= since_at)
    AND (until_at IS NULL OR started_at < until_at)
    AND (player_wanted IS NULL OR player = player_wanted);
