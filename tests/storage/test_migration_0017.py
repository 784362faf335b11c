"""Migration 0017 keeps when each learner's last reminder was sent (users.reminder_sent_at): a learner reminded
before it reads as never noted, their reminder and its plan kept (and a new zone still planned after the day that
plan tells was reminded), and a downgrade takes the column away without losing a learner or their sessions, answers
and poll links, on a SQLite file (foreign keys on, as the application opens it) and on PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import inspect, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.replies import Actor
from storage import tables
from storage.database import create_engine
from tests.fakes.clock import FixedClock
from tests.storage.test_migration_0002 import _counts, _store_a_played_session
from tests.support.migrations import migrate

users = tables.table_of(tables.User)
ALICE = Actor("telegram", "alice", language_hint="en")
PLANNED = datetime(2026, 1, 8, 0, 0, tzinfo=UTC)  # Wednesday 19:00 in New York, planned by Tuesday's reminder


async def _user_columns(engine: AsyncEngine) -> set[str]:
    async with engine.connect() as connection:
        return await connection.run_sync(lambda sync: {column["name"] for column in inspect(sync).get_columns("users")})


async def test_0017_reads_a_learner_reminded_before_it_as_never_noted_and_its_downgrade_keeps_every_learner(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "0016")
        await _store_a_played_session(engine)  # a learner, a session, an answer and a poll link
        async with engine.begin() as connection:
            await connection.execute(update(users).values(time_zone="America/New_York", reminder_time="19:00",
                                                          reminder_due=PLANNED))
        await migrate(engine, "upgrade", "head")
        async with engine.connect() as connection:
            assert (await connection.execute(select(users.c.reminder_time, users.c.reminder_due,
                                                    users.c.reminder_sent_at))).one() == ("19:00", PLANNED, None)
        await engine.dispose()
        clock = FixedClock(datetime(2026, 1, 7, 0, 5, tzinfo=UTC))  # Tuesday 19:05 in New York, Wednesday in Tokyo
        settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=database_url)
        async with open_services(settings, clock=clock) as services:
            assert not (await services.engine.set_time_zone(ALICE, "Asia/Tokyo")).is_error
        async with engine.connect() as connection:  # Thursday 19:00 in Tokyo: its Wednesday had Tuesday's
            assert (await connection.execute(select(users.c.reminder_due))).scalar_one() == datetime(
                2026, 1, 8, 10, 0, tzinfo=UTC)

        await migrate(engine, "downgrade", "0016")
        assert "reminder_sent_at" not in await _user_columns(engine)
        # A copy of users dropped the table, and with foreign keys on every session went with it, and its answers.
        assert await _counts(engine) == [1, 1, 1]
        async with engine.connect() as connection:
            assert (await connection.execute(select(users.c.time_zone))).scalar_one() == "Asia/Tokyo"

        await migrate(engine, "upgrade", "head")
        assert "reminder_sent_at" in await _user_columns(engine)
    finally:
        await engine.dispose()
