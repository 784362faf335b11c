"""One database transaction per engine action: rolled back unless committed; SQLite's share the writer's."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from types import TracebackType
from typing import Self

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncTransaction
from sqlalchemy.pool import QueuePool

from bot.metrics import Metrics, NullMetrics
from storage.database import SQLITE_BUSY_TIMEOUT_MS, create_writer_engine
from storage.group_commit import GroupCommit
from storage.planned import SqlitePlans
from storage.repository_set import RepositorySet
from storage.server_pool import FifoGate
from storage.server_statements import ServerConnection, ServerPlans
from storage.sqlite_unit_of_work import SqliteUnitOfWork
from storage.transient import lost_races_as_busy, raise_if_lost_race


class SqlUnitOfWork(RepositorySet):
    """A server database's unit of work (PostgreSQL): a transaction on a pooled connection, taken in turn at the
    pool's first-come-first-served gate."""

    def __init__(self, engine: AsyncEngine, clock: Callable[[], datetime], turn: FifoGate | None = None,
                 metrics: Metrics | None = None, plans: ServerPlans | None = None) -> None:
        self._engine = engine
        self._plans = plans  # asyncpg's: the hot statements then skip SQLAlchemy's execution
        self._clock = clock
        self._turn = turn
        self._metrics = metrics or NullMetrics()  # hears each transaction's seconds, BEGIN to its end
        self._began = 0.0
        self._connection: AsyncConnection | None = None
        self._transaction: AsyncTransaction | None = None

    async def __aenter__(self) -> Self:
        if self._turn is not None:
            await self._turn.acquire()
        try:
            with lost_races_as_busy():
                self._connection = await self._engine.connect()
                try:
                    self._began = time.perf_counter()
                    self._transaction = await self._connection.begin()
                except BaseException:
                    await self._connection.close()  # else the pool would lose the connection
                    raise
        except BaseException:
            self._release_turn()
            raise
        self.bind(self._connection if self._plans is None else ServerConnection(self._connection, self._plans),
                  self._clock)
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        if self._connection is None or self._transaction is None:
            raise RuntimeError("a unit of work ended that never began")
        try:
            if self._transaction.is_active:
                await self._transaction.rollback()
            self._metrics.observe_transaction(time.perf_counter() - self._began)
        finally:
            try:
                await self._connection.close()
            finally:
                self._release_turn()
        raise_if_lost_race(exc)

    def _release_turn(self) -> None:
        if self._turn is not None:
            self._turn.release()

    async def commit(self) -> None:
        if self._transaction is None:
            raise RuntimeError("commit outside the unit of work")
        await self._transaction.commit()


def unit_of_work_factory(engine: AsyncEngine, clock: Callable[[], datetime], *, metrics: Metrics | None = None
                         ) -> Callable[[], SqlUnitOfWork | SqliteUnitOfWork]:
    """Units of work on the engine's database: SQLite's through one group-committing writer. ``metrics`` hear
    each transaction's seconds and each group commit's size."""
    metrics = metrics or NullMetrics()
    if engine.dialect.name == "sqlite":
        busy_timeout_ms = engine.sync_engine.get_execution_options().get(
            "sqlite_busy_timeout_ms", SQLITE_BUSY_TIMEOUT_MS)
        # A COMMIT of reads only (size 0) holds no acknowledged action: left out of the batch sizes.
        writer_engine = create_writer_engine(engine.url, busy_timeout_ms=busy_timeout_ms)
        plans = SqlitePlans(writer_engine.dialect)
        writer = GroupCommit(writer_engine, on_commit=lambda size: metrics.observe_batch(size) if size else None)
        # The writer's connection is the database's too: closed when the engine is disposed.
        event.listen(engine.sync_engine, "engine_disposed", lambda _engine: writer.close())
        return lambda: SqliteUnitOfWork(writer, plans, clock, metrics)
    plans = ServerPlans(engine.dialect) if engine.dialect.driver == "asyncpg" else None
    pool = engine.pool
    if not isinstance(pool, QueuePool):  # NullPool, StaticPool...: no queue to be unfair
        return lambda: SqlUnitOfWork(engine, clock, metrics=metrics, plans=plans)
    # The server's pool handed out in arrival order, by a gate as wide as the pool: one gate per engine, or the
    # extra units of work would wait in the pool's own unfair queue again.
    gate = FifoGate(pool.size())
    return lambda: SqlUnitOfWork(engine, clock, gate, metrics=metrics, plans=plans)
