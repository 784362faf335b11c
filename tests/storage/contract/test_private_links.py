"""The storage contract: a private question's link (Discord's ephemeral buttons), stored withdrawn from the start.

Every test runs on the in-memory fake, a SQLite file and PostgreSQL (see conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from bot.ports import UnitOfWork
from bot.records import MessageLink
from tests.fakes.clock import START
from tests.storage.builders import a_session, stored_session, stored_user

Uow = Callable[[], UnitOfWork]


async def test_a_link_stored_withdrawn_is_read_back_withdrawn_and_passed_by_as_unanswered(uow: Uow) -> None:
    """It tells the question was shown (privately), while nothing takes it for a poll still asking it: not the
    catch-up of votes, not a time-out's reply. Before, the withdrawal was dropped on SQLite and PostgreSQL."""
    await stored_session(uow, a_session(await stored_user(uow, "ada", "discord")))
    private = MessageLink("discord", "private:5f1c", "s1", "q2", "840", START, withdrawn_at=START)
    poll = MessageLink("discord", "1579539617542045700", "s1", "q1", "840", START - timedelta(minutes=1))
    async with uow() as work:
        await work.links.add(poll)
        await work.links.add(private)
        await work.commit()
    async with uow() as work:
        found = await work.links.get("discord", "private:5f1c")
        latest = await work.links.latest("discord", "s1", "q2")
        unanswered = await work.links.unanswered("discord", START - timedelta(hours=1), 10)
    assert found is not None and found.withdrawn_at == START
    assert latest == found and latest.withdrawn_at == START
    assert [link.link.message_key for link in unanswered] == ["1579539617542045700"]
