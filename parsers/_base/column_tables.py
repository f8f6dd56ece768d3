"""The store's tables of hands read column-wise by a site's rules: the columns of
`tracker.schema.TABLES`, built from the readers' rows for the hands taken (`ok`), as
the `HandBuilder` would give them for each hand.

The `hands` row's chip checks are the importer's usual ones: the sums are added up here
for all hands at once, and `tracker.bookkeeping.pot_discrepancies` words the reasons for
the few hands whose chips do not add up.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from parsers._base.builder import HeaderFacts, tournament_columns
from parsers._base.column_actions import KINDS, STREETS
from parsers._base.column_body import HALVES, SOURCES, Body
from parsers._base.column_heads import Heads
from parsers._base.column_seats import Seats
from parsers._base.column_summary import Summary
from parsers._base.columns import (
    TEXT,
    Bools,
    Ints,
    Rows,
    Strings,
    arrow,
    bools,
    buffer,
    group_starts,
    joined_rows,
    lengths,
    list_array,
    nullable,
    pick,
    take,
    texts,
)
from tracker.arrow_arrays import arrow_array, from_numpy
from tracker.bookkeeping import pot_discrepancies
from tracker.model import Structure
from tracker.schema import TABLES

_NO_CHIPS = (KINDS.index("fold"), KINDS.index("check"), KINDS.index("cash_out"))


def hand_tables(
    site_heads: Heads,
    seats: Seats,
    body: Body,
    summary: Summary,
    ok: Bools,
    file: str | None,
    first_lines: Ints,
    *,
    posted_blinds: bool = False,
    blinds_from_posts: bool = False,
) -> tuple[dict[str, pa.Table], dict[str, Ints]]:
    """Every hand table (`tracker.schema.HAND_TABLES`) of the hands taken, and each child
    table's number of rows of each hand (`posted_blinds`: a limit game's blinds are the
    first ones posted; `blinds_from_posts`: a cash game's stakes are its last blinds
    posted, `Body.blinds`)."""
    keep = np.flatnonzero(ok)
    hand_id = take(site_heads.hand_id, keep).cast(pa.string())
    renumber = np.full(len(ok), -1, np.int64)
    renumber[keep] = np.arange(len(keep))
    counts: dict[str, Ints] = {}

    every_id = texts(site_heads.hand_id)

    def child(name: str, rows: Rows, columns: dict[str, Any]) -> pa.Table:
        owner = rows["owner"]
        taken = ok[owner]
        counts[name] = np.bincount(renumber[owner[taken]], minlength=len(keep))
        values: Rows = {"hand_id": take(every_id, owner), **columns}
        if "sequence" in TABLES[name].schema.names:
            values["sequence"] = within(owner)
        whole = table(name, values)  # every hand's rows, then those of the hands taken
        return whole if taken.all() else whole.filter(from_numpy(taken, pa.bool_()))

    def player(rows: Rows) -> Strings:
        return take(seats.player, np.maximum(rows["seat"], 0))  # -1: a hand not taken

    actions, collections, returned = body.actions, body.collections, body.returned
    cards = joined_rows(body.cards, summary.cards)
    order = np.lexsort((cards["order"], cards["owner"]))  # line order within each hand
    cards = {name: pick(values, order) for name, values in cards.items()}
    found = {
        "hands": _hands(site_heads, body, summary, keep, hand_id, file, first_lines,
                        posted_blinds, blinds_from_posts),
        "seats": child("seats", {"owner": seats.owner},
                       {"seat": seats.seat, "player": seats.player, "stack": seats.stack,
                        "sitting_out": seats.sitting_out}),
        "actions": child("actions", actions,
                         {"street": words(STREETS, actions["street"]), "player": player(actions),
                          "kind": words(KINDS, actions["kind"]), "amount": actions["amount"],
                          "to_amount": nullable(actions["to_amount"], actions["to_amount"] >= 0),
                          "all_in": actions["all_in"]}),
        "cards": child("cards", cards,
                       {"player": player(cards), "street": words(STREETS, cards["street"]),
                        "source": words(SOURCES, cards["source"]), "cards": cards["cards"],
                        "card_indexes": cards["card_indexes"]}),
        "boards": _boards(body, ok, keep, renumber, hand_id, counts),
        "collections": child("collections", collections,
                             {"player": player(collections), "amount": collections["amount"],
                              "pot": collections["pot"],
                              "board": np.zeros(len(collections["owner"]), np.int64),
                              "half": pc.if_else(arrow(collections["half"] > 0),
                                                 words(HALVES, collections["half"]),
                                                 pa.nulls(len(collections["owner"]), TEXT))}),
        "returned": child("returned", returned,
                          {"player": player(returned), "amount": returned["amount"]}),
        "summaries": child("summaries", summary.summaries,
                           {"seat": summary.summaries["seat"],
                            "player": summary.summaries["player"],
                            "text": summary.summaries["text"],
                            "won": nullable(summary.summaries["won"],
                                            summary.summaries["won"] >= 0)}),
    }  # fmt: skip
    return found, counts


def _boards(
    body: Body, ok: Bools, keep: Ints, renumber: Ints, hand_id: Strings, counts: dict[str, Ints]
) -> pa.Table:
    has = ok & bools(body.board["cards"].is_valid())
    rows = np.flatnonzero(has)
    counts["boards"] = has[keep].astype(np.int64)
    return table("boards", {
        "hand_id": take(hand_id, renumber[rows]),
        "board": np.zeros(len(rows), np.int64),
        "cards": take(body.board["cards"], rows),
        "card_indexes": take(body.board["card_indexes"], rows),
    })  # fmt: skip


def _hands(
    site_heads: Heads,
    body: Body,
    summary: Summary,
    keep: Ints,
    hand_id: Strings,
    file: str | None,
    first_lines: Ints,
    posted_blinds: bool,
    blinds_from_posts: bool,
) -> pa.Table:
    facts, of = site_heads.facts, site_heads.fact_of[keep]

    def per_fact(value: Any, arrow_type: pa.DataType) -> pa.Array[Any]:
        values = [None if fact is None else value(fact) for fact in facts]
        return pc.take(arrow_array(values, arrow_type), arrow(of))

    def tournament(index: int, arrow_type: pa.DataType) -> pa.Array[Any]:
        return per_fact(lambda fact: tournament_columns(fact.tournament)[index], arrow_type)

    def stake(name: str) -> pa.Array[Any]:
        found = per_fact(lambda fact: getattr(fact.stakes, name), pa.int64())
        if name == "bring_in":  # a header that gives none: the bring-in posted
            posted = first_posts(body.actions, _BRING_IN, len(summary.total_pot))[keep]
            bring_in: pa.Array[Any] = pc.coalesce(found, nullable(posted, posted >= 0))
            return bring_in
        if blinds_from_posts:
            return _posted_stake(name, found, body.blinds[keep], per_fact)
        if not posted_blinds or name not in _BLINDS:
            return found
        limit = per_fact(lambda fact: fact.structure is Structure.LIMIT, pa.bool_())
        posted = first_posts(body.actions, _BLINDS[name], len(summary.total_pot))[keep]
        blinds: pa.Array[Any] = pc.if_else(limit, nullable(posted, posted >= 0), found)
        return blinds

    def button(fact: HeaderFacts) -> int | None:
        return None if fact.game is not None and fact.game.is_stud else fact.button_seat

    total, rake, fees = (values[keep] for values in
                         (summary.total_pot, summary.rake, summary.jackpot_fee))  # fmt: skip
    consistent, inconsistency = _chip_checks(body, summary, keep)
    count = len(keep)
    columns: dict[str, Any] = {
        "hand_id": hand_id,
        "game": _games(per_fact(lambda fact: fact.game.value, pa.string()),
                       body.halves_unnamed[keep], take(site_heads.halves_game, keep)),
        "structure": per_fact(lambda fact: fact.structure.value, pa.string()),
        "small_blind": stake("small_blind"), "big_blind": stake("big_blind"),
        "small_bet": stake("small_bet"), "big_bet": stake("big_bet"),
        "ante": stake("ante"), "bring_in": stake("bring_in"),
        "currency": per_fact(lambda fact: fact.currency, pa.string()),
        "play_money": per_fact(lambda fact: fact.play_money, pa.bool_()),
        "tournament_id": tournament(0, pa.string()),
        "tournament_buy_in": tournament(1, pa.int64()),
        "tournament_fee": tournament(2, pa.int64()),
        "tournament_currency": tournament(3, pa.string()),
        "tournament_level": tournament(4, pa.string()),
        "table_name": per_fact(lambda fact: fact.table_name, pa.string()),
        "max_seats": per_fact(lambda fact: fact.max_seats, pa.int32()),
        "button_seat": pc.if_else(
            arrow(body.button[keep] >= 0),
            from_numpy(np.maximum(body.button[keep], 0), pa.int32()),
            per_fact(button, pa.int32()),
        ),
        "started_at": pa.Array.from_buffers(
            TABLES["hands"].schema.field("started_at").type, count,
            [None, buffer(np.ascontiguousarray(site_heads.started_at[keep]))],
        ),
        "site_timezone": per_fact(lambda fact: fact.site_timezone, pa.string()),
        "hero": take(body.hero, keep),
        "total_pot": total,
        "main_pot": pa.nulls(count, pa.int64()),
        "side_pots": list_array(np.zeros(count, np.int64), arrow(np.zeros(0, np.int64))),
        "rake": nullable(rake, rake >= 0),
        "jackpot_fee": fees,
        "added_money": np.zeros(count, np.int64),
        "cancelled": np.zeros(count, np.bool_),
        "source_file": arrow([file] * count, pa.string()) if file is not None
        else pa.nulls(count, pa.string()),
        "first_line": first_lines[keep],
        "chips_consistent": consistent,
        "inconsistency": inconsistency,
    }  # fmt: skip
    return table("hands", columns)


def _posted_stake(name: str, header: pa.Array[Any], blinds: Ints, per_fact: Any) -> pa.Array[Any]:
    """Stake `name` of each hand: in a cash game whose blinds were posted, from its last
    small and big blind (`blinds`; a limit game bets the big blind, then twice it), else
    the header's."""
    cash = bools(per_fact(lambda fact: fact.tournament is None, pa.bool_()))
    limit = bools(per_fact(lambda fact: fact.structure is Structure.LIMIT, pa.bool_()))
    small, big = blinds[:, 0], blinds[:, 1]
    value = {"small_blind": small, "big_blind": big,
             "small_bet": np.where(limit, big, -1),
             "big_bet": np.where(limit & (big >= 0), 2 * big, -1)}.get(name)  # fmt: skip
    if value is None:
        value = np.full(len(big), -1, np.int64)
    given = arrow(cash & (big >= 0))
    posted: pa.Array[Any] = pc.if_else(given, nullable(value, value >= 0), header)
    return posted


