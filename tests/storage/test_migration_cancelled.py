"""Ctrl-C while `quiztutor play` (or `run`) migrated a new database ended it with "quiztutor play failed:
PendingRollbackError: Can't reconnect until invalid transaction is rolled back", exit 1: the cancellation landed in
a statement of alembic's batch_alter_table (SQLite's way to alter a table), whose clean-up, a bare `except:`, went
on with the connection the cancellation had invalidated, and its error replaced the CancelledError. The migration
is cancelled as asked: the caller sees the CancelledError (`quiztutor` then exits 130, quietly)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from storage.database import create_engine, sqlite_url
from storage.migrate import upgrade_to_head


async def test_a_migration_cancelled_inside_a_batch_operation_is_cancelled(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    engine = create_engine(url)
    migrating: asyncio.Task[None] | None = None

    def cancel_in_the_copy(_connection: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        # The copy of the rows into the altered table: the statement batch_alter_table cleans up after.
        if migrating is not None and statement.startswith("INSERT INTO _alembic_tmp_") and not migrating.cancelling():
            migrating.cancel()  # reaches the task at this statement's await, as Ctrl-C's cancellation does

    event.listen(engine.sync_engine, "before_cursor_execute", cancel_in_the_copy)
    try:
        migrating = asyncio.create_task(upgrade_to_head(engine, wait_seconds=1))
        with pytest.raises(asyncio.CancelledError):
            await migrating
    finally:
        await engine.dispose()
    assert (tmp_path / "quiztutor.sqlite3").exists()
    with sqlite3.connect(tmp_path / "quiztutor.sqlite3") as file:  # rolled back whole: nothing half-migrated
        assert file.execute("SELECT name FROM sqlite_master").fetchall() == []
