"""The next polls' links of a burst, stored together (bot/link_writer.py), on SQLite and PostgreSQL: one unit of work
for the links asked for at once, each caller answered once its own link is committed, a link that can't be stored
failing alone, and a failure of the database or a shutdown reaching every caller at once."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import cast

import pytest

from bot.link_writer import LinkWriter
from bot.ports import LinkRejected, StorageBusy, UnitOfWork, UnitOfWorkFactory
from bot.records import MessageLink
from tests.fakes.clock import START
from tests.storage.builders import a_session, stored_session, stored_user

Work = Callable[[UnitOfWork], Awaitable[None]]


class CountedUnits:
    """Turns.run_unlocked's part for the writer: each unit of work in a transaction of its own. ``tried`` counts
    them, ``batches`` has the links of each one committed; ``held`` keeps the next from opening until set, and
    ``failing`` is raised instead of opening one (a database busy past its retries, or a shutdown)."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow
        self.tried = 0
        self.batches: list[list[str]] = []
        self.held: asyncio.Event | None = None
        self.failing: BaseException | None = None
        self.opening = asyncio.Event()

    async def run(self, work: Work) -> None:
        self.tried += 1
        self.opening.set()
        if self.held is not None:
            await self.held.wait()
        if self.failing is not None:
            raise self.failing
        async with self._uow() as uow:
            keys: list[str] = []
            await work(cast(UnitOfWork, _Recording(uow, keys)))  # the slice of it the writer uses
        self.batches.append(keys)


class _Recording:
    """The unit of work, noting the keys of the links added to it."""

    def __init__(self, uow: UnitOfWork, keys: list[str]) -> None:
        self._uow, self._keys = uow, keys
        self.links = self

    async def add(self, link: MessageLink) -> None:
        await self._uow.links.add(link)
        self._keys.append(link.message_key)

    async def commit(self) -> None:
        await self._uow.commit()


def a_link(key: str, session_id: str) -> MessageLink:
    return MessageLink("telegram", key, session_id, "q2", "chat-1", START, message_id=f"m-{key}")


async def stored_keys(uow: UnitOfWorkFactory, keys: list[str]) -> list[str]:
    async with uow() as work:
        return [key for key in keys if await work.links.get("telegram", key) is not None]


@pytest.fixture
async def session_id(uow: UnitOfWorkFactory) -> str:
    session = await stored_session(uow, a_session(await stored_user(uow)))
    return session.id


async def test_links_asked_for_at_once_share_one_unit_of_work(uow: UnitOfWorkFactory, session_id: str) -> None:
    units = CountedUnits(uow)
    writer = LinkWriter(units.run)
    keys = [f"poll-{n}" for n in range(20)]
    await asyncio.gather(*(writer.store(a_link(key, session_id)) for key in keys))
    assert units.batches == [keys]
    assert await stored_keys(uow, keys) == keys


async def test_a_link_asked_for_during_a_batch_waits_for_its_own(uow: UnitOfWorkFactory, session_id: str) -> None:
    units = CountedUnits(uow)
    units.held = asyncio.Event()
    writer = LinkWriter(units.run)
    first = asyncio.create_task(writer.store(a_link("poll-1", session_id)))
    await units.opening.wait()  # the first batch is on its way, held before its unit of work opens
    second = asyncio.create_task(writer.store(a_link("poll-2", session_id)))
    units.held.set()
    await asyncio.gather(first, second)
    assert units.batches == [["poll-1"], ["poll-2"]]
    assert await stored_keys(uow, ["poll-1", "poll-2"]) == ["poll-1", "poll-2"]


async def test_a_link_that_cant_be_stored_fails_alone(uow: UnitOfWorkFactory, session_id: str) -> None:
    # A session gone (its learner's data deleted) while its next poll was being sent: the link's foreign key fails.
    units = CountedUnits(uow)
    writer = LinkWriter(units.run)
    links = [a_link("poll-1", session_id), a_link("poll-2", "deleted-session"), a_link("poll-3", session_id)]
    outcomes = await asyncio.gather(*(writer.store(link) for link in links), return_exceptions=True)
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], LinkRejected)
    # The batch was rolled back whole, then each link stored alone: the failed one keeps no row.
    assert units.tried == 4 and units.batches == [["poll-1"], ["poll-3"]]
    assert await stored_keys(uow, ["poll-1", "poll-2", "poll-3"]) == ["poll-1", "poll-3"]


async def test_a_database_failure_reaches_every_caller_at_once(uow: UnitOfWorkFactory, session_id: str) -> None:
    units = CountedUnits(uow)
    units.failing = StorageBusy("busy past every retry")
    writer = LinkWriter(units.run)
    links = [a_link(f"poll-{n}", session_id) for n in range(5)]
    outcomes = await asyncio.gather(*(writer.store(link) for link in links), return_exceptions=True)
    assert all(isinstance(outcome, StorageBusy) for outcome in outcomes)
    assert units.tried == 1  # not tried again link by link: the database, not a link, failed


async def test_a_shutdown_under_a_batch_leaves_no_caller_waiting(uow: UnitOfWorkFactory, session_id: str) -> None:
    units = CountedUnits(uow)
    units.held, units.failing = asyncio.Event(), asyncio.CancelledError()  # the storage cancels what holds it
    writer = LinkWriter(units.run)
    first = asyncio.create_task(writer.store(a_link("poll-1", session_id)))
    await units.opening.wait()
    second = asyncio.create_task(writer.store(a_link("poll-2", session_id)))  # waiting for the next batch
    units.held.set()
    outcomes = await asyncio.wait_for(asyncio.gather(first, second, return_exceptions=True), 5)
    assert all(isinstance(outcome, asyncio.CancelledError) for outcome in outcomes)
    assert units.tried == 1  # the link queued for the next batch was not tried after the shutdown


async def test_without_batches_each_link_has_its_own_unit_of_work(uow: UnitOfWorkFactory, session_id: str) -> None:
    units = CountedUnits(uow)
    writer = LinkWriter(units.run, batches=False)  # PostgreSQL's way: links spread over the pool's connections
    await asyncio.gather(*(writer.store(a_link(f"poll-{n}", session_id)) for n in range(3)))
    assert sorted(units.batches) == [["poll-0"], ["poll-1"], ["poll-2"]]


async def test_a_writer_refuses_a_second_event_loop_while_a_batch_is_stored(uow: UnitOfWorkFactory,
                                                                           session_id: str) -> None:
    # Its waiting callers' futures belong to the loop storing the batch: one from another loop would never wake.
    units = CountedUnits(uow)
    units.held = asyncio.Event()
    writer = LinkWriter(units.run)
    first = asyncio.create_task(writer.store(a_link("poll-1", session_id)))
    await units.opening.wait()
    with pytest.raises(RuntimeError, match="one event loop"):  # not left waiting: it would never wake
        await asyncio.to_thread(asyncio.run, asyncio.wait_for(writer.store(a_link("poll-2", session_id)), 5))
    units.held.set()
    await first
    assert units.batches == [["poll-1"]]
