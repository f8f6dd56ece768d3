"""Running the stat queries: filters in, pandas DataFrames (or Arrow tables) out.

Each stat group is one SQL file in `tracker/queries/` (`stats_standard.sql`,
`stats_outcomes.sql`, `stats_sessions.sql`, `stats_winnings.sql`, `stats_audit_*.sql`),
run by DuckDB over the Parquet files of the data folder with named parameters ($player,
$game, $since, $until, $min_hands, $session_gap). They read one row per player per hand
through the `stats_player_hands` and `stats_player_outcomes` macros: the stats summary
tables (`tracker.stats.summary`) once brought up to date, else the same rows counted from
the hand tables. The standard and outcome stats divide counters already added up per
player and group: the summary's totals when they cover every day and game, else the
sums of the per-day or per-hand rows (`stats_sums.sql`). docs/stats.md defines every
figure.

    with StatsDatabase(data_dir) as database:
        table = database.standard(StatsFilter(player="Hero"), by="position")

pandas is imported only when a DataFrame is asked for: `tracker stats` prints the Arrow
tables of `player_stats` without it.
"""

from __future__ import annotations

import contextlib
import re
import tempfile
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Final, Self

import duckdb
import pyarrow as pa

from tracker.database import QueryError, connect, create_view
from tracker.errors import NoDataError, TrackerError
from tracker.model import Game
from tracker.schema import TABLES
from tracker.stats.hand_classes import HAND_CLASSES
from tracker.stats.options import DEFAULT_SESSION_GAP, GROUPINGS, RAKE_COUNTERS, RakeMethod
from tracker.stats.positions import POSITION_ORDER
from tracker.stats.summary import (
    OUTCOME_COUNTERS,
    OUTCOME_DAYS,
    OUTCOME_TOTALS,
    PLAYER_DAYS,
    PLAYER_HANDS,
    PLAYER_OUTCOMES,
    PLAYER_TOTALS,
    STANDARD_COUNTERS,
    STATE,
    SummaryRefresh,
    is_fresh,
    point_sources,
    refresh_summary,
    source_files,
)
from tracker.stats.totals import GROUPING_KEYS, counter_sums, grouping_name
from tracker.store import StoreError

if TYPE_CHECKING:
    import pandas as pd

_GROUP_KEYS: Final = {
    **GROUPING_KEYS,
    "session": "strftime(session_start AT TIME ZONE 'UTC', '%Y-%m-%d %H:%M')",
    "month": "month",
    "hand-class": "unnest(hand_classes)",
}
"""The SQL expression of each grouping (NULL rows are left out: stud hands have no
position, flop hands no door card, hands with unknown hole cards no class)."""

_GROUP_ORDER: Final[dict[str | None, tuple[str, ...]]] = {
    "position": POSITION_ORDER,
    "hand-class": HAND_CLASSES,
    "door-card": tuple("AKQJT98765432"),
}

RAW_MACRO_FILES: Final = ("stats_player_hands", "stats_player_outcomes")
"""The macros counting from the hand tables (after stats_base.sql, before
stats_derived.sql), loaded when the summary is not up to date."""

_PER_HAND: Final = {
    "stats_standard": "stats_hand_partials",
    "stats_outcomes": "stats_outcome_partials",
}
"""The per-hand counters each grouped query adds up."""

_PER_DAY: Final = {"stats_standard": "stats_player_days", "stats_outcomes": "stats_outcome_days"}
"""The same counters summed per player and day in the summary."""

_TOTALS: Final = {"stats_standard": "stats_player_totals", "stats_outcomes": "stats_outcome_totals"}
"""The same counters summed over every day per grouping, player and group."""

_COUNTERS: Final = {"stats_standard": STANDARD_COUNTERS, "stats_outcomes": OUTCOME_COUNTERS}

_SUMS: Final = (STATE, PLAYER_DAYS, OUTCOME_DAYS, PLAYER_TOTALS, OUTCOME_TOTALS)
"""The views a connection starts with: the summary's state and sums."""

_DAY_GROUPINGS: Final = frozenset({None, "position", "game", "stakes", "month", "door-card",
                                   "bring-in"})  # fmt: skip
