"""One module per poker site, all on the small base in `parsers.base`.

`parse_file(path)` is the entry point: it finds the site, splits the file into hands and
yields, for each hand, either a `tracker.model.Hand` or the `HandHistoryError` that
explains why the hand was not read (an `UnsupportedGameError` for games the product
does not cover: skipped and counted, not a failure).
"""
