-- audit_not_imported: hands the import could not read (cut off, a player with no seat,
-- ...) and never imported since, once each, with the first reason recorded.
SELECT site, hand_id, arg_min(reason, imported_at) AS reason
FROM parse_errors p
WHERE hand_id IS NOT NULL AND site IS NOT NULL
  AND kind <> 'UnsupportedGameError'
  AND NOT EXISTS (SELECT 1 FROM hands h WHERE h.site = p.site AND h.hand_id = p.hand_id)
GROUP BY site, hand_id
ORDER BY site, hand_id;
