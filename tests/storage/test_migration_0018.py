"""Migration 0018 keeps apart the reminder time the bot put aside when it could not reach a learner
(users.paused_reminder_time): a learner from before it reads as nothing put aside, their reminder and its plan kept,
and a downgrade takes the column away without losing a learner or their sessions, answers and poll links, on a
SQLite file (foreign keys on, as the application opens it) and on PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select, update

from storage import tables
from storage.database import create_engine
from tests.storage.test_migration_0002 import _counts, _store_a_played_session
from tests.storage.test_migration_0017 import _user_columns
from tests.support.migrations import migrate

users = tables.table_of(tables.User)
PLANNED = datetime(2026, 1, 8, 0, 0, tzinfo=UTC)


async def test_0018_reads_a_learner_from_before_it_as_nothing_put_aside_and_its_downgrade_keeps_every_learner(
        database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "0017")
        await _store_a_played_session(engine)  # a learner, a session, an answer and a poll link
        async with engine.begin() as connection:
            await connection.execute(update(users).values(reminder_time="19:00", reminder_due=PLANNED))
        await migrate(engine, "upgrade", "head")
        async with engine.connect() as connection:
            assert (await connection.execute(select(users.c.reminder_time, users.c.reminder_due,
                                                    users.c.paused_reminder_time))).one() == ("19:00", PLANNED, None)
        async with engine.begin() as connection:
            await connection.execute(update(users).values(reminder_time=None, paused_reminder_time="19:00"))

        await migrate(engine, "downgrade", "0017")
        assert "paused_reminder_time" not in await _user_columns(engine)
        # A copy of users dropped the table, and with foreign keys on every session went with it, and its answers.
        assert await _counts(engine) == [1, 1, 1]

        await migrate(engine, "upgrade", "head")
        assert "paused_reminder_time" in await _user_columns(engine)
    finally:
        await engine.dispose()
