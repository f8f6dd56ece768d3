-- stats_audit_problems: every audited hand in scope (as in stats_audit_counts) whose
-- verdict is not ok, with the reason, the table and the file it was read from.
SELECT
    audit.site, audit.hand_id, audit.game, audit.started_at, hand.table_name,
    audit.status, audit.reason, hand.source_file
FROM audit
LEFT JOIN hands AS hand USING (site, hand_id)
WHERE audit.status <> 'ok'
    AND ($game IS NULL OR audit.game = $game)
    AND ($since IS NULL OR audit.started_at >= $since)
    AND ($until IS NULL OR audit.started_at < $until)
    AND ($player IS NULL OR EXISTS (
        SELECT 1 FROM seats AS seat
        WHERE seat.site = audit.site AND seat.hand_id = audit.hand_id
            AND seat.player = $player))
ORDER BY audit.started_at NULLS LAST, audit.site, audit.hand_id;
