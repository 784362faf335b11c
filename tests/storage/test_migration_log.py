"""What a start-up's migrations tell the operator: a process upgrading the schema (which on a large database can take
minutes: 0014 rewrites the review log) or waiting for another's upgrade said nothing until it served, so it looked
hung; a start on a schema already up to date says nothing."""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path

import asyncpg
import pytest
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import text

from storage.database import create_engine
from storage.migrate import MIGRATION_LOCK_KEY, alembic_config, upgrade_to_head
from tests.pg_cluster import asyncpg_url
from tests.support.migrations import migrate

HEAD = ScriptDirectory.from_config(alembic_config()).get_current_head()
README = Path(__file__).resolve().parents[2] / "README.md"


def said(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records
            if record.name == "storage.migrate" and record.levelno >= logging.INFO]


async def test_an_upgrade_says_from_which_schema_to_which_and_an_up_to_date_start_says_nothing(
        database_url: str, caplog: pytest.LogCaptureFixture) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "0013")
        caplog.set_level(logging.INFO, logger="storage.migrate")
        await upgrade_to_head(engine)
        assert said(caplog) == [f"upgrading the database schema from 0013 to {HEAD}",
                                f"database schema upgraded to {HEAD}"], said(caplog)
        caplog.clear()
        await upgrade_to_head(engine)
        assert said(caplog) == []
    finally:
        await engine.dispose()


def test_the_readmes_example_of_an_upgrade_names_the_real_head() -> None:
    """README quotes the two lines the test above sees, to the head of the day: a migration added since left it naming
    an old head (0018 after 0019 came), so an operator watching for it took a finished upgrade for a partial one."""
    words = " ".join(README.read_text(encoding="utf-8").split())
    example = re.search(r"`upgrading the database schema from (\w+) to (\w+)`, then `database schema upgraded to "
                        r"(\w+)`", words)
    assert example is not None, "README no longer quotes the upgrade's log lines"
    assert example.groups() == ("0013", HEAD, HEAD), example.group(0)


async def test_a_new_database_is_given_its_schema_without_a_word(
        database_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """Made in a moment: a first start (`quiztutor run` refusing a setting, say) says no more than any other."""
    engine = create_engine(database_url)
    try:
        caplog.set_level(logging.INFO, logger="storage.migrate")
        await upgrade_to_head(engine)
        assert said(caplog) == []
    finally:
        await engine.dispose()


async def test_a_newer_quiztutors_schema_is_not_said_to_be_upgraded(
        database_url: str, caplog: pytest.LogCaptureFixture) -> None:
    engine = create_engine(database_url)
    try:
        await upgrade_to_head(engine)
        async with engine.begin() as connection:
            await connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
        caplog.set_level(logging.INFO, logger="storage.migrate")
        with pytest.raises(CommandError):
            await upgrade_to_head(engine)
        assert said(caplog) == []
    finally:
        await engine.dispose()


async def test_a_process_waiting_for_another_ones_migration_says_so(
        postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="storage.migrate")
    holder = await asyncpg.connect(asyncpg_url(postgres_url))  # another replica, migrating
    engine = create_engine(postgres_url)
    try:
        await holder.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK_KEY)
        upgrading = asyncio.create_task(upgrade_to_head(engine))
        for _ in range(400):
            if said(caplog):
                break
            await asyncio.sleep(0.05)
        assert said(caplog) == ["another process is migrating the database: waiting for it to finish"]
        assert not upgrading.done()
        await holder.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK_KEY)
        await asyncio.wait_for(upgrading, 60)
    finally:
        await holder.close()
        await engine.dispose()


async def test_replicas_starting_together_on_an_up_to_date_schema_say_nothing_of_a_migration(
        postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """Each start holds the migration lock a moment to find the schema up to date: another replica starting then
    waits that moment, and said "another process is migrating the database", though nobody was (seen on every
    pair of replicas started at once, four rounds of five)."""
    engine = create_engine(postgres_url)
    holder = await asyncpg.connect(asyncpg_url(postgres_url))  # another replica, checking the schema
    try:
        await upgrade_to_head(engine)
        caplog.set_level(logging.INFO, logger="storage.migrate")
        await holder.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK_KEY)
        upgrading = asyncio.create_task(upgrade_to_head(engine))
        for _ in range(400):  # until it waits for the lock
            if await holder.fetchval("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"):
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)  # longer than a check takes
        await holder.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK_KEY)
        await asyncio.wait_for(upgrading, 60)
        assert said(caplog) == []
    finally:
        await holder.close()
        await engine.dispose()
