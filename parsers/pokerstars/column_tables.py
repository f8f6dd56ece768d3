"""The store's tables of the hands `parsers.pokerstars.columns` read: the columns of
`tracker.store.TABLES`, built from the readers' arrays for the hands taken (`ok`).

The `hands` row's chip checks are the importer's usual ones: the sums are added up here
for all hands at once, and `tracker.bookkeeping.pot_discrepancies` words the reasons for
the few hands whose chips do not add up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from parsers._base.column_seats import Hands, Seats
from parsers._base.column_tables import sums, table, within, words
from parsers._base.columns import (
    TEXT,
    Bools,
    Ints,
    Rows,
    Strings,
    arrow,
    buffer,
    ints,
    joined_rows,
    nullable,
    pick,
    take,
)
from parsers.pokerstars.column_body import KINDS, Body
from parsers.pokerstars.column_streets import SOURCES, STREETS
from tracker.arrow_arrays import arrow_array
from tracker.bookkeeping import pot_discrepancies
from tracker.schema import TABLES

if TYPE_CHECKING:
    from parsers.pokerstars.column_headers import Headers
    from parsers.pokerstars.column_summary import Summary
    from parsers.pokerstars.header import TableLine

_NO_CHIPS = (KINDS.index("fold"), KINDS.index("check"))


def hand_tables(
    headers: Headers,
    tables: list[TableLine | None],
    table_of: Ints,
    hands: Hands,
    seats: Seats,
    body: Body,
    summary: Summary,
    ok: Bools,
    file: str | None,
    first_lines: Ints,
) -> tuple[dict[str, pa.Table], dict[str, Ints]]:
    """Every hand table (`tracker.store.HAND_TABLES`) of the hands taken, and each child
    table's number of rows of each hand."""
    keep = np.flatnonzero(ok)
    hand_id = take(headers.hand_id, keep).cast(pa.string())
    renumber = np.full(len(ok), -1, np.int64)
    renumber[keep] = np.arange(len(keep))
    counts: dict[str, Ints] = {}

    def child(name: str, rows: dict[str, Any], columns: dict[str, Any]) -> pa.Table:
        everyone = bool(ok[rows["owner"]].all())  # the usual case: no row to drop
        taken = np.arange(len(rows["owner"])) if everyone else np.flatnonzero(ok[rows["owner"]])
        owner = renumber[rows["owner"][taken]]
        counts[name] = np.bincount(owner, minlength=len(keep))
        values: Rows = {"hand_id": take(hand_id, owner)}
        if "sequence" in TABLES[name].schema.names:
            values["sequence"] = within(owner)
        for column, value in columns.items():
            values[column] = value if everyone else pick(value, taken)
        return table(name, values)

    actions = body.actions
    found = {
        "hands": _hands(
            headers, tables, table_of, hands, body, summary, keep, hand_id, file, first_lines
        ),
        "seats": child(
            "seats",
            {"owner": seats.owner},
            {
                "seat": seats.seat,
                "player": seats.player,
                "stack": seats.stack,
                "sitting_out": seats.sitting_out,
            },
        ),
        "actions": child(
            "actions",
            actions,
            {
                "street": words(STREETS, actions["street"]),
                "player": actions["player"],
                "kind": words(KINDS, actions["kind"]),
                "amount": actions["amount"],
                "to_amount": _nullable(actions["to_amount"]),
                "all_in": actions["all_in"],
            },
        ),
        "cards": _cards(child, body, summary),
        "boards": _boards(body, ok, renumber, hand_id, counts),
        "collections": child(
            "collections",
            body.collections,
            {
                "player": body.collections["player"],
                "amount": body.collections["amount"],
                "pot": body.collections["pot"],
                "board": np.zeros(len(body.collections["amount"]), np.int64),
                "half": pa.nulls(len(body.collections["amount"]), TEXT),
            },
        ),
        "returned": child(
            "returned",
            body.returned,
            {"player": body.returned["player"], "amount": body.returned["amount"]},
        ),
        "summaries": child(
            "summaries",
            summary.summaries,
            {
                "seat": summary.summaries["seat"],
                "player": summary.summaries["player"],
                "text": summary.summaries["text"],
                "won": _nullable(summary.summaries["won"]),
            },
        ),
    }
    return found, counts


