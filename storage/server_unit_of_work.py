"""PostgreSQL's unit of work: a transaction on a held connection, begun and ended on the asyncpg driver."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import datetime
from types import TracebackType
from typing import Self

from sqlalchemy.exc import DBAPIError

from bot.metrics import Metrics
from bot.ports import WriterClosed
from storage.repository_set import RepositorySet
from storage.server_pool import HeldConnection, HeldConnections
from storage.server_statements import ServerConnection, ServerPlans
from storage.server_timeouts import TransactionTimedOut
from storage.shutdown import abandoned
from storage.transient import raise_if_lost_race, stale_statement


class ServerUnitOfWork(RepositorySet):
    """One transaction, rolled back unless committed. The connection comes in turn from the engine's held
    connections (storage/server_pool.py)."""

    def __init__(self, connections: HeldConnections, plans: ServerPlans, clock: Callable[[], datetime],
                 metrics: Metrics, *, time_limit: float | None = None, begin: str = "BEGIN") -> None:
        """``time_limit``: seconds from BEGIN to the transaction's end before its connection is cut as silent
        (storage/server_timeouts.py); None: no limit. ``begin``: the SQL that begins it (with settings of its own:
        a shared transaction's, storage/shared_transaction.py)."""
        self._begin = begin
        self._connections = connections
        self._plans = plans
        self._clock = clock
        self._metrics = metrics  # hears each transaction's seconds, BEGIN to its end
        self._time_limit = time_limit
        self._began = 0.0
        self._connection: ServerConnection | None = None
        self._held: HeldConnection | None = None  # the connection the time limit cuts
        self._watchdog: asyncio.TimerHandle | None = None
        self._deadline: float | None = None  # the event loop's time when the limit passes
        self._timed_out = False

    async def __aenter__(self) -> Self:
        if self._time_limit is not None:
            self._deadline = asyncio.get_running_loop().time() + self._time_limit
        # The limit counts from the ask, the wait for a connection included: with every pooled connection stuck (a
        # lock held by another session), a unit of work queued behind them would else wait a whole limit more for
        # each round of them freed, its learner told nothing for minutes.
        try:
            async with asyncio.timeout_at(self._deadline):
                held = self._held = await self._connections.take()
        except TimeoutError as error:
            if self._deadline is None:  # asyncpg's own connect timeout, with no limit set
                raise
            raise TransactionTimedOut(f"no connection to the database within {self._time_limit:g} s (every pooled "
                                      "connection was busy, or none could be opened): nothing was done") from error
        self._arm()
        # A pooled connection that died while idle (a server restart, a proxy's timeout) fails at BEGIN, before
        # anything was done on it: a fresh one begins instead, until every dead one left in the pool is gone.
        for attempt in range(self._connections.size + 1):
            connection = ServerConnection(held, self._plans)
            self._began = time.perf_counter()
            try:
                await connection.run_sql(self._begin)
                break
            except DBAPIError as error:
                # Cut by the time limit, the server or the network is silent: a fresh connection would be no cure.
                if not held.broken or attempt == self._connections.size or self._timed_out:
                    await self._given_up(held)
                    if self._timed_out:
                        raise self._timed_out_error() from error
                    raise
            except BaseException:  # stopped during BEGIN: whether it began is unknown
                held.broken = True
                await self._given_up(held)
                raise
            self._disarm()  # while a fresh one opens there is nothing to cut: the deadline gives up the opening
            try:
                async with asyncio.timeout_at(self._deadline):
                    held = self._held = await self._connections.reopen(held)
            except TimeoutError as error:
                if self._deadline is None:  # asyncpg's own connect timeout, with no limit set
                    raise
                self._timed_out = True
                raise self._timed_out_error() from error
            self._arm()  # the same deadline: if it passed meanwhile, BEGIN on the fresh one is cut at once
        self._connection = connection
        self.bind(connection, self._clock)
        return self

    @property
    def connection(self) -> ServerConnection:
        """The connection of the transaction under way (a shared transaction's members send theirs on it)."""
        if self._connection is None:
            raise RuntimeError("the unit of work has not begun")
        return self._connection

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        if self._connection is None:
            raise RuntimeError("a unit of work ended that never began")
        held = self._connection.held
        try:
            # Stopped before its ROLLBACK (cancelled twice), the transaction is open still: give_back sees it
            # on the driver and discards the connection. Cut at shutdown (storage/server_pool.py), the server
            # rolled it back.
            if not held.abandoned:
                await self._connection.end()
        except Exception as error:
            if held.abandoned:  # cut during the ROLLBACK
                raise abandoned() from error
            raise
        finally:
            self._disarm()
            self._connection.leave("ended")
            if stale_statement(exc):
                self._connections.schema_changed()
            try:
                await self._connections.give_back(held)
            finally:  # every one, failed ones too (as on SQLite), so an outage shows in the histogram; after
                # the give-back, so the connection is back in turn even if the metrics fail
                self._metrics.observe_transaction(time.perf_counter() - self._began)
        if held.abandoned and isinstance(exc, Exception) and not isinstance(exc, WriterClosed):
            raise abandoned() from exc  # what failed on the cut connection (not a cancellation)
        if self._timed_out and isinstance(exc, Exception) and not isinstance(exc, TransactionTimedOut):
            raise self._timed_out_error() from exc
        raise_if_lost_race(exc)

    async def commit(self) -> None:
        if self._connection is None:
            raise RuntimeError("commit outside the unit of work")
        if self._connection.held.abandoned:
            raise abandoned()
        if self._timed_out:  # cut before the COMMIT was sent: the server rolled it back
            raise self._timed_out_error()
        try:
            await self._connection.commit()
        except Exception as error:
            if self._connection.held.abandoned:  # cut with its COMMIT on the wire: the server may have kept it
                raise abandoned(in_commit=True) from error
            if self._timed_out:
                raise self._timed_out_error(in_commit=True) from error
            raise

    def raise_if_lost_race(self, error: BaseException) -> None:
        """A statement's ``error`` as this unit of work ends with it, for a shared transaction's member alone (its
        statements its own): a lost race raises StorageBusy, and a statement prepared before the schema changed has
        the pool's other connections drop theirs, as __aexit__ does."""
        if stale_statement(error):
            self._connections.schema_changed()
        raise_if_lost_race(error)

    def cut_error(self) -> WriterClosed | TransactionTimedOut | None:
        """What a statement that failed meanwhile is told, if the connection was cut (at shutdown, or by the time
        limit), as __aexit__ tells it; None if it was not."""
        if self._connection is not None and self._connection.held.abandoned:
            return abandoned()
        return self._timed_out_error() if self._timed_out else None

    def _arm(self) -> None:
        if self._deadline is not None:
            self._watchdog = asyncio.get_running_loop().call_at(self._deadline, self._cut_silent)

    def _cut_silent(self) -> None:
        """The time limit passed: the connection is cut (the server rolls back what it began), and whatever waits
        on it fails at once."""
        if self._held is not None:
            self._timed_out = self._held.broken = True
            self._held.driver.terminate()

    def _disarm(self) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()
            self._watchdog = None

    async def _given_up(self, held: HeldConnection) -> None:
        self._disarm()
        await self._connections.give_back(held)

    def _timed_out_error(self, *, in_commit: bool = False) -> TransactionTimedOut:
        kept = "it may or may not have been kept" if in_commit else "it was rolled back"
        return TransactionTimedOut(f"no reply from the database within {self._time_limit:g} s: its connection was "
                                   f"cut{' during the COMMIT' if in_commit else ''}, and {kept}")

