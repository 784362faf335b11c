"""PostgreSQL's hot path: planned statements straight on the asyncpg connection.

Through SQLAlchemy's async layer a statement costs about 150 µs of the bot's CPU (a greenlet hop, the execution
context, the adapter's cursor) besides its round trip. A plan (storage/planned.py) sends the same SQL with the
same converted parameters to the same asyncpg connection, whose own statement cache prepares it once, and its
rows come back converted as SQLAlchemy would. The transaction is begun and ended on the driver too (a trip
through SQLAlchemy's async layer each, else); savepoints and every other statement stay SQLAlchemy's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

import asyncpg
from sqlalchemy import Dialect, Executable
from sqlalchemy.exc import DBAPIError, IntegrityError

from storage.planned import PlanBook, PlannedResult, converted, is_planned
from storage.server_pool import HeldConnection
from storage.statements import Leavable, StatementResult

# What asyncpg raises: the server's errors, and its own for a connection in a bad state or gone.
DRIVER_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError, OSError)


class TransactionAborted(RuntimeError):
    """COMMIT found the transaction aborted by a failed statement (whose error was caught): nothing was kept."""


class ServerPlans(PlanBook):
    """Plans run on an asyncpg connection."""

    RESULT_TYPES_FROM_DRIVER = True

    async def run(self, driver: asyncpg.Connection, statement: Executable,
                  parameters: Mapping[str, Any]) -> PlannedResult:
        plan, values = self.values_for(statement, parameters)
        try:
            # Once per plan: the column types, on which asyncpg's conversions depend, and the parameters' (for
            # statements merged over arrays: storage/merged_statements.py).
            if not plan.typed or (plan.names and not plan.parameter_types):
                prepared = await driver.prepare(plan.sql)
                # (An INSERT's RETURNING of its new key that SQLAlchemy added is no column of the plan's.)
                columns = [attribute.type.oid for attribute in prepared.get_attributes()][:len(plan.columns)]
                plan = self.with_driver_types(statement, parameters, columns,
                                              [_type_name(type_) for type_ in prepared.get_parameters()])
            if plan.row_type is None:  # a write: only its status ("INSERT 0 1") says how many rows it changed
                return PlannedResult([], _rowcount(await driver.execute(plan.sql, *values)))
            records = await driver.fetch(plan.sql, *values)
        except DRIVER_ERRORS as error:
            raise driver_failure(plan.sql, values, error) from error
        return PlannedResult([converted(plan, record) for record in records], len(records))


class ServerConnection(Leavable):
    """A held PostgreSQL connection behind the repositories' interface, in the transaction begun on its driver:
    planned statements straight on the driver, everything else through SQLAlchemy (in AUTOCOMMIT, so it begins
    nothing of its own)."""

    def __init__(self, held: HeldConnection, plans: ServerPlans) -> None:
        self.held = held
        self._plans = plans

    @property
    def dialect(self) -> Dialect:
        return self.held.connection.dialect

    def begin_nested(self) -> AbstractAsyncContextManager[Any]:
        self.refuse_if_over()
        return self.held.connection.begin_nested()

    async def execute(self, statement: Executable, parameters: Any = None) -> StatementResult:
        self.refuse_if_over()
        if parameters is not None and is_planned(statement):
            try:
                return await self._plans.run(self.held.driver, statement, parameters)
            except DBAPIError as error:
                self._note_failure(error.orig)
                raise
        try:
            return await self.held.connection.execute(statement, parameters)
        except DBAPIError as error:
            # SQLAlchemy's adapter wraps asyncpg's error once more (as .orig's __cause__), and SQLAlchemy's
            # Connection invalidates itself when it is gone; a constraint or a lost race leaves it as good as before.
            self._note_failure(getattr(error.orig, "__cause__", None))
            raise

    async def run_sql(self, sql: str) -> str:
        """Plain SQL on the driver (BEGIN, COMMIT, ROLLBACK), failing as a planned statement would; returns its
        status."""
        try:
            return await self.held.driver.execute(sql)
        except DRIVER_ERRORS as error:
            self._note_failure(error)
            raise driver_failure(sql, (), error) from error

    async def fetch_sql(self, sql: str, values: Sequence[Any]) -> list[Any]:
        """The rows of SQL straight on the driver (statements merged: storage/merged_statements.py), failing as a
        planned statement would."""
        self.refuse_if_over()
        try:
            return await self.held.driver.fetch(sql, *values)
        except DRIVER_ERRORS as error:
            self._note_failure(error)
            raise driver_failure(sql, values, error) from error

    async def commit(self) -> None:
        self.refuse_if_over()
        self.leave("committed")  # even if COMMIT fails: the transaction is over on the server all the same
        # A transaction a failed statement aborted answers COMMIT with "ROLLBACK", and no error: its writes are lost.
        if await self.run_sql("COMMIT") != "COMMIT":
            raise TransactionAborted("COMMIT rolled back: a statement failed earlier in this transaction")

    async def end(self) -> None:
        """Roll back what the transaction left undone. A connection that can't roll back is marked broken
        instead: closing it ends its transaction on the server just as well."""
        if self.held.connection.in_transaction():  # SQLAlchemy's record of it, begun by a statement it ran
            await self.held.connection.rollback()  # no round trip in AUTOCOMMIT
        if self.held.broken or not self.held.driver.is_in_transaction():
            return
        try:
            await self.run_sql("ROLLBACK")
        except DBAPIError:
            self.held.broken = True

    def _note_failure(self, error: BaseException | None) -> None:
        """Mark the connection broken if it is closed or invalidated, or if asyncpg's ``error`` leaves it
        untrustworthy. Anything else (what SQLAlchemy wrapped without an asyncpg cause) isn't judged: SQLAlchemy
        invalidates its connection on a disconnect itself."""
        if (self.held.driver.is_closed() or self.held.connection.invalidated
                or (isinstance(error, DRIVER_ERRORS) and _broken(error))):
            self.held.broken = True  # the pool must not hand it out again


def driver_failure(sql: str, values: Any, error: BaseException) -> DBAPIError:
    """asyncpg's error as SQLAlchemy's class, coarser than its own translation (a constraint is an IntegrityError,
    all else a DBAPIError), with asyncpg's error as .orig: what storage/transient reads is its sqlstate."""
    failure = IntegrityError if isinstance(error, asyncpg.IntegrityConstraintViolationError) else DBAPIError
    return failure(sql, values, error)


def _broken(error: BaseException | None) -> bool:
    """Whether the connection can't be trusted after ``error``: anything but an error the server reported on a
    working connection (a constraint, a lost race...)."""
    return not isinstance(error, asyncpg.PostgresError) or isinstance(error, asyncpg.PostgresConnectionError)


def _type_name(type_: Any) -> str:
    """A parameter's type as SQL names it (storage/merged_statements.py casts arrays of it)."""
    return type_.name if type_.schema == "pg_catalog" else f'"{type_.schema}"."{type_.name}"'


def _rowcount(status: str) -> int:
    """The rows an INSERT, UPDATE or DELETE changed, from its status: "INSERT 0 1", "UPDATE 3"."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1
