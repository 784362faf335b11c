"""Users on a real database: two processes adding the same user at once store one row."""

from __future__ import annotations

import asyncio

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.records import UserRecord
from storage import tables
from storage.database import create_engine
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock


async def test_two_concurrent_adds_of_one_user_yield_one_row(database_url: str, database: AsyncEngine) -> None:
    # Two engines on one database, like the bot and `quiztutor play` side by side. Both look the user up,
    # find nobody, and add them. On PostgreSQL the second looks while the first insert is uncommitted; on
    # SQLite the write lock (BEGIN IMMEDIATE) makes the second wait for the first, which is the point of it.
    other = create_engine(database_url)
    interleave = database.dialect.name == "postgresql"
    first_inserted, second_looked = asyncio.Event(), asyncio.Event()

    async def add_first() -> UserRecord:
        async with unit_of_work_factory(database, FixedClock())() as work:
            user = await work.users.add(UserRecord("telegram", "race"))
            first_inserted.set()
            if interleave:
                await second_looked.wait()
            await work.commit()
        return user

    async def add_second() -> UserRecord:
        await first_inserted.wait()
        async with unit_of_work_factory(other, FixedClock())() as work:
            looked = await work.users.get("telegram", "race")
            assert looked is None or not interleave
            second_looked.set()
            user = await work.users.add(UserRecord("telegram", "race"))
            await work.commit()
        return user

    try:
        first, second = await asyncio.gather(add_first(), add_second())
        async with database.connect() as connection:
            rows = (await connection.execute(select(func.count()).select_from(tables.User))).scalar_one()
    finally:
        await other.dispose()
    assert first.id is not None
    assert first.id == second.id
    assert rows == 1
