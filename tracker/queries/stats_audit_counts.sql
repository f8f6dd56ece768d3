-- stats_audit_counts: how many of the hands in scope the audit checked, by verdict (ok,
-- mismatch, inconsistent, unverifiable; 0 when none): hands of $game started in
-- [$since, $until), and of those $player was dealt into when a player is given.
WITH checked AS (
    SELECT audit.status
    FROM audit
    WHERE ($game IS NULL OR audit.game = $game)
        AND ($since IS NULL OR audit.started_at >= $since)
        AND ($until IS NULL OR audit.started_at < $until)
        AND ($player IS NULL OR EXISTS (
            SELECT 1 FROM seats AS seat
            WHERE seat.site = audit.site AND seat.hand_id = audit.hand_id
                AND seat.player = $player))
)
SELECT verdict.status, count(checked.status) AS hands
FROM (VALUES ('ok', 0), ('mismatch', 1), ('inconsistent', 2), ('unverifiable', 3))
    AS verdict(status, place)
LEFT JOIN checked USING (status)
GROUP BY verdict.status, verdict.place
ORDER BY verdict.place;
