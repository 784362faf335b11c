"""Processes starting together on one new SQLite file: one migrates while the others wait for its write lock, for
as long as a migration takes on a slow machine, rather than the seconds an answer waits."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path

from adapters.runtime import open_storage
from adapters.settings import Settings
from storage.database import SQLITE_BUSY_TIMEOUT_MS, sqlite_url

HELD_SECONDS = SQLITE_BUSY_TIMEOUT_MS / 1000 + 1  # longer than an answer would wait


def hold_the_write_lock(file: Path, started: threading.Event) -> None:
    """What another process's migration does: SQLite's write lock, held for seconds."""
    connection = sqlite3.connect(file, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("BEGIN IMMEDIATE")
    started.set()
    time.sleep(HELD_SECONDS)
    connection.execute("COMMIT")
    connection.close()


async def test_a_start_waits_out_another_process_migrating_then_migrates(tmp_path: Path) -> None:
    settings = Settings(database_url=sqlite_url(tmp_path))
    started = threading.Event()
    other = threading.Thread(target=hold_the_write_lock, args=(tmp_path / "quiztutor.sqlite3", started))
    other.start()
    try:
        await asyncio.to_thread(started.wait)
        began = time.monotonic()
        async with open_storage(settings) as unit_of_work, unit_of_work() as uow:
            assert await uow.content.fingerprint() is None  # migrated: the table is there
        assert time.monotonic() - began >= HELD_SECONDS - 0.5  # it waited for the lock, not failed at 5 s
    finally:
        other.join()
