-- hands: one row per imported hand, keyed by (site, hand_id); site and month are the
-- partition columns. Every column is described in docs/schema.md.
CREATE OR REPLACE VIEW hands AS
SELECT * FROM {source};
