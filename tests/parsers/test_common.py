"""The helpers every site parser uses: decoding, splitting into hands, money, time zones."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parsers import decode
from parsers._base.text import money_reader, split_at_headers, to_minor_units, to_utc

TEXT = "PokerStars Hand #1: Omaha\nSeat 1: bob (€5 in chips)\n"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (TEXT.encode("utf-8"), TEXT),
        (b"\xef\xbb\xbf" + TEXT.encode("utf-8"), TEXT),
        (TEXT.encode("cp1252"), TEXT),
        (b"\xff\xfe" + TEXT.encode("utf-16-le"), TEXT),
        (b"\xfe\xff" + TEXT.encode("utf-16-be"), TEXT),
    ],
    ids=["utf-8", "utf-8-bom", "cp1252", "utf-16-le-bom", "utf-16-be-bom"],
)
def test_decode_every_site_encoding(data: bytes, expected: str) -> None:
    assert decode(data) == expected


def test_decode_utf16_with_the_stray_final_byte() -> None:
    # Site exports in UTF-16 end with one extra 0x0A: a strict decode("utf-16") fails.
    data = b"\xff\xfe" + TEXT.replace("\n", "\r\n").encode("utf-16-le") + b"\x0a"
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-16")
    assert decode(data) == TEXT


@pytest.mark.parametrize("ending", ["\r\n", "\r", "\n"])
def test_decode_normalises_line_endings(ending: str) -> None:
    assert decode(TEXT.replace("\n", ending).encode()) == TEXT


def test_decode_mixed_line_endings() -> None:
    assert decode(b"a\r\nb\nc\rd\r\n") == "a\nb\nc\nd\n"


def test_cp1252_euro_is_not_mistaken_for_latin1() -> None:
    assert decode(b"Rake \x800.50") == "Rake €0.50"


@given(st.binary(max_size=200))
def test_decode_never_fails(data: bytes) -> None:
    text = decode(data)
    assert "\r" not in text


def test_split_keeps_file_line_numbers_and_drops_trailing_blanks() -> None:
    text = "HAND 1\na\n\n\nHAND 2\nb\nc\n\n"
    hands = list(split_at_headers(text, re.compile("HAND")))
    assert [(hand.first_line, hand.lines) for hand in hands] == [
        (1, ["HAND 1", "a"]),
        (5, ["HAND 2", "b", "c"]),
    ]
    assert hands[1].line_number(2) == 7


def test_split_reports_text_before_the_first_hand() -> None:
    hands = list(split_at_headers("\n\nnoise\nHAND 1\n", re.compile("HAND")))
    assert [(hand.first_line, hand.lines) for hand in hands] == [
        (1, ["", "", "noise"]),
        (4, ["HAND 1"]),
    ]


def test_split_ignores_blank_lines_before_the_first_hand() -> None:
    hands = list(split_at_headers("\n\nHAND 1\nx", re.compile("HAND")))
    assert [(hand.first_line, hand.lines) for hand in hands] == [(3, ["HAND 1", "x"])]


def test_split_only_matches_at_line_starts() -> None:
    hands = list(split_at_headers('HAND 1\nbob said, "HAND 2"\n', re.compile("HAND")))
    assert len(hands) == 1


@pytest.mark.parametrize(
    ("text", "decimals", "expected"),
    [
        ("$4.85", 2, 485),
        ("$0.01", 2, 1),
        ("$5", 2, 500),
        ("$1,234.50", 2, 123450),
        ("€0.05", 2, 5),
        ("£12.3", 2, 1230),
        ("4.96€", 2, 496),
        ("1500", 0, 1500),
        ("1,000", 0, 1000),
        ("$.50", 2, 50),
    ],
)
def test_money_to_minor_units(text: str, decimals: int, expected: int) -> None:
    assert to_minor_units(text, decimals=decimals) == expected
    assert money_reader(decimals)(text) == expected


@pytest.mark.parametrize(
    ("text", "decimals"),
    [("0.5", 0), ("$1.005", 2), ("", 2), ("abc", 2), ("NaN", 2), ("-5", 0), ("1,00", 0)],
)
def test_money_rejects_what_is_not_an_exact_amount(text: str, decimals: int) -> None:
    with pytest.raises(ValueError, match="amount"):
        to_minor_units(text, decimals=decimals)


@given(st.integers(min_value=0, max_value=10**12))
def test_money_round_trips_cents(cents: int) -> None:
    text = f"${Decimal(cents).scaleb(-2):,.2f}"
    assert to_minor_units(text, decimals=2) == cents


@pytest.mark.parametrize(
    ("local", "zone", "utc"),
    [
        (datetime(2013, 4, 10, 14, 6, 22), "ET", datetime(2013, 4, 10, 18, 6, 22)),
        (datetime(2014, 1, 5, 14, 6, 22), "ET", datetime(2014, 1, 5, 19, 6, 22)),
        (datetime(2010, 8, 29, 13, 22, 48), "PT", datetime(2010, 8, 29, 20, 22, 48)),
        # PokerStars writes "CET" in summer too: the zone's DST applies.
        (datetime(2011, 4, 18, 2, 21, 35), "CET", datetime(2011, 4, 18, 0, 21, 35)),
        (datetime(2013, 4, 10, 19, 6, 22), "WET", datetime(2013, 4, 10, 18, 6, 22)),
        (datetime(2013, 4, 11, 11, 57, 19), "CT", datetime(2013, 4, 11, 16, 57, 19)),
    ],
)
def test_site_zones_to_utc(local: datetime, zone: str, utc: datetime) -> None:
    assert to_utc(local, zone) == utc.replace(tzinfo=UTC)
    assert to_utc(local, zone).tzinfo is UTC


def test_unknown_zone_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown time zone 'XYZ'"):
        to_utc(datetime(2013, 4, 10, 14, 6, 22), "XYZ")


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2030, 12, 31)))
def test_cached_offsets_agree_with_zoneinfo(local: datetime) -> None:
    from zoneinfo import ZoneInfo

    local = local.replace(fold=0)
    expected = local.replace(tzinfo=ZoneInfo("America/New_York")).astimezone(UTC)
    assert to_utc(local, "ET") == expected


def test_times_at_the_end_of_the_calendar_are_errors() -> None:
    with pytest.raises(ValueError, match="out of range"):
        to_utc(datetime(9999, 12, 31, 23, 0), "ET")


@pytest.mark.parametrize(
    "module",
    ["parsers._base.text", "parsers.pokerstars.header", "parsers.pokerstars.words"],
)
def test_docstring_examples(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0
    assert result.failed == 0
