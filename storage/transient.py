"""Lost races, not faults: errors after which the whole action may simply be tried again."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager

import asyncpg
from sqlalchemy.exc import DBAPIError

from bot.ports import StorageBusy

# PostgreSQL's serialization failure and deadlock.
TRANSIENT_SQLSTATES = frozenset({"40001", "40P01"})
SQLITE_BUSY_CODES = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)  # the driver's primary result codes
# A statement a connection prepared before another process changed a column it uses (a newer replica's migration,
# as 0009 widened question ids, while this one still serves): PostgreSQL refuses it, and asyncpg prepares it anew
# next time on that connection (the others' are dropped by HeldConnections.schema_changed). SQLAlchemy's own wrapper
# of it names no SQLSTATE, but keeps asyncpg's error as its cause.
STALE_STATEMENT = (asyncpg.exceptions.InvalidCachedStatementError, asyncpg.exceptions.OutdatedSchemaCacheError)


def sqlite_busy(error: sqlite3.Error) -> bool:
    """Another SQLite connection holds a lock this one needs (the driver's own error, before SQLAlchemy's)."""
    # Not every sqlite3 error has a result code (a closed connection's ProgrammingError has none).
    return getattr(error, "sqlite_errorcode", 0) & 0xFF in SQLITE_BUSY_CODES


def is_transient(error: BaseException) -> bool:
    if not isinstance(error, DBAPIError):
        return False
    if getattr(error.orig, "sqlstate", None) in TRANSIENT_SQLSTATES:
        return True
    if stale_statement(error):
        return True
    return isinstance(error.orig, sqlite3.Error) and sqlite_busy(error.orig)


def stale_statement(error: BaseException | None) -> bool:
    """PostgreSQL refused a statement prepared before the schema changed (STALE_STATEMENT)."""
    orig = error.orig if isinstance(error, DBAPIError) else None
    return isinstance(orig, STALE_STATEMENT) or isinstance(getattr(orig, "__cause__", None), STALE_STATEMENT)


def raise_if_lost_race(error: BaseException | None) -> None:
    """A lost race becomes StorageBusy: the whole action, rolled back, may be tried again."""
    if error is not None and is_transient(error):
        raise StorageBusy(str(error)) from error


@contextmanager
def lost_races_as_busy() -> Iterator[None]:
    """Inside, a lost race raises StorageBusy instead; any other error passes as it is."""
    try:
        yield
    except Exception as error:
        raise_if_lost_race(error)
        raise


def lost_batch() -> StorageBusy:
    return StorageBusy("SQLite rolled back the batch's shared transaction (disk full, I/O error or out of memory?): "
                       "nothing in it was kept")


class LockedOut:
    """When SQLite's writer last waited out another process's write lock in vain (BEGIN busy past the timeout).
    Actions queued meanwhile would each wait it out again, one after another (a hundred learners' actions in a
    long lock: minutes each, and as long again for each retry): they fail with it, and their retries queue behind
    one new BEGIN. Times are time.monotonic()'s: a BEGIN fails in the writer's thread too (the COMMIT's own)."""

    def __init__(self) -> None:
        self._last = float("-inf")  # when the last BEGIN failed busy

    def refuse_if_since(self, queued_at: float) -> None:
        """StorageBusy for an action queued (at ``queued_at``) before the last BEGIN failed busy."""
        if queued_at < self._last:
            raise StorageBusy("another process held SQLite's write lock past the busy timeout (the BEGIN ahead of "
                              "this action waited it out)")

    def heard(self, error: BaseException) -> None:
        """A BEGIN failed with ``error``: if busy, the actions queued until now fail with it."""
        if is_transient(error):
            self._last = time.monotonic()

    def quietly(self, begin: Callable[[], None]) -> None:
        """Run a BEGIN whose failure nobody hears (the COMMIT's, for the callers queued): if busy, they fail with
        it rather than the first waiting the busy timeout out again."""
        try:
            begin()
        except Exception as error:
            self.heard(error)

    def after(self, begin: asyncio.Future[None]) -> None:
        """Done callback of a BEGIN whose caller was cancelled while it ran: its failure, taken (else asyncio logs
        it as never retrieved), still fails the callers queued if busy."""
        if not begin.cancelled() and (error := begin.exception()) is not None:
            self.heard(error)

    async def watch(self, begin: Awaitable[None]) -> None:
        try:
            await begin
        except Exception as error:
            self.heard(error)
            raise
