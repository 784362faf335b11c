"""Migration 0021 keeps the open question's content_hash as it was shown (quiz_sessions.asked_hash): a session shown
its question before it reads as not known (its answer logged under the content served, as before), and a downgrade
takes the column away without losing a learner's answers or poll links, on a SQLite file (foreign keys on, as the
application opens it) and on PostgreSQL."""

from __future__ import annotations

from sqlalchemy import update

from storage import tables
from storage.database import create_engine
from storage.repositories import SqlSessionRepository
from tests.storage.test_migration_0002 import _columns_and_indexes, _counts, _store_a_played_session
from tests.support.migrations import migrate

sessions = tables.table_of(tables.Session)


async def test_0021_reads_a_session_shown_before_it_as_not_known_and_its_downgrade_keeps_every_answer_and_link(
        database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "0020")
        await _store_a_played_session(engine)  # a session, an answer and a poll link
        async with engine.begin() as connection:  # its question q2 shown by the release before
            await connection.execute(update(sessions).values(asked_question="q2 0123456789ab", asked_answer="b"))
        await migrate(engine, "upgrade", "head")
        async with engine.connect() as connection:
            session = await SqlSessionRepository(connection).get("s1")
        assert session is not None and session.shown_key("q2") == "b" and session.shown_hash("q2") is None

        await migrate(engine, "downgrade", "0020")
        assert "asked_hash" not in (await _columns_and_indexes(engine))[0]
        # A copy of quiz_sessions dropped the table, and with foreign keys on every answer and link went with it.
        assert await _counts(engine) == [1, 1, 1]
        assert {"uq_quiz_sessions_one_active", "ix_quiz_sessions_question_deadline"} <= (
            await _columns_and_indexes(engine))[1]

        await migrate(engine, "upgrade", "head")
        assert "asked_hash" in (await _columns_and_indexes(engine))[0]
        assert await _counts(engine) == [1, 1, 1]
    finally:
        await engine.dispose()
