"""Hi/lo outcomes at showdown: what a player got of the pots they could win.

The engine's `awards` (who was paid which half of which pot, on which board) say how each
pot was split; a player still in at the showdown could win every pot up to their own
all-in level (the main pot first). For each side, high and low, the player's result over
those pots (and both boards, when the board was run twice) is one of:

- "won": won that half outright in every one of them;
- "none": got no share of it in any;
- "halved": tied it with exactly one other player in every one of them;
- "part": anything else (a three-way tie, or won in some pots and not in others).

A pot with no qualifying low goes whole to the best high: it counts as won, halved (split
two ways) or lost on both sides at once. From the two sides (RULES.md, "Outcomes, for
stats"):

| high \\ low | won | halved or part | none |
|---|---|---|---|
| won | scoop | three-quarters | high only |
| halved or part | three-quarters | split | quartered (halved), else split |
| none | low only | quartered (halved), else split | lost |

A scoop is reported as "scoop (no low)" when no pot the player could win had a
qualifying low, else "scoop (both ways)". Hands won without a showdown are counted apart.

>>> outcome("won", "won", any_low=False), outcome("won", "halved", any_low=True)
('scoop_no_low', 'three_quarters')
>>> outcome("none", "halved", any_low=True), outcome("part", "none", any_low=True)
('quartered', 'split')
"""

from __future__ import annotations

from typing import Final

OUTCOMES: Final = (
    "scoop_no_low", "scoop_both_ways", "three_quarters", "high_only", "low_only",
    "split", "quartered", "lost",
)  # fmt: skip
"""Every outcome, in the order tables and plots show them."""

OUTCOME_LABELS: Final = {
    "scoop_no_low": "scoop (no low)",
    "scoop_both_ways": "scoop (both ways)",
    "three_quarters": "three-quarters",
    "high_only": "won high only",
    "low_only": "won low only",
    "split": "split",
    "quartered": "quartered",
    "lost": "lost",
}
"""How the outcomes read in tables, plots and the report."""

SIDE_RESULTS: Final = ("won", "halved", "part", "none")


def outcome(high: str, low: str, *, any_low: bool) -> str:
    """The outcome of a player's showdown from their high and low side results.

    Args:
        high: "won", "halved", "part" or "none" (see the module docstring).
        low: the same, for the low halves (a pot with no low counts on both sides).
        any_low: True when a pot the player could win had a qualifying low.

    >>> outcome("won", "none", any_low=True), outcome("none", "won", any_low=True)
    ('high_only', 'low_only')
    >>> outcome("halved", "halved", any_low=False), outcome("none", "none", any_low=True)
    ('split', 'lost')

    Raises:
        ValueError: for a side result not in `SIDE_RESULTS`.
    """
    for side in (high, low):
        if side not in SIDE_RESULTS:
            raise ValueError(f"unknown side result {side!r}")
    if high == "won" and low == "won":
        return "scoop_both_ways" if any_low else "scoop_no_low"
    if "won" in (high, low):
        other = low if high == "won" else high
        if other == "none":
            return "high_only" if high == "won" else "low_only"
        return "three_quarters"
    if high == "none" and low == "none":
        return "lost"
    if "none" in (high, low) and "halved" in (high, low):
        return "quartered"
    return "split"
