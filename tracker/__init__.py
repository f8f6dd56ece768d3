"""hilo-tracker: hand-history tracker and payout auditor for hi/lo split poker."""

__version__ = "0.1.0"
