"""What the repositories need from a connection, whether an async one or the SQLite writer's in-line one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Protocol

from sqlalchemy import Connection, CursorResult, Dialect, Executable


class StatementRunner(Protocol):
    """The slice of SQLAlchemy's AsyncConnection the repositories use."""

    @property
    def dialect(self) -> Dialect: ...

    async def execute(self, statement: Executable, parameters: Any = None) -> CursorResult[Any]: ...

    def begin_nested(self) -> AbstractAsyncContextManager[Any]: ...


class InlineConnection:
    """A synchronous SQLAlchemy connection behind the async interface, run in-line on the event loop.

    Only for the SQLite writer, which holds the write transaction already: no statement inside it waits on a lock,
    and SQLite answers in microseconds, far less than handing each statement to a thread and back would cost.
    """

    def __init__(self, connection: Connection) -> None:
        self._connection = connection

    @property
    def dialect(self) -> Dialect:
        return self._connection.dialect

    async def execute(self, statement: Executable, parameters: Any = None) -> CursorResult[Any]:
        return self._connection.execute(statement, parameters)

    def begin_nested(self) -> AbstractAsyncContextManager[Any]:
        return self._savepoint()

    @asynccontextmanager
    async def _savepoint(self) -> AsyncIterator[None]:
        with self._connection.begin_nested():
            yield
