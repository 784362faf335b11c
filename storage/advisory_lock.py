"""The PostgreSQL process lock: a session advisory lock, held on a connection of its own (not one of the pool's).
It goes with the process, even after ``kill -9``.

A session lock also goes with its connection, silently: a database restart (or an administrator ending the
session) frees it, and a second process started afterwards would take it and poll beside this one. So the holder
checks its connection every few seconds (CHECK_SECONDS) and, once it is gone, takes the lock again on a new one:
a database restart heals by itself, with /readyz saying "not ready" until it has. A connection that doesn't answer
a check within the same few seconds counts as gone too, for its session may end at any moment: it is closed (which
ends the session, and the lock, once the database hears of it) and the lock taken again, so a stall is noticed
within twice CHECK_SECONDS. If another process took the lock meanwhile, this one has lost it for good and says so
(``lost()`` returns): `quiztutor run` then stops, as it would have at start-up. A second process can only slip in
between the database coming back and the next attempt (at once after a stall, seconds after a restart), and
Telegram's 409 Conflict still stops one of two pollers.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
from collections.abc import Coroutine, Sequence
from typing import Any, TypeVar

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.log_lines import log_briefly
from storage.advisory_agreement import agree, let_go
from storage.database import create_unpooled_engine
from storage.held_lock import Agreement, Disagreement, LockHeld

log = logging.getLogger(__name__)

# How often the holder of a PostgreSQL lock checks that its connection (so the lock) is there, and how long a check,
# or an attempt to take the lock again, may take.
CHECK_SECONDS = 5.0
# How long letting go at shutdown may take; past it the connection is closed, which frees the lock as surely.
RELEASE_SECONDS = 2.0

T = TypeVar("T")


def advisory_key(name: str) -> int:
    """A signed 64-bit key for pg_try_advisory_lock, stable across processes and Python versions."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)


# Each session of the lock's is named after this process (a random token), so that its own old sessions are told
# from another process's: a backend's pid alone is no proof, for PostgreSQL reuses pids (a restarted container
# numbers them from low again), and a pooler hands one backend to one client after another.
NAME_SESSION = text("SELECT set_config('application_name', :name, false)")
TRY_LOCK = text("SELECT pg_try_advisory_lock(:key)")
UNLOCK = text("SELECT pg_advisory_unlock(:key)")
# A connection can break without the database noticing yet (a network fault rather than a restart): this process's
# old session then still holds the lock, and taking it again must end that session, not give up for good. So when
# the lock is held, this says whose session holds it, and ends it if it is this process's. (Ended, not waited for:
# pg_terminate_backend's timeout came with PostgreSQL 14.)
HOLDER = text(
    "SELECT starts_with(a.application_name, :tag), "
    "CASE WHEN starts_with(a.application_name, :tag) THEN pg_terminate_backend(l.pid) END "  # only ours
    "FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.pid <> pg_backend_pid() "
    "AND l.locktype = 'advisory' AND l.granted AND l.objsubid = 1 "
    "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
    "AND l.classid = ((CAST(:key AS bigint) >> 32) & 4294967295)::oid "  # the key's halves, as pg_locks shows them
    "AND l.objid = (CAST(:key AS bigint) & 4294967295)::oid")
TRY_ROUNDS = 100  # 5 s for a session told to end to be gone (taking the lock again has less anyway)


