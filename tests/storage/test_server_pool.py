"""PostgreSQL's pool: exactly QUIZ_DATABASE_POOL_SIZE connections, handed out first come, first served."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
from sqlalchemy import event

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.records import UserRecord
from storage.database import create_engine
from storage.migrate import upgrade_to_head
from storage.server_pool import FifoHandOver
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock
from tests.pg_cluster import asyncpg_url

UNITS = 50


async def test_the_gate_lets_waiters_in_in_arrival_order_and_a_returning_holder_queues_behind_them() -> None:
    gate: FifoHandOver[str] = FifoHandOver(2)
    order: list[str] = []

    async def unit(name: str, again: bool) -> None:
        await gate.acquire()
        order.append(name)
        await asyncio.sleep(0)
        gate.release()
        if again:  # straight back for more: it must not get ahead of those already waiting
            await gate.acquire()
            order.append(f"{name} again")
            gate.release()

    await gate.acquire()
    await gate.acquire()
    tasks = []
    for n in range(10):
        tasks.append(asyncio.create_task(unit(f"u{n}", again=n < 3)))
        await asyncio.sleep(0)  # u0 reaches the gate before u1 is even created
    gate.release()
    gate.release()
    await asyncio.gather(*tasks)
    assert order == [f"u{n}" for n in range(10)] + [f"u{n} again" for n in range(3)]


async def test_a_waiter_cancelled_in_the_queue_gives_its_place_to_the_next() -> None:
    gate: FifoHandOver[str] = FifoHandOver(1)
    await gate.acquire()
    cancelled = asyncio.create_task(gate.acquire())
    patient = asyncio.create_task(gate.acquire())
    await asyncio.sleep(0)
    cancelled.cancel()
    await asyncio.sleep(0)
    gate.release()
    await asyncio.wait_for(patient, 1)
    gate.release()
    await asyncio.wait_for(gate.acquire(), 1)  # and the place was not lost on the way


async def test_a_place_given_up_hands_its_item_to_the_oldest_waiter_or_back_when_nobody_waits() -> None:
    hand_over: FifoHandOver[str] = FifoHandOver(1)
    assert await hand_over.acquire() is None  # a first holder is given nothing
    waiting = asyncio.create_task(hand_over.acquire())
    await asyncio.sleep(0)
    assert hand_over.release("connection-1") is None  # taken by the waiter
    assert await asyncio.wait_for(waiting, 1) == "connection-1"
    assert hand_over.release("connection-1") == "connection-1"  # nobody waits: the holder keeps it to put away


async def test_what_a_cancelled_waiter_was_just_handed_goes_on_to_the_next_or_is_discarded() -> None:
    discarded: list[str] = []

    async def discard(item: str) -> None:
        discarded.append(item)

    hand_over: FifoHandOver[str] = FifoHandOver(1, discard=discard)
    await hand_over.acquire()
    unlucky, patient = asyncio.create_task(hand_over.acquire()), asyncio.create_task(hand_over.acquire())
    await asyncio.sleep(0)
    hand_over.release("connection-1")
    unlucky.cancel()  # handed the place and the item, but cancelled before it ran
    assert await asyncio.wait_for(patient, 1) == "connection-1"
    assert unlucky.cancelled()
    last = asyncio.create_task(hand_over.acquire())
    await asyncio.sleep(0)
    hand_over.release("connection-2")
    last.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await last
    assert discarded == ["connection-2"]  # nobody else waited: not lost, put away
    assert await asyncio.wait_for(hand_over.acquire(), 1) is None  # and the place is free again


async def backends(url: str) -> list[int]:
    """The server processes of the connections the test database has now (an earlier test's may linger a moment
    after it closed them)."""
    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        return list(await connection.fetchval(
            "SELECT coalesce(array_agg(pid), '{}') FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"))
    finally:
        await connection.close()


@contextlib.asynccontextmanager
async def connections_watched(url: str, already: list[int]) -> AsyncIterator[list[int]]:
    """Samples, every few ms, of how many other clients the test database has (pg_stat_activity), leaving out
    those ``already`` there before the test opened its own. Only client backends: an autovacuum worker on the
    database is listed with it too."""
    watcher = await asyncpg.connect(asyncpg_url(url))
    samples: list[int] = []

    async def sample() -> None:
        while True:
            samples.append(await watcher.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() "
                "AND backend_type = 'client backend' AND pid <> ALL($1::int[])", already))
            await asyncio.sleep(0.002)
    sampling = asyncio.create_task(sample())
    try:
        yield samples
    finally:
        sampling.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sampling
        await watcher.close()


async def test_with_a_pool_of_two_fifty_units_of_work_at_once_all_succeed_on_two_connections(
        postgres_url: str, tmp_path: Path, fixture_content: Path) -> None:
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=postgres_url,
                        database_pool_size=2)
    already = await backends(postgres_url)  # CI once counted 3 here: [2, 3, 3, 3, ...]
    async with open_services(settings) as services:
        assert services.database.pool.size() == 2  # type: ignore[attr-defined]
        uow = unit_of_work_factory(services.database, FixedClock())

        async def add(n: int) -> None:
            async with uow() as work:
                await work.users.add(UserRecord("telegram", f"learner-{n}"))
                await asyncio.sleep(0.01)  # hold the connection a while, so the others must queue
                await work.commit()

        async with connections_watched(postgres_url, already) as samples:
            await asyncio.gather(*(add(n) for n in range(UNITS)))
        async with uow() as work:
            stored = [await work.users.get("telegram", f"learner-{n}") for n in range(UNITS)]
    assert all(stored)
    assert samples and max(samples) == 2, samples


async def test_units_of_work_get_their_connection_in_the_order_they_asked(postgres_url: str) -> None:
    # One connection: with two, units of work that got theirs in order could still finish BEGIN out of order.
    database = create_engine(postgres_url, pool_size=1)
    try:
        await upgrade_to_head(database)
        uow = unit_of_work_factory(database, FixedClock())
        order: list[str] = []
        held, hold = asyncio.Event(), asyncio.Event()

        async def unit(name: str, again: bool = False) -> None:
            async with uow() as work:
                order.append(name)
                await work.users.get("telegram", name)
                if name == "holder":
                    held.set()
                    await hold.wait()
            if again:  # at once back for another transaction: behind those already waiting
                async with uow() as work:
                    order.append(f"{name} again")

        holder = asyncio.create_task(unit("holder"))
        await asyncio.wait_for(held.wait(), 10)
        waiters = []
        for n in range(20):
            waiters.append(asyncio.create_task(unit(f"w{n:02}", again=n % 5 == 0)))
            await asyncio.sleep(0)  # w00 reaches the gate before w01 is created
        hold.set()
        await asyncio.wait_for(asyncio.gather(holder, *waiters), 30)
    finally:
        await database.dispose()
    assert order == ["holder"] + [f"w{n:02}" for n in range(20)] + [f"w{n:02} again" for n in range(0, 20, 5)]


async def test_while_units_of_work_queue_connections_pass_between_them_then_all_go_back_to_the_pool(
        postgres_url: str) -> None:
    database = create_engine(postgres_url, pool_size=2)
    checkouts: list[object] = []
    try:
        await upgrade_to_head(database)
        event.listen(database.sync_engine, "checkout", lambda *_args: checkouts.append(object()))
        uow = unit_of_work_factory(database, FixedClock())

        async def add(n: int) -> None:
            async with uow() as work:
                await work.users.add(UserRecord("telegram", f"learner-{n}"))
                await asyncio.sleep(0.005)
                await work.commit()

        await asyncio.gather(*(add(n) for n in range(UNITS)))
        assert len(checkouts) == 2  # each place checked its connection out once, then handed it on
        assert database.pool.checkedout() == 0  # type: ignore[attr-defined]  # nobody waits: back in the pool
        async with uow() as work:
            assert all([await work.users.get("telegram", f"learner-{n}") for n in range(UNITS)])
    finally:
        await database.dispose()
