"""The SQLite file is set up for durability and for sharing with a second process."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.ports import StorageBusy
from bot.records import UserRecord
from storage.database import create_engine, sqlite_url
from storage.migrate import upgrade_to_head
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock


async def test_every_sqlite_connection_uses_wal_foreign_keys_and_a_busy_timeout(tmp_path: Path) -> None:
    engine = create_engine(sqlite_url(tmp_path / "nested" / "dir"))
    try:
        async with engine.connect() as connection:
            pragmas = {name: (await connection.execute(text(f"PRAGMA {name}"))).scalar_one()
                       for name in ("journal_mode", "foreign_keys", "busy_timeout", "synchronous")}
    finally:
        await engine.dispose()
    assert pragmas == {"journal_mode": "wal", "foreign_keys": 1, "busy_timeout": 5000, "synchronous": 2}
    assert (tmp_path / "nested" / "dir" / "quiztutor.sqlite3").is_file()


async def test_a_transaction_that_cannot_begin_fails_alone_and_later_ones_still_run(tmp_path: Path) -> None:
    """Another process holding the write lock past the busy timeout fails one action, not every one after it."""
    engine = create_engine(sqlite_url(tmp_path), busy_timeout_ms=50)  # 5 s is too slow here
    try:
        await upgrade_to_head(engine)
        uow = unit_of_work_factory(engine, FixedClock())
        other_process = sqlite3.connect(tmp_path / "quiztutor.sqlite3", isolation_level=None)
        other_process.execute("BEGIN IMMEDIATE")
        with pytest.raises(StorageBusy, match="locked"):  # the engine's own word: it may try again
            async with uow():
                pass
        other_process.execute("ROLLBACK")
        other_process.close()
        async with asyncio.timeout(5), uow() as work:
            await work.users.add(UserRecord("terminal", "alice"))
            await work.commit()
    finally:
        await engine.dispose()
