"""Is this process ready for traffic? The database answers a trivial query, and every chat adapter is connected.

A load balancer sends updates only to ready replicas; /healthz (the event loop answers at all) is separate, so a
database blip takes a replica out of rotation without getting its container restarted.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Protocol

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.database import create_unpooled_engine
from storage.errors import chain

CHECK_SECONDS = 3.0  # a database that takes longer than this to say "1" is as good as gone for a learner
# A probe still hanging after this long is given up, so the next check opens a fresh connection: else one stuck
# on a connection the network silently dropped would answer every check for the kernel's quarter of an hour.
PROBE_SECONDS = 10.0

Check = Callable[[], Awaitable[None]]


class NotReady(Exception):
    """A check's failure whose message is fit for /readyz: it holds no URL, path or password."""


class Part(Protocol):
    """What else must be up: a chat adapter, a lock the process holds."""

    @property
    def name(self) -> str: ...

    def not_ready(self) -> str | None:
        """None while ready; else why not, in a few words."""
        ...


@contextlib.asynccontextmanager
async def database_readiness(database: AsyncEngine) -> AsyncIterator[Check]:
    """``SELECT 1``. On a database server, on a connection of the check's own, opened for each check, not from
    the application's pool: during a burst its connections pass from one transaction to the next without going
    back to it (storage/server_pool.py), and a busy replica is not an unready one. SQLite's file is checked through
    the application's own engine (its writer works beside it, on a connection of its own)."""
    if database.dialect.name == "sqlite":
        yield one_at_a_time(await sqlite_check(database))
        return
    probe = create_unpooled_engine(database.url)
    try:
        yield one_at_a_time(server_check(probe))
    finally:
        await probe.dispose()


def one_at_a_time(check: Check, limit: float = PROBE_SECONDS) -> Check:
    """The check, shared by everyone who asks while it runs: however often /readyz is asked, the database sees one
    probe at a time, and a probe that hangs isn't joined by more (each caller still gives up after its timeout)
    until it is given up itself, after ``limit`` seconds."""
    running: asyncio.Future[None] | None = None

    async def shared() -> None:
        nonlocal running
        if running is None or running.done():
            running = asyncio.ensure_future(asyncio.wait_for(check(), limit))
            # Retrieved here too, in case every caller gave up waiting before it ended.
            running.add_done_callback(lambda done: done.cancelled() or done.exception())
        await asyncio.shield(running)
    return shared


def server_check(database: AsyncEngine) -> Check:
    """``SELECT 1`` on one of the engine's connections."""
    async def check() -> None:
        async with database.connect() as connection:
            await connection.execute(text("SELECT 1"))
    return check


async def sqlite_check(database: AsyncEngine) -> Check:
    """``SELECT 1`` on the engine's SQLite connection, outside any transaction: SQLite's begin with BEGIN
    IMMEDIATE, which would queue for the write lock behind the writer's batches (or another process) and call a
    busy database gone. And the file still where it was opened: SQLite goes on answering, and writing, into a file
    removed (or replaced) under it, which is lost to the next start; only a restart opens the one there now."""
    async def main_file() -> str:
        async with database.connect() as connection:
            raw = await connection.get_raw_connection()
            driver = raw.driver_connection  # aiosqlite's own connection
            if driver is None:
                raise ConnectionError("the SQLite connection is closed")
            cursor = await driver.execute("SELECT 1")
            await cursor.close()
            cursor = await driver.execute("PRAGMA database_list")
            files = {str(name): str(path) for _seq, name, path in await cursor.fetchall()}
            await cursor.close()
        return files.get("main", "")  # "" in memory

    def identity(path: str) -> tuple[int, int] | None:
        try:
            found = os.stat(path)
        except FileNotFoundError:
            return None
        return found.st_dev, found.st_ino

    opened: tuple[int, int] | None = None  # the file's, as first seen: at start-up, just after its migrations

    async def check() -> None:
        nonlocal opened
        path = await main_file()
        now = identity(path) if path else None
        if opened is None:
            opened = now
        elif now != opened:
            raise NotReady("the SQLite file was removed or replaced since it was opened; restart to open it again")

    with contextlib.suppress(Exception):  # a first look that fails is taken at the first check instead
        await check()
    return check


class Reporting(Protocol):
    """What /readyz asks."""

    async def problems(self) -> list[str]:
        """What stands in the way, one short line each; [] when ready."""
        ...


class StartUp:
    """/readyz from the process's start: "starting" while it opens the database (waiting for another replica's
    migration, or making one, may take many minutes) and the content, then what the process's Readiness says. The
    endpoint answers /healthz meanwhile: the process is alive, only not ready yet."""

    STARTING = "starting: opening the database (migrating it if needed) and the content"
    STOPPING = "stopping"

    def __init__(self) -> None:
        self._readiness: Reporting | None = None
        self._stopping = False

    def serving(self, readiness: Reporting) -> None:
        self._readiness = readiness

    def stopping(self) -> None:
        """Said from now on: the database and the chat platforms are being closed."""
        self._stopping = True

    async def problems(self) -> list[str]:
        if self._stopping:
            return [self.STOPPING]
        return await self._readiness.problems() if self._readiness is not None else [self.STARTING]


class Readiness:
    def __init__(self, database: Check, parts: Sequence[Part]) -> None:
        self._database = database
        self._parts = parts

    async def problems(self) -> list[str]:
        """What stands in the way, one short line each (no secrets: URLs and messages stay out); [] when ready."""
        found = []
        try:
            await asyncio.wait_for(self._database(), CHECK_SECONDS)
        except TimeoutError:
            found.append(f"database: no answer within {CHECK_SECONDS:g} s")
        except NotReady as error:
            found.append(f"database: {error}")
        except Exception as error:
            # The class only: a driver's message can hold the database URL, password and all. The driver's own
            # (TooManyConnectionsError, CannotConnectNowError) says what SQLAlchemy's DBAPIError around it doesn't.
            found.append(f"database: {named(driver_error(error))}")
        for part in self._parts:
            reason = part.not_ready()
            if reason is not None:
                found.append(f"{part.name}: {reason}")
        return found


def named(error: BaseException) -> str:
    """The error's class, and for a host name that can't be looked up what that means: "gaierror" alone said
    nothing (compose's PostgreSQL stopped takes its name out of Docker's DNS). The resolver's words hold no URL."""
    if isinstance(error, socket.gaierror):
        return (f"gaierror: its host name can't be looked up ({error.strerror}): is the database server up, and its "
                "host in QUIZ_DATABASE_URL right?")
    return type(error).__name__


def driver_error(error: BaseException) -> BaseException:
    """The deepest of ``error``'s causes a database driver raised, else ``error`` itself."""
    drivers = [cause for cause in chain(error) if type(cause).__module__.startswith(("asyncpg", "sqlite3"))]
    return drivers[-1] if drivers else error
