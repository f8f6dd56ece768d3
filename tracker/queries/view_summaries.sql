-- summaries: each seat's line of the hand's summary, and the amount it says was won.
CREATE OR REPLACE VIEW summaries AS
SELECT * FROM {source};
