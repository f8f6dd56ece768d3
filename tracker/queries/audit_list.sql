-- audit_list: the audited hands `tracker audit` lists: of $site (all when NULL), started
-- at $since or later (all when NULL), every hand when $every_hand, else those not ok or
-- whose betting broke a rule.
SELECT site, hand_id, game, started_at, status, reason, players,
       betting, betting_reason, betting_errors
FROM audit
WHERE ($site IS NULL OR site = $site)
  AND ($since IS NULL OR started_at >= $since)
  AND ($every_hand OR status <> 'ok' OR betting = 'illegal')
ORDER BY site, started_at NULLS LAST, hand_id;
