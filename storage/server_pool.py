"""A database server (PostgreSQL): a fixed pool of connections, handed out first come, first served.

SQLAlchemy's async queue pool is not fair: a caller that has just returned a connection can take it again ahead
of callers already waiting, whose turn then restarts at the back. Under a burst some learners waited seconds
(p99 4–6 s at 500 users) and, at 5,000, hit the pool's timeout. So every unit of work first queues at a FIFO
hand-over as wide as the pool: at most pool-size units of work hold a connection, and the rest queue in arrival
order, with no timeout of the queue's own (a burst drains; it never fails): only the transaction limit, which counts
the wait in the queue too (storage/server_unit_of_work.py), so that connections all stuck on a lock tell each
queued learner within it.

A unit of work that ends while others wait hands its connection straight to the oldest waiter, still checked
out: checking a connection in and out of SQLAlchemy's pool costs two trips through its async layer, a good part
of a short transaction's CPU. With nobody waiting, connections go back to the pool.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import asyncpg
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from bot.ports import WriterClosed
from storage.json_text import JSON_CODEC
from storage.pool_size import DEFAULT_POOL_SIZE
from storage.server_timeouts import SERVING, TRANSACTION_SECONDS_OPTION, ServerTimeouts
from storage.shutdown import SHUTDOWN_WAIT

# Instead of pinging on every checkout (a round trip per transaction), connections are replaced every half
# hour, before a firewall or the server drops them for being idle; one that died anyway (a server restart) fails
# at BEGIN, before anything was done on it, and is replaced then (storage/server_unit_of_work.py).
RECYCLE_SECONDS = 30 * 60
CACHEABLE_STATEMENT_BYTES = 128 * 1024

Item = TypeVar("Item")


def create_server_engine(url: str, *, pool_size: int = DEFAULT_POOL_SIZE,
                         timeouts: ServerTimeouts = SERVING) -> AsyncEngine:
    """An async engine with exactly ``pool_size`` connections (no overflow, no pre-ping), each with ``timeouts``."""
    # The driver prepares statements up to this size once (its default, 15 KB, leaves out the shared
    # transactions' merged statements: storage/merged_statements.py, up to about 75 KB).
    connect_args = {**timeouts.connect_args(), "max_cacheable_statement_size": CACHEABLE_STATEMENT_BYTES}
    engine = create_async_engine(url, pool_size=pool_size, max_overflow=0, pool_recycle=RECYCLE_SECONDS,
                                 pool_pre_ping=False, connect_args=connect_args, **JSON_CODEC)
    # For the units of work (storage/unit_of_work.py); SQLAlchemy ignores options it doesn't know.
    engine.sync_engine.update_execution_options(**{TRANSACTION_SECONDS_OPTION: timeouts.transaction_seconds})
    return engine


class FifoHandOver(Generic[Item]):
    """At most ``size`` holders at once; the others get in strictly in the order they arrived, each given what
    the holder before it handed over (None to the first holders of a place).

    A place that is given up goes straight to the oldest waiter (it never becomes free in between), so
    nobody arriving later can take it first. asyncio.Semaphore does this in recent 3.11 releases only.
    """

    def __init__(self, size: int, discard: Callable[[Item], Awaitable[None]] | None = None) -> None:
        if size < 1:
            raise ValueError("a hand-over needs at least one place")
        self._free = size
        self._waiters: deque[asyncio.Future[Item | None]] = deque()
        self._discard = discard  # for what a cancelled waiter was handed when nobody else waits

    async def acquire(self) -> Item | None:
        if self._free > 0 and not self._waiters:
            self._free -= 1
            return None
        waiter: asyncio.Future[Item | None] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                left = self.release(waiter.result())  # handed a place just as we were cancelled: pass it on
                if left is not None and self._discard is not None:
                    with contextlib.suppress(Exception):  # the cancellation is what the caller must see
                        await self._discard(left)
            else:
                with contextlib.suppress(ValueError):  # else a stale waiter would make newcomers queue
                    self._waiters.remove(waiter)
            raise

    def release(self, item: Item | None = None) -> Item | None:
        """Give up a place, handing ``item`` to the oldest waiter; returns it when nobody was waiting."""
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():  # skip waiters cancelled meanwhile
                waiter.set_result(item)
                return None
        self._free += 1
        return item


@dataclass(eq=False)
class HeldConnection:
    """A pooled connection checked out of SQLAlchemy's pool and passed between units of work."""

    connection: AsyncConnection  # in AUTOCOMMIT: statements run in the transaction begun on the driver
    driver: asyncpg.Connection
    checked_out: float = field(default_factory=time.monotonic)
    broken: bool = False  # the server or the network failed it: not to be used again
    abandoned: bool = False  # closed at shutdown under a unit of work still on it past the wait: rolled back


