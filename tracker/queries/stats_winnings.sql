-- stats_winnings: a player's hands in the order played, each with its net won and
-- whether it went to showdown, and the running totals: all hands, hands that went to
-- showdown, hands that did not (in the smallest unit and in big bets or big blinds).
WITH played AS (
    SELECT
        player, site, hand_id, started_at, game, showdown, net,
        CAST(net AS DOUBLE) / big_unit AS net_big
    FROM stats_player_hands($game, $since, $until, $player)
)
SELECT
    *,
    row_number() OVER by_time AS hand_number,
    CAST(sum(net) OVER by_time AS BIGINT) AS total,
    CAST(sum(CASE WHEN showdown THEN net ELSE 0 END) OVER by_time AS BIGINT) AS at_showdown,
    CAST(sum(CASE WHEN showdown THEN 0 ELSE net END) OVER by_time AS BIGINT)
        AS without_showdown,
    sum(coalesce(net_big, 0)) OVER by_time AS total_big,
    sum(CASE WHEN showdown THEN coalesce(net_big, 0) ELSE 0 END) OVER by_time
        AS at_showdown_big,
    sum(CASE WHEN showdown THEN 0 ELSE coalesce(net_big, 0) END) OVER by_time
        AS without_showdown_big
FROM played
WINDOW by_time AS (
    PARTITION BY player ORDER BY started_at, site, hand_id ROWS UNBOUNDED PRECEDING)
ORDER BY player, hand_number;