def _games(games: Strings, unnamed: Bools, halves_game: Strings) -> Strings:
    """Each hand's game: the header's, or `Heads.halves_game` for a hand that is paid and
    names no half (`Body.halves_unnamed`)."""
    switch = unnamed & (lengths(halves_game) > 0)
    if not switch.any():
        return games
    found: Strings = pc.if_else(arrow(switch), halves_game.cast(games.type), games)
    return found


def _chip_checks(body: Body, summary: Summary, keep: Ints) -> tuple[Bools, pa.Array[Any]]:
    """`tracker.hand_rows.rows_inconsistency_or_none` of every hand kept."""
    hands = len(summary.total_pot)
    actions = body.actions
    chips = ~np.isin(actions["kind"], _NO_CHIPS)
    contributed = sums(actions["owner"][chips], actions["amount"][chips], hands)[keep]
    returned = sums(body.returned["owner"], body.returned["amount"], hands)[keep]
    collected = sums(body.collections["owner"], body.collections["amount"], hands)[keep]
    total = summary.total_pot[keep]
    rake, fees = np.maximum(summary.rake[keep], 0), summary.jackpot_fee[keep]
    plain = (contributed - returned == total) & (collected + rake + fees == total)
    reasons: list[str | None] = [None] * len(keep)
    for index in np.flatnonzero(~plain).tolist():  # worded by `pot_discrepancies`
        found = pot_discrepancies(
            int(total[index]), contributed=int(contributed[index]),
            returned=int(returned[index]), collected=int(collected[index]),
            rake=int(rake[index]), jackpot_fee=int(fees[index]), main_pot=None, side_pots=(),
        )  # fmt: skip
        reasons[index] = "; ".join(found) if found else None
    consistent = np.array([reason is None for reason in reasons], np.bool_)
    return consistent, arrow_array(reasons, pa.string())


