"""The database closed at shutdown, on SQLite and PostgreSQL alike: an engine action that comes after the services
closed (discord.py doesn't wait for its event handlers) is refused at once with WriterClosed, which the adapters
log as one "shutting down" warning, and no connection is opened for it on the disposed engine."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy import event
from sqlalchemy.pool import Pool

from adapters.failures import shutting_down
from adapters.runtime import open_storage
from adapters.settings import Settings
from bot.ports import UnitOfWorkFactory, WriterClosed
from storage.database import create_engine
from storage.migrate import upgrade_to_head
from storage.unit_of_work import unit_of_work_factory
from tests.conftest import FIXTURE_CONTENT
from tests.fakes.clock import FixedClock
from tests.pg_cluster import asyncpg_url
from tests.storage.test_group_commit import add_user, learner, open_writer, saved_users, write_lock_is_free


@pytest.fixture
def connections_opened() -> Iterator[list[object]]:
    """Every database connection opened meanwhile, by any engine (each pool, the disposed ones' too)."""
    opened: list[object] = []

    def count(*_args: object) -> None:
        opened.append(object())
    event.listen(Pool, "connect", count)
    try:
        yield opened
    finally:
        event.remove(Pool, "connect", count)


async def stored_learners(url: str, *numbers: int) -> set[str]:
    database = create_engine(url)
    try:
        uow = unit_of_work_factory(database, FixedClock())
        async with uow() as work:
            return {user.platform_user_id for n in numbers if (user := await work.users.get("test", f"learner-{n}"))}
    finally:
        await database.dispose()


async def add(uow: UnitOfWorkFactory, number: int) -> None:
    async with uow() as work:
        await work.users.add(learner(number))
        await work.commit()


async def test_a_unit_of_work_after_the_storage_closed_is_refused_at_once_and_opens_no_connection(
        database_url: str, tmp_path: Path, connections_opened: list[object]) -> None:
    """PostgreSQL's units of work used to open a fresh connection on the disposed engine, and keep the action."""
    settings = Settings(data_dir=tmp_path, content_dir=FIXTURE_CONTENT, database_url=database_url)
    async with open_storage(settings, clock=FixedClock()) as uow:
        await add(uow, 1)
    opened_while_open = len(connections_opened)
    with pytest.raises(WriterClosed) as refused:
        await add(uow, 2)
    assert shutting_down(refused.value)  # the adapters log it as one warning, not an error with its traceback
    assert len(connections_opened) == opened_while_open
    assert await stored_learners(database_url, 1, 2) == {"learner-1"}


async def test_a_unit_of_work_queued_when_the_storage_closes_is_refused_when_its_turn_comes(
        postgres_url: str, connections_opened: list[object]) -> None:
    """With every connection held, a unit of work queues; the units of work close meanwhile (shutdown). The one
    holding the connection finishes within the shutdown wait and is kept; the queued one hears WriterClosed instead
    of beginning."""
    database = create_engine(postgres_url, pool_size=1)
    try:
        await upgrade_to_head(database)
        units = unit_of_work_factory(database, FixedClock())
        holding, finish = asyncio.Event(), asyncio.Event()

        async def holder() -> None:
            async with units() as work:
                await work.users.add(learner(1))
                holding.set()
                await finish.wait()
                await work.commit()

        held = asyncio.create_task(holder())
        await asyncio.wait_for(holding.wait(), 10)
        queued = asyncio.create_task(add(units, 2))
        await asyncio.sleep(0.05)  # waiting for the one connection
        opened_before_close = len(connections_opened)
        closing = asyncio.create_task(units.close())
        await asyncio.sleep(0.05)
        finish.set()
        await asyncio.wait_for(held, 10)  # under way: kept
        await asyncio.wait_for(closing, 10)
        with pytest.raises(WriterClosed):
            await asyncio.wait_for(queued, 10)
        with pytest.raises(WriterClosed):
            await add(units, 3)
        assert len(connections_opened) == opened_before_close
    finally:
        await database.dispose()
    assert await stored_learners(postgres_url, 1, 2, 3) == {"learner-1"}


async def client_backends(url: str, *, settling: float = 2.0) -> int:
    """The test database's clients on the server, given ``settling`` seconds to go (a backend outlives its client)."""
    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        for _ in range(int(settling / 0.05)):
            count: int = await connection.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid() AND backend_type = 'client backend'")
            if count == 0:
                break
            await asyncio.sleep(0.05)
        return count
    finally:
        await connection.close()


async def test_a_unit_of_work_in_flight_when_the_storage_closes_leaves_no_connection_open_on_the_server(
        postgres_url: str, tmp_path: Path) -> None:
    """Shutdown comes while a unit of work holds the one PostgreSQL connection and another waits for it: the first
    finishes and is kept, and hands the connection to the second, which hears WriterClosed. A connection put away
    after the close used to go back into the pool, which the engine's dispose may have emptied already, and then
    nothing would close it: the server kept its backend until the process exited. Now it is closed."""
    settings = Settings(data_dir=tmp_path, content_dir=FIXTURE_CONTENT, database_url=postgres_url,
                        database_pool_size=1)
    inside, finish = asyncio.Event(), asyncio.Event()

    async def under_way(uow: UnitOfWorkFactory) -> None:
        async with uow() as work:
            await work.users.add(learner(1))
            inside.set()
            await finish.wait()
            await work.commit()

    async with open_storage(settings, clock=FixedClock()) as uow:
        action = asyncio.create_task(under_way(uow))
        await asyncio.wait_for(inside.wait(), 10)
        queued = asyncio.create_task(add(uow, 2))
        await asyncio.sleep(0.05)  # waiting for the one connection
        asyncio.get_running_loop().call_later(0.1, finish.set)  # while the storage closes
    await asyncio.wait_for(action, 10)  # under way: kept
    with pytest.raises(WriterClosed):
        await asyncio.wait_for(queued, 10)
    assert await client_backends(postgres_url) == 0
    assert await stored_learners(postgres_url, 1) == {"learner-1"}


async def test_a_unit_of_work_stalled_past_the_shutdown_wait_is_rolled_back_and_its_connection_closed(
        postgres_url: str) -> None:
    """Shutdown comes while a unit of work, half-way, waits on something that doesn't come. The close used to let it
    run on with its connection after the engine was disposed: its transaction stayed open on the server, locks and
    all, with no time limit. Now it gets SHUTDOWN_WAIT (shortened here), then its connection is closed: the server
    rolls it back, and when it wakes it hears WriterClosed, which the adapters log as shutting down."""
    database = create_engine(postgres_url, pool_size=1)
    try:
        await upgrade_to_head(database)
        units = unit_of_work_factory(database, FixedClock())
        inside, wake = asyncio.Event(), asyncio.Event()

        async def stalled() -> None:
            async with units() as work:
                await work.users.add(learner(1))
                inside.set()
                await wake.wait()
                await work.users.add(learner(2))
                await work.commit()

        action = asyncio.create_task(stalled())
        await asyncio.wait_for(inside.wait(), 10)
        await asyncio.wait_for(units.close(wait=0.2), 5)
        assert await client_backends(postgres_url) == 0
        wake.set()
        with pytest.raises(WriterClosed) as refused:
            await asyncio.wait_for(action, 5)
        assert shutting_down(refused.value)
    finally:
        await database.dispose()
    assert await stored_learners(postgres_url, 1, 2) == set()


async def test_closing_the_storage_while_a_commit_is_under_way_lets_the_event_loop_run_on(tmp_path: Path) -> None:
    """At shutdown the SQLite writer waits for a COMMIT under way before closing. It used to wait blocking the
    event loop, so nothing else ran meanwhile (here: the task that lets the held COMMIT go on). Now the wait is
    awaited: the loop runs on, and the COMMIT's action is still kept and acknowledged."""
    committing, go_on = threading.Event(), threading.Event()
    let_go_by_the_loop: list[bool] = []

    def hold_commit(statement: str) -> None:  # in the writer's thread
        if statement == "COMMIT":
            committing.set()
            let_go_by_the_loop.append(go_on.wait(timeout=2))  # else it goes on by itself

    def trace_the_writer(dbapi_connection: object, _record: object) -> None:
        if isinstance(dbapi_connection, sqlite3.Connection):  # the writer's own; the others are aiosqlite's
            dbapi_connection.set_trace_callback(hold_commit)

    async def let_go() -> None:
        await asyncio.sleep(0.05)
        go_on.set()

    event.listen(Pool, "connect", trace_the_writer)
    try:
        settings = Settings(data_dir=tmp_path, content_dir=FIXTURE_CONTENT)
        async with open_storage(settings, clock=FixedClock()) as uow:
            action = asyncio.create_task(add(uow, 1))
            assert await asyncio.to_thread(committing.wait, 5)
            meanwhile = asyncio.create_task(let_go())
        # closed: the COMMIT under way ended first
        await asyncio.wait_for(meanwhile, 5)
        await asyncio.wait_for(action, 5)  # acknowledged
    finally:
        event.remove(Pool, "connect", trace_the_writer)
    assert let_go_by_the_loop == [True]
    assert saved_users(tmp_path) == {"learner-1"}
    assert write_lock_is_free(tmp_path)


async def test_an_action_queued_when_the_writer_closes_runs_nothing_and_the_commit_under_way_is_kept(
        tmp_path: Path) -> None:
    """The writer closes while a COMMIT is under way that began the next batch's transaction for a queued action.
    The close waits for the COMMIT without blocking the loop, so the queued action gets its turn meanwhile: it hears
    WriterClosed at once and runs nothing on the connection the writer's thread is about to close."""
    committing, go_on = threading.Event(), threading.Event()
    traced: list[str] = []

    def hold_commit(statement: str) -> None:
        traced.append(statement)
        if statement == "COMMIT" and not go_on.is_set():
            committing.set()
            go_on.wait(timeout=5)

    units, _, writer = await open_writer(tmp_path, trace=hold_commit, max_delay=0)  # each action its own COMMIT
    inside, leave = asyncio.Event(), asyncio.Event()

    async def first() -> None:
        async with units() as work:
            await work.users.add(learner(1))
            inside.set()
            await leave.wait()
            await work.commit()

    holder = asyncio.create_task(first())
    await asyncio.wait_for(inside.wait(), 5)
    queued = asyncio.create_task(add_user(units, 2, tmp_path))
    await asyncio.sleep(0.01)  # waiting for the turn: the COMMIT will begin its transaction
    leave.set()
    assert await asyncio.to_thread(committing.wait, 5)
    closing = asyncio.create_task(writer.close_for_good())
    await asyncio.sleep(0.01)
    go_on.set()
    await asyncio.wait_for(closing, 5)
    await asyncio.wait_for(holder, 5)  # acknowledged
    with pytest.raises(WriterClosed):
        await asyncio.wait_for(queued, 5)
    assert not [statement for statement in traced if "learner-2" in statement]
    assert saved_users(tmp_path) == {"learner-1"}
    assert write_lock_is_free(tmp_path)


@pytest.mark.parametrize("others_queued", [False, True])
async def test_an_action_under_way_when_the_writer_closes_is_kept_and_acknowledged(
        tmp_path: Path, others_queued: bool) -> None:
    """Shutdown (SIGTERM) comes while a learner's answer is half-way through its unit of work: the close waits
    for it, and its COMMIT still happens, whether or not others were queued behind it (they hear WriterClosed)."""
    units, _, writer = await open_writer(tmp_path)
    inside, leave = asyncio.Event(), asyncio.Event()

    async def under_way() -> None:
        async with units() as work:
            await work.users.add(learner(1))
            inside.set()
            await leave.wait()
            await work.commit()

    holder = asyncio.create_task(under_way())
    await asyncio.wait_for(inside.wait(), 5)
    queued = asyncio.create_task(add_user(units, 2, tmp_path)) if others_queued else None
    await asyncio.sleep(0.01)
    closing = asyncio.create_task(writer.close_for_good())
    await asyncio.sleep(0.01)
    leave.set()
    await asyncio.wait_for(holder, 5)  # acknowledged: no WriterClosed
    await asyncio.wait_for(closing, 5)
    if queued is not None:
        with pytest.raises(WriterClosed):
            await asyncio.wait_for(queued, 5)
    assert saved_users(tmp_path) == {"learner-1"}
    assert write_lock_is_free(tmp_path)
