-- seats: one row per player seated at the start of a hand (join hands on site, hand_id).
CREATE OR REPLACE VIEW seats AS
SELECT * FROM {source};
