"""The contract every registered site keeps on every one of its real files.

For each site in `parsers.registry.SITE_PARSERS` and each file of its folder under
../shared/histories (sidecars left out, as the importer leaves them out):

- the file is detected as that site's, by its content;
- reading it raises nothing: every hand is a `Hand` or a `HandHistoryError`, and the
  hands not read are exactly those its expectations file names, with their reasons;
- importing it counts every hand once: seen = imported + duplicates + skipped + failed;
- every hand read balances (chips in less returned = total pot; collected + rake + fees
  = total pot), except those the expectations file names with the reason;
- the audit finds every hand `ok` or `unverifiable` (cards not shown), except those the
  expectations file names with their verdict (a documented site error);
- one hand of each game (the first in file order) equals its golden,
  goldens/<site>/<game>.json (rewrite with UPDATE_GOLDENS=1, review the diff).

Each site's expectations live in contract/<site>.json:
`{"failed": {"<file> <hand id>": "reason"}, "skipped": {"<file>": count},
"inconsistent": {"<hand id>": "reason"}, "audit": {"<hand id>": "status"}}`, every
entry explained in docs/sites.md.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hand_json import to_json

import parsers
from parsers._base.site import SiteParser
from parsers.registry import SITE_PARSERS, site_parser
from tracker.audit.run import run_audit
from tracker.audit.verdict import Status
from tracker.bookkeeping import inconsistency_or_none
from tracker.errors import HandHistoryError, UnknownSiteError, UnsupportedGameError
from tracker.importer import find_history_files, import_paths
from tracker.model import Hand
from tracker.store import Store

HERE = Path(__file__).resolve().parent
GOLDENS = HERE / "goldens"
EXPECTATIONS = HERE / "contract"

SITE_FOLDERS = {
    "pokerstars": "PokerStars",
    "absolute": "Absolute",
    "cake": "Cake",
    "fulltilt": "FullTilt",
    "ggpoker": "GGPoker",
    "winamax": "Winamax",
    "winning": "Winning",
    "partypoker": "PartyPoker",
    "888": "888-Pacific",
    "bovada": "Bovada",
    "everleaf": "Everleaf",
    "ongame": "OnGame",
    "microgaming": "Microgaming",
    "ipoker": "iPoker",
    "pkr": "PKR",
    "kingsclub": "KingsClub",
    "merge": "Merge",
    "boss": "Boss",
}
"""Each registered site's folder under ../shared/histories."""

SITES = [parser.site for parser in SITE_PARSERS]


def test_every_registered_site_has_a_folder_and_expectations() -> None:
    for site in SITES:
        assert site in SITE_FOLDERS, f"{site}: add its folder to SITE_FOLDERS"
        assert (EXPECTATIONS / f"{site}.json").is_file(), f"{site}: write contract/{site}.json"


def site_parser_of(site: str) -> SiteParser:
    parser = site_parser(site)
    assert parser is not None, site
    return parser


def expectations(site: str) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = json.loads(
        (EXPECTATIONS / f"{site}.json").read_text(encoding="utf-8")
    )
    return {key: found.get(key, {}) for key in ("failed", "skipped", "inconsistent", "audit")}


def site_files(histories: Path, site: str) -> list[Path]:
    folder = histories / SITE_FOLDERS[site]
    if not folder.is_dir():
        pytest.skip(f"no folder {folder}")
    return find_history_files([folder])


@pytest.fixture(scope="module")
def parsed(histories: Path) -> dict[str, dict[str, list[Hand | HandHistoryError]]]:
    """Every registered site's files, read once: site -> file (relative) -> items."""
    found: dict[str, dict[str, list[Hand | HandHistoryError]]] = {}
    for site in SITES:
        folder = histories / SITE_FOLDERS[site]
        files = find_history_files([folder]) if folder.is_dir() else []
        found[site] = {path.relative_to(folder).as_posix(): read(path) for path in files}
    return found


