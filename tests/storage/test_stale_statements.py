"""On PostgreSQL, a statement a connection prepared before another process changed a column's type (a newer
replica's migration, while this one still serves) is refused once: a lost race, so the action is tried again.
asyncpg forgets the statement on the connection that failed only: every other connection of the pool forgets
its own before its next unit of work, so the next try works on whichever connection it gets."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from sqlalchemy import text

from bot.ports import StorageBusy, UnitOfWork
from bot.records import SessionState
from storage.database import create_engine
from storage.migrate import upgrade_to_head
from storage.pool_size import DEFAULT_POOL_SIZE
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock
from tests.storage.builders import a_session, stored_session, stored_user

Read = Callable[[UnitOfWork, int], Awaitable[object]]
Uow = Callable[[], UnitOfWork]


async def planned(work: UnitOfWork, user_id: int) -> object:
    return await work.answers.for_session("s1")  # a plan, straight on asyncpg


async def through_sqlalchemy(work: UnitOfWork, user_id: int) -> object:
    return await work.sessions.latest_ended(user_id, SessionState.FINISHED)


async def _prepared_on_every_connection(uow: Uow, read: Read, user_id: int) -> None:
    """Each of the pool's connections prepares the statement: all hold a unit of work at once."""
    all_read = asyncio.Barrier(DEFAULT_POOL_SIZE)

    async def one() -> None:
        async with uow() as work:
            await read(work, user_id)
            await all_read.wait()
    await asyncio.wait_for(asyncio.gather(*(one() for _ in range(DEFAULT_POOL_SIZE))), 30)


@pytest.mark.parametrize("read", [planned, through_sqlalchemy])
async def test_a_statement_prepared_before_a_column_changed_type_fails_one_try_on_any_connection(
        postgres_url: str, read: Read) -> None:
    database = create_engine(postgres_url)  # the default pool
    try:
        await upgrade_to_head(database)
        uow = unit_of_work_factory(database, FixedClock())
        user = await stored_user(uow)
        await stored_session(uow, a_session(user, state=SessionState.FINISHED))
        await _prepared_on_every_connection(uow, read, user)
        async with database.connect() as other, other.begin():  # another process's migration
            await other.execute(text("ALTER TABLE answers ALTER COLUMN question_id TYPE varchar(200)"))
            await other.execute(text("ALTER TABLE quiz_sessions ALTER COLUMN chat_id TYPE varchar(200)"))
        with pytest.raises(StorageBusy):  # not a fault: Turns tries the whole action again
            async with uow() as work:
                await read(work, user)
        for _ in range(DEFAULT_POOL_SIZE + 1):  # every connection in turn: each prepares it anew
            async with uow() as work:
                await read(work, user)
    finally:
        await database.dispose()
