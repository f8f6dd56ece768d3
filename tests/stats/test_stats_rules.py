"""Positions, hand classes and lows: the SQL macros give what the Python rules give."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tracker.cards import DECK, parse_cards
from tracker.stats.hand_classes import HAND_CLASSES, hand_classes
from tracker.stats.positions import position_name, positions_from_button
from tracker.stats.run import StatsDatabase


@pytest.mark.parametrize(
    ("count", "names"),
    [
        (2, ["BB", "BTN"]),
        (3, ["SB", "BB", "BTN"]),
        (4, ["SB", "BB", "CO", "BTN"]),
        (5, ["SB", "BB", "HJ", "CO", "BTN"]),
        (6, ["SB", "BB", "UTG", "HJ", "CO", "BTN"]),
        (7, ["SB", "BB", "UTG", "LJ", "HJ", "CO", "BTN"]),
        (8, ["SB", "BB", "UTG", "UTG+1", "LJ", "HJ", "CO", "BTN"]),
        (10, ["SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO", "BTN"]),
    ],
)
def test_position_names(count: int, names: list[str]) -> None:
    assert [position_name(index, count) for index in range(count)] == names


def test_position_errors() -> None:
    with pytest.raises(ValueError, match="no position"):
        position_name(0, 1)
    with pytest.raises(ValueError, match="no position"):
        position_name(6, 6)


def test_positions_from_a_dead_button() -> None:
    # The button on empty seat 4: seat 5 is the small blind, seat 3 acts last.
    assert positions_from_button([1, 3, 5, 6], 4) == {5: "SB", 6: "BB", 1: "CO", 3: "BTN"}


def test_position_macro_matches_python(database: StatsDatabase) -> None:
    cases = [(index, count) for count in range(2, 11) for index in range(count)]
    rows = database.connection.execute(
        "SELECT stats_position(i, n) FROM (VALUES "
        + ", ".join(f"({index}, {count})" for index, count in cases)
        + ") AS t(i, n)"
    ).fetchall()
    assert [row[0] for row in rows] == [position_name(index, count) for index, count in cases]


@pytest.mark.parametrize(
    ("cards", "classes"),
    [
        ("As 2s 3d Kh", ("A2xx", "A2 suited")),
        ("Ad 2c 3d Kh", ("A2xx",)),
        ("Ah 3d 4c Ks", ("A3xx",)),
        ("Ah 2d 3c Ks", ("A2xx",)),  # A3 with a deuce is A2xx only
        ("Ah Ad Kc Ks", ("AAxx", "high only", "pair")),  # one low rank (the ace) only
        ("2c 3d 4h 5s", ("four low",)),
        ("Ac 3d 5h 7s 8c", ("A3xx", "four low")),  # five cards: four or more low
        ("Kd Qh Js 9c", ("high only",)),
        ("8c 8d Kh Qs", ("high only", "pair")),  # one low rank: no low possible
        ("7d 6h Qc Js", ("other",)),
    ],
)
def test_hand_class_examples(cards: str, classes: tuple[str, ...]) -> None:
    assert hand_classes(parse_cards(cards)) == classes


def test_hand_class_macro_matches_python(database: StatsDatabase) -> None:
    rng = random.Random(20)
    hands = [tuple(rng.sample(DECK, size)) for size in (4, 5) for _ in range(400)]
    lists = ", ".join("[" + ", ".join(str(card.index) for card in hand) + "]" for hand in hands)
    rows = database.connection.execute(
        f"SELECT stats_hand_classes(h) FROM (SELECT unnest([{lists}]) AS h)"
    ).fetchall()
    assert [tuple(row[0]) for row in rows] == [hand_classes(hand) for hand in hands]
    assert {name for row in rows for name in row[0]} == set(HAND_CLASSES)


@pytest.mark.parametrize(
    ("hole", "board", "makes_low"),
    [
        ("Ah 3c Kd Ks", "2s 4d 7c Jh Kh", True),
        ("2h 5c Kd Ks", "2s 5d 8c Jh Kh", False),  # 2, 5 are on the board: 8 is left
        ("Ah 2c 3d Ks", "2s 3h 4d 5c Kh", True),  # A and 2 + 3 4 5
        ("Ah 2c Kd Ks", "2s 3h 9d Tc Kh", False),  # two low board cards only
        ("8h 8c Kd Ks", "2s 3h 4d Tc Kh", False),  # one low hole rank
    ],
)
def test_omaha_low_macro(database: StatsDatabase, hole: str, board: str, makes_low: bool) -> None:
    hole_indexes = [card.index for card in parse_cards(hole)]
    board_indexes = [card.index for card in parse_cards(board)]
    row = database.connection.execute(
        "SELECT stats_omaha_makes_low($hole, $board), stats_board_allows_low($board)",
        {"hole": hole_indexes, "board": board_indexes},
    ).fetchone()
    assert row is not None
    assert row[0] is makes_low


def test_low_macros_match_the_engine(database: StatsDatabase) -> None:
    # On random deals, "made a low" in SQL is the engine's "has a qualifying low".
    from tracker.engine.batch import omaha_low_ranks, stud_low_ranks

    rng = random.Random(8)
    for hole_size in (4, 5):
        deals = [rng.sample(range(52), hole_size + 5) for _ in range(500)]
        holes = [deal[:hole_size] for deal in deals]
        boards = [deal[hole_size:] for deal in deals]
        rows = database.connection.execute(
            "SELECT stats_omaha_makes_low(hole, board) FROM (SELECT unnest($holes) AS hole, "
            "unnest($boards) AS board)",
            {"holes": holes, "boards": boards},
        ).fetchall()
        expected = omaha_low_ranks(np.array(holes), np.array(boards)) > 0
        assert [row[0] for row in rows] == list(expected)
    sevens = [rng.sample(range(52), 7) for _ in range(500)]
    rows = database.connection.execute(
        "SELECT stats_stud_makes_low(cards) FROM (SELECT unnest($sevens) AS cards)",
        {"sevens": sevens},
    ).fetchall()
    assert [row[0] for row in rows] == list(stud_low_ranks(np.array(sevens)) > 0)
