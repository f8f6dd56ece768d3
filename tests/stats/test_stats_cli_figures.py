"""What a user reads from `tracker stats`, `plot` and `report`: play-money stakes, a row
per money unit, the rake method, the terminal's width, and the outcomes of hands not
audited yet."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from stats_dataset import history_text
from test_stats_positions import SITTING_OUT
from typer.testing import CliRunner

from tracker.cli import app
from tracker.importer import import_paths
from tracker.store import Store

runner = CliRunner()
SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"

PLAY_MONEY = """\
PokerStars Hand #73280765003:  Omaha Pot Limit (25/50) - 2012/01/03 20:40:00 ET
Table 'Play Table' 6-max (Play Money) Seat #1 is the button
Seat 1: Ann (5000 in chips)
Seat 2: Bea (5000 in chips)
Seat 3: Cal (5000 in chips)
Bea: posts small blind 25
Cal: posts big blind 50
*** HOLE CARDS ***
Ann: raises 100 to 150
Bea: folds
Cal: folds
Uncalled bet (100) returned to Ann
Ann collected 125 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot 125 | Rake 0
Seat 1: Ann (button) collected (125)
Seat 2: Bea (small blind) folded before Flop
Seat 3: Cal (big blind) folded before Flop
"""


def _imported(folder: Path, *texts: str) -> Path:
    """The texts imported (not audited) into a data folder."""
    histories = folder / "histories"
    histories.mkdir(parents=True)
    for number, text in enumerate(texts):
        (histories / f"hands-{number}.txt").write_text(text, encoding="utf-8")
    with Store(folder / "data") as store:
        summary = import_paths([histories], store)
    assert summary.failed == 0, summary.errors
    return folder / "data"


def _stats(*arguments: str, columns: int = 80) -> tuple[int, str, str]:
    result = runner.invoke(app, ["stats", *arguments], env={"COLUMNS": str(columns)})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def test_play_money_stakes_are_whole_chips(tmp_path: Path) -> None:
    data = _imported(tmp_path, PLAY_MONEY)
    status, out, _ = _stats("--data", str(data), "--by", "stakes", "--format", "json")
    assert status == 0
    ann = json.loads(out)[0]
    # a 25/50 table, as the site writes it; the amounts in whole chips
    assert (ann["stakes"], ann["money_unit"], ann["net_won"]) == (
        "pot-limit 25/50 play money", "play", 75,
    )  # fmt: skip
    _, table, _ = _stats("--data", str(data), "--player", "Ann", columns=200)
    assert "75 play" in table
    assert "0.75" not in table


def test_a_row_per_money_unit(tmp_path: Path) -> None:
    # Hero at a cash table and in a tournament: never cents added to chips.
    texts = [(SAMPLES / name).read_text(encoding="utf-8")
             for name in ("pokerstars-omaha-hi-pot-limit-6p.txt",
                          "pokerstars-omaha-hilo-no-limit-6p-tournament.txt")]  # fmt: skip
    data = _imported(tmp_path, *texts)
    for arguments in ([], ["--by", "position"], ["--by", "game"]):
        status, out, _ = _stats("--data", str(data), "--player", "Hero", "--format", "json",
                                *arguments)  # fmt: skip
        assert status == 0
        rows = json.loads(out)
        assert {row["money_unit"] for row in rows} == {"USD", "chips"}, arguments
    _, table, _ = _stats("--data", str(data), "--player", "Hero", columns=200)
    assert "mixed" not in table
    assert " USD" in table
    assert " chips" in table


def test_rake_paid_by_either_method(stats_data: Path) -> None:
    def hero_rake(*method: str) -> int:
        status, out, _ = _stats("--data", str(stats_data), "--hero", "--format", "json", *method)
        assert status == 0
        return int(json.loads(out)[0]["rake_paid"])

    # test_stats_standard works both out hand by hand
    assert hero_rake() == hero_rake("--rake-method", "contributed") == 14
    assert hero_rake("--rake-method", "collected") == 30
    assert _stats("--data", str(stats_data), "--rake-method", "winners")[0] == 2


@pytest.mark.parametrize("outcomes", [False, True])
def test_the_tables_fit_an_80_column_terminal(stats_data: Path, outcomes: bool) -> None:
    every = ["--outcomes"] if outcomes else []
    for by in ([], ["--by", "position"], ["--by", "stakes"]):
        status, out, err = _stats("--data", str(stats_data), *every, *by)
        assert status == 0
        assert max(len(line) for line in out.splitlines()) <= 80, by
        assert "…" not in out, by  # no column squeezed into ellipses
        assert "columns left out to fit the terminal" in err
    # the columns asked, whatever the width; the full set in csv and json
    _, wide, err = _stats("--data", str(stats_data), *every, "--columns", "all", columns=400)
    assert "columns left out" not in err
    headings = ("rake paid", "AF") if not outcomes else ("quartered net", "unaudited")
    assert all(heading in wide for heading in headings)
    _, csv, _ = _stats("--data", str(stats_data), *every, "--format", "csv")
    assert ("rake_paid" if not outcomes else "quartered_net") in csv.splitlines()[0]
    known = "showdowns" if outcomes else "vpip"
    status, _, err = _stats("--data", str(stats_data), *every, "--columns", f"{known},nonsense")
    assert status == 2
    assert "unknown column nonsense" in err


def test_one_player_is_two_columns_with_every_figure(stats_data: Path) -> None:
    status, out, err = _stats("--data", str(stats_data), "--hero")
    assert status == 0
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "rake paid" in out
    assert "columns left out" not in err


def test_outcomes_audit_the_hands_not_audited_first(tmp_path: Path) -> None:
    data = _imported(tmp_path, history_text())
    status, out, err = _stats("--data", str(data), "--hero", "--outcomes", "--format", "json")
    assert status == 0
    assert err.count("\n") == 1
    assert "auditing first: 13 hands not audited yet" in err
    hero = json.loads(out)[0]
    assert (hero["showdowns"], hero["unaudited"]) == (10, 0)  # test_stats_outcomes: the ten
    again = _stats("--data", str(data), "--hero", "--outcomes", "--format", "json")
    assert again[2] == ""  # nothing left to audit
    # a new hand: the plot and the report audit it first too
    (tmp_path / "more.txt").write_text(SITTING_OUT, encoding="utf-8")
    with Store(data) as store:
        import_paths([tmp_path / "more.txt"], store)
    plot = runner.invoke(app, ["plot", "outcomes", "--out", str(tmp_path / "o.png"), "--data",
                               str(data), "--player", "Hero"])  # fmt: skip
    assert plot.exit_code == 0, plot.output
    assert "auditing first: 1 hand not audited yet" in plot.stderr
    report = runner.invoke(app, ["report", "--out", str(tmp_path / "r.html"), "--data",
                                 str(data), "--player", "Hero"])  # fmt: skip
    assert report.exit_code == 0, report.output
    assert "auditing first" not in report.stderr


def test_import_audit_audits_at_import(tmp_path: Path) -> None:
    (tmp_path / "hands.txt").write_text(history_text(), encoding="utf-8")
    data = tmp_path / "data"
    result = runner.invoke(app, ["import", str(tmp_path / "hands.txt"), "--data", str(data),
                                 "--audit", "--format", "json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["audit"] == {"ok": 13, "mismatch": 0, "unverifiable": 0, "inconsistent": 0}
    status, _, err = _stats("--data", str(data), "--outcomes")
    assert (status, "auditing first" in err) == (0, False)
    text = runner.invoke(app, ["import", str(tmp_path / "hands.txt"), "--data", str(data),
                               "--audit"])  # fmt: skip
    assert "audited 13 hands: ok 13, mismatch 0, unverifiable 0, inconsistent 0" in text.stdout
    shutil.rmtree(data)
