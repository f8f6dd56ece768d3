"""What every site parser needs: bytes to text, a file cut into hands, money, time zones.

Nothing here knows a site's words; each site module brings its own patterns and calls
these helpers.

>>> decode(b"Seat 1\\r\\nSeat 2\\r")
'Seat 1\\nSeat 2\\n'
>>> to_minor_units("$1,234.5", decimals=2)
123450
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from tracker.cards import DECK, Card, parse_card

_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16LE_BOM = b"\xff\xfe"
_UTF16BE_BOM = b"\xfe\xff"


def decode(data: bytes | memoryview) -> str:
    """Decode a hand-history file and normalise its line endings to "\\n".

    Handles UTF-8 with or without a byte-order mark, UTF-16 with a byte-order mark (also
    when one stray byte follows the last UTF-16 unit, as site exports do), and cp1252.
    Bytes that fit no encoding are read as Latin-1, so decoding never fails: deciding
    whether the text is a hand history is the site detector's job.

    >>> decode(b"\\xff\\xfeP\\x00\\n\\x00\\n")
    'P\\n'
    >>> decode(b"12\\x80")
    '12€'
    """
    head = bytes(data[:3])
    if head.startswith(_UTF8_BOM):
        text = _decode_first(data[len(_UTF8_BOM) :], ("utf-8", "cp1252", "latin-1"))
    elif head.startswith((_UTF16LE_BOM, _UTF16BE_BOM)):
        text = _decode_utf16(data)
    else:
        text = _decode_first(data, ("utf-8", "cp1252", "latin-1"))
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _decode_first(data: bytes | memoryview, encodings: tuple[str, ...]) -> str:
    for encoding in encodings[:-1]:
        try:
            return str(data, encoding)
        except UnicodeDecodeError:
            continue
    return str(data, encodings[-1])


def _decode_utf16(data: bytes | memoryview) -> str:
    encoding = "utf-16-le" if bytes(data[:2]) == _UTF16LE_BOM else "utf-16-be"
    body = data[2:]
    if len(body) % 2:
        # Site exports end with one stray 0x0A after the last UTF-16 unit: drop it.
        body = body[:-1]
    return str(body, encoding, errors="replace")


@dataclass(frozen=True, slots=True)
class HandText:
    """The lines of one hand, as cut from a file.

    Attributes:
        lines: the hand's lines without line endings, trailing blank lines removed.
        first_line: the 1-based line number of `lines[0]` in the file.
    """

    lines: list[str]
    first_line: int

    def line_number(self, index: int) -> int:
        """The 1-based file line number of `lines[index]`."""
        return self.first_line + index


def split_at_headers(text: str, header: re.Pattern[str]) -> Iterator[HandText]:
    """Cut `text` into hands, each starting at a line that `header` matches (a pattern
    without "^": it is tried at the start of every line).

    Text before the first header is yielded as a hand of its own when it holds anything
    but blank lines, so the site parser can report it; trailing blank lines are dropped.

    >>> hands = split_at_headers("junk\\nHAND 1\\na\\n\\nHAND 2\\n", re.compile("HAND"))
    >>> [(hand.first_line, hand.lines) for hand in hands]
    [(1, ['junk']), (2, ['HAND 1', 'a']), (5, ['HAND 2'])]
    """
    for hand, first_line in split_texts_at_headers(text, header):
        yield HandText(hand.split("\n"), first_line)


def split_texts_at_headers(text: str, header: re.Pattern[str]) -> Iterator[tuple[str, int]]:
    """`split_at_headers`, each hand as one text (its lines joined by "\\n") and the
    file line number of its first line.

    >>> list(split_texts_at_headers("HAND 1\\na \\n \\n\\nHAND 2", re.compile("HAND")))
    [('HAND 1\\na ', 1), ('HAND 2', 5)]
    """
    starts = [match.start() + 1 for match in line_start_pattern(header).finditer(text)]
    if not starts or header.match(text) or text[: starts[0]].strip():
        starts.insert(0, 0)
    line_number = 1
    previous = 0
    count = text.count
    for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
        line_number += count("\n", previous, start)
        previous = start
        # Up to the end of the last line that is not blank (its own spaces kept).
        last = len(text[start:end].rstrip())
        if last:
            cut = text.find("\n", start + last, end)
            yield text[start : end if cut < 0 else cut], line_number


_LINE_STARTS: dict[re.Pattern[str], re.Pattern[str]] = {}


def line_start_pattern(header: re.Pattern[str]) -> re.Pattern[str]:
    """`header` preceded by a newline: far faster to search than a MULTILINE "^" pattern
    (the match starts at the newline; the file's first line needs `header.match`)."""
    found = _LINE_STARTS.get(header)
    if found is None:
        found = _LINE_STARTS.setdefault(
            header, re.compile("\n(?:" + header.pattern + ")", header.flags)
        )
    return found


def starts_in(text: str, header: re.Pattern[str]) -> bool:
    """Whether a line of `text` starts as `header` matches: `header.match` of the first
    line, else a search after a newline, tried only when the text holds the words every
    such line starts with (a plain search for them is many times faster).

    >>> starts_in("x\\nPoker Hand #OM1: ...", re.compile("Poker Hand #[A-Z]+"))
    True
    >>> literal_start(re.compile(r"Full ?Tilt #\\d+")), literal_start(re.compile("a|b"))
    ('Full', '')
    """
    if header.match(text):
        return True
    words = literal_start(header)
    if words and words not in text:
        return False
    return line_start_pattern(header).search(text) is not None


def literal_start(header: re.Pattern[str]) -> str:
    """The plain words every match of `header` starts with ("" when unsure)."""
    pattern = header.pattern
    if "|" in pattern or header.flags & re.IGNORECASE:
        return ""
    words = []
    place = 0
    while place < len(pattern):
        char, step = pattern[place], 1
        if char == "\\":
            char, step = pattern[place + 1 : place + 2], 2
            if not char or char.isalnum():
                break
        elif char in ".^$*+?()[]{}":
            break
        if pattern[place + step : place + step + 1] in ("?", "*", "+", "{"):
            break
        words.append(char)
        place += step
    return "".join(words)


def bracket_words(text: str) -> list[list[str]]:
    """The words of each bracket in `text`, in order (cards as a site writes them,
    "[X X 9h] [Kh]"; a site reads the words into cards).

    >>> bracket_words("*** TURN *** [Ts 8d Td][Kd]")
    [['Ts', '8d', 'Td'], ['Kd']]
    >>> bracket_words("*** BOARD 2 - RIVER *** [- - - 5d] [3h]")
    [['-', '-', '-', '5d'], ['3h']]

    Raises:
        ValueError: a bracket not closed.
    """
    found = []
    start = text.find("[")
    while start >= 0:
        end = text.find("]", start)
        if end < 0:
            raise ValueError(f"unclosed card bracket in {text!r}")
        found.append(text[start + 1 : end].split())
        start = text.find("[", end)
    return found


_CARDS: dict[str, Card] = {card.text: card for card in DECK}
"""The cards as most sites write them ("Td", "As"): one look-up each."""


def read_cards(written: list[str]) -> tuple[Card, ...]:
    """The cards of `written`, each as a site writes it: "Td" by a look-up, another
    spelling ("10d", "td") by `tracker.cards.parse_card`.

    >>> read_cards(["Td", "10h", "as"])
    (Card('Td'), Card('Th'), Card('As'))

    Raises:
        CardError: a word that is no card.
    """
    try:
        return tuple([_CARDS[card] for card in written])
    except KeyError:  # another spelling, or not a card: parse_card says which
        return tuple([parse_card(card) for card in written])


_AMOUNT = re.compile(r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+")
_CURRENCY_SYMBOLS = "$€£₹"
_CACHE_LIMIT = 20_000
_AMOUNT_CACHES: dict[int, dict[str, int]] = {}


def to_minor_units(text: str, *, decimals: int) -> int:
    """Parse a money amount into an int of minor units (cents for decimals=2, whole
    chips for decimals=0), exactly, through Decimal.

    A currency symbol before or after the number and thousands commas are allowed.

    >>> to_minor_units("€0.05", decimals=2)
    5
    >>> to_minor_units("1,500", decimals=0)
    1500

    Raises:
        ValueError: not an amount, or finer than the unit ("0.5" chips).
    """
    cache = _AMOUNT_CACHES.get(decimals)
    if cache is None:
        cache = _AMOUNT_CACHES.setdefault(decimals, {})
    value = cache.get(text)
    if value is None:
        value = _parse_amount(text, decimals)
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[text] = value
    return value


def money_reader(decimals: int) -> Callable[[str], int]:
    """`to_minor_units` with `decimals` fixed, as one call: for parsers' inner loops.

    >>> money_reader(2)("$0.25")
    25
    """
    cache = _AMOUNT_CACHES.setdefault(decimals, {})

    def read(text: str) -> int:
        value = cache.get(text)
        if value is None:
            value = _parse_amount(text, decimals)
            if len(cache) >= _CACHE_LIMIT:
                cache.clear()
            cache[text] = value
        return value

    return read


def _parse_amount(text: str, decimals: int) -> int:
    number = text.strip().strip(_CURRENCY_SYMBOLS).strip()
    value = _plain_amount_or_none(number, decimals)
    return _exact_amount(number, text, decimals) if value is None else value


def _plain_amount_or_none(number: str, decimals: int) -> int | None:
    """The usual shapes ("12", "12.34", "1,234.5") in minor units by int arithmetic on
    the digits, exactly; None for any other text, which `_exact_amount` then decides
    (a fraction finer than the unit, ".5", anything that is not an amount).

    >>> _plain_amount_or_none("1,234.5", 2), _plain_amount_or_none("0.5", 0)
    (123450, None)
    """
    if not number.isascii():
        return None
    whole, dot, fraction = number.partition(".")
    if "," in whole:
        groups = whole.split(",")
        if not 0 < len(groups[0]) <= 3 or any(len(group) != 3 for group in groups[1:]):
            return None
        whole = "".join(groups)
    if not whole.isdigit() or len(fraction) > decimals or (dot and not fraction.isdigit()):
        return None
    return int(whole + fraction.ljust(decimals, "0"))


def _exact_amount(number: str, text: str, decimals: int) -> int:
    """`number` (the amount `text` without its currency) through Decimal."""
    if not _AMOUNT.fullmatch(number):
        raise ValueError(f"not an amount: {text!r}")
    scaled = Decimal(number.replace(",", "")).scaleb(decimals)
    if scaled != scaled.to_integral_value():
        unit = "chip" if decimals == 0 else f"1/{10**decimals} of the currency"
        raise ValueError(f"amount {text!r} is finer than one {unit}")
    return int(scaled)


SITE_TIMEZONES: dict[str, str] = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "PT": "America/Los_Angeles",
    "AKT": "America/Anchorage",
    "HT": "Pacific/Honolulu",
    "AT": "America/Halifax",
    "NT": "America/St_Johns",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "WET": "Europe/Lisbon",
    "GMT": "Europe/London",
    "UTC": "UTC",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai",
    "JST": "Asia/Tokyo",
    "AWST": "Australia/Perth",
    "ACST": "Australia/Adelaide",
    "AET": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
}
"""The zone abbreviations sites write, to IANA zones. Sites write the abbreviation of the
zone's standard time all year ("CET" in July), so each maps to a zone with its DST rules."""

_ZONES: dict[str, ZoneInfo] = {}
_OFFSETS: dict[tuple[str, int, int, int, int], timedelta] = {}


def written_time(text: str, separator: str = "/") -> datetime:
    """A time as most sites write it, "year/month/day hour:minute:second" (the date's
    parts cut by `separator`), as a naive datetime in the site's zone.

    >>> written_time("2016/11/22 2:14:01")
    datetime.datetime(2016, 11, 22, 2, 14, 1)
    >>> written_time("2009-03-18 19:10:00", "-")
    datetime.datetime(2009, 3, 18, 19, 10)

    Raises:
        ValueError: not such a time.
    """
    day, _, clock = text.partition(" ")
    year, month, date = day.split(separator)
    hour, minute, second = clock.split(":")
    return datetime(int(year), int(month), int(date), int(hour), int(minute), int(second))


def to_utc(local: datetime, zone: str) -> datetime:
    """Read a naive site time in the site's zone abbreviation and return it in UTC.

    >>> to_utc(datetime(2013, 4, 10, 14, 6, 22), "ET").isoformat()
    '2013-04-10T18:06:22+00:00'
    >>> to_utc(datetime(2013, 1, 10, 14, 6, 22), "ET").isoformat()
    '2013-01-10T19:06:22+00:00'

    Raises:
        ValueError: for a zone abbreviation not in SITE_TIMEZONES.
    """
    # Offsets change only on the hour: one zoneinfo look-up per zone and hour of the year.
    key = (zone, local.year, local.month, local.day, local.hour)
    offset = _OFFSETS.get(key)
    if offset is None:
        tzinfo = _ZONES.get(zone)
        if tzinfo is None:
            name = SITE_TIMEZONES.get(zone.upper())
            if name is None:
                raise ValueError(f"unknown time zone {zone!r}")
            tzinfo = _ZONES.setdefault(zone, ZoneInfo(name))
        offset = local.replace(tzinfo=tzinfo).utcoffset() or timedelta(0)
        if len(_OFFSETS) >= _CACHE_LIMIT:
            _OFFSETS.clear()
        _OFFSETS[key] = offset
    try:
        return local.replace(tzinfo=UTC) - offset
    except OverflowError:
        raise ValueError(f"time {local} is out of range") from None
