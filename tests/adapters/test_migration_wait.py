"""A process starting while another holds the database's migration lock (PostgreSQL's advisory lock, SQLite's write
lock) waited for it without bound: a migration stuck, or a session left holding the lock, kept every replica
starting forever, alive to /healthz and saying nothing in the terminal game. It now says it waits, and gives up
after QUIZ_MIGRATION_WAIT_SECONDS with exit 8 and what to do, leaving the schema as it was."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator

import asyncpg
import pytest
from alembic.script import ScriptDirectory
from sqlalchemy.engine import make_url

from adapters.cli.exit_codes import ExitCode
from storage.database import create_engine, sqlite_file
from storage.migrate import MIGRATION_LOCK_KEY, alembic_config, upgrade_to_head
from tests.pg_cluster import asyncpg_url
from tests.support.schema_revisions import at_previous_revision, previous_revision, quiztutor, revision


@contextlib.asynccontextmanager
async def migration_lock_held(url: str) -> AsyncIterator[None]:
    """Another process holds the migration lock until the block ends."""
    file = sqlite_file(make_url(url))
    if file is not None:
        holder = sqlite3.connect(file, isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")  # as a migrating process holds it, for its whole migration
            yield
            holder.execute("ROLLBACK")
        finally:
            holder.close()
        return
    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        await connection.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK_KEY)
        yield
    finally:
        await connection.close()


@pytest.mark.parametrize("command", [["run"], ["play", "--user", "ada"]])
async def test_a_start_waits_for_anothers_migration_saying_so_then_gives_up_with_exit_8(
        any_database_url: str, command: list[str]) -> None:
    database = await at_previous_revision(any_database_url)
    async with migration_lock_held(database):
        done = await asyncio.to_thread(quiztutor, {
            "QUIZ_DATABASE_URL": database, "QUIZ_MIGRATION_WAIT_SECONDS": "5",
            "QUIZ_TELEGRAM_TOKEN": "123456:SECRET-test-token"}, *command)

    assert done.returncode == ExitCode.MIGRATION_WAIT, done.stderr
    assert "another process is migrating the database: waiting for it to finish" in done.stderr
    assert "QUIZ_MIGRATION_WAIT_SECONDS" in done.stderr.splitlines()[-1], done.stderr
    assert await revision(database) == previous_revision()


async def test_a_lock_freed_within_the_wait_is_taken_and_the_schema_upgraded(postgres_url: str) -> None:
    database = await at_previous_revision(postgres_url)
    engine = create_engine(database)
    try:
        async with migration_lock_held(database):
            upgrading = asyncio.create_task(upgrade_to_head(engine, wait_seconds=600))
            await waiting_for_the_lock(database)
        await asyncio.wait_for(upgrading, 60)
    finally:
        await engine.dispose()
    assert await revision(database) == ScriptDirectory.from_config(alembic_config()).get_current_head()


async def waiting_for_the_lock(url: str) -> None:
    """Until a session waits for an advisory lock in ``url``'s database."""
    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        for _ in range(1200):
            if await connection.fetchval("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"):
                return
            await asyncio.sleep(0.05)
    finally:
        await connection.close()
    raise AssertionError("nobody waited for the migration lock")
