"""PostgreSQL's hot path: planned statements straight on the asyncpg connection, inside SQLAlchemy's transaction.

Through SQLAlchemy's async layer a statement costs about 150 µs of the bot's CPU (a greenlet hop, the execution
context, the adapter's cursor) besides its round trip. A plan (storage/planned.py) sends the same SQL with the
same converted parameters to the same asyncpg connection, whose own statement cache prepares it once, and its
rows come back converted as SQLAlchemy would. Transactions, savepoints and every other statement stay
SQLAlchemy's: plans run only once SQLAlchemy has begun the transaction on the connection.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractAsyncContextManager
from typing import Any

import asyncpg
from sqlalchemy import Dialect, Executable
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from storage.planned import PlanBook, PlannedResult, converted, is_planned
from storage.statements import StatementResult

# What asyncpg raises: the server's errors, and its own for a connection in a bad state or gone.
DRIVER_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError, OSError)


class ServerPlans(PlanBook):
    """Plans run on an asyncpg connection."""

    RESULT_TYPES_FROM_DRIVER = True

    async def run(self, driver: asyncpg.Connection, statement: Executable,
                  parameters: Mapping[str, Any]) -> PlannedResult:
        plan, values = self.values_for(statement, parameters)
        try:
            if not plan.typed:  # once per plan: the column types, on which asyncpg's conversions depend
                attributes = (await driver.prepare(plan.sql)).get_attributes()
                plan = self.with_driver_types(statement, parameters,
                                              [attribute.type.oid for attribute in attributes])
            if plan.row_type is None:  # a write: only its status ("INSERT 0 1") says how many rows it changed
                return PlannedResult([], _rowcount(await driver.execute(plan.sql, *values)))
            records = await driver.fetch(plan.sql, *values)
        except DRIVER_ERRORS as error:
            # SQLAlchemy's classes, coarser than its own translation (a constraint is an IntegrityError, all else
            # a DBAPIError), with asyncpg's error as .orig: what storage/transient reads is its sqlstate.
            failure = IntegrityError if isinstance(error, asyncpg.IntegrityConstraintViolationError) else DBAPIError
            raise failure(plan.sql, values, error) from error
        return PlannedResult([converted(plan, record) for record in records], len(records))


class ServerConnection:
    """A pooled PostgreSQL connection behind the repositories' interface: planned statements on the driver once
    the transaction has begun, everything else through SQLAlchemy."""

    def __init__(self, connection: AsyncConnection, plans: ServerPlans) -> None:
        self._connection = connection
        self._plans = plans
        self._driver: asyncpg.Connection | None = None  # set once SQLAlchemy began the transaction on it

    @property
    def dialect(self) -> Dialect:
        return self._connection.dialect

    def begin_nested(self) -> AbstractAsyncContextManager[Any]:
        return self._connection.begin_nested()

    async def execute(self, statement: Executable, parameters: Any = None) -> StatementResult:
        if parameters is not None and self._driver is not None and is_planned(statement):
            try:
                return await self._plans.run(self._driver, statement, parameters)
            except DBAPIError as error:
                if self._driver.is_closed() or _broken(error.orig):  # the pool must not hand it out again
                    await self._connection.invalidate()
                raise
        result = await self._connection.execute(statement, parameters)
        if self._driver is None:  # SQLAlchemy's first statement began the transaction (asyncpg begins lazily)
            self._driver = (await self._connection.get_raw_connection()).driver_connection
        return result


def _broken(error: BaseException | None) -> bool:
    """Whether the connection can't be trusted after ``error``: anything but an error the server reported on a
    working connection (a constraint, a lost race...)."""
    return not isinstance(error, asyncpg.PostgresError) or isinstance(error, asyncpg.PostgresConnectionError)


def _rowcount(status: str) -> int:
    """The rows an INSERT, UPDATE or DELETE changed, from its status: "INSERT 0 1", "UPDATE 3"."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1
