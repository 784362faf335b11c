"""The storage contract: a message link the database can't keep is refused as LinkRejected, about that link alone
(bot/link_writer.py then stores its batch's other links one by one)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.ports import LinkRejected, UnitOfWork
from bot.records import MessageLink
from tests.fakes.clock import START
from tests.storage.builders import a_session, stored_session, stored_user

Uow = Callable[[], UnitOfWork]


async def test_a_message_linked_already_is_refused_and_keeps_its_first_link(uow: Uow) -> None:
    await stored_session(uow, a_session(await stored_user(uow)))
    first = MessageLink("telegram", "poll-1", "s1", "q1", "chat-1", START)
    async with uow() as work:
        await work.links.add(first)
        await work.commit()
    async with uow() as work:
        with pytest.raises(LinkRejected):
            await work.links.add(MessageLink("telegram", "poll-1", "s1", "q2", "chat-1", START))
    async with uow() as work:
        assert await work.links.get("telegram", "poll-1") == first


async def test_a_link_to_a_session_that_is_gone_is_refused(uow: Uow) -> None:
    await stored_user(uow)
    async with uow() as work:
        with pytest.raises(LinkRejected):
            await work.links.add(MessageLink("telegram", "poll-1", "deleted-session", "q1", "chat-1", START))
    async with uow() as work:
        assert await work.links.get("telegram", "poll-1") is None
