"""On PostgreSQL, a statement a connection prepared before another process changed a column's type (a newer
replica's migration, while this one still serves) is refused once: a lost race, so the action is tried again,
and the next try prepares it anew. Before, the learner's action failed once per connection and statement."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from sqlalchemy import text

from bot.ports import StorageBusy, UnitOfWork
from bot.records import SessionState
from storage.database import create_engine
from storage.migrate import upgrade_to_head
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock
from tests.storage.builders import a_session, stored_session, stored_user

Read = Callable[[UnitOfWork, int], Awaitable[object]]


async def planned(work: UnitOfWork, user_id: int) -> object:
    return await work.answers.for_session("s1")  # a plan, straight on asyncpg


async def through_sqlalchemy(work: UnitOfWork, user_id: int) -> object:
    return await work.sessions.latest_ended(user_id, SessionState.FINISHED)


@pytest.mark.parametrize("read", [planned, through_sqlalchemy])
async def test_a_statement_prepared_before_a_column_changed_type_is_a_lost_race(postgres_url: str,
                                                                               read: Read) -> None:
    database = create_engine(postgres_url, pool_size=1)  # one connection: the one that prepared it, reused
    try:
        await upgrade_to_head(database)
        uow = unit_of_work_factory(database, FixedClock())
        user = await stored_user(uow)
        await stored_session(uow, a_session(user, state=SessionState.FINISHED))
        async with uow() as work:
            await read(work, user)  # prepared, and kept in the connection's cache
        async with database.connect() as other, other.begin():  # another process's migration
            await other.execute(text("ALTER TABLE answers ALTER COLUMN question_id TYPE varchar(200)"))
            await other.execute(text("ALTER TABLE quiz_sessions ALTER COLUMN chat_id TYPE varchar(200)"))
        with pytest.raises(StorageBusy):  # not a fault: Turns tries the whole action again
            async with uow() as work:
                await read(work, user)
        async with uow() as work:
            await read(work, user)  # prepared anew
    finally:
        await database.dispose()
