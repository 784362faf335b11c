"""Another process holding SQLite's write lock, for tests of what the bot says while its database is stuck."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator

from adapters.settings import Settings


@contextlib.asynccontextmanager
async def writes_held(settings: Settings) -> AsyncIterator[None]:
    """Another process holds SQLite's write lock (a backup, a migration) until the block ends: every turn waits
    for it, as each begins (BEGIN IMMEDIATE), the busy timeout's 5 s, then fails."""
    holder = sqlite3.connect(settings.data_dir / "quiztutor.sqlite3", isolation_level=None, timeout=10,
                             check_same_thread=False)
    try:
        await asyncio.to_thread(holder.execute, "BEGIN IMMEDIATE")
        yield
        holder.execute("ROLLBACK")
    finally:
        holder.close()
