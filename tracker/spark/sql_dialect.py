"""The stats SQL of `tracker/queries/` in Spark's dialect: the one shim between the two.

The stat queries are written for DuckDB, with table and scalar macros (`CREATE MACRO`),
which Spark SQL does not have, and a few functions Spark names or counts otherwise.
`SparkDialect` parses the macro files once with sqlglot; `spark_sql` then parses a stat
query, replaces every macro call by the macro's body (the call's arguments put in for
the parameters, the named parameters `$player`, ... bound as literals) and writes it
for Spark, after these rewrites of what sqlglot leaves as DuckDB means it:

- a named window extended in place (`OVER (by_hand ORDER BY x)`) is written out whole;
- an aggregate with FILTER over a window (`count(*) FILTER (c) OVER w`) counts a CASE;
- `list(x ORDER BY k)` sorts the (k, x) pairs it collects;
- lists are counted with `size`, indexed from 1 with `try_element_at` (NULL past the
  end, as in DuckDB), searched with `array_position` (NULL when absent, not 0),
  `arrays_overlap` and `exists`;
- `to_minutes(n)` is a day-time interval;
- a literal with a decimal point (`100.0 * x / y`) is a double: DuckDB divides in
  doubles, Spark in decimals, which round the last digit otherwise.

The queries read timestamps in UTC: the Spark session's time zone must be UTC
(`tracker.spark.stats_job` sets it).

    dialect = SparkDialect()
    spark.sql(dialect.spark_sql(query_text("stats_winnings"), {"player": "Hero", ...}))
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import Final

import sqlglot
from sqlglot import exp
from sqlglot.optimizer.simplify import simplify

MACRO_FILES: Final = ("stats_base", "stats_player_hands", "stats_player_outcomes",
                      "stats_derived")  # fmt: skip
"""The macros the stat queries call, counted from the hand tables (the order DuckDB
loads them in: tracker.stats.run)."""


@dataclass(frozen=True, slots=True)
class Macro:
    """A DuckDB macro: its parameters and its body (an expression, or a query for a
    table macro)."""

    parameters: tuple[str, ...]
    body: exp.Expr


SHARED_MACROS: Final = ("stats_player_hands", "stats_player_outcomes")
"""The table macros whose rows the others read, several times in one query: each call
is made a table of its own when a `materialize` function is given (Spark would
otherwise copy the plan of its body into every reader, hundreds of joins deep)."""


class SparkDialect:
    """The stats macros, and the translation of a stat query into Spark SQL.

    Args:
        files: the macro files, in the order DuckDB loads them.
        materialize: given a view name and the Spark SQL of a `SHARED_MACROS` call,
            makes the view of its rows; the call then reads the view. Each call (macro
            and arguments) is made once for the dialect's life. None: inline every call.
    """

    def __init__(
        self,
        files: tuple[str, ...] = MACRO_FILES,
        materialize: Callable[[str, str], None] | None = None,
    ) -> None:
        self.macros: dict[str, Macro] = {}
        self._expansions = itertools.count(1)
        self._materialize = materialize
        self._views: dict[str, str] = {}  # a shared macro call's SQL: its view
        for name in files:
            text = (resources.files("tracker") / "queries" / f"{name}.sql").read_text()
            for statement in sqlglot.parse(text, read="duckdb"):
                if isinstance(statement, exp.Create) and statement.kind == "MACRO":
                    function = statement.this
                    self.macros[function.this.name.lower()] = Macro(
                        tuple(parameter.name for parameter in function.expressions),
                        statement.expression,
                    )

    def spark_sql(self, sql: str, parameters: Mapping[str, object]) -> str:
        """`sql` (one DuckDB statement calling the macros, with `$name` parameters) as
        Spark SQL.

        Raises:
            KeyError: a `$name` the query uses is not in `parameters`.
        """
        tree = sqlglot.parse_one(sql, read="duckdb")
        tree = tree.transform(lambda node: _bound(node, parameters))
        return _spark_text(self._expanded(tree))

    def _expanded(self, tree: exp.Expr) -> exp.Expr:
        """`tree` with every macro call replaced by the macro's body, to any depth."""
        return tree.transform(self._expand_call, copy=False)

    def _expand_call(self, node: exp.Expr) -> exp.Expr:
        if isinstance(node, exp.Table) and isinstance(node.this, exp.Anonymous):
            macro = self.macros.get(node.this.name.lower())
            if macro is not None:
                body = _renamed_ctes(_with_arguments(macro, node.this.expressions),
                                     next(self._expansions))  # fmt: skip
                for where in list(body.find_all(exp.Where)):  # `NOT false OR ...` goes
                    where.replace(simplify(where))
                alias = node.args.get("alias") or exp.TableAlias(
                    this=exp.to_identifier(node.this.name)
                )
                if self._materialize is not None and node.this.name.lower() in SHARED_MACROS:
                    view = self._view(node.this.sql(dialect="duckdb"), node.this.name, body)
                    return exp.Table(this=exp.to_identifier(view), alias=alias)
                return exp.Subquery(this=self._expanded(body), alias=alias)
        if isinstance(node, exp.Anonymous):
            macro = self.macros.get(node.name.lower())
            if macro is not None:
                body = _with_arguments(macro, node.expressions)
                return exp.Paren(this=self._expanded(body))
        return node

    def _view(self, call: str, name: str, body: exp.Expr) -> str:
        """The view of a shared macro's call, made the first time."""
        view = self._views.get(call)
        if view is None:
            assert self._materialize is not None
            view = f"{name.lower()}_view_{len(self._views) + 1}"
            self._materialize(view, _spark_text(self._expanded(body)))
            self._views[call] = view
        return view


