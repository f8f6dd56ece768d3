"""Checks every site's tests make the same way: a bad hand between two good ones, and the
real files' final stacks against what each hand paid."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from parsers import parse_file, parse_text
from tracker.errors import HandHistoryError, MalformedHandError
from tracker.model import Hand


def the_middle_hand_fails(
    text: str, *, hand_id: str, line_number: int, reason: str, file: str = "bad.txt"
) -> MalformedHandError:
    """Reads `text`, three hands of which the middle one is bad: the two others read, and
    the middle one is an error that names the file, the hand id and the line, and says
    `reason` (a part of it)."""
    items = list(parse_text(text, file=file))
    assert [type(item) for item in items] == [Hand, MalformedHandError, Hand], items
    error = items[1]
    assert isinstance(error, MalformedHandError)
    assert (error.file, error.hand_id, error.line_number) == (file, hand_id, line_number)
    assert reason in error.reason, error.reason
    assert file in str(error)
    assert hand_id in str(error)
    return error


def real_hands(folder: Path) -> list[Hand]:
    """Every hand read from the site's shared files (skips when the folder is absent)."""
    if not folder.is_dir():
        pytest.skip(f"the shared histories have no folder {folder}")
    return [
        item
        for path in sorted(folder.rglob("*.txt"))
        for item in parse_file(path)
        if isinstance(item, Hand)
    ]


def final_stacks_are_what_each_hand_paid(hands: list[Hand], stack: Callable[[str], int]) -> None:
    """Each player's stack less what they put in, plus what came back and what they won,
    is the final stack the hand's summary writes (`stack` reads it from the summary text)."""
    for hand in hands:
        final = {summary.player: summary.text for summary in hand.summaries}
        for seat in hand.seats:
            put_in = sum(a.amount for a in hand.actions if a.player == seat.player)
            back = sum(r.amount for r in hand.returned if r.player == seat.player)
            won = sum(c.amount for c in hand.collections if c.player == seat.player)
            assert seat.stack - put_in + back + won == stack(final[seat.player]), (
                hand.hand_id,
                seat.player,
            )


def around(template: str, middle: str | None = None, between: str = "\n") -> str:
    """Hands 301, 302 and 303 of `template` (its `{id}` filled in), `between` apart, the
    second replaced by `middle` when it is given."""
    hands = [template.format(id=id_) for id_ in (301, 302, 303)]
    if middle is not None:
        hands[1] = middle
    return between.join(hands)


def read(text: str, file: str = "test.txt") -> list[Hand | HandHistoryError]:
    return list(parse_text(text, file=file))


def only_hand(text: str) -> Hand:
    items = read(text)
    assert len(items) == 1
    assert isinstance(items[0], Hand), items[0]
    return items[0]


def only_error(items: list[Hand | HandHistoryError]) -> MalformedHandError:
    errors = [item for item in items if not isinstance(item, Hand)]
    assert len(errors) == 1
    assert isinstance(errors[0], MalformedHandError)
    return errors[0]
