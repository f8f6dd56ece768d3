"""The legality audit on every real hand of every registered site (../shared/histories):
each hand is legal, or unknown with its reason, but for the hands listed here, each
checked by hand, with why it is illegal as stored."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from parsers.registry import SITE_PARSERS
from tracker.audit.run import run_audit
from tracker.importer import import_paths
from tracker.store import Store

KNOWN_ILLEGAL: dict[tuple[str, str], tuple[str, str]] = {}
"""(site, hand id): the first rule broken as stored, and why (docs/legality.md)."""

SITES = [parser.site for parser in SITE_PARSERS]


def _site_folders() -> dict[str, str]:
    """`SITE_FOLDERS` of tests/parsers/test_contract.py: each registered site's folder
    (imported as that folder's tests import it, beside its helpers)."""
    folder = str(Path(__file__).parents[1] / "parsers")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    folders: dict[str, str] = importlib.import_module("test_contract").SITE_FOLDERS
    return folders


SITE_FOLDERS = _site_folders()


@pytest.mark.parametrize("site", SITES)
def test_every_real_hand_is_legal_or_unknown_with_a_reason(
    site: str, histories: Path, tmp_path: Path
) -> None:
    assert site in SITE_FOLDERS, f"{site}: add its folder to SITE_FOLDERS"
    with Store(tmp_path) as store:
        import_paths([histories / SITE_FOLDERS[site]], store)
        run_audit(store)
        rows = store.read("audit", ["site", "hand_id", "betting", "betting_reason",
                                    "betting_errors"]).to_pylist()  # fmt: skip
    assert rows
    for row in rows:
        key = (row["site"], row["hand_id"])
        if key in KNOWN_ILLEGAL:
            assert row["betting"] == "illegal", key
            assert row["betting_errors"][0]["rule"] == KNOWN_ILLEGAL[key][0], key
        elif row["betting"] == "unknown":
            assert row["betting_reason"], key
        else:
            assert row["betting"] == "legal", (key, row["betting_errors"])
