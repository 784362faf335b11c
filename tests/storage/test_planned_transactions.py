"""The hot statements skip SQLAlchemy's execution (storage/planned.py, storage/server_statements.py), yet stay
inside the unit of work's transaction and fail the way SQLAlchemy's statements do, on both databases."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import DBAPIError, IntegrityError

from bot.ports import LinkRejected, UnitOfWorkFactory
from bot.records import AnswerRecord, MessageLink
from storage.database import create_engine
from storage.migrate import upgrade_to_head
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import START, FixedClock
from tests.pg_cluster import end_other_sessions
from tests.storage.builders import a_session, stored_session, stored_user

Uow = UnitOfWorkFactory


def a_link(key: str) -> MessageLink:
    return MessageLink("telegram", key, "s1", "q1", "chat-1", START)


async def test_planned_writes_are_rolled_back_with_their_unit_of_work_even_as_its_first_statements(uow: Uow) -> None:
    await stored_session(uow, a_session(await stored_user(uow)))
    async with uow() as work:
        await work.links.add(a_link("poll-1"))  # the first statement of the transaction
        await work.answers.add(AnswerRecord("s1", "q1", "a", True, START))  # a planned one after it
    async with uow() as work:  # never committed
        assert await work.links.get("telegram", "poll-1") is None
        assert await work.answers.for_session("s1") == []


async def test_a_planned_duplicate_is_an_integrity_error_and_the_next_unit_of_work_works(uow: Uow) -> None:
    await stored_session(uow, a_session(await stored_user(uow)))
    async with uow() as work:
        await work.links.add(a_link("poll-1"))
        await work.commit()
    with pytest.raises(LinkRejected) as refused:  # what the link repository makes of the driver's error
        async with uow() as work:
            await work.users.get("telegram", "alice")
            await work.links.add(a_link("poll-1"))
    assert isinstance(refused.value.__cause__, IntegrityError)
    await _a_planned_write_is_kept(uow)


async def test_a_connection_broken_under_a_planned_statement_fails_as_sqlalchemy_would_and_the_next_works(
        postgres_url: str) -> None:
    database = create_engine(postgres_url, pool_size=1)  # one connection: the next unit of work would reuse it
    try:
        await upgrade_to_head(database)
        uow = unit_of_work_factory(database, FixedClock())
        await stored_session(uow, a_session(await stored_user(uow)))
        with pytest.raises(DBAPIError) as failed:
            async with uow() as work:
                await work.users.get("telegram", "alice")
                await end_other_sessions(postgres_url)  # as a server restart or a proxy would
                await work.links.add(a_link("poll-1"))
        # The failure reported is the planned INSERT's; without the connection thrown away at once, the unit
        # of work's ROLLBACK on the dead connection would fail too, and its error would replace this one.
        assert str(failed.value.statement).startswith("INSERT INTO message_links")
        await _a_planned_write_is_kept(uow)
    finally:
        await database.dispose()


async def _a_planned_write_is_kept(uow: Uow) -> None:
    async with uow() as work:
        await work.users.get("telegram", "alice")
        await work.links.add(a_link("poll-2"))
        await work.commit()
    async with uow() as work:
        assert await work.links.get("telegram", "poll-2") == a_link("poll-2")
