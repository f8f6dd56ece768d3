"""One stored hand read back from the data folder as the `Hand` the parser made.

`tracker show` replays a hand from the store (the source file may have moved): every
hand table holds its rows under (site, hand_id), and this puts them back together.

>>> import tempfile
>>> read_hand(tempfile.mkdtemp(), "1")
Traceback (most recent call last):
...
tracker.errors.NoDataError: no hand 1 in the data folder
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb

from tracker.cards import DECK, Card
from tracker.database import connect
from tracker.errors import NoDataError, TrackerError
from tracker.model import (
    Action,
    ActionKind,
    CardSource,
    Collection,
    Game,
    Hand,
    KnownCards,
    Returned,
    Seat,
    SeatSummary,
    Stakes,
    Street,
    Structure,
    Tournament,
)

_CHILD_TABLES = {
    "seats": "seat",
    "actions": "sequence",
    "cards": "sequence",
    "boards": "board",
    "collections": "sequence",
    "returned": "sequence",
    "summaries": "seat",
}
"""Each table read for a hand, and the column that orders its rows."""


class AmbiguousHandError(TrackerError):
    """A hand id that more than one site uses: the site must be given."""


def read_hand(data_dir: Path | str, hand_id: str, site: str | None = None) -> Hand:
    """The stored hand `hand_id` (of `site`, when given).

    Raises:
        NoDataError: no such hand (or no data folder).
        AmbiguousHandError: the id is stored for several sites and `site` is None.
    """
    if not Path(data_dir).is_dir():
        raise NoDataError(f"no hand {hand_id} in the data folder")
    connection = connect(data_dir)
    try:
        headers = _rows(connection, "hands", hand_id, site, "site")
        if not headers:
            raise NoDataError(f"no hand {hand_id} in the data folder")
        sites = sorted({row["site"] for row in headers})
        if len(sites) > 1:
            raise AmbiguousHandError(
                f"hand {hand_id} is stored for several sites ({', '.join(sites)}): give --site"
            )
        header = headers[0]
        rows = {
            table: _rows(connection, table, hand_id, header["site"], order)
            for table, order in _CHILD_TABLES.items()
        }
    finally:
        connection.close()
    return _hand(header, rows)


def _rows(
    connection: duckdb.DuckDBPyConnection, table: str, hand_id: str, site: str | None, order: str
) -> list[dict[str, Any]]:
    # `table` and `order` are names from _CHILD_TABLES, never user input.
    query = (
        f"SELECT * FROM {table} WHERE hand_id = $hand_id "
        "AND ($site IS NULL OR site = $site) "
        f"ORDER BY {order}"
    )
    result: list[dict[str, Any]] = (
        connection.sql(query, params={"hand_id": hand_id, "site": site})
        .to_arrow_table()
        .to_pylist()
    )
    return result


def _cards(indexes: list[int]) -> tuple[Card, ...]:
    return tuple(DECK[index] for index in indexes)


def _hand(header: dict[str, Any], rows: dict[str, list[dict[str, Any]]]) -> Hand:
    tournament = None
    if header["tournament_id"] is not None:
        tournament = Tournament(
            header["tournament_id"],
            header["tournament_buy_in"],
            header["tournament_fee"],
            header["tournament_currency"],
            header["tournament_level"],
        )
    return Hand(
        site=header["site"],
        hand_id=header["hand_id"],
        game=Game(header["game"]),
        structure=Structure(header["structure"]),
        stakes=Stakes(*(header[name] for name in (
            "small_blind", "big_blind", "small_bet", "big_bet", "ante", "bring_in"))),
        currency=header["currency"],
        play_money=header["play_money"],
        tournament=tournament,
        table_name=header["table_name"],
        max_seats=header["max_seats"],
        button_seat=header["button_seat"],
        started_at=header["started_at"],
        site_timezone=header["site_timezone"],
        seats=tuple(Seat(r["seat"], r["player"], r["stack"], r["sitting_out"])
                    for r in rows["seats"]),
        actions=tuple(
            Action(Street(r["street"]), r["player"], ActionKind(r["kind"]), r["amount"],
                   r["to_amount"], r["all_in"])
            for r in rows["actions"]
        ),
        known_cards=tuple(
            KnownCards(r["player"], Street(r["street"]), CardSource(r["source"]),
                       _cards(r["card_indexes"]))
            for r in rows["cards"]
        ),
        boards=tuple(_cards(r["card_indexes"]) for r in rows["boards"]),
        returned=tuple(Returned(r["player"], r["amount"]) for r in rows["returned"]),
        collections=tuple(Collection(r["player"], r["amount"], r["pot"], r["board"], r["half"])
                          for r in rows["collections"]),
        total_pot=header["total_pot"],
        main_pot=header["main_pot"],
        side_pots=tuple(header["side_pots"]),
        rake=header["rake"],
        jackpot_fee=header["jackpot_fee"],
        summaries=tuple(SeatSummary(r["seat"], r["player"], r["text"], r["won"])
                        for r in rows["summaries"]),
        hero=header["hero"],
        cancelled=header["cancelled"],
        source_file=header["source_file"],
        first_line=header["first_line"],
    )  # fmt: skip
