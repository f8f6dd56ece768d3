"""Player stats over the data folder: `tracker stats`, `tracker plot`, `tracker report`.

- `tracker.stats.run`: `StatsDatabase` (standard stats, hi/lo outcomes, sessions,
  winnings, audit summary, as pandas DataFrames; the standard stats and the outcomes as
  Arrow tables too), `StatsFilter`, `player_stats`;
- `tracker.stats.summary`: the summary tables the queries read, kept up to date;
  `tracker.stats.totals`: the SQL of its totals per grouping, player and group;
- `tracker.stats.positions`, `hand_classes`, `outcomes`: the rules, in Python, that the
  SQL in `tracker/queries/stats_*.sql` follows (tests check they agree);
- `tracker.stats.output`: terminal tables, JSON and CSV; `tracker.stats.commands`: the
  commands themselves.

docs/stats.md defines every figure. Nothing is imported here, so that the `tracker`
command starts without pandas.
"""
