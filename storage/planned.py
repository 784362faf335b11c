"""The answer's hot statements run straight on the driver, from plans SQLAlchemy compiled once.

SQLAlchemy's execution of a cached statement still costs about twice what SQLite takes to run it (execution
context, events, result metadata). A plan keeps what that work produces for one statement and one set of
parameter names: the SQL string, the order of its parameters and the types' own bind and result processors.
Running it is then a driver call and a loop, with the same conversions, the same SQL and SQLAlchemy's own
exception classes. Only statements marked with ``PLANNED`` are planned; any other runs through SQLAlchemy.
SqlitePlans run on the SQLite writer's connection; storage/server_statements.py runs them on asyncpg.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import ClauseElement, Dialect, Executable
from sqlalchemy.exc import DBAPIError, MultipleResultsFound, NoResultFound
from sqlalchemy.sql.compiler import SQLCompiler

# Execution option that marks a statement as planned (storage/hot_statements.py); SQLAlchemy ignores it.
PLANNED = "quiztutor_planned"

Processor = Callable[[Any], Any]
POSITIONAL = ("qmark", "numeric_dollar")  # SQLite's ?, and asyncpg's $1


@dataclass(frozen=True)
class Plan:
    sql: str
    names: tuple[str, ...]  # the parameters, in the SQL's order
    binds: tuple[tuple[int, Processor], ...]  # the parameters that need converting: place and bind processor
    results: tuple[tuple[int, Processor], ...]  # the result columns that need converting
    row_type: Any  # a named tuple of the result columns; None for a statement that returns no rows
    columns: tuple[Any, ...]  # the result columns
    typed: bool  # whether ``results`` know the driver's column types (asyncpg's numerics depend on them)
    parameter_types: tuple[str, ...] = ()  # the server's names of the parameters' types, once the driver said


class PlannedResult:
    """The slice of a SQLAlchemy result the repositories use: rows named by column, the rows changed, and on SQLite
    the connection's last inserted rowid: the new row's id only after a plain INSERT that added one (after an
    UPDATE, or an INSERT that did nothing, it is another statement's row)."""

    def __init__(self, rows: list[Any], rowcount: int, lastrowid: int | None = None) -> None:
        self._rows = rows
        self.rowcount = rowcount
        self.lastrowid = lastrowid

    def first(self) -> Any:
        return self._rows[0] if self._rows else None

    def one(self) -> Any:
        if not self._rows:
            raise NoResultFound("expected one row, got none")
        if len(self._rows) > 1:
            raise MultipleResultsFound(f"expected one row, got {len(self._rows)}")
        return self._rows[0]

    def scalar_one(self) -> Any:
        return self.one()[0]

    def scalar_one_or_none(self) -> Any:
        return self.one()[0] if self._rows else None

    def __iter__(self) -> Iterator[Any]:
        return iter(self._rows)


def is_planned(statement: Executable) -> bool:
    return bool(statement.get_execution_options().get(PLANNED))


class PlanBook:
    """Plans by statement and parameter names, made on first use. Only marked statements are planned, and they
    are built once (storage/hot_statements.py), so the plans stay few."""

    RESULT_TYPES_FROM_DRIVER = False  # True: results are converted once the driver said its columns' types

    def __init__(self, dialect: Dialect) -> None:
        if dialect.paramstyle not in POSITIONAL:
            raise ValueError(f"plans need positional parameters, not {dialect.paramstyle!r}")
        self._dialect = dialect
        self._plans: dict[tuple[Executable, tuple[str, ...]], Plan] = {}

    def values_for(self, statement: Executable, parameters: Mapping[str, Any]) -> tuple[Plan, list[Any]]:
        """The statement's plan, and the parameters in its order, converted as SQLAlchemy would send them."""
        names = tuple(parameters)
        plan = self._plans.get((statement, names))
        if plan is None:
            plan = self._plans[(statement, names)] = self._plan(statement, names)
        values = [parameters[name] for name in plan.names]
        for place, process in plan.binds:
            values[place] = process(values[place])
        return plan, values

    def _impl(self, type_: Any) -> Any:
        """The dialect's own type for a generic one (DateTime becomes SQLite's, which has the processors)."""
        return type_.dialect_impl(self._dialect)

    def _plan(self, statement: Executable, names: tuple[str, ...]) -> Plan:
        compiled = (statement.compile(dialect=self._dialect, column_keys=list(names))
                    if isinstance(statement, ClauseElement) else None)
        if not isinstance(compiled, SQLCompiler):  # checked once per plan: DDL has no columns to plan
            raise TypeError(f"only a query or DML statement can be planned, not {type(statement).__name__}")
        if compiled.insert_prefetch or compiled.update_prefetch:  # Python-side defaults: SQLAlchemy's job
            raise ValueError(f"a planned statement can't fill in defaults: {compiled.string}")
        order = compiled.positiontup or []
        missing = set(order) - set(names)
        if missing:
            raise ValueError(f"parameters missing for a planned statement: {sorted(missing)}")
        columns = list(getattr(statement, "exported_columns", ()))
        binds = [self._impl(compiled.binds[name].type).bind_processor(self._dialect) for name in order]
        typed = not (columns and self.RESULT_TYPES_FROM_DRIVER)
        return Plan(
            sql=compiled.string,
            names=tuple(order),
            binds=tuple((place, process) for place, process in enumerate(binds) if process is not None),
            results=self._result_processors(columns, [None] * len(columns)) if typed else (),
            row_type=namedtuple("PlannedRow", [column.key for column in columns]) if columns else None,
            columns=tuple(columns),
            typed=typed,
        )

    def with_driver_types(self, statement: Executable, parameters: Mapping[str, Any],
                          driver_types: Sequence[Any], parameter_types: Sequence[str] = ()) -> Plan:
        """The statement's plan, its results now converted for the driver's column types."""
        key = (statement, tuple(parameters))
        plan = self._plans[key]
        self._plans[key] = plan = replace(plan, results=self._result_processors(plan.columns, driver_types),
                                          typed=True, parameter_types=tuple(parameter_types))
        return plan

    def _result_processors(self, columns: Sequence[Any], driver_types: Sequence[Any]
                           ) -> tuple[tuple[int, Processor], ...]:
        processors = [self._impl(column.type).result_processor(self._dialect, driver_type)
                      for column, driver_type in zip(columns, driver_types, strict=True)]
        return tuple((place, process) for place, process in enumerate(processors) if process is not None)


class SqlitePlans(PlanBook):
    """Plans run on a SQLite DBAPI connection (the writer's, which holds the transaction)."""

    def run(self, dbapi_connection: Any, statement: Executable, parameters: Mapping[str, Any]) -> PlannedResult:
        plan, values = self.values_for(statement, parameters)
        cursor = self.run_sql(dbapi_connection, plan.sql, values)
        rows = [converted(plan, row) for row in cursor.fetchall()] if plan.row_type is not None else []
        return PlannedResult(rows, cursor.rowcount, cursor.lastrowid)

    def run_sql(self, dbapi_connection: Any, sql: str, values: Sequence[Any] = ()) -> Any:
        """SQL on the DBAPI connection, failing as SQLAlchemy would (IntegrityError, OperationalError...)."""
        try:
            return dbapi_connection.execute(sql, values)
        except self._dialect.loaded_dbapi.Error as error:
            raise DBAPIError.instance(sql, values, error, self._dialect.loaded_dbapi.Error,
                                      dialect=self._dialect) from error


def converted(plan: Plan, row: Sequence[Any]) -> Any:
    """A driver's row as a named tuple, each column converted as SQLAlchemy would (only plans that read)."""
    assert plan.row_type is not None, "a write's plan has no rows"
    values = list(row)
    for place, process in plan.results:
        if values[place] is not None:
            values[place] = process(values[place])
    return plan.row_type._make(values)
