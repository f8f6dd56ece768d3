-- audit_betting_counts: hands per betting-legality verdict (legal, illegal, unknown)
-- among those of $site (all when NULL) started at $since or later (all when NULL).
SELECT betting, count(*) AS hands
FROM audit
WHERE ($site IS NULL OR site = $site)
  AND ($since IS NULL OR started_at >= $since)
GROUP BY betting;
