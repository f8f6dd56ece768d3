-- files: one row per import of a file (the latest row of a path is what the next
-- import compares against to skip unchanged files).
CREATE OR REPLACE VIEW files AS
SELECT * FROM {source};
