"""The storage contract: the messages still asking an active session's open question, for a catch-up of votes cast
while no process listened (adapters/discord/catch_up.py).

Every test runs on the in-memory fake, a SQLite file and PostgreSQL (see conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from bot.ports import UnitOfWork
from bot.records import AnswerRecord, MessageLink, SessionState, UnansweredLink
from tests.fakes.clock import START
from tests.storage.builders import a_session, stored_session, stored_user

Uow = Callable[[], UnitOfWork]


def poll(key: str, session: str, question: str, minutes: int) -> MessageLink:
    return MessageLink("discord", key, session, question, "chan-1", START + timedelta(minutes=minutes))


async def _linked(uow: Uow, *links: MessageLink) -> None:
    async with uow() as work:
        for link in links:
            await work.links.add(link)
        await work.commit()


async def test_only_unanswered_questions_of_active_sessions_come_newest_first_within_the_limit(uow: Uow) -> None:
    alice = await stored_user(uow, "111", "discord")
    bob = await stored_user(uow, "222", "discord")
    await stored_session(uow, a_session(alice))
    await stored_session(uow, a_session(bob, "s2"))
    await stored_session(uow, a_session(bob, "s3", "other", state=SessionState.STOPPED))
    await _linked(uow, poll("10", "s1", "q1", 1), poll("11", "s1", "q2", 2), poll("20", "s2", "q1", 3),
                  poll("30", "s3", "q1", 4), MessageLink("telegram", "40", "s2", "q1", "c", START))
    async with uow() as work:
        await work.answers.add(AnswerRecord("s1", "q1", "a", True, START + timedelta(minutes=2)))
        await work.commit()

    async with uow() as work:
        found = await work.links.unanswered("discord", START, 10)
        assert found == [UnansweredLink(poll("20", "s2", "q1", 3), "222"),  # the stopped session's left out
                         UnansweredLink(poll("11", "s1", "q2", 2), "111")]  # q1 is answered
        assert [f.link.message_key for f in await work.links.unanswered("discord", START, 1)] == ["20"]
        since = START + timedelta(minutes=3)
        assert [f.link.message_key for f in await work.links.unanswered("discord", since, 10)] == ["20"]


async def test_a_withdrawn_message_is_left_out(uow: Uow) -> None:
    await stored_session(uow, a_session(await stored_user(uow, "111", "discord")))
    await _linked(uow, poll("10", "s1", "q1", 1))
    async with uow() as work:
        await work.links.withdraw("discord", "10", START + timedelta(minutes=2))
        await work.commit()
    async with uow() as work:
        assert await work.links.unanswered("discord", START, 10) == []


async def test_pages_follow_on_from_the_last_link_of_the_page_before_equal_times_too(uow: Uow) -> None:
    await stored_session(uow, a_session(await stored_user(uow, "111", "discord")))
    await _linked(uow, poll("10", "s1", "q1", 1), poll("11", "s1", "q2", 2), poll("12", "s1", "q2", 2),
                  poll("13", "s1", "q2", 2), poll("14", "s1", "q3", 3))
    keys: list[str] = []
    async with uow() as work:
        page = await work.links.unanswered("discord", START, 2)
        while page:
            keys += [found.link.message_key for found in page]
            page = await work.links.unanswered("discord", START, 2, page[-1].link)
    assert keys == ["14", "13", "12", "11", "10"]  # each once: the page break between "13" and "12" loses none
