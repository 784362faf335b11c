"""Migration 0009 widens the question columns that hold a review round's question references, keeping their rows,
on a SQLite file and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import insert, select
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.review_quiz import ref
from storage import tables
from storage.database import create_engine
from tests.fakes.clock import START
from tests.support.migrations import migrate

answers, links = tables.table_of(tables.Answer), tables.table_of(tables.MessageLink)
LONGEST_REF = ref("q" * 48, "x" * 48)  # two slugs at their limit


async def _question_ids(engine: AsyncEngine) -> tuple[set[str], set[str]]:
    async with engine.connect() as connection:
        return (set((await connection.execute(select(answers.c.question_id))).scalars()),
                set((await connection.execute(select(links.c.question_id))).scalars()))


async def _add(engine: AsyncEngine, question_id: str, key: str) -> None:
    async with engine.begin() as connection:
        await connection.execute(insert(answers).values(session_id="s1", question_id=question_id, option_id="a",
                                                        correct=True, answered_at=START))
        await connection.execute(insert(links).values(platform="telegram", message_key=key, session_id="s1",
                                                      question_id=question_id, created_at=START))


async def test_0009_keeps_the_rows_and_takes_the_longest_reference(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "0008")
        async with engine.begin() as connection:
            await connection.execute(insert(tables.table_of(tables.User)).values(
                id=1, platform="telegram", platform_user_id="alice", created_at=START))
            await connection.execute(insert(tables.table_of(tables.Session)).values(
                id="s1", user_id=1, quiz_id="review", state="active", question_ids=["collectives/one"],
                option_orders={}, position=0, started_at=START, updated_at=START))
        await _add(engine, "collectives/one", "poll-1")
        if engine.dialect.name == "postgresql":  # SQLite keeps any length, declared or not
            with pytest.raises(DBAPIError, match="too long"):
                await _add(engine, LONGEST_REF, "poll-2")
        await migrate(engine, "upgrade", "0009")
        assert await _question_ids(engine) == ({"collectives/one"}, {"collectives/one"})
        await _add(engine, LONGEST_REF, "poll-2")
        assert await _question_ids(engine) == ({"collectives/one", LONGEST_REF},) * 2
        with pytest.raises(IntegrityError):  # the first answer is final still: the copy kept the primary key
            await _add(engine, LONGEST_REF, "poll-3")
    finally:
        await engine.dispose()
