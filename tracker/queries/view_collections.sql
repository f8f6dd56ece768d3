-- collections: what the site reported paying, per player per pot line.
CREATE OR REPLACE VIEW collections AS
SELECT * FROM {source};
