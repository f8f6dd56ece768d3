"""The rows of a hand (`tracker.hand_rows`): the Hand they stand for, the chip checks on
them, and a batch that is emptied or loses its last hand."""

from __future__ import annotations

import dataclasses

import pytest
from store_samples import inconsistent_hand, omaha_hand, stud_hand

from tracker.bookkeeping import inconsistency_or_none
from tracker.hand_rows import Children, HandRows, Row, hand_from_rows
from tracker.model import Hand, Tournament
from tracker.schema import CHILD_COLUMNS, HAND_COLUMNS


def rows_of(rows: HandRows, index: int) -> tuple[Row, Children]:
    """The `hands` row and the child rows of the hand at `index` in `rows`."""
    children: Children = {}
    for table in CHILD_COLUMNS:
        counts = rows.counts[table]
        start = sum(counts[:index])
        children[table] = rows.rows[table][start : start + counts[index]]
    return rows.hands[index], children


def sample_hands() -> list[Hand]:
    tournament = dataclasses.replace(
        omaha_hand(7), tournament=Tournament("986831247", 7500, 700, "USD", "III")
    )
    return [omaha_hand(1), omaha_hand(2, site="other"), stud_hand(3), inconsistent_hand(4),
            tournament]  # fmt: skip


@pytest.mark.parametrize("hand", sample_hands(), ids=lambda hand: hand.hand_id)
def test_rows_give_back_the_hand(hand: Hand) -> None:
    rows = HandRows()
    rows.add_hand(hand)
    assert hand_from_rows(hand.site, *rows_of(rows, 0)) == hand


@pytest.mark.parametrize("hand", sample_hands(), ids=lambda hand: hand.hand_id)
def test_the_chip_checks_on_rows_are_those_on_the_hand(hand: Hand) -> None:
    by_hand = HandRows()
    by_hand.add_hand(hand)
    head, children = rows_of(by_hand, 0)
    by_rows = HandRows()
    by_rows.add_read(hand.site, head[: len(HAND_COLUMNS) - 2], children)
    assert by_rows.hands == by_hand.hands
    assert by_rows.hands[0][-1] == inconsistency_or_none(hand)


def test_the_inconsistent_sample_is_flagged() -> None:
    rows = HandRows()
    rows.add_hand(inconsistent_hand(1))
    assert rows.hands[0][-2] is False
    assert rows.hands[0][-1]


def test_a_batch_emptied_or_cut_keeps_its_rows_in_step() -> None:
    rows = HandRows()
    hands = sample_hands()
    for hand in hands:
        rows.add_hand(hand)
    rows.drop_last()
    assert rows.hand_ids() == [hand.hand_id for hand in hands[:-1]]
    for table, found in rows.rows.items():
        assert len(found) == sum(rows.counts[table]), table
    assert hand_from_rows(hands[-2].site, *rows_of(rows, len(rows) - 1)) == hands[-2]
    rows.clear()
    assert len(rows) == 0
    assert all(not found for found in rows.rows.values())
    rows.add_hand(hands[0])
    assert hand_from_rows(hands[0].site, *rows_of(rows, 0)) == hands[0]
