"""One database transaction per engine action: rolled back unless committed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from types import TracebackType
from typing import Self

from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncTransaction

from bot.ports import StorageBusy
from storage.game_repositories import SqlChatRepository, SqlGameRepository
from storage.memory_repositories import SqlCardRepository, SqlReviewLogRepository
from storage.repositories import SqlAnswerRepository, SqlLinkRepository, SqlSessionRepository, SqlUserRepository


class SqlUnitOfWork:
    users: SqlUserRepository
    sessions: SqlSessionRepository
    answers: SqlAnswerRepository
    links: SqlLinkRepository
    cards: SqlCardRepository
    reviews: SqlReviewLogRepository
    games: SqlGameRepository
    chats: SqlChatRepository

    def __init__(self, engine: AsyncEngine, clock: Callable[[], datetime], turn: asyncio.Lock | None = None) -> None:
        self._engine = engine
        self._clock = clock
        self._turn = turn
        self._connection: AsyncConnection | None = None
        self._transaction: AsyncTransaction | None = None

    async def __aenter__(self) -> Self:
        if self._turn is not None:
            await self._turn.acquire()
        try:
            self._connection = await self._engine.connect()
            try:
                # SQLite's BEGIN IMMEDIATE fails when another process holds the write lock too long.
                self._transaction = await self._connection.begin()
            except BaseException:
                await self._connection.close()  # else the pool's one connection would never come back
                raise
        except BaseException as error:
            self._release_turn()
            if is_transient(error):
                raise StorageBusy(str(error)) from error
            raise
        self.users = SqlUserRepository(self._connection, self._clock)
        self.sessions = SqlSessionRepository(self._connection)
        self.answers = SqlAnswerRepository(self._connection)
        self.links = SqlLinkRepository(self._connection)
        self.cards = SqlCardRepository(self._connection)
        self.reviews = SqlReviewLogRepository(self._connection)
        self.games = SqlGameRepository(self._connection)
        self.chats = SqlChatRepository(self._connection, self._clock)
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        if self._connection is None or self._transaction is None:
            raise RuntimeError("a unit of work ended that never began")
        try:
            if self._transaction.is_active:
                await self._transaction.rollback()
        finally:
            try:
                await self._connection.close()
            finally:
                self._release_turn()
        if exc is not None and is_transient(exc):  # rolled back: the caller may try the whole action again
            raise StorageBusy(str(exc)) from exc

    def _release_turn(self) -> None:
        if self._turn is not None:
            self._turn.release()

    async def commit(self) -> None:
        if self._transaction is None:
            raise RuntimeError("commit outside the unit of work")
        await self._transaction.commit()


# Lost races, not faults: PostgreSQL's serialization failure and deadlock, SQLite's busy and locked.
TRANSIENT_SQLSTATES = frozenset({"40001", "40P01"})
TRANSIENT_SQLITE = ("database is locked", "database table is locked", "database is busy")


def is_transient(error: BaseException) -> bool:
    if not isinstance(error, DBAPIError):
        return False
    if getattr(error.orig, "sqlstate", None) in TRANSIENT_SQLSTATES:
        return True
    return any(text in str(error.orig) for text in TRANSIENT_SQLITE)


def unit_of_work_factory(engine: AsyncEngine, clock: Callable[[], datetime]) -> Callable[[], SqlUnitOfWork]:
    # SQLite runs one transaction at a time. Taking turns on an asyncio.Lock (first come, first served)
    # keeps a burst fair: the connection pool's own queue lets a just-finished caller barge ahead, which
    # starved some learners for seconds under load.
    turn = asyncio.Lock() if engine.dialect.name == "sqlite" else None
    return lambda: SqlUnitOfWork(engine, clock, turn)
