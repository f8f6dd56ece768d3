"""The payout audit: every imported hand re-paid by the engine and compared with the site.

Modules, in import order:
- `contributions`: the ledger of a hand (who put in what, who folded, who showed what,
  who collected what);
- `conventions`: each site's rake and odd-chip rules, registered in the engine;
- `expected`: the engine's payout of one ledger (the exact path);
- `verdict`: expected against reported, and the verdict on the hand;
- `batch`: the same verdicts for many hands at once, vectorised (the fast path);
- `run`: the audit of a data folder, written to the `audit` and `awards` tables;
- `show`: a hand replayed in text, with the engine's split beside the site's payout.
"""
