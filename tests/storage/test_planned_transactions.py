"""The hot statements skip SQLAlchemy's execution (storage/planned.py, storage/server_statements.py), yet stay
inside the unit of work's transaction and fail the way SQLAlchemy's statements do, on both databases."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy.exc import IntegrityError

from bot.records import AnswerRecord, MessageLink
from storage.unit_of_work import SqlUnitOfWork
from tests.fakes.clock import START
from tests.storage.builders import a_session, stored_session, stored_user

Uow = Callable[[], SqlUnitOfWork]


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
    with pytest.raises(IntegrityError):
        async with uow() as work:
            await work.users.get("telegram", "alice")
            await work.links.add(a_link("poll-1"))
    async with uow() as work:
        await work.users.get("telegram", "alice")
        await work.links.add(a_link("poll-2"))
        await work.commit()
    async with uow() as work:
        found = await work.links.get("telegram", "poll-2")
    assert found == a_link("poll-2")
