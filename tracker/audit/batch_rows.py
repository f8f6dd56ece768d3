"""The `audit` and `awards` rows of one batch of hands: the vectorised path first
(`tracker.audit.batch`), then the exact path (`tracker.audit.verdict`) for every hand it
did not prove ok, the rows of both put back in hand order. `tracker.audit.run` audits a
whole data folder with it, batch by batch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc

from tracker.audit import best_cards
from tracker.audit.batch import HALF_CODES, FastAwards, FastResult, audit_fast
from tracker.audit.betting_rules import settings_for
from tracker.audit.contributions import HandLedger
from tracker.audit.conventions import SiteConvention
from tracker.audit.ledgers import ledger_reader
from tracker.audit.legality import (
    BETTING_COLUMNS,
    betting_columns,
    check_betting,
    unknown_columns,
)
from tracker.audit.loading import GAMES, Batch
from tracker.audit.verdict import HandVerdict, Status, audit_ledger
from tracker.cards import DECK
from tracker.engine.rules import Half
from tracker.schema import TABLES

_CARD_TEXTS = pa.array([card.text for card in DECK])


@dataclass(frozen=True, slots=True)
class BatchAudit:
    """The audit of one batch: its `audit` and `awards` rows, and how many hands the
    fast path proved ok."""

    audit: pa.Table
    awards: pa.Table
    fast: int


def audit_batch(batch: Batch, convention: SiteConvention, *, exact: bool = False) -> BatchAudit:
    """The `audit` and `awards` rows of one batch: the fast path first, then the exact
    path for every hand it did not prove ok (every hand when `exact`)."""
    fast: FastResult | None = None
    if not exact:
        try:
            fast = audit_fast(batch, convention)
        except Exception:
            # A fault of the fast path must not stop the audit: the exact path, which
            # needs nothing the fast path found, audits every hand of the batch.
            fast = None
    ok = np.zeros(batch.hands, dtype=np.bool_) if fast is None else fast.ok
    slow = np.flatnonzero(~ok)
    ledger_at = ledger_reader(batch)
    verdicts = [_exact_verdict(batch, int(hand), ledger_at, convention) for hand in slow]
    audit_parts, audit_hands = [_verdict_rows(batch, verdicts)], [slow]
    award_parts = [_award_rows_of(batch, verdicts)]
    award_hands = [np.repeat(slow, [len(verdict.awards) for verdict in verdicts])]
    if fast is not None:
        audit_parts.append(_fast_verdict_rows(batch, fast))
        audit_hands.append(np.flatnonzero(fast.ok))
        award_parts.append(_fast_award_rows(batch, fast.awards))
        award_hands.append(fast.awards.hand)
    audit = _in_hand_order(pa.concat_tables(audit_parts), audit_hands)
    awards = _in_hand_order(pa.concat_tables(award_parts), award_hands)
    return BatchAudit(audit=_with_betting(audit, batch), awards=awards, fast=int(ok.sum()))


def _with_betting(audit: pa.Table, batch: Batch) -> pa.Table:
    """The payout audit's rows (in hand order) with the legality audit's columns; a
    batch read without its betting rows, or one the legality audit fails on (a fault
    of its own, which a test should then pin), is `unknown` with the reason."""
    if batch.betting is None:
        columns = unknown_columns(batch.hands, "the betting was not checked")
    else:
        try:
            result = check_betting(batch.betting, settings_for(batch.site))
            columns = betting_columns(batch.betting, result)
        except Exception as error:
            reason = f"{AUDIT_FAULT}: {type(error).__name__}: {error}"
            columns = unknown_columns(batch.hands, reason)
    for name, values in columns.items():
        audit = audit.append_column(name, values)
    return audit.select(TABLES["audit"].full_schema.names).cast(TABLES["audit"].full_schema)


def _payout_schema() -> pa.Schema:
    """The `audit` table's columns without those of the legality audit."""
    schema = TABLES["audit"].full_schema
    return pa.schema([field for field in schema if field.name not in BETTING_COLUMNS])


