"""The storage contract: a vote on a poll reads the poll's link and the session it asks for in one read.

Every test runs on the in-memory fake, a SQLite file and PostgreSQL (see conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from bot.ports import UnitOfWork
from bot.records import MessageLink, SessionState
from tests.fakes.clock import START
from tests.storage.builders import a_session, stored_session, stored_user

Uow = Callable[[], UnitOfWork]
POLL = MessageLink("telegram", "poll-77", "s1", "q2", "chat-1", START, message_id="4021")


async def _linked(uow: Uow, *links: MessageLink) -> None:
    async with uow() as work:
        for link in links:
            await work.links.add(link)
        await work.commit()


async def test_a_message_is_read_with_its_link_and_its_session_as_an_answer_reads_it(uow: Uow) -> None:
    owner, other = await stored_user(uow), await stored_user(uow, "other")
    await stored_session(uow, a_session(owner, updated_at=START + timedelta(minutes=5)))
    await stored_session(uow, a_session(owner, "s2", "second", state=SessionState.STOPPED,
                                        updated_at=START + timedelta(minutes=9)))
    await stored_session(uow, a_session(other, "s3", updated_at=START + timedelta(minutes=20)))
    await _linked(uow, POLL, MessageLink("telegram", "poll-78", "s3", "q1", "chat-3", START))
    async with uow() as work:
        found = await work.sessions.get_by_message("telegram", "poll-77")
    assert found is not None
    link, to_answer = found
    async with uow() as work:
        assert link == await work.links.get("telegram", "poll-77") == POLL
        assert to_answer == await work.sessions.get_with_owner_activity("s1")
    assert to_answer.session.id == "s1"
    assert to_answer.owner_last_activity == START + timedelta(minutes=9)  # the owner's other session, not another's


async def test_a_message_no_question_is_tied_to_reads_nothing(uow: Uow) -> None:
    await stored_session(uow, a_session(await stored_user(uow)))
    await _linked(uow, POLL)
    async with uow() as work:
        assert await work.sessions.get_by_message("discord", "poll-77") is None  # another platform's message
        assert await work.sessions.get_by_message("telegram", "poll-78") is None


async def test_a_withdrawn_message_still_finds_the_question_it_asked(uow: Uow) -> None:
    """A vote already on its way when the message was taken away still counts (QuizEngine.withdrawn)."""
    await stored_session(uow, a_session(await stored_user(uow)))
    await _linked(uow, POLL)
    async with uow() as work:
        await work.links.withdraw("telegram", "poll-77", START + timedelta(minutes=1))
        await work.commit()
    async with uow() as work:
        found = await work.sessions.get_by_message("telegram", "poll-77")
    assert found is not None
    assert found[0].withdrawn_at == START + timedelta(minutes=1)
    assert found[1].session.id == "s1"


async def test_a_session_read_with_its_message_is_updated_like_one_read_alone(uow: Uow) -> None:
    await stored_session(uow, a_session(await stored_user(uow)))
    await _linked(uow, POLL)
    async with uow() as work:
        found = await work.sessions.get_by_message("telegram", "poll-77")
        assert found is not None
        session = found[1].session
        session.advance()
        await work.sessions.update(session)
        await work.commit()
    async with uow() as work:
        stored = await work.sessions.get("s1")
    assert stored == session and stored.position == 1
