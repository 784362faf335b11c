"""A shared transaction (storage/shared_transaction.py) whose member waits on a lock another process holds: the
others don't wait with it, past a second; and two processes' shared transactions lock their learners in one order."""

from __future__ import annotations

import asyncio
import contextlib

import asyncpg

from bot.metrics import EVERY_PLATFORM, STORAGE_BUSY
from bot.records import CardRecord
from storage.database import create_engine
from storage.migrate import upgrade_to_head
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock
from tests.pg_cluster import asyncpg_url
from tests.storage.builders import a_session, stored_session, stored_user
from tests.storage.shared_storage import SharedCommits, Storage
from tests.storage.test_shared_transactions import answered, committed, no_wait

HELD_FOR = 10.0  # seconds another process holds learner-0's row, unless the others are done first


async def test_a_learner_locked_by_another_process_holds_up_only_their_own_answer(postgres_url: str) -> None:
    database = create_engine(postgres_url, pool_size=2)  # once apart, learner-0 waits on one, the others use the other
    elsewhere = create_engine(postgres_url, pool_size=1)  # another process, its own connection
    try:
        await upgrade_to_head(database)
        storage = Storage(unit_of_work_factory(database, FixedClock(), metrics=SharedCommits()), SharedCommits())
        other_process = unit_of_work_factory(elsewhere, FixedClock())
        for n in range(4):
            await stored_session(storage.units, a_session(await stored_user(storage.units, f"learner-{n}"), f"s{n}"))
        locked, others_done = asyncio.Event(), asyncio.Event()

        async def holder() -> None:
            async with other_process() as work:
                await work.users.get("telegram", "learner-0")  # the learner's row, locked
                locked.set()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(others_done.wait(), HELD_FOR)
                await work.commit()

        holding = asyncio.create_task(holder())
        await locked.wait()
        retry = no_wait()
        answers = [asyncio.ensure_future(committed(storage, n, retry)()) for n in range(4)]
        # Waiting with learner-0 for the other process, they would be done only once it let go, after HELD_FOR.
        others = await asyncio.wait_for(asyncio.gather(*answers[1:]), HELD_FOR - 2)
        assert not holding.done()
        others_done.set()
        first = await asyncio.wait_for(answers[0], HELD_FOR)
        await holding
        assert isinstance(first, CardRecord) and all(isinstance(card, CardRecord) for card in others)
        assert [await answered(storage, n) for n in range(4)] == [["q1"]] * 4
        await storage.units.close()
        await other_process.close()
    finally:
        await database.dispose()
        await elsewhere.dispose()


async def test_an_answer_alone_in_its_shared_transaction_waits_for_a_lock_as_long_as_it_would_alone(
        postgres_url: str) -> None:
    """Past the shared transaction's lock wait it runs again in a transaction of its own, which waits on."""
    database, elsewhere = create_engine(postgres_url, pool_size=1), create_engine(postgres_url, pool_size=1)
    try:
        await upgrade_to_head(database)
        storage = Storage(unit_of_work_factory(database, FixedClock()), SharedCommits())
        other_process = unit_of_work_factory(elsewhere, FixedClock())
        await stored_session(storage.units, a_session(await stored_user(storage.units, "learner-0"), "s0"))
        locked = asyncio.Event()

        async def holder() -> None:
            async with other_process() as work:
                await work.users.get("telegram", "learner-0")
                locked.set()
                await asyncio.sleep(2.5)  # past the shared transaction's 1 s
                await work.commit()

        holding = asyncio.create_task(holder())
        await locked.wait()
        card = await committed(storage, 0, no_wait(storage.metrics))()
        await holding
        assert isinstance(card, CardRecord) and await answered(storage, 0) == ["q1"]
        assert storage.metrics.errors == [(EVERY_PLATFORM, STORAGE_BUSY)]  # alone, a lost race of its own
        await storage.units.close()
        await other_process.close()
    finally:
        await database.dispose()
        await elsewhere.dispose()


async def test_two_processes_first_answers_lock_their_learners_in_the_same_order(postgres_url: str) -> None:
    """A statement's first copies go one by one (the first learns its types): in the order of their parameters
    too, as merged ones go. Sent in the order they came, two processes whose answers of the same two learners came
    in opposite orders (a webhook retried to another replica) each locked one learner and waited for the other's:
    a deadlock, which lost both shared transactions after a second."""
    setup, one, two = (create_engine(postgres_url, pool_size=1) for _ in range(3))
    holders = [await asyncpg.connect(asyncpg_url(postgres_url)) for _ in range(2)]
    onlooker = await asyncpg.connect(asyncpg_url(postgres_url))  # outside a transaction: its view is current
    try:
        await upgrade_to_head(setup)
        setup_units = unit_of_work_factory(setup, FixedClock())
        for n in range(2):
            await stored_session(setup_units, a_session(await stored_user(setup_units, f"learner-{n}"), f"s{n}"))
        await setup_units.close()
        # Each process's plans are new: its first answers are the first copies of their statements.
        first, second = (Storage(unit_of_work_factory(engine, FixedClock(), metrics=metrics), metrics)
                         for engine, metrics in ((one, SharedCommits()), (two, SharedCommits())))
        # Each learner's row held a moment, so both processes' first statements wait, then go on together.
        for n, holder in enumerate(holders):
            await holder.execute("BEGIN")
            await holder.execute(f"SELECT 1 FROM users WHERE platform_user_id = 'learner-{n}' FOR UPDATE")
        answers = asyncio.gather(committed(first, 0)(), committed(first, 1)(), committed(second, 1)(),
                                 committed(second, 0)(), return_exceptions=True)
        await asyncio.wait_for(waiting_on_locks(onlooker, 2), 10)  # each process's first statement
        for holder in holders:  # learner-1's a moment later: a process waiting for it queues behind the other
            await holder.execute("COMMIT")
            await asyncio.sleep(0.05)
        results = await asyncio.wait_for(answers, 10)
        assert first.metrics.errors == second.metrics.errors == []  # no shared transaction lost
        assert sorted(type(result).__name__ for result in results) == ["AlreadyAnswered"] * 2 + ["CardRecord"] * 2
        assert [await answered(first, n) for n in range(2)] == [["q1"]] * 2
        await first.units.close()
        await second.units.close()
    finally:
        for connection in (*holders, onlooker):
            await connection.close()
        for engine in (setup, one, two):
            await engine.dispose()


async def waiting_on_locks(connection: asyncpg.Connection, count: int) -> None:
    """Until ``count`` statements of the database wait on a lock."""
    while True:
        if await connection.fetchval("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                                     "AND datname = current_database()") >= count:
            return
        await asyncio.sleep(0.01)
