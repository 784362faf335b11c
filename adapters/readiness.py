"""Is this process ready for traffic? The database answers a trivial query, and every chat adapter is connected.

A load balancer sends updates only to ready replicas; /healthz (the event loop answers at all) is separate, so a
database blip takes a replica out of rotation without getting its container restarted.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.platform import ChatAdapter

CHECK_SECONDS = 3.0  # a database that takes longer than this to say "1" is as good as gone for a learner

Check = Callable[[], Awaitable[None]]


def database_check(database: AsyncEngine) -> Check:
    """``SELECT 1`` through the application's own pool (so a pool that is exhausted shows too)."""
    async def check() -> None:
        async with database.connect() as connection:
            if database.dialect.name != "sqlite":
                await connection.execute(text("SELECT 1"))
                return
            # Outside any transaction: SQLite's begin with BEGIN IMMEDIATE, which would queue for the write lock
            # behind the writer's batches (or another process) and call a busy database gone.
            raw = await connection.get_raw_connection()
            cursor = await raw.driver_connection.execute("SELECT 1")  # aiosqlite's own connection
            await cursor.close()
    return check


class Readiness:
    def __init__(self, database: Check, adapters: Sequence[ChatAdapter], *,
                 timeout: float = CHECK_SECONDS) -> None:
        self._database = database
        self._adapters = adapters
        self._timeout = timeout

    async def problems(self) -> list[str]:
        """What stands in the way, one short line each (no secrets: URLs and messages stay out); [] when ready."""
        found = []
        try:
            await asyncio.wait_for(self._database(), self._timeout)
        except TimeoutError:
            found.append(f"database: no answer within {self._timeout:g} s")
        except Exception as error:
            # The class only: a driver's message can hold the database URL, password and all.
            found.append(f"database: {type(error).__name__}")
        for adapter in self._adapters:
            reason = adapter.not_ready()
            if reason is not None:
                found.append(f"{adapter.name}: {reason}")
        return found
