-- boards: the community cards of a hand, one row per board (two when run twice).
CREATE OR REPLACE VIEW boards AS
SELECT * FROM {source};