def _exact_verdict(
    batch: Batch, hand: int, ledger_at: Callable[[int], HandLedger], convention: SiteConvention
) -> HandVerdict:
    """The exact path's verdict on one hand; a hand it cannot handle (a fault of the
    audit's own, which a test should then pin) is `unverifiable` with the fault as the
    reason, so that one odd hand never stops the audit of the others."""
    try:
        return audit_ledger(ledger_at(hand), convention)
    except Exception as error:
        return HandVerdict(
            site=batch.site,
            hand_id=str(batch.hand_id[hand].as_py()),
            game=GAMES[batch.game[hand]],
            started_at=batch.started_at[hand].as_py(),
            status=Status.UNVERIFIABLE,
            reason=f"{AUDIT_FAULT}: {type(error).__name__}: {error}",
            players=(),
            awards=(),
        )


AUDIT_FAULT = "the audit could not handle this hand"
"""How the reason of a hand the audit failed on starts."""


def _in_hand_order(table: pa.Table, hands: Sequence[npt.NDArray[np.int64]]) -> pa.Table:
    """The rows of both paths together, in hand order (each hand's rows kept in theirs)."""
    if len(hands) == 1 or not len(hands[0]):
        return table
    order = np.argsort(np.concatenate(hands), kind="stable")
    return table.take(order)


# ---- rows of the exact path ------------------------------------------------------------


def _verdict_rows(batch: Batch, verdicts: Sequence[HandVerdict]) -> pa.Table:
    rows = [
        {
            "hand_id": verdict.hand_id,
            "game": verdict.game.value,
            "started_at": verdict.started_at,
            "status": verdict.status.value,
            "reason": verdict.reason,
            "players": [
                {"player": p.player, "expected": p.expected, "reported": p.reported}
                for p in verdict.players
            ],
            "site": batch.site,
            "month": batch.month,
        }
        for verdict in verdicts
    ]
    return pa.Table.from_pylist(rows, schema=_payout_schema())


def _award_rows_of(batch: Batch, verdicts: Sequence[HandVerdict]) -> pa.Table:
    rows = [
        {
            "hand_id": verdict.hand_id,
            "pot": award.pot,
            "board": award.board,
            "half": award.half,
            "player": award.player,
            "amount": award.amount,
            "hand_name": award.hand,
            "cards": " ".join(card.text for card in award.cards) if award.cards else None,
            "card_indexes": [card.index for card in award.cards] if award.cards else None,
            "site": batch.site,
            "month": batch.month,
        }
        for verdict in verdicts
        for award in verdict.awards
    ]
    return pa.Table.from_pylist(rows, schema=TABLES["awards"].full_schema)


# ---- rows of the fast path -------------------------------------------------------------


def _fast_verdict_rows(batch: Batch, fast: FastResult) -> pa.Table:
    """`ok` rows, with the players `verdict._verdict` lists: those still in, and anyone
    paid or owed something."""
    hands = np.flatnonzero(fast.ok)
    owner = batch.player_hand
    listed = fast.ok[owner] & (~batch.folded | (batch.collected > 0) | (fast.expected > 0))
    rows = np.flatnonzero(listed)
    offsets = np.zeros(len(hands) + 1, dtype=np.int32)
    np.cumsum(np.bincount(owner[rows], minlength=batch.hands)[hands], out=offsets[1:])
    players = pa.StructArray.from_arrays(
        [batch.player.take(rows), pa.array(fast.expected[rows]),
         pa.array(batch.collected[rows])],
        fields=list(TABLES["audit"].schema.field("players").type.value_type),
    )  # fmt: skip
    count = len(hands)
    picked = hands
    game_names = np.array([game.value for game in GAMES], dtype=object)
    columns = {
        "hand_id": batch.hand_id.take(picked),
        "game": pa.array(game_names[batch.game[hands]], pa.string()),
        "started_at": batch.started_at.take(picked),
        "status": pa.array([Status.OK.value] * count, pa.string()),
        "reason": pa.nulls(count, pa.string()),
        "players": pa.ListArray.from_arrays(_offsets(offsets), players),
        "site": pa.array([batch.site] * count, pa.string()),
        "month": pa.array([batch.month] * count, pa.string()),
    }
    return pa.table(columns).cast(_payout_schema())


