"""A lock one process holds while it runs, so a second one configured the same way refuses to start.

On PostgreSQL it is a session advisory lock, held on a connection of its own (not one of the pool's); on a
SQLite file, an exclusive ``flock`` on a file beside it. Either goes with the process, even after ``kill -9``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import make_url

from storage.database import create_unpooled_engine, sqlite_file


class LockHeld(Exception):
    """Another process holds the lock."""


def advisory_key(name: str) -> int:
    """A signed 64-bit key for pg_try_advisory_lock, stable across processes and Python versions."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)


@contextlib.asynccontextmanager
async def process_lock(url: str, name: str) -> AsyncIterator[None]:
    """Hold the lock ``name`` for the database at ``url`` while the block runs; raises LockHeld at once if
    another process holds it. An in-memory SQLite database takes no lock (no other process can share it)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        async with _advisory_lock(url, advisory_key(name)):
            yield
    elif (file := sqlite_file(parsed)) is not None:
        with _file_lock(file.with_name(f"{file.name}.{_safe(name)}.lock")):
            yield
    else:
        yield


@contextlib.asynccontextmanager
async def _advisory_lock(url: str, key: int) -> AsyncIterator[None]:
    engine = create_unpooled_engine(url)
    try:
        async with engine.connect() as connection:
            if not (await connection.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": key})).scalar():
                raise LockHeld(key)
            await connection.commit()  # no transaction left open for the life of the process
            try:
                yield
            finally:
                with contextlib.suppress(Exception):  # a lost connection has released it already
                    await connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": key})
                    await connection.commit()
    finally:
        await engine.dispose()


@contextlib.contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    try:
        import fcntl
    except ImportError:  # not on this system (Windows): Telegram's 409 Conflict still stops a second poller
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise LockHeld(str(path)) from None
        yield
    finally:
        os.close(descriptor)  # closing releases the lock


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "-", name)