def _cards(child: Any, body: Body, summary: Summary) -> pa.Table:
    rows = joined_rows(body.cards, summary.cards)
    order = np.lexsort((rows["order"], rows["owner"]))  # line order within each hand
    rows = {name: pick(values, order) for name, values in rows.items()}
    cards: pa.Table = child(
        "cards",
        rows,
        {
            "player": rows["player"],
            "street": words(STREETS, rows["street"]),
            "source": words(SOURCES, rows["source"]),
            "cards": rows["cards"],
            "card_indexes": rows["card_indexes"],
        },
    )
    return cards


def _boards(
    body: Body, ok: Bools, renumber: Ints, hand_id: Strings, counts: dict[str, Ints]
) -> pa.Table:
    rows = np.flatnonzero(ok & body.has_board)
    counts["boards"] = body.has_board[ok].astype(np.int64)
    picked = arrow(rows)
    return table(
        "boards",
        {
            "hand_id": take(hand_id, renumber[rows]),
            "board": np.zeros(len(rows), np.int64),
            "cards": pc.take(body.board_text, picked),
            "card_indexes": pc.take(body.board_indexes, picked),
        },
    )


def _hands(
    headers: Headers,
    tables: list[TableLine | None],
    table_of: Ints,
    hands: Hands,
    body: Body,
    summary: Summary,
    keep: Ints,
    hand_id: Strings,
    file: str | None,
    first_lines: Ints,
) -> pa.Table:
    terms = headers.terms
    of = headers.term_of[keep]
    limit = hands.limit[keep]
    posts = _largest_posts(body.actions, len(hands.heads))
    small, big, ante, bring_in = (post[keep] for post in posts)
    first, second = hands.first[keep], hands.second[keep]

    def per_term(value: Any, arrow_type: pa.DataType) -> pa.Array[Any]:
        values = [None if term is None else value(term) for term in terms]
        return pc.take(arrow_array(values, arrow_type), arrow(of))

    def tournament(index: int, arrow_type: pa.DataType) -> pa.Array[Any]:
        return per_term(lambda term: term.tournament_columns[index], arrow_type)

    def per_table(value: Any, arrow_type: pa.DataType) -> pa.Array[Any]:
        values = [None if line is None else value(line) for line in tables]
        return take(arrow_array(values, arrow_type), table_of[keep])

    total, rake, main = (
        values[keep] for values in (summary.total_pot, summary.rake, summary.main_pot)
    )
    sides = take(summary.side_pots, keep)
    consistent, inconsistency = _chip_checks(body, summary, keep, len(hands.heads))
    count = len(keep)
    columns: dict[str, Any] = {
        "hand_id": hand_id,
        "game": per_term(lambda term: term.game.value, pa.string()),
        "structure": per_term(lambda term: term.structure.value, pa.string()),
        "small_blind": _nullable(np.where(limit, small, first), ~limit | (small > 0)),
        "big_blind": _nullable(np.where(limit, big, second), ~limit | (big > 0)),
        "small_bet": _nullable(first, limit),
        "big_bet": _nullable(second, limit),
        "ante": _nullable(ante, ante > 0),
        "bring_in": _nullable(bring_in, bring_in > 0),
        "currency": per_term(lambda term: term.currency, pa.string()),
        "play_money": pc.or_(
            per_term(lambda term: term.play_money, pa.bool_()),
            per_table(lambda line: line.play_money, pa.bool_()),
        ),
        "tournament_id": tournament(0, pa.string()),
        "tournament_buy_in": tournament(1, pa.int64()),
        "tournament_fee": tournament(2, pa.int64()),
        "tournament_currency": tournament(3, pa.string()),
        "tournament_level": tournament(4, pa.string()),
        "table_name": per_table(lambda line: line.table, pa.string()),
        "max_seats": per_table(lambda line: line.max_seats, pa.int32()),
        "button_seat": pc.if_else(  # none in stud
            arrow(hands.stud[keep]),
            pa.nulls(count, pa.int32()),
            per_table(lambda line: line.button, pa.int32()),
        ),
        "started_at": pa.Array.from_buffers(
            TABLES["hands"].schema.field("started_at").type,
            count,
            [None, buffer(np.ascontiguousarray(headers.started_at[keep]))],
        ),
        "site_timezone": take(headers.zone, keep),
        "hero": take(body.hero, keep),
        "total_pot": total,
        "main_pot": _nullable(main, main >= 0),
        "side_pots": sides,
        "rake": rake,
        "jackpot_fee": np.zeros(count, np.int64),
        "added_money": np.zeros(count, np.int64),  # an STP line sends the hand line by line
        "cancelled": np.zeros(count, np.bool_),
        "source_file": arrow([file] * count, pa.string())
        if file is not None
        else pa.nulls(count, pa.string()),
        "first_line": first_lines[keep],
        "chips_consistent": consistent,
        "inconsistency": inconsistency,
    }
    return table("hands", columns)