def _fast_award_rows(batch: Batch, awards: FastAwards) -> pa.Table:
    count = len(awards.hand)
    half_names = np.array([half.value for half in HALF_CODES], dtype=object)
    names, five = _hands_made(batch, awards)
    shown = awards.rank > 0
    texts = _joined_cards(five, shown)
    indexes = pa.ListArray.from_arrays(
        _offsets(np.r_[0, np.cumsum(np.where(shown, 5, 0))]),
        pa.array(five[shown].ravel().astype(np.int8)),
        mask=pa.array(~shown),
    )
    columns = {
        "hand_id": batch.hand_id.take(awards.hand),
        "pot": pa.array(awards.pot.astype(np.int32)),
        "board": pa.array(np.zeros(count, dtype=np.int32)),
        "half": pa.array(half_names[awards.half], pa.string()),
        "player": batch.player.take(awards.player),
        "amount": pa.array(awards.amount),
        "hand_name": pa.array(names, pa.string()),
        "cards": texts,
        "card_indexes": indexes,
        "site": pa.array([batch.site] * count, pa.string()),
        "month": pa.array([batch.month] * count, pa.string()),
    }
    return pa.table(columns).cast(TABLES["awards"].full_schema)


def _offsets(values: npt.ArrayLike) -> pa.Int32Array:
    return pa.array(np.asarray(values, dtype=np.int32), pa.int32())


def _hands_made(batch: Batch, awards: FastAwards) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """Per award: the hand's name (None without a showdown) and its five cards."""
    count = len(awards.hand)
    names = np.full(count, None, dtype=object)
    five = np.zeros((count, 5), dtype=np.int64)
    high_names = np.array(best_cards.high_names(), dtype=object)
    low_names = np.array(best_cards.low_names(), dtype=object)
    is_low = awards.half == HALF_CODES.index(Half.LOW)
    shown = awards.rank > 0
    game = batch.game[awards.hand]
    hole_count = np.array([g.hole_card_count for g in GAMES])[game]
    for count_of_cards in np.unique(hole_count[shown]):
        for low in (False, True):
            rows = np.flatnonzero(shown & (hole_count == count_of_cards) & (is_low == low))
            if not len(rows):
                continue
            starts = batch.card_starts[awards.player[rows]]
            cards = batch.card_values[starts[:, None] + np.arange(count_of_cards)]
            ranks = awards.rank[rows]
            if count_of_cards == 7:
                made = (best_cards.stud_low_cards if low else best_cards.stud_high_cards)(
                    cards, ranks
                )
            else:
                board = batch.board_cards[batch.board_of[awards.hand[rows]]]
                pick = best_cards.omaha_low_cards if low else best_cards.omaha_high_cards
                made = pick(cards, board, ranks)
            five[rows] = made
            names[rows] = (low_names if low else high_names)[ranks]
    return names, five


def _joined_cards(five: npt.NDArray[np.int64], shown: npt.NDArray[np.bool_]) -> pa.Array[Any]:
    """Each row's five cards as text ("Ah Kh Qh Jh Th"), null where `shown` is False."""
    columns = [
        pa.DictionaryArray.from_arrays(pa.array(five[:, column], pa.int8()), _CARD_TEXTS).cast(
            pa.string()
        )
        for column in range(5)
    ]
    join: Any = pc.binary_join_element_wise  # the stubs do not know the separator argument
    texts: pa.Array[Any] = pc.if_else(pa.array(shown), join(*columns, " "), None)
    return texts