def read(path: Path) -> list[Hand | HandHistoryError]:
    """The items of a file; a file no site reads is one item, its `UnknownSiteError`."""
    try:
        return list(parsers.parse_file(path))
    except UnknownSiteError as error:
        return [error]


@pytest.mark.parametrize("site", SITES)
def test_every_file_is_detected_as_its_site(histories: Path, site: str) -> None:
    for path in site_files(histories, site):
        text = parsers.decode(path.read_bytes())
        assert parsers.detect_site(text).site == site, path


@pytest.mark.parametrize("site", SITES)
def test_the_hands_not_read_are_exactly_the_expected_ones(
    parsed: dict[str, dict[str, list[Hand | HandHistoryError]]], site: str
) -> None:
    expected = expectations(site)
    failed: dict[str, str] = {}
    skipped: Counter[str] = Counter()
    for name, items in parsed[site].items():
        for item in items:
            if isinstance(item, UnsupportedGameError):
                skipped[name] += 1
            elif isinstance(item, HandHistoryError):
                assert str(item.file).endswith(name)
                assert item.line_number is not None, item
                failed[f"{name} {item.hand_id}"] = item.reason
            else:
                assert isinstance(item, Hand), item
                assert item.site in (site, *site_parser_of(site).rooms)
    assert failed == expected["failed"]
    assert dict(skipped) == expected["skipped"]


@pytest.mark.parametrize("site", SITES)
def test_every_hand_read_balances(
    parsed: dict[str, dict[str, list[Hand | HandHistoryError]]], site: str
) -> None:
    inconsistent = {
        item.hand_id: inconsistency_or_none(item)
        for items in parsed[site].values()
        for item in items
        if isinstance(item, Hand) and inconsistency_or_none(item) is not None
    }
    assert inconsistent == expectations(site)["inconsistent"]


@pytest.mark.parametrize("site", SITES)
def test_import_counts_every_hand_once_and_the_audit_finds_no_error(
    histories: Path, tmp_path: Path, site: str
) -> None:
    with Store(tmp_path / "data") as store:
        summary = import_paths(site_files(histories, site), store)
        assert summary.hands_seen == (
            summary.imported + summary.duplicates + summary.skipped + summary.failed
        )
        assert summary.imported > 0
        run_audit(store, processes=1)
        verdicts = store.read("audit").to_pylist()
    not_ok = {
        row["hand_id"]: row["status"]
        for row in verdicts
        if row["status"] not in (Status.OK, Status.UNVERIFIABLE)
    }
    assert not_ok == expectations(site)["audit"]


def golden_hands(
    parsed: dict[str, dict[str, list[Hand | HandHistoryError]]], site: str
) -> dict[str, tuple[str, Hand]]:
    """The first hand of each game in the site's files (sorted by name)."""
    found: dict[str, tuple[str, Hand]] = {}
    for name in sorted(parsed[site]):
        for item in parsed[site][name]:
            if isinstance(item, Hand) and item.game.value not in found:
                found[item.game.value] = (name, item)
    return found


@pytest.mark.parametrize("site", [site for site in SITES if site != "pokerstars"])
def test_golden_hand_of_each_game(
    parsed: dict[str, dict[str, list[Hand | HandHistoryError]]], update_goldens: bool, site: str
) -> None:
    # PokerStars' goldens are test_pokerstars_real_files.py's, one per game and format.
    folder = GOLDENS / site
    hands = golden_hands(parsed, site)
    assert hands, f"{site}: no hand read"
    if update_goldens:
        folder.mkdir(exist_ok=True)
    for game, (name, hand) in hands.items():
        content = to_json(hand)
        content["source_file"] = name
        text = json.dumps(content, indent=1, ensure_ascii=False) + "\n"
        path = folder / f"{game}.json"
        if update_goldens:
            path.write_text(text, encoding="utf-8")
        assert path.exists(), f"no golden {site}/{game}.json: run UPDATE_GOLDENS=1 pytest"
        assert json.loads(path.read_text(encoding="utf-8")) == json.loads(text), path
    assert sorted(p.stem for p in folder.glob("*.json")) == sorted(hands)
