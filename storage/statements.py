"""What the repositories need from a connection, whether an async one or the SQLite writer's in-line one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Protocol

from sqlalchemy import Connection, Dialect, Executable
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from storage.planned import SqlitePlans, is_planned


def dialect_insert(dialect_name: str) -> Any:
    """The dialect's own INSERT, which offers ON CONFLICT on PostgreSQL and SQLite alike."""
    return postgresql_insert if dialect_name == "postgresql" else sqlite_insert


class StatementResult(Protocol):
    """The slice of a result the repositories use (SQLAlchemy's CursorResult, or a planned statement's)."""

    @property
    def rowcount(self) -> int: ...

    @property
    def lastrowid(self) -> int | None:
        """SQLite's id of the row a plain INSERT just added; only meaningful right after one."""

    def first(self) -> Any: ...

    def one(self) -> Any: ...

    def scalar_one(self) -> Any: ...

    def scalar_one_or_none(self) -> Any: ...

    def __iter__(self) -> Any: ...


class StatementRunner(Protocol):
    """The slice of SQLAlchemy's AsyncConnection the repositories use."""

    @property
    def dialect(self) -> Dialect: ...

    async def execute(self, statement: Executable, parameters: Any = None) -> StatementResult: ...

    def begin_nested(self) -> AbstractAsyncContextManager[Any]: ...


class Leavable:
    """A unit of work's connection, which refuses statements once its unit of work is over ("committed" or
    "ended"): its transaction has moved on by then (SQLite's writer to other actions; a PostgreSQL connection to
    the next unit of work), so a statement would land in someone else's, or run on its own and be kept at once."""

    _over: str | None = None

    def leave(self, how: str) -> None:
        self._over = self._over or how

    @property
    def over(self) -> str | None:
        return self._over

    def refuse_if_over(self) -> None:
        if self._over is not None:
            raise RuntimeError(f"a statement after its unit of work {self._over}")


class InlineConnection(Leavable):
    """A synchronous SQLAlchemy connection behind the async interface, run in-line on the event loop.

    Only for the SQLite writer, which holds the write transaction already: no statement inside it waits on a lock,
    and SQLite answers in microseconds, far less than handing each statement to a thread and back would cost.
    The hot statements skip SQLAlchemy's execution for their plans (storage/planned.py).
    """

    def __init__(self, connection: Connection, plans: SqlitePlans) -> None:
        self._connection = connection
        self._plans = plans
        self._driver = connection.connection.dbapi_connection  # the writer's sqlite3 connection

    @property
    def dialect(self) -> Dialect:
        return self._connection.dialect

    async def execute(self, statement: Executable, parameters: Any = None) -> StatementResult:
        self.refuse_if_over()
        if parameters is not None and is_planned(statement):
            return self._plans.run(self._driver, statement, parameters)
        return self._connection.execute(statement, parameters)

    def driver_sql(self, sql: str) -> None:
        """Plain SQL straight on the driver (the writer's savepoints)."""
        self._plans.run_sql(self._driver, sql)

    def begin_nested(self) -> AbstractAsyncContextManager[Any]:
        self.refuse_if_over()
        return self._savepoint()

    @asynccontextmanager
    async def _savepoint(self) -> AsyncIterator[None]:
        with self._connection.begin_nested():
            yield
