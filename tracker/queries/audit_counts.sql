-- audit_counts: hands per verdict among those of $site (all when NULL) started at $since
-- or later (all when NULL).
SELECT status, count(*) AS hands
FROM audit
WHERE ($site IS NULL OR site = $site)
  AND ($since IS NULL OR started_at >= $since)
GROUP BY status;
