"""A database server (PostgreSQL): a fixed pool of connections, and a gate to hand them out first come, first served.

SQLAlchemy's async queue pool is not fair: a caller that has just returned a connection can take it again ahead
of callers already waiting, whose turn then restarts at the back. Under a burst some learners waited seconds
(p99 4–6 s at 500 users) and, at 5,000, hit the pool's timeout. So every unit of work first passes a FIFO gate
as wide as the pool: at most pool-size units of work hold a connection, and the rest queue in arrival order,
with no timeout (a burst drains; it never fails).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque

from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

DEFAULT_POOL_SIZE = 10
# Instead of pinging on every checkout (a round trip per transaction), connections are replaced every half
# hour, before a firewall or the server drops them for being idle; a dead one still fails its one transaction.
RECYCLE_SECONDS = 30 * 60


def create_server_engine(url: str, *, pool_size: int = DEFAULT_POOL_SIZE) -> AsyncEngine:
    """An async engine with exactly ``pool_size`` connections (no overflow, no pre-ping)."""
    return create_async_engine(url, pool_size=pool_size, max_overflow=0, pool_recycle=RECYCLE_SECONDS,
                               pool_pre_ping=False)


class FifoGate:
    """At most ``size`` holders at once; the others get in strictly in the order they arrived.

    A place that is given up goes straight to the oldest waiter (it never becomes free in between), so
    nobody arriving later can take it first. asyncio.Semaphore does this in recent 3.11 releases only.
    """

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("a gate needs at least one place")
        self._free = size
        self._waiters: deque[asyncio.Future[None]] = deque()

    async def acquire(self) -> None:
        if self._free > 0 and not self._waiters:
            self._free -= 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # handed a place just as we were cancelled: pass it on to the next
            else:
                with contextlib.suppress(ValueError):  # else a stale waiter would make newcomers queue
                    self._waiters.remove(waiter)
            raise

    def release(self) -> None:
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():  # skip waiters cancelled meanwhile
                waiter.set_result(None)
                return
        self._free += 1
