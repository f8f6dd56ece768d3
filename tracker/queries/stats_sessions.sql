-- stats_sessions: one row per player per session (a gap of more than $session_gap
-- minutes between two of the player's hands starts a new one): when it started and
-- ended (the first and last hand's start), its length in minutes, the tables played,
-- the hands, the net won and bb/100 (big bets per 100 hands in limit, big blinds else).
-- A session of hands in several money units (a cash table and a tournament) has a row
-- per unit: amounts of different units are never added up.
SELECT
    player,
    session,
    min(started_at) AS started_at,
    max(started_at) AS ended_at,
    date_diff('second', min(started_at), max(started_at)) / 60.0 AS minutes,
    CAST(count(DISTINCT site || ' ' || table_name) AS BIGINT) AS tables,
    count(*) AS hands,
    money_unit,
    CAST(sum(net) AS BIGINT) AS net_won,
    sum(CAST(net AS DOUBLE) / big_unit) AS net_big,
    100.0 * sum(CAST(net AS DOUBLE) / big_unit) / nullif(count(big_unit), 0) AS bb_per_100
FROM stats_player_sessions($game, $since, $until, $player, $session_gap)
GROUP BY player, session, money_unit
HAVING count(*) >= $min_hands
ORDER BY player, session, money_unit;
