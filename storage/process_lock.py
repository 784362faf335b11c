"""A lock one process holds while it runs, so a second one configured the same way refuses to start.

On PostgreSQL it is a session advisory lock (storage/advisory_lock.py); on a SQLite file, an exclusive ``flock``
on a file beside it (storage/file_locks.py). Either goes with the process, even after ``kill -9``.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from sqlalchemy import text
from sqlalchemy.engine import make_url

from storage.advisory_lock import CHECK_SECONDS, AdvisoryLock, advisory_key
from storage.database import create_unpooled_engine, sqlite_file
from storage.file_locks import agreed, exclusive, unheld
from storage.held_lock import Agreement, HeldLock, KeptLock, LockHeld

# Shared, for this transaction only: looks at once don't see each other; a process_lock (exclusive) is seen.
TRY_SHARED = text("SELECT pg_try_advisory_xact_lock_shared(:key)")


@contextlib.asynccontextmanager
async def process_lock(url: str, *names: str, agreement: Agreement | None = None,
                       check_seconds: float = CHECK_SECONDS) -> AsyncIterator[HeldLock]:
    """Hold the locks ``names`` (one or several) for the database at ``url`` while the block runs, and
    ``agreement`` beside them if given; raises LockHeld, naming the first held, at once if another process holds
    any of them, or Disagreement if another holds the agreement with another value. An in-memory SQLite database
    takes no lock (no other process can share it)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        lock = AdvisoryLock(url, names, check_seconds=check_seconds, agreement=agreement)
        await lock.take()
        try:
            yield lock
        finally:
            await lock.release()
    elif (file := sqlite_file(parsed)) is not None:
        with contextlib.ExitStack() as stack:
            if agreement is not None:  # first, as on PostgreSQL
                stack.enter_context(agreed(file, agreement))
            for name in dict.fromkeys(names):
                stack.enter_context(exclusive(file, name))
            yield KeptLock()
    else:
        yield KeptLock()


async def refuse_if_held(url: str, name: str) -> None:
    """LockHeld if another process holds the process lock ``name`` for the database at ``url``, this one holding
    nothing after (a Telegram webhook start beside a poller)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        engine = create_unpooled_engine(url)
        try:
            async with engine.connect() as connection:
                free = bool((await connection.execute(TRY_SHARED, {"key": advisory_key(name)})).scalar())
                await connection.rollback()  # lets go of it
        finally:
            await engine.dispose()
    else:
        file = sqlite_file(parsed)
        free = file is None or unheld(file, name)
    if not free:
        raise LockHeld(name)
