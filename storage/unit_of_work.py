"""One database transaction per engine action: rolled back unless committed."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from types import TracebackType
from typing import Self

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncTransaction

from storage.repositories import SqlAnswerRepository, SqlLinkRepository, SqlSessionRepository, SqlUserRepository


class SqlUnitOfWork:
    users: SqlUserRepository
    sessions: SqlSessionRepository
    answers: SqlAnswerRepository
    links: SqlLinkRepository

    def __init__(self, engine: AsyncEngine, clock: Callable[[], datetime]) -> None:
        self._engine = engine
        self._clock = clock
        self._connection: AsyncConnection | None = None
        self._transaction: AsyncTransaction | None = None

    async def __aenter__(self) -> Self:
        self._connection = await self._engine.connect()
        self._transaction = await self._connection.begin()
        self.users = SqlUserRepository(self._connection, self._clock)
        self.sessions = SqlSessionRepository(self._connection)
        self.answers = SqlAnswerRepository(self._connection)
        self.links = SqlLinkRepository(self._connection)
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        assert self._connection is not None and self._transaction is not None
        try:
            if self._transaction.is_active:
                await self._transaction.rollback()
        finally:
            await self._connection.close()

    async def commit(self) -> None:
        assert self._transaction is not None
        await self._transaction.commit()


def unit_of_work_factory(engine: AsyncEngine, clock: Callable[[], datetime]) -> Callable[[], SqlUnitOfWork]:
    return lambda: SqlUnitOfWork(engine, clock)
