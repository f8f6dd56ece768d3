-- stats_days_source: the per-player-and-day sums of the summary (`player_days`,
-- `outcome_days`) with the stat queries' filters; the days cover [since_at, until_at),
-- which tracker.stats.run gives as midnights (UTC) when it reads these.

CREATE OR REPLACE MACRO stats_player_days(game_wanted, since_at, until_at, player_wanted)
AS TABLE
SELECT * FROM player_days
WHERE (game_wanted IS NULL OR game = game_wanted)
    AND (since_at IS NULL OR day >= CAST(CAST(since_at AS TIMESTAMPTZ) AT TIME ZONE 'UTC' AS DATE))
    AND (until_at IS NULL OR day < CAST(CAST(until_at AS TIMESTAMPTZ) AT TIME ZONE 'UTC' AS DATE))
    AND (player_wanted IS NULL OR player = player_wanted);

CREATE OR REPLACE MACRO stats_outcome_days(game_wanted, since_at, until_at, player_wanted)
AS TABLE
SELECT * FROM outcome_days
WHERE (game_wanted IS NULL OR game = game_wanted)
    AND (since_at IS NULL OR day >= CAST(CAST(since_at AS TIMESTAMPTZ) AT TIME ZONE 'UTC' AS DATE))
    AND (until_at IS NULL OR day < CAST(CAST(until_at AS TIMESTAMPTZ) AT TIME ZONE 'UTC' AS DATE))
    AND (player_wanted IS NULL OR player = player_wanted);
