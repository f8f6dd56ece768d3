"""The re-evaluation engine: pure functions over cards and chips, no I/O, no text.

Modules, in import order:
- `tables`: the lookup tables of the 7,462 high classes and the 56 lows;
- `high`, `low8`: five-card high ranks (1..7462) and 8-or-better low ranks (1..56, 0 = none),
  both HIGHER IS BETTER, with their names;
- `hands`: the best high and low per game (Omaha family, Oklahoma, stud);
- `batch_tables`, `batch`: the same ranks for numpy arrays of millions of deals at once;
- `pots`, `rules`, `split`: pots from contributions and how each pot is paid.
"""
