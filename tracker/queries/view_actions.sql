-- actions: every action of every hand, in order (sequence), amounts in the smallest unit.
CREATE OR REPLACE VIEW actions AS
SELECT * FROM {source};
