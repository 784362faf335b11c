"""One engine action on the SQLite writer: a savepoint in the writer's shared transaction."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from types import TracebackType
from typing import Self

from bot.metrics import Metrics, NullMetrics
from storage.group_commit import GroupCommit
from storage.planned import SqlitePlans
from storage.repository_set import RepositorySet
from storage.shutdown import abandoned
from storage.statements import InlineConnection
from storage.transient import lost_races_as_busy, raise_if_lost_race

# Plain SQL on the DBAPI connection, not SQLAlchemy's begin_nested(): that compiles a fresh statement per
# savepoint name, which cost a quarter of the writer's time. Savepoints nest, so the repositories' own
# begin_nested() still works inside.
SAVEPOINT = "SAVEPOINT action"
RELEASE = "RELEASE action"
ROLLBACK = "ROLLBACK TO action"


class SqliteUnitOfWork(RepositorySet):
    def __init__(self, writer: GroupCommit, plans: SqlitePlans, clock: Callable[[], datetime],
                 metrics: Metrics | None = None) -> None:
        self._writer = writer
        self._plans = plans  # the writer's, shared by its units of work
        self._clock = clock
        self._inline: InlineConnection | None = None
        self._metrics = metrics or NullMetrics()  # hears seconds from the savepoint to its COMMIT on disk, or rollback
        self._began = 0.0

    async def __aenter__(self) -> Self:
        with lost_races_as_busy():  # another process held SQLite's write lock past the busy timeout
            connection = await self._writer.enter()
        self._began = time.perf_counter()
        inline = InlineConnection(connection, self._plans)
        try:
            inline.driver_sql(SAVEPOINT)
        except BaseException:
            self._leave_nowhere()
            raise
        self._inline = inline
        self.bind(inline, self._clock)
        return self

    async def commit(self) -> None:
        """Keep this action's writes; returns once they are on disk."""
        if self._inline is None:
            raise RuntimeError("commit outside the unit of work")
        self._inline.refuse_if_over()
        if self._writer.abandoned:
            raise abandoned()
        self._driver_sql(RELEASE)
        self._inline.leave("committed")
        try:
            with lost_races_as_busy():
                await self._writer.leave(committed=True)
        finally:
            self._timed()

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        if self._inline is None:
            raise RuntimeError("a unit of work ended that never began")
        if self._inline.over is not None:  # committed
            return
        if self._writer.abandoned:  # the writer closed at shutdown under this action: rolled back, connection closed
            self._leave_nowhere()
            self._timed()
            if isinstance(exc, Exception):  # what failed on the closed connection (not a cancellation)
                raise abandoned() from exc
            return
        try:
            self._driver_sql(ROLLBACK)
            self._driver_sql(RELEASE)
        finally:
            self._leave_nowhere()
            self._timed()
        raise_if_lost_race(exc)

    def _driver_sql(self, sql: str) -> None:
        if self._inline is None:
            raise RuntimeError("a unit of work used outside its transaction")
        self._inline.driver_sql(sql)

    def _timed(self) -> None:
        self._metrics.observe_transaction(time.perf_counter() - self._began)

    def _leave_nowhere(self) -> None:
        if self._inline is not None:
            self._inline.leave("ended")
        self._writer.leave_nowhere()
