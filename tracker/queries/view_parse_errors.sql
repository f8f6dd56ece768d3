-- parse_errors: every hand (or whole file) an import could not read, and why.
CREATE OR REPLACE VIEW parse_errors AS
SELECT * FROM {source};