class AdvisoryLock:
    """Session advisory locks, one or several (a process's Discord shards), and an agreement held beside them if
    given (storage/advisory_agreement.py), on a connection of their own, taken again if that connection is lost. All
    or none: a process holds every one of its locks, or none of them."""

    def __init__(self, url: str, names: Sequence[str], *, check_seconds: float,
                 agreement: Agreement | None = None) -> None:
        if not names:
            raise ValueError("no lock named")
        self._engine = create_unpooled_engine(url)
        self._names = list(dict.fromkeys(names))
        self._agreement = agreement
        self._name = ", ".join(self._names)  # as the log lines name them
        self._every = check_seconds
        self._connection: AsyncConnection | None = None
        self._driver: Any = None  # the driver's (asyncpg's) connection under it, to abort at once
        self._problem: str | None = None
        self._lost: asyncio.Future[LockHeld] | None = None
        self._watcher: asyncio.Task[None] | None = None
        self._tag = f"quiztutor-lock {secrets.token_hex(8)} "  # what this process's sessions' names begin with
        self._attempts = 0
        self._failed_takes = 0  # attempts to take the lock again that failed in a row: an outage, while above zero

    async def take(self) -> None:
        try:
            self._connection = await self._take()
        except BaseException:
            await self._engine.dispose()
            raise
        self._lost = asyncio.get_running_loop().create_future()
        self._watcher = asyncio.create_task(self._watch())

    async def release(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
            await asyncio.wait({self._watcher})
        if self._connection is not None:
            # A lost connection has released it already; a stalled one is aborted (below), ending its session.
            with contextlib.suppress(Exception):
                await self._within(RELEASE_SECONDS, self._let_go(self._connection))
        await self._drop()
        await self._engine.dispose()

    async def _let_go(self, connection: AsyncConnection) -> None:
        for name in self._names:
            await connection.execute(UNLOCK, {"key": advisory_key(name)})
        if self._agreement is not None:
            await let_go(connection, self._agreement)
        await connection.commit()
        await connection.close()
        self._connection = self._driver = None  # closed politely: nothing left to abort

    def not_held(self) -> str | None:
        return self._problem

    async def lost(self) -> LockHeld:
        if self._lost is None:
            raise RuntimeError("the lock was never taken")
        return await asyncio.shield(self._lost)

    async def _take(self) -> AsyncConnection:
        connection = await self._engine.connect()
        try:
            self._driver = (await connection.get_raw_connection()).driver_connection
            self._attempts += 1  # in the name too, for whoever reads pg_stat_activity
            name = f"{self._tag}{self._attempts} {self._name}"[:63]  # PostgreSQL keeps 63 bytes: the tag comes first
            await connection.execute(NAME_SESSION, {"name": name})
            if self._agreement is not None:  # first: another value is the deeper disagreement (its locks differ)
                await agree(connection, self._agreement)
            for lock in self._names:  # all or none: closing the connection (below) lets go of those taken
                if not await self._try_lock(connection, advisory_key(lock)):
                    raise LockHeld(lock)
            await connection.commit()  # no transaction left open for the life of the process
        except BaseException:
            with contextlib.suppress(Exception):
                await connection.close()
            self._driver = None
            raise
        return connection

    async def _try_lock(self, connection: AsyncConnection, key: int) -> bool:
        """Take the lock ``key`` on ``connection``; False if another process's session holds it. This process's own
        old session holding it is ended, and waited for."""
        for _ in range(TRY_ROUNDS):
            if (await connection.execute(TRY_LOCK, {"key": key})).scalar():
                return True
            holder = (await connection.execute(HOLDER, {"key": key, "tag": self._tag})).first()
            await connection.commit()  # pg_stat_activity is read once a transaction: the next round reads it anew
            if holder is not None and not holder[0]:
                return False
            await asyncio.sleep(0.05)  # ours, told to end, frees the lock once gone (or it is gone already)
        return False

    async def _watch(self) -> None:
        while self._lost is not None and not self._lost.done():
            await asyncio.sleep(self._every)
            if self._connection is not None and await self._still_there(self._connection):
                continue
            # One attempt that timed out (the network stalls) is followed by the next at once: one is under way
            # when the network comes back, and takes the lock before its old session's end leaves it free long.
            while not await self._take_again():
                pass

    async def _still_there(self, connection: AsyncConnection) -> bool:
        """Whether the lock's connection still answers: while it is open, its session holds the lock. One that
        doesn't answer in time is given up: waiting on would leave the lock free unseen once its session ends."""
        try:
            await self._within(self._every, self._select_1(connection))
        except TimeoutError:
            log.warning("the database connection holding the lock %s stopped answering (%g s): closing it, which "
                        "frees the lock; taking it again", self._name, self._every)
            self._problem = "lost with its database connection, which stopped answering; taking it again"
        except Exception as error:
            log_briefly(log, logging.WARNING, error, "the database connection holding the lock %s was lost, and the "
                        "lock with it; taking it again", self._name)
            self._problem = "lost with its database connection; taking it again"
        else:
            self._problem = None
            return True
        await self._drop()
        return False

    @staticmethod
    async def _select_1(connection: AsyncConnection) -> None:
        await connection.execute(text("SELECT 1"))
        await connection.commit()

    async def _within(self, seconds: float, work: Coroutine[Any, Any, T]) -> T:
        """``work`` on the lock's connection, given ``seconds``; past them, TimeoutError. The connection is then
        aborted rather than the work cancelled: SQLAlchemy closes a cancelled one politely, which on a stalled
        network waits 2 s more (and ends the session, so the lock, as surely)."""
        task = asyncio.ensure_future(work)
        try:
            done, _ = await asyncio.wait({task}, timeout=seconds)
        except asyncio.CancelledError:  # released meanwhile
            self._abort(task)
            await _settled(task)
            raise
        if done:
            return task.result()
        self._abort(task)
        await _settled(task)
        raise TimeoutError

    def _abort(self, task: asyncio.Future[Any]) -> None:
        if self._driver is not None:
            self._driver.terminate()  # closes its socket at once; what waits on it fails
        else:  # still connecting: there is no connection to close politely yet
            task.cancel()

    async def _take_again(self) -> bool:
        """Take the lock again; False if the attempt timed out. An outage is said at its first failed attempt, and
        how many it took once the lock is held again: not at every attempt, one a check for as long as it lasts."""
        try:
            self._connection = await self._within(self._every, self._take())
        except TimeoutError:
            self._failed_takes += 1
            log.log(self._failure_level(), "taking the lock %s again timed out (%g s); trying again at once, said "
                    "again once it is held", self._name, self._every)
            return False
        except LockHeld as held:
            if isinstance(held, Disagreement) and self._agreement is not None:  # none of its locks taken: say so
                log.error("another process began holding %s as %d (this one: %d) while this one's database "
                          "connection was lost: this process gives up what its locks guard", held, held.theirs,
                          self._agreement.value)
                self._problem = f"another process holds {held} as {held.theirs}, this one as {self._agreement.value}"
            else:
                log.error("another process took the lock %s while this one's database connection was lost: this "
                          "process gives up what the lock guards", self._name)
                self._problem = "taken by another process"
            if self._lost is not None and not self._lost.done():
                self._lost.set_result(held)
        except Exception as error:  # the database is still away: try again at the next check
            self._failed_takes += 1
            log_briefly(log, self._failure_level(), error, "taking the lock %s again failed; trying again every %g s, "
                        "said again once it is held", self._name, self._every)
        else:
            failed, self._failed_takes = self._failed_takes, 0
            log.warning("took the lock %s again on a new database connection%s", self._name,
                        f", after {failed} failed attempt{'' if failed == 1 else 's'}" if failed else "")
            self._problem = None
        return True

    def _failure_level(self) -> int:
        """WARNING for an outage's first failed attempt; the others only at DEBUG."""
        return logging.WARNING if self._failed_takes == 1 else logging.DEBUG

    async def _drop(self) -> None:
        connection, self._connection = self._connection, None
        driver, self._driver = self._driver, None
        if driver is not None:  # first, so that closing it below needn't wait for a stalled network
            driver.terminate()
        if connection is not None:
            with contextlib.suppress(Exception):
                await connection.invalidate()
            with contextlib.suppress(Exception):
                await connection.close()


async def _settled(task: asyncio.Future[Any]) -> None:
    """Wait for aborted work (at once: its socket is closed), and take its error, only the abort's."""
    await asyncio.wait({task})
    if not task.cancelled():
        task.exception()
