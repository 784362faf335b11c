"""PostgreSQL's shared transactions (storage/shared_transaction.py) when a member stalls or the connection is cut:
nobody waits on a member for ever, what was shared is kept whole or not at all, and the connection's place serves
the next units of work."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.ports import WriterClosed
from bot.records import CardRecord
from storage.database import create_engine
from storage.migrate import upgrade_to_head
from storage.server_timeouts import ServerTimeouts, TransactionTimedOut
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock
from tests.pg_cluster import end_other_sessions
from tests.storage.builders import a_session, stored_session, stored_user
from tests.storage.shared_storage import SharedCommits, Storage, answer_q1
from tests.storage.test_shared_transactions import LEARNERS, answered, committed, no_wait

TIME_LIMIT = 1.0


@pytest.fixture
async def storage(postgres_url: str) -> AsyncIterator[Storage]:
    """Six learners with a quiz session each; one connection, its transactions cut after TIME_LIMIT seconds."""
    database = create_engine(postgres_url, pool_size=1, timeouts=ServerTimeouts(
        transaction_seconds=TIME_LIMIT, idle_in_transaction_seconds=None))
    try:
        await upgrade_to_head(database)
        metrics = SharedCommits()
        units = unit_of_work_factory(database, FixedClock(), metrics=metrics)
        for n in range(LEARNERS):
            await stored_session(units, a_session(await stored_user(units, f"learner-{n}"), f"s{n}"))
        metrics.kept.clear()
        yield Storage(units, metrics)
        await units.close()
    finally:
        await database.dispose()


async def stalled_reader(storage: Storage, has_read: asyncio.Event) -> None:
    """A member that reads, then waits on something that never comes (a stalled call inside its turn)."""
    async with storage.units.shared() as work:
        await work.users.get("telegram", "learner-0")
        has_read.set()
        await asyncio.Event().wait()


async def test_a_member_stalled_past_the_time_limit_holds_the_others_no_longer_than_it(storage: Storage) -> None:
    has_read, retry = asyncio.Event(), no_wait()
    stalled = asyncio.create_task(stalled_reader(storage, has_read))
    others = asyncio.gather(committed(storage, 1, retry)(), committed(storage, 2, retry)())
    await has_read.wait()
    try:
        await asyncio.wait_for(asyncio.shield(others), TIME_LIMIT + 5)  # alone, each would have committed
    finally:
        stalled.cancel()
        await asyncio.gather(stalled, others, return_exceptions=True)
    assert [await answered(storage, n) for n in (1, 2)] == [["q1"], ["q1"]]


async def test_a_member_stalled_at_shutdown_holds_the_others_no_longer_than_the_shutdown_wait(
        storage: Storage) -> None:
    has_read = asyncio.Event()
    stalled = asyncio.create_task(stalled_reader(storage, has_read))
    others = asyncio.gather(committed(storage, 1)(), committed(storage, 2)(), return_exceptions=True)
    await has_read.wait()
    await asyncio.sleep(0.05)  # the others have committed, and wait for it
    try:
        await storage.units.close(wait=0.2)
        results = await asyncio.wait_for(asyncio.shield(others), 2)
    finally:
        stalled.cancel()
        await asyncio.gather(stalled, others, return_exceptions=True)
    assert all(isinstance(result, Exception) for result in results), results  # nothing kept, and each told


@pytest.mark.parametrize("members", [1, 2])
@pytest.mark.parametrize("cut", ["time limit", "shutdown"])
async def test_a_statement_cut_is_told_as_it_would_be_alone(
        storage: Storage, postgres_url: str, members: int, cut: str) -> None:
    holder_database = create_engine(postgres_url, pool_size=1)  # holds learner-0's row: a connection of its own
    try:
        holder_units = unit_of_work_factory(holder_database, FixedClock())
        locked, release = asyncio.Event(), asyncio.Event()

        async def holder() -> None:
            async with holder_units() as work:
                await work.users.get("telegram", "learner-0")
                locked.set()
                await release.wait()

        holding = asyncio.create_task(holder())
        await locked.wait()
        answering = asyncio.gather(*(committed(storage, n)() for n in range(members)), return_exceptions=True)
        if cut == "shutdown":
            await asyncio.sleep(0.1)  # learner-0's statement waits on the lock
            await storage.units.close(wait=0.1)
        results = await asyncio.wait_for(answering, TIME_LIMIT + 5)
        release.set()
        await holding
    finally:
        await holder_database.dispose()
    told = TransactionTimedOut if cut == "time limit" else WriterClosed
    assert all(isinstance(result, told) for result in results), results
    if cut == "shutdown":
        return
    assert [await answered(storage, n) for n in range(members)] == [[]] * members


async def test_a_connection_the_server_ends_under_a_stalled_member_holds_the_others_no_longer(
        storage: Storage, postgres_url: str) -> None:
    has_read, retry = asyncio.Event(), no_wait()
    stalled = asyncio.create_task(stalled_reader(storage, has_read))
    others = asyncio.gather(committed(storage, 1, retry)(), committed(storage, 2, retry)())
    await has_read.wait()
    await asyncio.sleep(0.05)  # the others have committed, and wait for it
    try:
        await end_other_sessions(postgres_url)
        await asyncio.wait_for(asyncio.shield(others), TIME_LIMIT / 2)  # well before the time limit
    finally:
        stalled.cancel()
        await asyncio.gather(stalled, others, return_exceptions=True)
    assert [await answered(storage, n) for n in (1, 2)] == [["q1"], ["q1"]]


async def test_a_connection_the_server_ends_while_its_members_work_costs_them_a_try_alone(
        storage: Storage, postgres_url: str) -> None:
    """Cut while nothing is on the wire, the shared transaction is rolled back as a whole: its members run again,
    alone, on a fresh connection."""
    writing, retry = [0], no_wait()
    all_wrote = asyncio.Event()

    async def writer(n: int) -> CardRecord:
        async def once() -> CardRecord:
            async with storage.units.shared() as work:
                card = await answer_q1(work, n)
                writing[0] += 1
                if writing[0] == 3:
                    all_wrote.set()
                await all_wrote.wait()
                await asyncio.sleep(0.1)
                await work.commit()
                return card
        return await retry.run(once)

    results = asyncio.gather(*(writer(n) for n in range(3)), return_exceptions=True)
    # Cut once every member's statements are answered: nothing on the wire. (Cut after the first member's, another's
    # could still be under way on a loaded machine, and reach it as a failure of its own: a red run at stop 57.)
    await all_wrote.wait()
    await end_other_sessions(postgres_url)
    cards = await asyncio.wait_for(results, 5)
    assert all(isinstance(card, CardRecord) for card in cards), cards
    assert storage.metrics.kept == []  # not one COMMIT shared: each committed alone
    assert [await answered(storage, n) for n in range(3)] == [["q1"]] * 3
