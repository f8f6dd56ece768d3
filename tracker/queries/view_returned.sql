-- returned: uncalled bets given back to the player who made them.
CREATE OR REPLACE VIEW returned AS
SELECT * FROM {source};
