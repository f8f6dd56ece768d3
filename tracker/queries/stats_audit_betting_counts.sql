-- stats_audit_betting_counts: how many of the hands in scope the legality audit found
-- legal, illegal and unknown (0 when none): hands of $game started in [$since, $until),
-- and of those $player was dealt into when a player is given.
WITH checked AS (
    SELECT audit.betting
    FROM audit
    WHERE ($game IS NULL OR audit.game = $game)
        AND ($since IS NULL OR audit.started_at >= $since)
        AND ($until IS NULL OR audit.started_at < $until)
        AND ($player IS NULL OR EXISTS (
            SELECT 1 FROM seats AS seat
            WHERE seat.site = audit.site AND seat.hand_id = audit.hand_id
                AND seat.player = $player))
)
SELECT verdict.betting, count(checked.betting) AS hands
FROM (VALUES ('legal', 0), ('illegal', 1), ('unknown', 2)) AS verdict(betting, place)
LEFT JOIN checked USING (betting)
GROUP BY verdict.betting, verdict.place
ORDER BY verdict.place;