def _largest_posts(actions: dict[str, Any], hands: int) -> tuple[Ints, Ints, Ints, Ints]:
    """Per hand, the largest small blind, big blind, ante and bring-in posted (0: none)."""
    found = []
    for kind in ("post_small_blind", "post_big_blind", "post_ante", "bring_in"):
        rows = actions["kind"] == KINDS.index(kind)
        largest = np.zeros(hands, np.int64)
        np.maximum.at(largest, actions["owner"][rows], actions["amount"][rows])
        found.append(largest)
    return found[0], found[1], found[2], found[3]


def _chip_checks(
    body: Body, summary: Summary, keep: Ints, hands: int
) -> tuple[Bools, pa.Array[Any]]:
    """`tracker.hand_rows.rows_inconsistency_or_none` of every hand kept."""
    actions = body.actions
    chips = (actions["kind"] != _NO_CHIPS[0]) & (actions["kind"] != _NO_CHIPS[1])
    contributed = sums(actions["owner"][chips], actions["amount"][chips], hands)[keep]
    returned = sums(body.returned["owner"], body.returned["amount"], hands)[keep]
    collected = sums(body.collections["owner"], body.collections["amount"], hands)[keep]
    total, rake, main = summary.total_pot[keep], summary.rake[keep], summary.main_pot[keep]
    sides = take(summary.side_pots, keep)
    side_count = ints(pc.list_value_length(sides))
    side_total = sums(
        np.repeat(np.arange(len(keep)), side_count), ints(pc.list_flatten(sides)), len(keep)
    )
    pots = main + side_total  # PokerStars lists the pots net of rake; either adds up
    pots_ok = (main < 0) | (side_count == 0) | (pots == total) | (pots == total - rake)
    plain = (contributed - returned == total) & (collected + rake == total) & pots_ok
    check = np.flatnonzero(~plain)  # worded by `pot_discrepancies`, hand by hand
    reasons: list[str | None] = [None] * len(keep)
    side_lists = take(sides, check).to_pylist()
    for index, side in zip(check.tolist(), side_lists, strict=True):
        found = pot_discrepancies(
            int(total[index]),
            contributed=int(contributed[index]),
            returned=int(returned[index]),
            collected=int(collected[index]),
            rake=int(rake[index]),
            jackpot_fee=0,
            main_pot=None if main[index] < 0 else int(main[index]),
            side_pots=side or (),
        )
        reasons[index] = "; ".join(found) if found else None
    consistent = np.array([reason is None for reason in reasons], np.bool_)
    return consistent, arrow_array(reasons, pa.string())


def _nullable(values: Ints, valid: Bools | None = None) -> pa.Array[Any]:
    valid = values >= 0 if valid is None else valid
    return nullable(values, valid)
