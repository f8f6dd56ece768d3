"""hilo-tracker: hand-history tracker and payout auditor for hi/lo split poker."""

import os

# Arrow's memory from the system's allocator rather than its own mimalloc, which keeps
# the pages it frees: the audit, which reads and frees a piece of hands after another,
# peaks 150 to 200 MB lower a process (docs/benchmarks.md, "Audit"). Arrow reads this
# when it is first imported, so here, before any module imports it; a user's own
# setting stands.
os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")

__version__ = "0.1.0"