def _spark_text(tree: exp.Expr) -> str:
    """The Spark SQL of `tree`, its macros expanded."""
    for select in list(tree.find_all(exp.Select)):
        _write_out_windows(select)
    return _rewritten(tree, _spark_function).sql(dialect="spark", comments=False)


def _with_arguments(macro: Macro, arguments: list[exp.Expr]) -> exp.Expr:
    """The macro's body with each parameter replaced by its argument."""
    if len(arguments) != len(macro.parameters):
        raise ValueError(f"a macro of {len(macro.parameters)} parameters called with "
                         f"{len(arguments)} arguments")  # fmt: skip
    bound = dict(zip(macro.parameters, arguments, strict=True))

    def put_in(node: exp.Expr) -> exp.Expr:
        if isinstance(node, exp.Column) and not node.table and node.name in bound:
            argument = bound[node.name].copy()
            return (
                argument
                if isinstance(argument, exp.Column | exp.Literal)
                else exp.Paren(this=argument)
            )
        return node

    return macro.body.copy().transform(put_in)


def _renamed_ctes(query: exp.Expr, number: int) -> exp.Expr:
    """`query` with each of its CTEs named apart (`chosen` as `chosen_3`, read as
    `chosen_3 AS chosen`): Spark SQL takes the CTEs of every subquery to the top, where
    two expansions of a macro would name theirs alike. A CTE's name is renamed where
    it is seen: in the CTEs after it and in the query (before it, a table of the name
    is the table: `boards AS (... FROM boards ...)`)."""
    ctes = query.args.get("with_")
    if ctes is None:
        return query
    order = {cte.alias: place for place, cte in enumerate(ctes.expressions)}
    for table in list(query.find_all(exp.Table)):
        if table.db or table.name not in order or not isinstance(table.this, exp.Identifier):
            continue
        if _cte_place(table, ctes) > order[table.name]:
            if not table.alias:
                table.set("alias", exp.TableAlias(this=exp.to_identifier(table.name)))
            table.set("this", exp.to_identifier(f"{table.name}_{number}"))
    for cte in ctes.expressions:
        cte.set("alias", exp.TableAlias(this=exp.to_identifier(f"{cte.alias}_{number}")))
    return query


def _cte_place(node: exp.Expr, ctes: exp.With) -> int:
    """The place of the CTE of `ctes` whose definition holds `node` (past the last for
    the query itself)."""
    places = {id(cte): place for place, cte in enumerate(ctes.expressions)}
    parent = node.parent
    while parent is not None and id(parent) not in places:
        parent = parent.parent
    return len(places) if parent is None else places[id(parent)]


def _bound(node: exp.Expr, parameters: Mapping[str, object]) -> exp.Expr:
    """A `$name` parameter as the literal of its value."""
    if isinstance(node, exp.Placeholder) and node.name:
        return _literal(parameters[node.name])
    return node


def _literal(value: object) -> exp.Expr:
    if value is None:
        return exp.Null()
    if isinstance(value, bool):
        return exp.Boolean(this=value)
    if isinstance(value, int | float):
        return exp.Literal.number(value)
    if isinstance(value, datetime):
        moment = value.astimezone(UTC).replace(tzinfo=None)  # the session's zone is UTC
        return exp.cast(exp.Literal.string(moment.isoformat(sep=" ")), exp.DataType.Type.TIMESTAMP)
    return exp.Literal.string(str(value))


