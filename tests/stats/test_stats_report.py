"""The HTML report: self-contained, every section, the audit, names escaped."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from conftest import import_and_audit
from stats_dataset import history_text

from tracker.report import build_report, draw_plot
from tracker.stats.output import money_text
from tracker.stats.run import StatsDatabase, StatsError, StatsFilter

SCRIPT = "<script>alert(1)</script>"
TABLE = "<b>Omaha</b> & co"


@pytest.fixture(scope="module")
def hostile_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The history with Alice renamed to a script tag, the Omaha table to HTML, and
    hand 1002 mis-paid (Dave 44 and Hero 46 instead of 45 each: a mismatch)."""
    text = history_text().replace("Alice", SCRIPT).replace("Test Omaha I", TABLE)
    hand = text.index("PokerStars Hand #1002")
    end = text.index("PokerStars Hand #1003")
    mispaid = (
        text[hand:end]
        .replace("Dave collected $0.45", "Dave collected $0.44")
        .replace("Hero collected $0.45", "Hero collected $0.46")
        .replace("Seat 1: Hero showed [As 3s 4c Jd] and won ($0.45)",
                 "Seat 1: Hero showed [As 3s 4c Jd] and won ($0.46)")
        .replace("Seat 5: Dave showed [Ad 3h Qh Jc] and won ($0.45)",
                 "Seat 5: Dave showed [Ad 3h Qh Jc] and won ($0.44)")
    )  # fmt: skip
    return import_and_audit(text[:hand] + mispaid + text[end:], tmp_path_factory.mktemp("hostile"))


def test_report_sections_and_images(stats_data: Path) -> None:
    report = build_report(stats_data)
    assert report.player == "Hero"
    assert report.scope == "all hands"
    page = report.html
    for title in ("Summary", "Winnings", "By position (flop games)", "Hi/lo outcomes at showdown",
                  "Sessions (a gap of more than 30 minutes)", "Audit"):  # fmt: skip
        assert f"<h2>{title}</h2>" in page
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(images) == 4
    assert all(base64.b64decode(image)[:4] == b"\x89PNG" for image in images)
    assert "http" not in page.replace("hilo-tracker", "")  # nothing fetched from outside
    assert '<td>net won</td><td class="number">1.88 USD</td>' in page
    assert "13 hands checked: 13 ok, 0 mismatch, 0 inconsistent, 0 unverifiable." in page
    assert "Every hand checked was paid as the rules say." in page


def test_report_of_the_last_session(stats_data: Path) -> None:
    report = build_report(stats_data, player="Hero", session="last")
    assert report.scope == "session from 2020-06-01 17:30 to 2020-06-01 17:33 UTC"
    assert '<td>hands</td><td class="number">2</td>' in report.html
    day = build_report(stats_data, session="2020-06-01")
    assert day.scope == "2 sessions from 2020-06-01 16:00 to 2020-06-01 17:33 UTC"
    with pytest.raises(StatsError, match="no session"):
        build_report(stats_data, session="2020-06-02")
    with pytest.raises(StatsError, match="unknown session"):
        build_report(stats_data, session="yesterday")


def test_names_are_escaped(hostile_data: Path) -> None:
    page = build_report(hostile_data, player=SCRIPT).html
    assert SCRIPT not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>Omaha</b>" not in page


def test_audit_problems_are_listed(hostile_data: Path) -> None:
    page = build_report(hostile_data, player="Hero").html
    assert "13 hands checked: 12 ok, 1 mismatch, 0 inconsistent, 0 unverifiable." in page
    row = re.search(r"<tr>(<td[^>]*>[^<]*</td>)*?<td[^>]*>1002</td>.*?</tr>", page)
    assert row is not None
    assert "mismatch" in row.group(0)
    assert "&lt;b&gt;Omaha&lt;/b&gt; &amp; co" in row.group(0)


def test_draw_plot_defaults_to_the_hero(stats_data: Path) -> None:
    figure, player = draw_plot(stats_data, "sessions")
    assert player == "Hero"
    assert len(figure.axes[0].patches) == 2
    with pytest.raises(StatsError, match="unknown plot"):
        draw_plot(stats_data, "pie")


SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


def test_cash_and_tournament_money_is_shown_per_unit(tmp_path: Path) -> None:
    # The hero plays a cash table and a tournament: cents and chips are not added up.
    text = "\n\n".join(
        (SAMPLES / name).read_text(encoding="utf-8")
        for name in ("pokerstars-omaha-hi-pot-limit-6p.txt",
                     "pokerstars-omaha-hilo-no-limit-6p-tournament.txt")
    )  # fmt: skip
    data = import_and_audit(text, tmp_path)
    with StatsDatabase(data) as database:
        by_stakes = database.standard(StatsFilter(player="Hero"), "stakes")
        overall = database.standard(StatsFilter(player="Hero"))
    units = dict.fromkeys(by_stakes["money_unit"], 0)
    for unit, net in zip(by_stakes["money_unit"], by_stakes["net_won"], strict=True):
        units[unit] += int(net)
    assert set(units) == {"USD", "chips"}
    # a row per money unit in the stats themselves, in the order of the units' names
    assert dict(zip(overall["money_unit"], overall["net_won"], strict=True)) == units
    page = build_report(data, player="Hero").html
    # the summary: a column per unit
    assert "<tr><th></th><th>USD</th><th>chips</th></tr>" in page
    cells = "".join(f"<td[^>]*>{re.escape(money_text(units[unit], unit))}</td>"
                    for unit in ("USD", "chips"))  # fmt: skip
    assert re.search(f"<td>net won</td>{cells}", page)
    assert "mixed units" not in page
