-- cards: who held which cards, on which street they became known, and how.
CREATE OR REPLACE VIEW cards AS
SELECT * FROM {source};
