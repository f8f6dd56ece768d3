"""What `tracker audit` prints: the audited hands chosen by site and date, as a table,
JSON or CSV, and the count of hands per verdict.

Amounts are in the smallest unit (cents, or chips), as stored.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tracker.audit.betting_rules import BettingStatus
from tracker.audit.loading import query_text
from tracker.audit.verdict import Status
from tracker.database import connect
from tracker.safe_text import spreadsheet_cell

FORMATS = ("table", "json", "csv")
"""The formats `tracker audit --format` takes."""


@dataclass(frozen=True, slots=True)
class AuditListing:
    """The chosen hands (all of them, or those not ok) and the verdict counts of every
    hand the choice of site and date covers."""

    hands: list[dict[str, Any]]
    counts: dict[Status, int]
    betting: dict[BettingStatus, int] = field(
        default_factory=lambda: dict.fromkeys(BettingStatus, 0)
    )

    @property
    def flagged(self) -> bool:
        """True when a covered hand is `mismatch` or `inconsistent`, or its betting
        `illegal` (exit status 1)."""
        flagged = any(self.counts[status] for status in Status if status.flagged)
        return flagged or self.betting[BettingStatus.ILLEGAL] > 0


def read_listing(
    data_dir: Path | str,
    *,
    site: str | None = None,
    since: datetime | None = None,
    every_hand: bool = False,
) -> AuditListing:
    """The audit table's hands of `site` (all when None) started at `since` or later
    (hands the import could not read have no time and are left out by `since`).

    Args:
        data_dir: the data folder.
        site: only this site's hands.
        since: only hands started at this time or later (naive times are UTC).
        every_hand: list every hand, not only those that are not ok.
    """
    if since is not None and since.tzinfo is None:
        since = since.replace(tzinfo=UTC)
    parameters = {"site": site, "since": since, "every_hand": every_hand}
    connection = connect(data_dir)
    try:
        hands = connection.sql(query_text("audit_list"), params=parameters).to_arrow_table()
        counted = connection.sql(
            query_text("audit_counts"), params={"site": site, "since": since}
        ).fetchall()
        betting_counted = connection.sql(
            query_text("audit_betting_counts"), params={"site": site, "since": since}
        ).fetchall()
    finally:
        connection.close()
    counts = dict.fromkeys(Status, 0)
    for status, count in counted:
        counts[Status(status)] = int(count)
    betting = dict.fromkeys(BettingStatus, 0)
    for verdict, count in betting_counted:
        betting[BettingStatus(verdict)] = int(count)
    return AuditListing(hands=hands.to_pylist(), counts=counts, betting=betting)


def describe_counts(counts: dict[Status, int]) -> str:
    """One line: "150 hands: 148 ok, 1 mismatch, 1 unverifiable, 0 inconsistent".

    >>> describe_counts({Status.OK: 2, Status.MISMATCH: 1, Status.UNVERIFIABLE: 0,
    ...                  Status.INCONSISTENT: 0})
    '3 hands: 2 ok, 1 mismatch, 0 unverifiable, 0 inconsistent'
    """
    total = sum(counts.values())
    parts = ", ".join(f"{counts[status]:,} {status.value}" for status in Status)
    return f"{total:,} hand{'s' if total != 1 else ''}: {parts}"


def describe_betting(counts: dict[BettingStatus, int]) -> str:
    """One line: "betting: 148 legal, 1 illegal, 1 unknown".

    >>> describe_betting({BettingStatus.LEGAL: 2, BettingStatus.ILLEGAL: 1,
    ...                   BettingStatus.UNKNOWN: 0})
    'betting: 2 legal, 1 illegal, 0 unknown'
    """
    return "betting: " + ", ".join(f"{counts[verdict]:,} {verdict.value}"
                                   for verdict in BettingStatus)  # fmt: skip


def first_broken_rule(hand: dict[str, Any]) -> str:
    """The first rule an illegal hand broke, in words: "limit-cap: B raise 1000 on the
    preflop (allowed 800)"; "" for a hand whose betting is not illegal."""
    errors = hand.get("betting_errors") or []
    if hand.get("betting") != BettingStatus.ILLEGAL.value or not errors:
        return ""
    error = errors[0]
    allowed = "" if error["allowed"] is None else f" (allowed {error['allowed']})"
    action = error["action"].replace("_", " ")
    return (
        f"{error['rule']}: {error['player']} {action} {error['amount']} on the "
        f"{error['street']}{allowed}"
    )


def as_json(listing: AuditListing) -> str:
    """A JSON array of {"site", "hand_id", "game", "status", "reason", "players": [...],
    "betting", "betting_reason", "betting_errors": [...]}."""
    return json.dumps(
        [
            {
                "site": hand["site"],
                "hand_id": hand["hand_id"],
                "game": hand["game"],
                "status": hand["status"],
                "reason": hand["reason"],
                "players": hand["players"],
                "betting": hand["betting"],
                "betting_reason": hand["betting_reason"],
                "betting_errors": hand["betting_errors"],
            }
            for hand in listing.hands
        ],
        ensure_ascii=False,
    )


def as_csv(listing: AuditListing) -> str:
    """CSV, one row per hand: site, hand_id, game, started_at, status, reason."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["site", "hand_id", "game", "started_at", "status", "reason"])
    for hand in listing.hands:
        started = hand["started_at"]
        cells = [hand["site"], hand["hand_id"], hand["game"] or "",
                 started.isoformat() if started else "", hand["status"],
                 hand["reason"] or ""]  # fmt: skip
        writer.writerow([spreadsheet_cell(cell) for cell in cells])  # no formula (safe_text)
    return buffer.getvalue()


def as_table(listing: AuditListing) -> str:
    """Aligned text, one line per hand (the reason on the same line, and for illegal
    betting the first rule broken), then the counts."""
    rows = [("site", "hand", "game", "status", "reason")]
    rows += [
        (hand["site"], hand["hand_id"], hand["game"] or "-", hand["status"],
         "; ".join(part for part in (hand["reason"], first_broken_rule(hand)) if part))
        for hand in listing.hands
    ]  # fmt: skip
    lines = []
    if listing.hands:
        widths = [max(len(row[column]) for row in rows) for column in range(4)]
        lines = [
            "  ".join(cell.ljust(width) for cell, width in zip(row[:4], widths, strict=True))
            + "  "
            + row[4]
            for row in rows
        ]
        lines = [line.rstrip() for line in lines]
    lines.append(describe_counts(listing.counts))
    lines.append(describe_betting(listing.betting))
    return "\n".join(lines)
