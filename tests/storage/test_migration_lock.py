"""Two processes starting at once on a fresh PostgreSQL database: migrations run one at a time, and both start."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest
from alembic.script import ScriptDirectory

from storage.migrate import MIGRATION_LOCK_KEY, alembic_config
from tests.pg_cluster import asyncpg_url
from tests.support.databases import database_beside

ALEMBIC_INI = Path(__file__).resolve().parents[2] / "storage" / "alembic.ini"

MIGRATE = """
import asyncio, sys
from storage.database import create_engine
from storage.migrate import upgrade_to_head

async def main() -> None:
    engine = create_engine(sys.argv[1])
    try:
        await upgrade_to_head(engine)
    finally:
        await engine.dispose()

asyncio.run(main())
"""


@pytest.fixture
async def fresh_database(postgres_server_url: str) -> AsyncIterator[str]:
    """A database made for this test alone (CREATE DATABASE), dropped after."""
    async with database_beside(postgres_server_url, "quiztutor_fresh") as url:
        yield url


async def both_waiting(connection: asyncpg.Connection) -> None:
    """Until two sessions wait for an advisory lock in this database (the processes, once started up)."""
    for _ in range(1200):
        if await connection.fetchval("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "
                                     "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
                                     ) >= 2:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the two processes never both waited for the migration lock")


def migrating(url: str, through: str) -> list[str]:
    """The command of a process that migrates ``url``: the bot's start-up, or Alembic's own command line."""
    if through == "alembic":
        return ["-m", "alembic", "-c", str(ALEMBIC_INI), "-x", f"url={url}", "upgrade", "head"]
    return ["-c", MIGRATE, url]


@pytest.mark.parametrize("second", ["bot", "alembic"])
async def test_two_processes_migrating_a_fresh_database_at_once_take_turns_and_both_start(
        fresh_database: str, second: str) -> None:
    holder = await asyncpg.connect(asyncpg_url(fresh_database))
    try:
        # Hold the migration lock, so both processes are surely at the door together before either goes in.
        await holder.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK_KEY)
        processes = [await asyncio.create_subprocess_exec(sys.executable, *migrating(fresh_database, through),
                                                          stderr=asyncio.subprocess.PIPE)
                     for through in ("bot", second)]
        await both_waiting(holder)
        tables = await holder.fetchval("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
        assert tables == 0  # neither began while the lock was held
        await holder.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK_KEY)
        outcomes = [(await process.wait(), (await process.stderr.read()).decode())  # type: ignore[union-attr]
                    for process in processes]
        versions = await holder.fetch("SELECT version_num FROM alembic_version")
    finally:
        await holder.close()
    assert [code for code, _ in outcomes] == [0, 0], outcomes
    assert outcomes[0][1] == ""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert [row["version_num"] for row in versions] == [head]
