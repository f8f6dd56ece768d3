"""The payout audit: every imported hand re-paid by the engine and compared with the site.

Modules, in import order:
- `contributions`: the ledger of a hand (who put in what, who folded, who showed what,
  who collected what);
- `conventions`: each site's rake and odd-chip rules, registered in the engine;
- `expected`: the engine's payout of one ledger (the exact path);
- `verdict`: expected against reported, and the verdict on the hand;
- `loading`, `ledgers`: a (site, month) batch of stored hands read as arrays, and chosen
  hands of it as ledgers;
- `best_cards`: the five cards of best hands, vectorised, and the names of ranks;
- `batch`: the same verdicts for many hands at once, vectorised (the fast path);
- `run`: the audit of a data folder, written to the `audit` and `awards` tables;
- `report`: what `tracker audit` prints;
- `stored_hand`, `show`: a stored hand read back, and replayed in text with the
  engine's split beside the site's payout.
"""
