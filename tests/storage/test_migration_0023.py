"""Migration 0023 keeps whether a question stored with no option timed out (answers.timed_out): an answer from before
it reads as not known (None: a skip, as the summary read it then), one kept comes back as it went, and a downgrade
takes the column away keeping every answer, on a SQLite file and on PostgreSQL."""

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


async def test_0023_reads_an_answer_from_before_it_as_not_known_and_its_downgrade_keeps_every_answer(
        database_url: str) -> None:
    engine = create_engine(database_url)
    answers = tables.table_of(tables.Answer)
    try:
        await migrate(engine, "upgrade", "0022")
        async with engine.begin() as connection:
            await connection.execute(insert(tables.table_of(tables.User)).values(
                id=1, platform="telegram", platform_user_id="u1", created_at=START))
            await connection.execute(insert(tables.table_of(tables.Session)).values(
                id="s1", user_id=1, quiz_id="collectives", chat_id=None, question_ids=["q1", "q2", "q3"],
                option_orders={}, state="active", position=2, started_at=START, updated_at=START))
            await connection.execute(insert(answers).values(
                session_id="s1", question_id="q1", option_id=None, correct=False, answered_at=START, asked=True))
        await migrate(engine, "upgrade", "head")
        timed_out = AnswerRecord("s1", "q2", None, False, START, timed_out=True)
        skipped = AnswerRecord("s1", "q3", None, False, START)
        async with engine.begin() as connection:
            repository = SqlAnswerRepository(connection)
            await repository.add(timed_out)
            await repository.add(skipped)
            assert sorted(await repository.for_session("s1"), key=lambda answer: answer.question_id) == [
                AnswerRecord("s1", "q1", None, False, START, timed_out=None), timed_out, skipped]

        await migrate(engine, "downgrade", "0022")
        assert "timed_out" not in await _answer_columns(engine)
        async with engine.connect() as connection:
            assert (await connection.execute(select(func.count()).select_from(answers))).scalar_one() == 3
        await migrate(engine, "upgrade", "head")
        assert "timed_out" in await _answer_columns(engine)
    finally:
        await engine.dispose()
