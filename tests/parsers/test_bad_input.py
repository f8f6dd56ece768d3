"""Bad input: clear errors that name the file, the hand and the line, never a traceback,
and the other hands of the file read as if nothing had happened."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers import decode, detect_site, parse_file, parse_text
from parsers.pokerstars import PokerStarsParser
from tracker.errors import HandHistoryError, MalformedHandError, UnknownSiteError
from tracker.model import Hand

HAND = """\
PokerStars Hand #{id}:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2021/03/04 10:00:00 ET
Table 'Testa IV' 6-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Ben ($3 in chips)
Ann: posts small blind $0.01
Ben: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Ann [Ah 2h 3c Kd]
Ann: raises $0.04 to $0.06
Ben: folds
Uncalled bet ($0.04) returned to Ann
Ann collected $0.04 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot $0.04 | Rake $0
Seat 1: Ann (button) (small blind) collected ($0.04)
Seat 2: Ben (big blind) folded before Flop
"""
LINES_PER_HAND = HAND.count("\n") + 1  # with the blank line between hands


def three_hands(middle: str | None = None) -> str:
    hands = [HAND.format(id=id_) for id_ in (301, 302, 303)]
    if middle is not None:
        hands[1] = middle
    return "\n".join(hands)


def hand_ids(items: list[Hand | HandHistoryError]) -> list[str | None]:
    return [item.hand_id for item in items]


def only_error(items: list[Hand | HandHistoryError]) -> MalformedHandError:
    errors = [item for item in items if not isinstance(item, Hand)]
    assert len(errors) == 1
    assert isinstance(errors[0], MalformedHandError)
    return errors[0]


def test_the_sample_file_is_sound() -> None:
    items = list(parse_text(three_hands(), file="three.txt"))
    hands = [item for item in items if isinstance(item, Hand)]
    assert len(hands) == len(items)
    assert [(hand.hand_id, hand.first_line) for hand in hands] == [
        ("301", 1),
        ("302", 1 + LINES_PER_HAND),
        ("303", 1 + 2 * LINES_PER_HAND),
    ]


def test_truncated_file(tmp_path: Path) -> None:
    text = three_hands()
    cut = text.index("Ann: raises", text.index("#303"))
    path = tmp_path / "cut.txt"
    path.write_text(text[:cut] + "Ann: rai", encoding="utf-8")
    items = list(parse_file(path))
    assert hand_ids(items) == ["301", "302", "303"]
    error = only_error(items)
    assert error.reason == "hand cut off: it ends before its summary"
    assert (error.file, error.hand_id, error.line) == (str(path), "303", "Ann: rai")
    assert error.line_number == 2 * LINES_PER_HAND + 9
    assert str(error) == (
        f"{path}, hand 303, line {error.line_number}: "
        "hand cut off: it ends before its summary: 'Ann: rai'"
    )


def test_hand_that_stops_after_its_seat_lines() -> None:
    middle = "\n".join(HAND.format(id=302).splitlines()[:4]) + "\n"
    error = only_error(list(parse_text(three_hands(middle))))
    assert (error.hand_id, error.line, error.reason) == (
        "302",
        "Seat 2: Ben ($3 in chips)",
        "hand cut off: it ends before its summary",
    )


def test_unknown_line_inside_the_action() -> None:
    middle = HAND.format(id=302).replace("Ben: folds", "Ben: folds\nThe dealer sneezes")
    items = list(parse_text(three_hands(middle), file="odd.txt"))
    assert [isinstance(item, Hand) for item in items] == [True, False, True]
    error = only_error(items)
    assert (error.reason, error.line, error.line_number) == (
        "unknown line",
        "The dealer sneezes",
        LINES_PER_HAND + 11,
    )
    assert (error.site, error.file, error.hand_id) == ("pokerstars", "odd.txt", "302")


def test_unknown_action_of_a_seated_player() -> None:
    middle = HAND.format(id=302).replace("Ben: folds", "Ben: juggles $0.02")
    error = only_error(list(parse_text(three_hands(middle))))
    assert error.reason == "unknown action 'juggles $0.02'"


def test_player_acting_without_a_seat() -> None:
    middle = HAND.format(id=302).replace("Ben: folds", "Ben: folds\nCid: calls $0.06")
    error = only_error(list(parse_text(three_hands(middle))))
    assert error.reason == "'Cid' has no seat in this hand but acts in it"
    assert error.line == "Cid: calls $0.06"


def test_cards_dealt_or_paid_to_no_seat() -> None:
    for line in ("Dealt to Ann [Ah 2h 3c Kd]", "Ann collected $0.04 from pot"):
        middle = HAND.format(id=302).replace(line, line.replace("Ann", "Cid"))
        assert (
            "'Cid' has no seat in this hand"
            in only_error(list(parse_text(three_hands(middle)))).reason
        )


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        ("[Ah 2h 3c Kx]", "unknown card 'Kx'"),
        ("[Ah 2h 3c]", "3 hole cards dealt in omaha-hilo"),
        ("[Ah 2h 3c Kd", "cards not in closed brackets: '[Ah 2h 3c Kd'"),
    ],
)
def test_cards_that_are_not_cards(bad: str, reason: str) -> None:
    middle = HAND.format(id=302).replace("[Ah 2h 3c Kd]", bad)
    assert only_error(list(parse_text(three_hands(middle)))).reason == reason


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Ann: raises $0.04 to $0.06", "Ann: raises $0.04 to $0.01", "is not above"),
        ("Ben: posts big blind $0.02", "Ben: posts big blind $0.025", "finer than one"),
        ("Total pot $0.04 | Rake $0", "Pot total $0.04", "unknown summary line"),
        ("Total pot $0.04 | Rake $0", "Total pot $0.04", "unreadable Total pot line"),
        ("Total pot $0.04 | Rake $0", "Total pot $0.04 | Rake $", "unreadable Total pot line"),
        (
            "Seat 2: Ben ($3 in chips)",
            "Seat 1: Ben ($3 in chips)",
            "a seat or a player appears twice",
        ),
        ("Seat 2: Ben ($3 in chips)", "Seat 2: Ben (lots in chips)", "unreadable seat line"),
        ("Table 'Testa IV' 6-max Seat #1 is the button", "Tabel", "expected the Table line"),
        ("*** HOLE CARDS ***", "*** HOLY CARDS ***", "unknown street line 'HOLY CARDS'"),
        ("($0.01/$0.02 USD)", "($0.01-$0.02 USD)", "unreadable stakes"),
    ],
)
def test_malformed_parts(old: str, new: str, reason: str) -> None:
    middle = HAND.format(id=302).replace(old, new)
    assert reason in only_error(list(parse_text(three_hands(middle)))).reason


def test_text_before_the_first_hand() -> None:
    items = list(parse_text("exported by some tool\n\n" + three_hands()))
    assert hand_ids(items) == [None, "301", "302", "303"]
    error = items[0]
    assert isinstance(error, MalformedHandError)
    assert (error.line_number, error.reason) == (
        1,
        "text outside any hand (before the first hand header)",
    )


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    with pytest.raises(UnknownSiteError, match="empty file") as raised:
        parse_file(path)
    assert raised.value.file == str(path)
    with pytest.raises(UnknownSiteError, match="empty file"):
        parse_text("\n \n")


def test_file_of_random_bytes(tmp_path: Path) -> None:
    path = tmp_path / "noise.bin"
    path.write_bytes(random.Random(7).randbytes(5000))
    with pytest.raises(UnknownSiteError, match="not a hand history") as raised:
        parse_file(path)
    assert str(path) in str(raised.value)


def test_file_of_another_kind(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    # a header of no room the tracker reads
    path.write_text("Nowhere Poker Game #1: Table T - $1/$2 - Omaha Hi/Lo\n", encoding="utf-8")
    with pytest.raises(UnknownSiteError):
        parse_file(path)
    with pytest.raises(UnknownSiteError):
        detect_site("Seat 1: bob ($5 in chips)\n")


def test_utf16_file_with_the_stray_byte(tmp_path: Path) -> None:
    text = three_hands().replace("\n", "\r\n")
    path = tmp_path / "export.txt"
    path.write_bytes(b"\xff\xfe" + text.encode("utf-16-le") + b"\x0a")
    expected = list(parse_text(three_hands(), file=str(path)))
    assert list(parse_file(path)) == expected
    assert all(isinstance(item, Hand) for item in expected)


def test_cp1252_file_with_euros(tmp_path: Path) -> None:
    text = three_hands().replace("$", "€").replace(" USD", " EUR")
    path = tmp_path / "euro.txt"
    path.write_bytes(text.encode("cp1252"))
    hands = list(parse_file(path))
    assert [hand.currency for hand in hands if isinstance(hand, Hand)] == ["EUR"] * 3


def test_no_other_sites_file_is_taken_for_pokerstars(histories: Path) -> None:
    parser = PokerStarsParser()
    others = [
        path
        for path in histories.rglob("*")
        if path.is_file() and "PokerStars" not in path.parts and path.suffix != ".md"
    ]
    assert len(others) >= 50
    assert [path for path in others if parser.detect(decode(path.read_bytes()))] == []


def test_real_file_cut_anywhere_keeps_the_hands_before(histories: Path) -> None:
    path = histories / "PokerStars/omaha-hilo/NLO8-USD-STT-201109.Knockout.sample.txt"
    text = decode(path.read_bytes())
    whole = list(parse_text(text))
    for fraction in (0.1, 0.37, 0.5, 0.81):
        cut = int(len(text) * fraction)
        items = list(parse_text(text[:cut]))
        *before, last = items
        assert before == whole[: len(before)]
        if isinstance(last, Hand):
            assert text[:cut].rstrip().endswith(last.summaries[-1].text)  # cut between hands
        else:
            assert isinstance(last, MalformedHandError)
            assert last.hand_id == whole[len(before)].hand_id


LINE_EDITS = st.sampled_from(["delete", "duplicate", "truncate", "insert", "swap"])


@settings(max_examples=300, deadline=None)
@given(
    edits=st.lists(
        st.tuples(LINE_EDITS, st.integers(0, 40), st.text(max_size=12)), min_size=1, max_size=2
    )
)
def test_damaged_hands_never_escape_as_other_exceptions(
    edits: list[tuple[str, int, str]],
) -> None:
    lines = three_hands().split("\n")
    for edit, position, text in edits:
        # A line of the middle hand after its header and table lines, far enough from
        # its end that two deletions leave the next hand's header alone.
        index = LINES_PER_HAND + 2 + position % (LINES_PER_HAND - 6)
        if edit == "delete":
            del lines[index]
        elif edit == "duplicate":
            lines.insert(index, lines[index])
        elif edit == "truncate":
            lines[index] = lines[index][: len(text)]
        elif edit == "insert":
            lines.insert(index, text)
        else:
            lines[index], lines[index - 1] = lines[index - 1], lines[index]
    items = list(parse_text("\n".join(lines)))
    assert all(isinstance(item, Hand | HandHistoryError) for item in items)
    assert items[0] == next(parse_text(three_hands()))
    assert isinstance(items[-1], Hand)
    assert items[-1].hand_id == "303"