def _write_out_windows(select: exp.Select) -> None:
    """Replace each use of a window named in `select`'s WINDOW clause by the window."""
    named = {window.name: window for window in select.args.get("windows") or []}
    if not named:
        return
    for window in select.find_all(exp.Window):
        reference = window.args.get("alias")
        if window.parent_select is not select or reference is None:
            continue
        definition = named.get(reference.name)
        if definition is None:
            continue
        window.set("alias", None)
        for part in ("partition_by", "order", "spec"):
            if not window.args.get(part) and definition.args.get(part):
                window.set(part, definition.args[part].copy() if part != "partition_by"
                           else [column.copy() for column in definition.args[part]])  # fmt: skip
    select.set("windows", None)


def _rewritten(tree: exp.Expr, rewrite: Callable[[exp.Expr], exp.Expr]) -> exp.Expr:
    """`tree` with `rewrite` applied to every node, its children first (so that what
    a rewrite moves into a new node has been rewritten already)."""
    for node in reversed(list(tree.walk())):
        new = rewrite(node)
        if new is not node:
            if node is tree:
                tree = new
            else:
                node.replace(new)
    return tree


def _spark_function(node: exp.Expr) -> exp.Expr:
    """The Spark form of a DuckDB function sqlglot writes as DuckDB means it."""
    if isinstance(node, exp.CTE):
        node.set("materialized", None)  # DuckDB's NOT MATERIALIZED
        return node
    if isinstance(node, exp.Window) and isinstance(node.this, exp.Filter):
        node.set("this", _filter_as_case(node.this))
        return node
    if isinstance(node, exp.Filter) and _is_ordered_list(node.this):
        return _ordered_list(node.this.this, node.expression)
    if _is_ordered_list(node) and not isinstance(node.parent, exp.Filter):
        return _ordered_list(node.this)
    if isinstance(node, exp.Literal) and not node.is_string and "." in node.name:
        return exp.cast(node.copy(), exp.DataType.Type.DOUBLE)  # as DuckDB divides it
    if isinstance(node, exp.Length):
        return exp.func("size", node.this)
    if isinstance(node, exp.Bracket) and len(node.expressions) == 1:
        return exp.func("try_element_at", node.this, _from_one(node.expressions[0]))
    if isinstance(node, exp.ArrayOverlaps):
        return exp.func("arrays_overlap", node.this, node.expression)
    if isinstance(node, exp.Anonymous):
        name = node.name.lower()
        if name == "list_position":
            found = exp.func("array_position", *node.expressions)
            return exp.func("nullif", found, exp.Literal.number(0))
        if name == "list_bool_or":
            item = exp.to_identifier("item")
            return exp.func("exists", node.expressions[0],
                            exp.Lambda(this=exp.column(item), expressions=[item]))  # fmt: skip
        if name == "to_minutes":
            zero = exp.Literal.number(0)
            return exp.func("make_dt_interval", zero, zero, node.expressions[0], zero)
    return node


def _from_one(index: exp.Expr) -> exp.Expr:
    """A list index counted from 1 (sqlglot holds them counted from 0)."""
    if isinstance(index, exp.Literal) and index.is_int:
        return exp.Literal.number(int(index.name) + 1)
    return exp.Add(this=index.copy(), expression=exp.Literal.number(1))


def _filter_as_case(aggregate: exp.Filter) -> exp.Expr:
    """`f(x) FILTER (WHERE c)` as `f(CASE WHEN c THEN x END)` (`count(*)` counts 1s):
    Spark refuses FILTER on a window function."""
    function: exp.Expr = aggregate.this.copy()
    condition, argument = aggregate.expression.this, function.this
    if isinstance(argument, exp.Star):
        argument = exp.Literal.number(1)
    function.set("this", exp.case().when(condition.copy(), argument.copy()))
    return function


def _is_ordered_list(node: exp.Expr) -> bool:
    return isinstance(node, exp.ArrayAgg) and isinstance(node.this, exp.Order)


def _ordered_list(order: exp.Order, where: exp.Where | None = None) -> exp.Expr:
    """`list(x ORDER BY k) [FILTER (WHERE c)]`: the (k, x) pairs collected (those
    where c holds), sorted, and their x."""
    value = order.this
    keys = [ordered.this for ordered in order.expressions]
    pair = exp.func("struct", *(key.copy() for key in keys), exp.alias_(value.copy(), "item"))
    pairs: exp.Expr = exp.func("collect_list", pair)
    if where is not None:
        pairs = exp.Filter(this=pairs, expression=where.copy())
    pair_name = exp.to_identifier("pair")
    sorted_pairs = exp.func("array_sort", pairs)
    return exp.func(
        "transform",
        sorted_pairs,
        exp.Lambda(this=exp.Dot(this=exp.column(pair_name), expression=exp.to_identifier("item")),
                   expressions=[pair_name]),
    )  # fmt: skip
