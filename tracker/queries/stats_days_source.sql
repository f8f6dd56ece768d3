-- stats_days_source: the sums of the summary the stat queries read, loaded when it is
-- up to date: per player and day (`player_days`, `outcome_days`) with the stat queries'
-- filters, the days covering [since_at, until_at), which tracker.stats.run gives as
-- midnights (UTC) when it reads these; and over every day (the totals tables).

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

-- The sums over every day per grouping (`--by`, 'all' for none), player and group of the
-- `player_totals` and `outcome_totals` summary tables, for one grouping (and player).
CREATE OR REPLACE MACRO stats_player_totals(grouping_wanted, player_wanted) AS TABLE
SELECT * FROM player_totals
WHERE grouping = grouping_wanted AND (player_wanted IS NULL OR player = player_wanted);

CREATE OR REPLACE MACRO stats_outcome_totals(grouping_wanted, player_wanted) AS TABLE
SELECT * FROM outcome_totals
WHERE grouping = grouping_wanted AND (player_wanted IS NULL OR player = player_wanted);
