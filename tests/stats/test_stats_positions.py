# ruff: noqa: E501  (hand-history lines are kept as the site writes them, however long)
"""Positions against the site's own labels: the "(button)", "(small blind)" and "(big
blind)" of the summary lines, and the seats that sites which hide names call "Dealer",
"Small Blind" and "Big Blind", on hands written for the test and on every real hand of
every registered site."""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers.registry import SITE_PARSERS
from tracker.importer import import_paths
from tracker.stats.run import StatsDatabase, StatsFilter
from tracker.store import Store

# A tournament: Bea and Eve are marked sitting out, and PokerStars deals them in all the
# same, posting Bea's small blind and folding for both.
SITTING_OUT = """\
PokerStars Hand #73280765001: Tournament #492967531, $3.00+$0.30 USD Omaha Pot Limit - Level I (10/20) - 2012/01/03 20:34:50 ET
Table '492967531 1' 9-max Seat #1 is the button
Seat 1: Ann (3000 in chips)
Seat 2: Bea (3000 in chips) is sitting out
Seat 3: Cal (3000 in chips)
Seat 4: Dan (3000 in chips)
Seat 5: Eve (3000 in chips) is sitting out
Seat 7: Hero (3000 in chips)
Bea: posts small blind 10
Cal: posts big blind 20
*** HOLE CARDS ***
Dealt to Hero [As 7s 2c 6d]
Dan: folds
Eve: folds
Hero: folds
Ann: raises 50 to 70
Bea: folds
Cal: folds
Uncalled bet (50) returned to Ann
Ann collected 50 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot 50 | Rake 0
Seat 1: Ann (button) collected (50)
Seat 2: Bea (small blind) folded before Flop
Seat 3: Cal (big blind) folded before Flop
Seat 4: Dan folded before Flop (didn't bet)
Seat 5: Eve folded before Flop (didn't bet)
Seat 7: Hero folded before Flop (didn't bet)
"""

# A cash game where the small blind's player left: the first player after the button
# posts the big blind, and nobody the small blind. A player sitting out, not dealt in.
NO_SMALL_BLIND = """\
PokerStars Hand #73280765002:  Omaha Pot Limit ($0.05/$0.10 USD) - 2012/01/03 20:40:00 ET
Table 'Test Table' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 3: Cal ($10 in chips)
Seat 4: Dan ($10 in chips)
Seat 5: Eve ($10 in chips) is sitting out
Seat 6: Hero ($10 in chips)
Cal: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [As 7s 2c 6d]
Dan: folds
Hero: folds
Ann: folds
Uncalled bet ($0.10) returned to Cal
Cal collected $0 from pot
*** SUMMARY ***
Total pot $0 | Rake $0
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 3: Cal (big blind) collected ($0)
Seat 4: Dan folded before Flop (didn't bet)
Seat 6: Hero folded before Flop (didn't bet)
"""


def _positions(tmp_path: Path, text: str) -> dict[str, str | None]:
    (tmp_path / "hands.txt").write_text(text, encoding="utf-8")
    with Store(tmp_path / "data") as store:
        summary = import_paths([tmp_path / "hands.txt"], store)
    assert (summary.imported, summary.failed) == (1, 0), summary.errors
    with StatsDatabase(tmp_path / "data") as database:
        rows = database.connection.execute(
            "SELECT player, position FROM player_hands ORDER BY player"
        ).fetchall()
    return dict(rows)


def test_players_sitting_out_whom_the_site_deals_in_have_positions(tmp_path: Path) -> None:
    # Named among the six players dealt in: the site's labels say BTN, SB, BB.
    assert _positions(tmp_path, SITTING_OUT) == {
        "Ann": "BTN", "Bea": "SB", "Cal": "BB", "Dan": "UTG", "Eve": "HJ", "Hero": "CO",
    }  # fmt: skip


def test_no_small_blind_the_first_after_the_button_is_the_big_blind(tmp_path: Path) -> None:
    # Eve, sitting out and not dealt in, is no player of the hand. The names are those of
    # five players, the missing small blind among them: HJ CO BTN (SB) BB.
    assert _positions(tmp_path, NO_SMALL_BLIND) == {
        "Ann": "BTN", "Cal": "BB", "Dan": "HJ", "Hero": "CO",
    }  # fmt: skip
    with StatsDatabase(tmp_path / "data") as database:
        by_position = database.standard(StatsFilter(), "position")
    assert "SB" not in set(by_position["position"])


_LABELS = {"(button)": "BTN", "(small blind)": "SB", "(big blind)": "BB"}
_SEAT_NAMES = {"Dealer": "BTN", "Small Blind": "SB", "Big Blind": "BB"}


@pytest.fixture(scope="module")
def every_site(histories: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("sites") / "data"
    with Store(data) as store:
        import_paths([histories], store)
    return data


def test_positions_agree_with_the_sites_labels_on_every_real_hand(every_site: Path) -> None:
    with StatsDatabase(every_site) as database:
        rows = database.connection.execute(
            "SELECT player.site, player.hand_id, player.player, player.position,"
            " summary.text, count(*) OVER (PARTITION BY player.site, player.hand_id)"
            " FROM player_hands AS player"
            " LEFT JOIN summaries AS summary USING (site, hand_id, player)"
            " WHERE NOT player.stud"
        ).fetchall()
        hands_with_button = database.connection.execute(
            "SELECT count(*) FROM hands WHERE NOT cancelled AND NOT starts_with(game, 'stud')"
            " AND button_seat IS NOT NULL"
        ).fetchone()
    labelled: dict[str, int] = {}
    wrong = []
    for site, hand_id, player, position, text, players in rows:
        expected = {_LABELS[label] for label in _LABELS if label in (text or "")}
        if player in _SEAT_NAMES:
            expected.add(_SEAT_NAMES[player])
        if players == 2 and expected == {"SB"}:
            expected = {"BTN"}  # heads-up the button posts the small blind: named BTN
        if expected == {"BTN", "SB"}:  # "(button) (small blind)": heads-up
            expected = {"BTN"}
        if not expected:
            continue
        labelled[site] = labelled.get(site, 0) + 1
        if {position} != expected:
            wrong.append((site, hand_id, player, position, sorted(expected), text))
    assert wrong == []
    assert hands_with_button is not None
    assert hands_with_button[0] > 0
    # every registered site whose files carry such labels was checked
    assert "pokerstars" in labelled
    assert set(labelled) <= {
        site for parser in SITE_PARSERS for site in (parser.site, *parser.rooms)
    }


def test_every_flop_game_player_dealt_in_has_one_position(every_site: Path) -> None:
    with StatsDatabase(every_site) as database:
        rows = database.connection.execute(
            "SELECT player.site, player.hand_id, count(*) FILTER (position IS NULL),"
            " count(DISTINCT position), count(*)"
            " FROM player_hands AS player JOIN hands AS hand USING (site, hand_id)"
            " WHERE NOT player.stud AND hand.button_seat IS NOT NULL GROUP BY ALL"
        ).fetchall()
    assert rows
    for site, hand_id, unnamed, distinct, players in rows:
        assert (unnamed, distinct) == (0, players), (site, hand_id)