class HeldConnections:
    """The engine's connections, handed from one unit of work to the next in arrival order."""

    def __init__(self, engine: AsyncEngine, size: int) -> None:
        self._engine = engine
        self.size = size
        self._hand_over: FifoHandOver[HeldConnection] = FifoHandOver(size, discard=self._close)
        self._closed = False
        self._lent: set[HeldConnection] = set()  # held by units of work now
        self._given_back = asyncio.Event()
        # Since the schema last changed under us: the drivers (by id) whose prepared statements were dropped. A new
        # connection at a reused id is skipped, which is right: it has prepared nothing yet.
        self._refreshed: set[int] | None = None
        self._schema_changed_at = 0.0

    def schema_changed(self) -> None:
        """A statement prepared before another process changed the schema was refused (storage/transient.py).
        asyncpg drops the prepared statements of the connection that failed only; every other one drops its own
        before its next unit of work, else each try of the action would meet another connection's stale one."""
        self._refreshed, self._schema_changed_at = set(), time.monotonic()

    async def close(self, *, wait: float = SHUTDOWN_WAIT) -> None:
        """For good, at shutdown, before the engine is disposed: a later unit of work (an event handler still
        running) hears WriterClosed at once, as on SQLite (storage/group_commit.py), and one still queued hears it
        when its turn comes, instead of opening a connection on the disposed engine that nobody would close.
        Units of work holding a connection get ``wait`` seconds to finish on it (it is closed when given back).
        Past that, their connections are cut: the server rolls back what they began, and each unit of work hears
        WriterClosed when it wakes, rather than keep its transaction, and its locks, open after shutdown."""
        self._closed = True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._all_given_back(), wait)
        for held in self._lent:
            held.abandoned = held.broken = True
            held.driver.terminate()  # at once, even in the middle of a statement

    async def _all_given_back(self) -> None:
        while self._lent:
            self._given_back.clear()
            await self._given_back.wait()

    async def take(self) -> HeldConnection:
        self._refuse_if_closed()
        held = await self._hand_over.acquire()
        with self._place_given_up_on_failure():
            if self._closed:  # while this one queued
                if held is not None:
                    await self._close(held)
                self._refuse_if_closed()
            if held is not None and held.driver.is_closed():
                await held.connection.invalidate()  # else the pool would lend it out again
                held = None
            elif held is not None and time.monotonic() - held.checked_out > RECYCLE_SECONDS:
                await held.connection.close()  # the pool replaces it, as older than its recycle time
                held = None
            return await self._lend(held or await self._open())

    async def reopen(self, held: HeldConnection) -> HeldConnection:
        """A fresh connection in place of a broken one, keeping the place (given up if none can be opened)."""
        with self._place_given_up_on_failure():
            self._returned(held)
            await held.connection.invalidate()
            self._refuse_if_closed()
            return await self._lend(await self._open())

    async def _lend(self, held: HeldConnection) -> HeldConnection:
        if self._closed:  # while it opened: not one for close() to wait for, or cut
            await held.connection.invalidate()
            self._refuse_if_closed()
        if self._refreshed is not None and time.monotonic() - self._schema_changed_at > RECYCLE_SECONDS:
            self._refreshed = None  # every connection older than the change has been replaced by now
        if self._refreshed is not None and id(held.driver) not in self._refreshed:
            self._refreshed.add(id(held.driver))
            await held.driver.reload_schema_state()  # its prepared statements and types, read again when used
        self._lent.add(held)
        return held

    def _returned(self, held: HeldConnection) -> None:
        self._lent.discard(held)
        self._given_back.set()

    def _refuse_if_closed(self) -> None:
        if self._closed:
            raise WriterClosed("the database was closed")

    @contextlib.contextmanager
    def _place_given_up_on_failure(self) -> Iterator[None]:
        """Without a connection to show for it, a place is passed on: else the pool would shrink by one."""
        try:
            yield
        except BaseException:
            self._hand_over.release(None)
            raise

    async def give_back(self, held: HeldConnection) -> None:
        self._returned(held)
        if held.broken or held.driver.is_in_transaction():  # never hand on a transaction, open or failed
            try:
                await held.connection.invalidate()  # closed, and replaced in the pool
            finally:
                self._hand_over.release(None)
            return
        left = self._hand_over.release(held)
        if left is not None:  # nobody waits: back to the pool
            await self._close(left)

    async def _close(self, held: HeldConnection) -> None:
        """Put away a connection nobody waits for: back to the pool, or closed once the connections were closed
        (shutdown). The engine is disposed then, or about to be, and a connection checked in to a disposed pool
        stays there open, holding its backend on the server, since nothing closes that pool again."""
        if self._closed:
            await held.connection.invalidate()  # the connection closed, its place in the pool given up
        else:
            await held.connection.close()

    async def _open(self) -> HeldConnection:
        connection = await self._engine.connect()
        try:
            await connection.execution_options(isolation_level="AUTOCOMMIT")
            driver = (await connection.get_raw_connection()).driver_connection
        except BaseException:
            await connection.close()
            raise
        return HeldConnection(connection, driver)
