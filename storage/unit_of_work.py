"""Units of work for an engine's database: SQLite's through the group-committing writer, PostgreSQL's on held
connections."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import QueuePool

from bot.metrics import Metrics, NullMetrics
from storage.database import SQLITE_BUSY_TIMEOUT_MS, create_writer_engine
from storage.group_commit import GroupCommit
from storage.planned import SqlitePlans
from storage.server_pool import HeldConnections
from storage.server_statements import ServerPlans
from storage.server_timeouts import TRANSACTION_SECONDS_OPTION
from storage.server_unit_of_work import ServerUnitOfWork
from storage.shared_units import SharedTransactions, SharedUnitOfWork
from storage.shutdown import SHUTDOWN_WAIT
from storage.sqlite_unit_of_work import SqliteUnitOfWork


class UnitsOfWork:
    """Makes the units of work: ``async with units() as work``. Closed at shutdown, before the engine is disposed."""

    def __init__(self, make: Callable[[], ServerUnitOfWork | SqliteUnitOfWork], *, writer: GroupCommit | None = None,
                 connections: HeldConnections | None = None,
                 shared: Callable[[], ServerUnitOfWork | SqliteUnitOfWork | SharedUnitOfWork] | None = None) -> None:
        self._make = make
        self._writer = writer
        self._connections = connections
        # Units of work that may share their transaction with other learners' (for work on the learner's own rows
        # only): PostgreSQL's shared transactions (storage/shared_transaction.py). On SQLite every unit of work
        # shares the writer's COMMITs already.
        self.shared = shared or make

    def __call__(self) -> ServerUnitOfWork | SqliteUnitOfWork:
        return self._make()

    @property
    def single_writer(self) -> bool:
        """Whether every unit of work goes through one writer (SQLite's), so writes batched together lose nothing
        to the wait: the engine's ``link_batches``."""
        return self._writer is not None

    async def close(self, *, wait: float = SHUTDOWN_WAIT) -> None:
        """For good: every later unit of work hears WriterClosed at once, so that none is still writing, or opens
        a connection nobody closes, when the event loop closes. SQLite's writer first waits, without blocking the
        event loop, for a COMMIT under way and rolls back what was not committed (storage/group_commit.py);
        PostgreSQL's units of work holding a connection finish on it (storage/server_pool.py). Either way an action
        still under way after ``wait`` seconds is rolled back, and hears WriterClosed (storage/shutdown.py)."""
        if self._writer is not None:
            await self._writer.close_for_good(wait=wait)
        if self._connections is not None:
            await self._connections.close(wait=wait)


def unit_of_work_factory(engine: AsyncEngine, clock: Callable[[], datetime], *, metrics: Metrics | None = None
                         ) -> UnitsOfWork:
    """Units of work on the engine's database: SQLite's through one group-committing writer, PostgreSQL's on the
    pool's connections, held while others wait for them. ``metrics`` hear each transaction's seconds and each
    group commit's size."""
    metrics = metrics or NullMetrics()
    if engine.dialect.name == "sqlite":
        options = engine.sync_engine.get_execution_options()
        busy_timeout_ms = options.get("sqlite_busy_timeout_ms", SQLITE_BUSY_TIMEOUT_MS)
        # A COMMIT of reads only (size 0) holds no acknowledged action: left out of the batch sizes.
        writer_engine = create_writer_engine(engine.url, busy_timeout_ms=busy_timeout_ms,
                                             read_only=options.get("sqlite_read_only", False))
        sqlite_plans = SqlitePlans(writer_engine.dialect)
        writer = GroupCommit(writer_engine, on_commit=lambda size: metrics.observe_batch(size) if size else None)
        # The writer's connection is the database's too: closed when the engine is disposed (reopened by a later
        # action, unless the units of work were closed).
        event.listen(engine.sync_engine, "engine_disposed", lambda _engine: writer.close())
        return UnitsOfWork(lambda: SqliteUnitOfWork(writer, sqlite_plans, clock, metrics), writer=writer)
    if engine.dialect.driver != "asyncpg" or not isinstance(engine.pool, QueuePool):
        raise ValueError("a database server needs asyncpg and a fixed pool (storage/server_pool.py), "
                         f"not {engine.dialect.driver} with {type(engine.pool).__name__}")
    plans = ServerPlans(engine.dialect)
    # Connections handed out in arrival order, as many as the pool has: one hand-over per engine, or the extra
    # units of work would wait in the pool's own unfair queue again.
    connections = HeldConnections(engine, engine.pool.size())
    limit = engine.sync_engine.get_execution_options().get(TRANSACTION_SECONDS_OPTION)

    def make(begin: str = "BEGIN") -> ServerUnitOfWork:
        return ServerUnitOfWork(connections, plans, clock, metrics, time_limit=limit, begin=begin)
    return UnitsOfWork(make, connections=connections, shared=SharedTransactions(make, plans, clock, metrics))
