"""A lock one process holds while it runs, so a second one configured the same way refuses to start.

On PostgreSQL it is a session advisory lock (storage/advisory_lock.py); on a SQLite file, an exclusive ``flock``
on a file beside it. Either goes with the process, even after ``kill -9``.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

from sqlalchemy.engine import make_url

from storage.advisory_lock import CHECK_SECONDS, AdvisoryLock
from storage.database import sqlite_file
from storage.held_lock import HeldLock, KeptLock, LockHeld


@contextlib.asynccontextmanager
async def process_lock(url: str, *names: str, check_seconds: float = CHECK_SECONDS) -> AsyncIterator[HeldLock]:
    """Hold the locks ``names`` (one or several) for the database at ``url`` while the block runs; raises LockHeld,
    naming the first held, at once if another process holds any of them. An in-memory SQLite database takes no
    lock (no other process can share it)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        lock = AdvisoryLock(url, names, check_seconds=check_seconds)
        await lock.take()
        try:
            yield lock
        finally:
            await lock.release()
    elif (file := sqlite_file(parsed)) is not None:
        with contextlib.ExitStack() as stack:
            for name in dict.fromkeys(names):
                stack.enter_context(_file_lock(file.with_name(f"{file.name}.{_safe(name)}.lock"), name))
            yield KeptLock()
    else:
        yield KeptLock()


@contextlib.contextmanager
def _file_lock(path: Path, name: str) -> Iterator[None]:
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
            raise LockHeld(name) from None
        yield
    finally:
        os.close(descriptor)  # closing releases the lock


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "-", name)
