"""Migration 0015 keeps the open question's answer key as it was shown, with the question it is the key of
(quiz_sessions.asked_question and asked_answer): a session asked before it reads as shown before the key was kept,
and a downgrade takes the columns away without losing a learner's answers or poll links, on a SQLite file (foreign
keys on, as the application opens it) and on PostgreSQL."""

from __future__ import annotations

from sqlalchemy import select

from storage import tables
from storage.database import create_engine
from tests.storage.test_migration_0002 import _columns_and_indexes, _counts, _store_a_played_session
from tests.support.migrations import migrate

sessions = tables.table_of(tables.Session)


async def test_0015_reads_a_session_shown_before_it_and_its_downgrade_keeps_every_answer_and_link(
        database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "head")
        await _store_a_played_session(engine)  # a session, an answer and a poll link
        async with engine.connect() as connection:
            assert (await connection.execute(select(sessions.c.asked_question, sessions.c.asked_answer))).one() == (
                None, None)

        await migrate(engine, "downgrade", "0014")
        assert not {"asked_question", "asked_answer"} & (await _columns_and_indexes(engine))[0]
        # A copy of quiz_sessions dropped the table, and with foreign keys on every answer and link went with it.
        assert await _counts(engine) == [1, 1, 1]
        assert {"uq_quiz_sessions_one_active", "ix_quiz_sessions_question_deadline"} <= (
            await _columns_and_indexes(engine))[1]

        await migrate(engine, "upgrade", "head")
        assert {"asked_question", "asked_answer"} <= (await _columns_and_indexes(engine))[0]
        assert await _counts(engine) == [1, 1, 1]
    finally:
        await engine.dispose()