"""The groupings the per-day sums can answer (not sessions, not hand classes)."""

_FILTERS = "$game, $since, $until, $player"
_PARAMETER = re.compile(r"\$([a-z_]+)")


class StatsError(TrackerError):
    """A stats request that cannot be answered: an unknown grouping, no hero to default to."""


@dataclass(frozen=True, slots=True)
class StatsFilter:
    """Which hands and players a stats query covers.

    Args:
        player: one player's name; None for every player.
        game: one game; None for every game.
        since: the first day (UTC) included, or the first instant; None for no limit.
        until: the last day (UTC) included, or the last instant; None for no limit.
        min_hands: rows (player and group) with fewer hands are left out.
        session_gap: minutes without a hand that end a session.
        rake_method: how `rake_paid` shares each hand's rake among its players.
    """

    player: str | None = None
    game: Game | None = None
    since: date | None = None
    until: date | None = None
    min_hands: int = 1
    session_gap: int = DEFAULT_SESSION_GAP
    rake_method: RakeMethod = RakeMethod.CONTRIBUTED

    def parameters(self) -> dict[str, Any]:
        """The named parameters of the stat queries: `since` and `until` as the instants
        [since, until) that cover the days asked (a datetime is taken as the instant
        itself, and `until` then includes it)."""
        return {
            "player": self.player,
            "game": None if self.game is None else self.game.value,
            "since": _start_or_none(self.since),
            "until": _end_or_none(self.until),
            "min_hands": self.min_hands,
            "session_gap": self.session_gap,
        }


def _start_or_none(moment: date | None) -> datetime | None:
    if moment is None or isinstance(moment, datetime):
        return moment
    return datetime.combine(moment, time(0), tzinfo=UTC)


def _end_or_none(moment: date | None) -> datetime | None:
    if moment is None:
        return None
    if isinstance(moment, datetime):
        return moment + timedelta(microseconds=1)
    return datetime.combine(moment + timedelta(days=1), time(0), tzinfo=UTC)


def query_text(name: str) -> str:
    """The text of `tracker/queries/<name>.sql`."""
    return (resources.files("tracker") / "queries" / f"{name}.sql").read_text()


