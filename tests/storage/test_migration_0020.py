"""Migration 0020 keeps whether a question stored with no option was shown (answers.asked): an answer from before it
reads as not known (None, judged as before), one kept comes back as it went, and a downgrade takes the column away
keeping every answer, on a SQLite file and on PostgreSQL."""

from __future__ import annotations

from sqlalchemy import func, insert, inspect, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.records import AnswerRecord
from storage import tables
from storage.database import create_engine
from storage.repositories import SqlAnswerRepository
from tests.fakes.clock import START
from tests.support.migrations import migrate


async def _answer_columns(engine: AsyncEngine) -> set[str]:
    async with engine.connect() as connection:
        return await connection.run_sync(lambda sync: {column["name"]
                                                       for column in inspect(sync).get_columns("answers")})


async def test_0020_reads_an_answer_from_before_it_as_not_known_and_its_downgrade_keeps_every_answer(
        database_url: str) -> None:
    engine = create_engine(database_url)
    answers = tables.table_of(tables.Answer)
    try:
        await migrate(engine, "upgrade", "0019")
        async with engine.begin() as connection:
            await connection.execute(insert(tables.table_of(tables.User)).values(
                id=1, platform="telegram", platform_user_id="u1", created_at=START))
            await connection.execute(insert(tables.table_of(tables.Session)).values(
                id="s1", user_id=1, quiz_id="review", chat_id=None, question_ids=["a/q1", "a/q2"],
                option_orders={}, state="active", position=1, started_at=START, updated_at=START))
            await connection.execute(insert(answers).values(
                session_id="s1", question_id="a/q1", option_id=None, correct=False, answered_at=START))
        await migrate(engine, "upgrade", "head")
        unshown = AnswerRecord("s1", "a/q2", None, False, START, asked=False)
        async with engine.begin() as connection:
            repository = SqlAnswerRepository(connection)
            await repository.add(unshown)
            assert await repository.for_session("s1") == [
                AnswerRecord("s1", "a/q1", None, False, START, asked=None, timed_out=None), unshown]

        await migrate(engine, "downgrade", "0019")
        assert "asked" not in await _answer_columns(engine)
        async with engine.connect() as connection:
            assert (await connection.execute(select(func.count()).select_from(answers))).scalar_one() == 2
        await migrate(engine, "upgrade", "head")
        assert "asked" in await _answer_columns(engine)
    finally:
        await engine.dispose()
