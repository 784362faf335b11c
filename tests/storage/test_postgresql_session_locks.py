"""On PostgreSQL, a transaction reading a session to change it waits for another that is changing it.

Otherwise two processes acting for one learner at once (say, a resume and an answer) each write back the
session they read, and the later write puts the learner back on a question already answered: stuck for good.
SQLite needs no row locks, since its transactions take turns (BEGIN IMMEDIATE).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.records import MessageLink, QuizSession, UserRecord
from storage.server_unit_of_work import ServerUnitOfWork
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import START, FixedClock
from tests.storage.builders import a_session, stored_session, stored_user
from tests.support.lock_waits import lock_waits

Read = Callable[[ServerUnitOfWork, QuizSession], Awaitable[QuizSession | None]]
POLL = MessageLink("telegram", "poll-1", "s1", "q1", None, START)


async def by_id(work: ServerUnitOfWork, session: QuizSession) -> QuizSession | None:
    return await work.sessions.get(session.id)


async def as_active(work: ServerUnitOfWork, session: QuizSession) -> QuizSession | None:
    return await work.sessions.active(session.user_id)


async def by_message(work: ServerUnitOfWork, session: QuizSession) -> QuizSession | None:
    """As a vote on the session's poll reads it (the test links POLL to it)."""
    found = await work.sessions.get_by_message(POLL.platform, POLL.message_key)
    return found[1].session if found else None


@pytest.fixture
def database_url(postgres_url: str) -> str:
    """PostgreSQL only (SQLite takes no row locks); the shared ``database`` fixture does the rest."""
    return postgres_url


async def _finished_or_waiting(task: asyncio.Task[QuizSession | None], database: AsyncEngine) -> None:
    """Until the task is done or some transaction (the task's: nothing else runs) waits for a lock."""
    for _ in range(1000):
        if task.done():
            return
        async with database.connect() as connection:
            if await lock_waits(connection):
                return
        await asyncio.sleep(0.01)
    raise AssertionError("the other transaction neither finished nor waited for a lock")


@pytest.mark.parametrize(("first_read", "second_read"), [(by_id, as_active), (as_active, by_id), (by_id, by_id),
                                                         (by_id, by_message), (by_message, as_active)])
async def test_a_session_read_for_a_change_waits_until_another_transactions_change_is_committed(
        database: AsyncEngine, first_read: Read, second_read: Read) -> None:
    uow = unit_of_work_factory(database, FixedClock())
    session = await stored_session(uow, a_session(await stored_user(uow)))
    async with uow() as work:
        await work.links.add(POLL)
        await work.commit()

    async def read_in_another_transaction() -> QuizSession | None:
        async with uow() as work:
            assert isinstance(work, ServerUnitOfWork)  # PostgreSQL's: database_url is PostgreSQL only
            return await second_read(work, session)

    async with uow() as work:
        assert isinstance(work, ServerUnitOfWork)
        mine = await first_read(work, session)
        assert mine is not None
        other = asyncio.create_task(read_in_another_transaction())
        await _finished_or_waiting(other, database)
        mine.advance()
        await work.sessions.update(mine)
        await work.commit()
    seen = await other
    assert seen is not None and seen.position == 1


async def test_remembering_a_language_hint_never_waits_for_a_transaction_holding_the_user(
        database: AsyncEngine) -> None:
    # An answer holds its session and notes the hint; a resume elsewhere may hold the user and wait for that session.
    uow = unit_of_work_factory(database, FixedClock())
    async with uow() as work:
        user = await work.users.add(UserRecord("telegram", "alice", last_hint="en"))
        await work.commit()
    async with uow() as holder:
        await holder.users.update(replace(user, language="fr"))
        async with asyncio.timeout(5), uow() as noter:
            await noter.users.note_hint(replace(user, last_hint="sw"))
            await noter.commit()
        await holder.commit()
    async with uow() as work:
        stored = await work.users.get("telegram", "alice")
    assert stored is not None and (stored.language, stored.last_hint) == ("fr", "en")  # the hint waits for next time