class StatsDatabase:
    """A DuckDB connection over a data folder, with the stats macros loaded.

    With `summary` (the default) the summary tables are first brought up to date
    (`tracker.stats.summary`) and the queries read them; when that cannot be done (another
    process is writing to the folder) or without `summary`, they count from the hand
    tables, with the same results, more slowly.

    Making a view reads the footer of each of its files (a third of a second for every
    table at ten million hands): with an up-to-date summary, the connection starts with
    the views of the summary's sums only, which answer most stats; `connection` adds the
    others (and the macros over the per-hand rows) when it is first used.

    Attributes:
        summarised: True when the queries read the summary tables.
        refresh: what bringing the summary up to date did (None when it was not tried).

    Raises:
        NoDataError: when the folder does not exist or holds no hands.
    """

    def __init__(self, data_dir: Path | str, *, summary: bool = True) -> None:
        self.data_dir = Path(data_dir)
        self._connection = connect(self.data_dir, tables=_SUMS)
        self._views = set(_SUMS)
        # Large sorts and the summary's temporary tables spill here, not into the cwd.
        self._spill_folder = tempfile.TemporaryDirectory(prefix="hilo-stats-")
        self._connection.execute("SET temp_directory = ?", [self._spill_folder.name])
        with contextlib.suppress(duckdb.Error):  # refused in Jupyter without ipywidgets
            self._connection.execute("SET enable_progress_bar = false")
        # A file's footer is read once, however many macros and queries bind to it.
        self._connection.execute("SET parquet_metadata_cache = true")
        self._load("stats_base")
        if not source_files(self.data_dir, "hands"):  # a store writes no file without rows
            self.close()
            raise NoDataError(f"no hands in {self.data_dir} (run `tracker import` first)")
        self.summarised = False
        self.refresh: SummaryRefresh | None = None
        self._per_hand = False  # the macros over the per-hand rows are loaded
        if summary and is_fresh(self._connection, self.data_dir):
            self._load("stats_days_source")
            self.refresh, self.summarised = SummaryRefresh(), True
            return
        self._add_views(*TABLES)
        self._load(*RAW_MACRO_FILES, "stats_derived")
        self._per_hand = True
        if summary:
            try:
                self.refresh = refresh_summary(self._connection, self.data_dir)
            except StoreError:
                return  # another writer holds the folder: count from the hand tables
            self._load("stats_days_source")
            self.summarised = True

    @property
    def connection(self) -> duckdb.DuckDBPyConnection:
        """The DuckDB connection: a view per table of the folder, every stats macro."""
        self._add_per_hand()
        return self._connection

    def _add_views(self, *tables: str) -> None:
        for table in tables:
            if table not in self._views:
                create_view(self._connection, self.data_dir, table)  # a damaged file: named
                self._views.add(table)

    def _add_per_hand(self) -> None:
        """Every view, and the macros over the per-hand rows (of the summary: the macros
        counting them from the hand tables are loaded when it is not up to date)."""
        self._add_views(*TABLES)
        if not self._per_hand:
            point_sources(self._connection, PLAYER_HANDS, PLAYER_OUTCOMES)
            self._load("stats_derived")
            self._per_hand = True

    def _load(self, *names: str) -> None:
        for name in names:
            self._connection.execute(query_text(name))

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection and remove its temporary folder."""
        self._connection.close()
        self._spill_folder.cleanup()  # also done when garbage-collected, or at exit

    def frame(self, sql: str, parameters: dict[str, Any]) -> pd.DataFrame:
        """Run `sql` with the named parameters it uses (the others are left out).

        Raises:
            QueryError: when DuckDB rejects it.
        """
        used = {name: parameters[name] for name in set(_PARAMETER.findall(sql))}
        try:
            return self.connection.execute(sql, used).df()
        except duckdb.Error as error:
            raise QueryError(str(error).strip().splitlines()[0]) from None

    def arrow(self, sql: str, parameters: dict[str, Any]) -> pa.Table:
        """`frame`, as an Arrow table (no pandas).

        Raises:
            QueryError: when DuckDB rejects it.
        """
        self._add_per_hand()
        return self._arrow(sql, parameters)

    def _arrow(self, sql: str, parameters: dict[str, Any]) -> pa.Table:
        used = {name: parameters[name] for name in set(_PARAMETER.findall(sql))}
        # A result left unread on the connection (after a `fetchone`) would block the
        # query: dropped first, as `execute` drops it.
        self._connection.abort()
        try:
            table: pa.Table = self._connection.sql(sql, params=used).to_arrow_table()
        except duckdb.Error as error:
            raise QueryError(str(error).strip().splitlines()[0]) from None
        return table

    def hero_or_none(self) -> str | None:
        """The player the files were dealt to: the name on more than half of the hands
        that name one ("Dealt to Hero [..]"); None when no name does."""
        return majority_hero(self._hero_counts())

    def hero(self) -> str:
        """`hero_or_none`, or StatsError naming the most frequent "Dealt to" names."""
        counts = self._hero_counts()
        hero = majority_hero(counts)
        if hero is None:
            raise no_hero_error(self.data_dir, counts)
        return hero

    def _hero_counts(self) -> list[tuple[str, int]]:
        self._add_views("hands")
        rows = self._connection.execute(HERO_COUNTS).fetchall()
        return [(str(name), int(hands)) for name, hands in rows]

    def standard(self, filters: StatsFilter, by: str | None = None) -> pd.DataFrame:
        """The standard stats, one row per player (and per group when `by` is given).

        Columns: player, [by], hands, money_unit, vpip, pfr, three_bet,
        aggression_factor, saw_flop, showdowns, wtsd, wsd, wwsf, net_won, net_big,
        bb_per_100, rake_paid.
        """
        return self.standard_arrow(filters, by).to_pandas()

    def standard_arrow(self, filters: StatsFilter, by: str | None = None) -> pa.Table:
        """`standard`, as an Arrow table."""
        return self._grouped("stats_standard", filters, by)

    def outcomes(self, filters: StatsFilter, by: str | None = None) -> pd.DataFrame:
        """The hi/lo outcomes at showdown (hi/lo games only), one row per player (and
        group): counts, and each as a percentage of the showdowns (`<outcome>_pct`).

        Columns: player, [by], hands, showdowns, unaudited (showdowns the audit could not
        pay), scoops, the eight outcomes of `OUTCOMES`, quartered_net, low_possible,
        made_low, won_without_showdown, then the percentages: `<outcome>_pct` and
        `scoops_pct` and `low_possible_pct` of showdowns, `made_low_pct` of
        `low_possible` (a stud showdown always counts as one where a low was possible).
        """
        return self.outcomes_arrow(filters, by).to_pandas()

    def outcomes_arrow(self, filters: StatsFilter, by: str | None = None) -> pa.Table:
        """`outcomes`, as an Arrow table."""
        return self._grouped("stats_outcomes", filters, by)

    def sessions(self, filters: StatsFilter) -> pd.DataFrame:
        """Each player's sessions: player, session (1, 2, ...), started_at, ended_at,
        minutes, tables, hands, net_won, net_big, bb_per_100."""
        return self.frame(query_text("stats_sessions"), filters.parameters())

    def winnings(self, filters: StatsFilter) -> pd.DataFrame:
        """Every hand played, in order, with the running totals the winnings plot draws:
        player, site, hand_id, started_at, game, showdown, net, net_big, hand_number,
        total, at_showdown, without_showdown, and the same three in big units
        (`total_big`, ...)."""
        return self.frame(query_text("stats_winnings"), filters.parameters())

    def audit_counts(self, filters: StatsFilter) -> pd.DataFrame:
        """How many hands in scope (of the game, the days, the player's) the audit found
        ok, mismatch, inconsistent and unverifiable: columns status, hands."""
        return self.frame(query_text("stats_audit_counts"), filters.parameters())

    def audit_betting_counts(self, filters: StatsFilter) -> pd.DataFrame:
        """How many hands in scope the legality audit found legal, illegal and unknown:
        columns betting, hands."""
        return self.frame(query_text("stats_audit_betting_counts"), filters.parameters())

    def audit_problems(self, filters: StatsFilter) -> pd.DataFrame:
        """Every audited hand in scope that is not ok, in time order: site, hand_id,
        game, started_at, table_name, status, reason, source_file."""
        return self.frame(query_text("stats_audit_problems"), filters.parameters())

    def _grouped(self, name: str, filters: StatsFilter, by: str | None) -> pa.Table:
        sql = grouped_query(name, filters, by, self._sums(name, filters, by))
        return shape_groups(self._arrow(sql, filters.parameters()), by)

    def _sums(self, name: str, filters: StatsFilter, by: str | None) -> str:
        """The counters a grouped query divides, added up per player and group: the
        summary's totals when they answer it (every day and game, a grouping they
        keep), else the sums of its per-day rows, else `per_hand_sums`.

        Raises:
            StatsError: an unknown grouping.
        """
        every_hand = filters.game is None and filters.since is None and filters.until is None
        if self.summarised and by in GROUPING_KEYS and every_hand:
            return f"{_TOTALS[name]}('{grouping_name(by)}', $player)"
        whole_days = not any(
            isinstance(moment, datetime) for moment in (filters.since, filters.until)
        )
        if self.summarised and by in _DAY_GROUPINGS and whole_days:
            return _sums_of(name, by, f"{_PER_DAY[name]}({_FILTERS})")
        self._add_per_hand()
        return per_hand_sums(name, by)


HERO_COUNTS: Final = ("SELECT hero, count(*) AS hands FROM hands WHERE hero IS NOT NULL "
                      "GROUP BY hero ORDER BY count(*) DESC, hero")  # fmt: skip
"""The "Dealt to" names with their hands, the most first (`majority_hero` reads them)."""


def majority_hero(counts: list[tuple[str, int]]) -> str | None:
    """The name of `HERO_COUNTS` on more than half of the hands that name one, or None.

    >>> majority_hero([("Hero", 3), ("Other", 2)]), majority_hero([("A", 1), ("B", 1)])
    ('Hero', None)
    """
    total = sum(hands for _, hands in counts)
    if counts and 2 * counts[0][1] > total:
        return counts[0][0]
    return None


def no_hero_error(data_dir: Path, counts: list[tuple[str, int]]) -> StatsError:
    """The error of `--hero` with no `majority_hero`, naming the three most dealt to."""
    listed = ", ".join(name for name, _ in counts[:3]) or "none"
    return StatsError(f"no single hero in {data_dir} (dealt to: {listed}); give --player NAME")


def grouped_query(name: str, filters: StatsFilter, by: str | None, sums: str) -> str:
    """The query of the grouped stats `name` (`stats_standard`, `stats_outcomes`) over
    `sums`, the counters added up per player and group (`per_hand_sums`, ...)."""
    return query_text(name).format(sums=sums, group_order=_group_order(by),
                                   rake_counter=RAKE_COUNTERS[filters.rake_method])  # fmt: skip


def per_hand_sums(name: str, by: str | None) -> str:
    """The counters of the grouped stats `name` added up from the per-hand rows (with
    each hand's session, to group by session): what any folder answers, summary or not.

    Raises:
        StatsError: an unknown grouping.
    """
    per_hand = f"{_PER_HAND[name]}({_FILTERS})"
    if by == "session":
        sessions = f"stats_player_sessions({_FILTERS}, $session_gap)"
        per_hand = (f"(SELECT * FROM {per_hand} JOIN (SELECT site, hand_id, player, "
                    f"session_start FROM {sessions}) USING (site, hand_id, player))")  # fmt: skip
    return _sums_of(name, by, per_hand)


def _sums_of(name: str, by: str | None, source: str) -> str:
    if by not in _GROUP_KEYS:
        raise StatsError(f"unknown grouping {by!r}; one of: {', '.join(GROUPINGS)}")
    sums = query_text("stats_sums").format(source=source, group_key=_GROUP_KEYS[by],
                                           sums=counter_sums(_COUNTERS[name]))  # fmt: skip
    return f"({sums})"


def shape_groups(table: pa.Table, by: str | None) -> pa.Table:
    """Name the group column after the grouping (or drop it)."""
    if by is None:
        return table.drop_columns(["group_key"])
    return table.rename_columns([by if name == "group_key" else name
                                 for name in table.column_names])  # fmt: skip


def _group_order(by: str | None) -> str:
    """The SQL sorting a player's groups: in the order of the grouping (positions as they
    act, hand classes as listed, door cards from the ace down), other values after them
    by name.

    >>> _group_order("month")
    'group_key'
    >>> _group_order("door-card")[:44]
    "coalesce(list_position(['A', 'K', 'Q', 'J', "
    """
    order = _GROUP_ORDER.get(by)
    if order is None:
        return "group_key"
    listed = ", ".join(f"'{name}'" for name in order)
    return f"coalesce(list_position([{listed}], group_key), {len(order) + 1}), group_key"


def player_stats(
    data_dir: Path | str,
    filters: StatsFilter,
    *,
    by: str | None = None,
    outcomes: bool = False,
    hero: bool = False,
) -> pa.Table:
    """The standard stats (or, with `outcomes`, the hi/lo outcomes) of a data folder, as
    an Arrow table (`StatsDatabase.standard_arrow`, `outcomes_arrow`; `.to_pandas()` makes
    it the DataFrame of `standard`, `outcomes`).

    Args:
        data_dir: the data folder.
        filters: the hands and players covered.
        by: a grouping of `GROUPINGS`, or None for one row per player.
        outcomes: the outcomes at showdown instead of the standard stats.
        hero: the hero only (`StatsDatabase.hero`), whatever `filters.player` says.

    Raises:
        NoDataError: no data folder, or no hands in it.
        StatsError: an unknown grouping; `hero` with no single hero.
    """
    with StatsDatabase(data_dir) as database:
        if hero:
            filters = replace(filters, player=database.hero())
        if outcomes:
            return database.outcomes_arrow(filters, by)
        return database.standard_arrow(filters, by)
