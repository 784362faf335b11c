"""Units of work on a database server, let through to its pool in arrival order (see storage/server_pool.py)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from types import TracebackType
from typing import Self

from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import QueuePool

from storage.server_pool import FifoGate
from storage.unit_of_work import SqlUnitOfWork


class GatedUnitOfWork(SqlUnitOfWork):
    """A unit of work that takes its place at the gate before it checks out a connection."""

    def __init__(self, engine: AsyncEngine, clock: Callable[[], datetime], gate: FifoGate) -> None:
        super().__init__(engine, clock)
        self._gate = gate

    async def __aenter__(self) -> Self:
        await self._gate.acquire()
        try:
            return await super().__aenter__()
        except BaseException:
            self._gate.release()
            raise

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        try:
            await super().__aexit__(exc_type, exc, tb)  # the connection is back in the pool before the next
        finally:
            self._gate.release()


def gated_unit_of_work_factory(engine: AsyncEngine, clock: Callable[[], datetime]) -> Callable[[], SqlUnitOfWork]:
    """Units of work taking turns through one gate as wide as the engine's pool.

    Make one factory per engine: two factories would each let pool-size units of work through, and the
    extra ones would wait in the pool's unfair queue again.
    """
    pool = engine.pool
    if not isinstance(pool, QueuePool):  # NullPool, StaticPool...: no queue to be unfair
        return lambda: SqlUnitOfWork(engine, clock)
    gate = FifoGate(pool.size())
    return lambda: GatedUnitOfWork(engine, clock, gate)
