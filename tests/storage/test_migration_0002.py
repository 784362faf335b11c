"""Migration 0002 adds the question deadline to a database in use, and takes it away again without losing data.

Runs on a SQLite file (with foreign keys on, as the application opens it) and on PostgreSQL.
"""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import insert, inspect, select, text
from sqlalchemy.ext.asyncio import AsyncEngine

from storage import tables
from storage.database import create_engine
from tests.fakes.clock import START
from tests.support.migrations import migrate


async def _columns_and_indexes(engine: AsyncEngine) -> tuple[set[str], set[str]]:
    async with engine.connect() as connection:
        return await connection.run_sync(lambda sync: (
            {column["name"] for column in inspect(sync).get_columns("quiz_sessions")},
            {index["name"] or "" for index in inspect(sync).get_indexes("quiz_sessions")}))


async def _store_a_played_session(engine: AsyncEngine) -> None:
    """A user, a session, an answer and a poll link, as version 0001 stores them."""
    async with engine.begin() as connection:
        await connection.execute(insert(tables.table_of(tables.User)).values(
            id=1, platform="telegram", platform_user_id="alice", created_at=START))
        await connection.execute(insert(tables.table_of(tables.Session)).values(
            id="s1", user_id=1, quiz_id="collectives", chat_id="chat-1", state="active", question_ids=["q1", "q2"],
            option_orders={}, position=1, started_at=START, updated_at=START))
        await connection.execute(insert(tables.table_of(tables.Answer)).values(
            session_id="s1", question_id="q1", option_id="a", correct=True, answered_at=START))
        await connection.execute(insert(tables.table_of(tables.MessageLink)).values(
            platform="telegram", message_key="poll-1", session_id="s1", question_id="q1", chat_id="chat-1",
            created_at=START))


async def _counts(engine: AsyncEngine) -> list[int]:
    """Rows in quiz_sessions, answers and message_links."""
    async with engine.connect() as connection:
        return [len((await connection.execute(text(f"SELECT * FROM {table}"))).all())
                for table in ("quiz_sessions", "answers", "message_links")]


async def test_0002_adds_an_empty_deadline_to_sessions_in_progress_and_its_downgrade_keeps_every_answer(
        database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "0001")
        await _store_a_played_session(engine)
        columns, indexes = await _columns_and_indexes(engine)
        assert "question_deadline" not in columns

        await migrate(engine, "upgrade", "0002")
        columns, indexes = await _columns_and_indexes(engine)
        assert "question_deadline" in columns and "ix_quiz_sessions_question_deadline" in indexes
        async with engine.connect() as connection:
            deadline = (await connection.execute(select(tables.Session.__table__.c.question_deadline))).scalar_one()
        assert deadline is None  # no clock runs for a question shown before the limit existed
        assert await _counts(engine) == [1, 1, 1]

        await migrate(engine, "downgrade", "0001")
        columns, indexes = await _columns_and_indexes(engine)
        assert "question_deadline" not in columns and "ix_quiz_sessions_question_deadline" not in indexes
        assert {"uq_quiz_sessions_one_active", "ix_quiz_sessions_user_state"} <= indexes
        assert await _counts(engine) == [1, 1, 1]  # no table copy, so no cascade through the foreign keys

        await migrate(engine, "upgrade", "head")
        assert "question_deadline" in (await _columns_and_indexes(engine))[0]
    finally:
        await engine.dispose()


async def test_the_migrated_schema_matches_the_models(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "head")
        async with engine.connect() as connection:
            differences = await connection.run_sync(
                lambda sync: compare_metadata(MigrationContext.configure(sync), tables.Base.metadata))
        assert differences == []
    finally:
        await engine.dispose()