_BLINDS = {name: KINDS.index(f"post_{name}") for name in ("small_blind", "big_blind")}
"""The posts of the blinds `ColumnFormat.posted_blinds` reads, by stake."""
_BRING_IN = KINDS.index("bring_in")


def first_posts(actions: Rows, kind: int, hands: int) -> Ints:
    """Each hand's first post of `kind` (its amount; -1: none)."""
    rows = np.flatnonzero(actions["kind"] == kind)  # in line order
    owners, first = np.unique(actions["owner"][rows], return_index=True)
    found = np.full(hands, -1, np.int64)
    found[owners] = actions["amount"][rows[first]]
    return found


def sums(owner: Ints, values: Ints, hands: int) -> Ints:
    """Each hand's sum of `values` (rows of hand `owner`)."""
    total = np.zeros(hands, np.int64)
    np.add.at(total, owner, values)
    return total


def within(owner: Ints) -> Ints:
    """Each row's place among its hand's rows (rows in hand order)."""
    starts = np.flatnonzero(group_starts(owner))
    return np.arange(len(owner)) - np.repeat(starts, np.diff(np.append(starts, len(owner))))


def words(names: list[str], codes: Ints) -> Strings:
    """The names of codes."""
    return pc.take(arrow(names, pa.string()), arrow(codes))


def table(name: str, columns: dict[str, Any]) -> pa.Table:
    """Table `name` of the store from its columns (numpy or Arrow), in its schema."""
    schema = TABLES[name].schema
    arrays = []
    for field in schema:
        value = columns[field.name]
        if isinstance(value, np.ndarray):  # integers or bools
            value = from_numpy(value, field.type)
        arrays.append(value.cast(field.type) if value.type != field.type else value)
    return pa.Table.from_arrays(arrays, schema=schema)
