"""The SQLite writer's group commit: many actions per durable COMMIT, each alone in its savepoint, each caller
answered only once its COMMIT is on disk, and no write lock left behind by a caller that gave up."""

from __future__ import annotations

import asyncio
import gc
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from bot.ports import StorageBusy, WriterClosed
from bot.records import UserRecord
from storage.database import SQLITE_BUSY_TIMEOUT_MS, create_engine, create_writer_engine, sqlite_url
from storage.group_commit import GroupCommit
from storage.migrate import upgrade_to_head
from storage.planned import SqlitePlans
from storage.sqlite_unit_of_work import SqliteUnitOfWork
from tests.fakes.clock import FixedClock

Batches = list[int]
Units = Callable[[], SqliteUnitOfWork]


async def open_writer(tmp_path: Path, *, trace: Callable[[str], None] | None = None,
                      busy_timeout_ms: int = SQLITE_BUSY_TIMEOUT_MS,
                      **options: Any) -> tuple[Units, Batches, GroupCommit]:
    """Units of work on one writer over a migrated SQLite file, the size of each COMMIT it made, and the writer.
    ``trace`` hears each statement as SQLite starts it, in the thread running it."""
    database = create_engine(sqlite_url(tmp_path))
    await upgrade_to_head(database)
    await database.dispose()
    batches: Batches = []
    engine = create_writer_engine(database.url, busy_timeout_ms=busy_timeout_ms)
    if trace is not None:
        event.listen(engine, "connect", lambda dbapi_connection, _record: dbapi_connection.set_trace_callback(trace))
    writer = GroupCommit(engine, on_commit=batches.append, **options)
    plans = SqlitePlans(engine.dialect)
    return (lambda: SqliteUnitOfWork(writer, plans, FixedClock())), batches, writer


@pytest.fixture
async def writer(tmp_path: Path) -> AsyncIterator[tuple[Units, Batches, GroupCommit]]:
    opened = await open_writer(tmp_path)
    yield opened
    opened[2].close()


def write_lock_is_free(tmp_path: Path) -> bool:
    other_process = sqlite3.connect(tmp_path / "quiztutor.sqlite3", isolation_level=None, timeout=0.5)
    try:
        other_process.execute("BEGIN IMMEDIATE")
        other_process.execute("ROLLBACK")
        return True
    except sqlite3.OperationalError:  # database is locked
        return False
    finally:
        other_process.close()


def saved_users(tmp_path: Path) -> set[str]:
    with sqlite3.connect(tmp_path / "quiztutor.sqlite3") as other_process:
        return {row[0] for row in other_process.execute("SELECT platform_user_id FROM users")}


def learner(number: int) -> UserRecord:
    return UserRecord("test", f"learner-{number}", "en")


async def add_user(uow: Callable[[], SqliteUnitOfWork], number: int, tmp_path: Path) -> bool:
    """Add a learner; True if another connection sees them the moment commit() returns."""
    async with uow() as work:
        await work.users.add(learner(number))
        await work.commit()
    return f"learner-{number}" in saved_users(tmp_path)


async def test_a_burst_shares_few_commits_and_every_caller_returns_only_once_on_disk(
        writer: tuple[Units, Batches, GroupCommit], tmp_path: Path) -> None:
    uow, batches, _ = writer
    visible = await asyncio.gather(*(add_user(uow, number, tmp_path) for number in range(100)))
    assert all(visible)  # none was told "done" before its COMMIT
    assert saved_users(tmp_path) == {f"learner-{number}" for number in range(100)}
    assert sum(batches) == 100 and len(batches) < 20


async def test_a_failing_action_undoes_only_its_own_writes(
        writer: tuple[Units, Batches, GroupCommit], tmp_path: Path) -> None:
    uow, _, _ = writer

    async def failing() -> None:
        async with uow() as work:
            await work.users.add(learner(999))
            raise RuntimeError("the action broke half-way")

    results = await asyncio.gather(add_user(uow, 1, tmp_path), failing(), add_user(uow, 2, tmp_path),
                                   return_exceptions=True)
    assert results[0] is True and results[2] is True and isinstance(results[1], RuntimeError)
    assert saved_users(tmp_path) == {"learner-1", "learner-2"}


async def test_a_caller_that_gives_up_while_queued_leaves_no_transaction_open(
        writer: tuple[Units, Batches, GroupCommit], tmp_path: Path) -> None:
    """The turn passes to a queued caller that is cancelled before it runs: the batch must still commit."""
    uow, _, _ = writer
    async with uow() as work:
        await work.users.add(learner(1))
        queued = asyncio.create_task(add_user(uow, 2, tmp_path))
        await asyncio.sleep(0.01)  # now waiting for the turn
        committing = asyncio.create_task(work.commit())
        await asyncio.sleep(0)  # the turn is passed on, the batch left open for the queued caller...
        queued.cancel()  # ...which gives up before it runs
        await asyncio.wait_for(committing, timeout=5)
    assert saved_users(tmp_path) == {"learner-1"}
    assert write_lock_is_free(tmp_path)


@pytest.mark.parametrize("action_after", [True, False], ids=["action-after-it", "last-in-batch"])
async def test_a_batch_sqlite_rolled_back_whole_is_reported_failed_not_saved(
        writer: tuple[Units, Batches, GroupCommit], tmp_path: Path, action_after: bool) -> None:
    """SQLite may roll back the whole transaction on an error (disk full, I/O error, out of memory): the actions
    that released their savepoints before it must hear that they were not saved, and those after it must not
    run outside a transaction, each kept on its own."""
    uow, _, group = writer

    async def rolled_back_by_sqlite() -> None:
        connection = await group.enter()  # an action's turn, in the batch's transaction
        connection.exec_driver_sql("ROLLBACK")  # what SQLite does by itself on those errors
        group.leave_nowhere()
        raise sqlite3.OperationalError("database or disk is full")

    actions = [add_user(uow, 1, tmp_path), rolled_back_by_sqlite()]
    if action_after:  # it finds the transaction gone when its turn comes
        actions.append(add_user(uow, 2, tmp_path))
    results = await asyncio.gather(*actions, return_exceptions=True)
    assert isinstance(results[0], StorageBusy)  # learner 1 was in the batch SQLite threw away: may try again
    assert isinstance(results[1], sqlite3.OperationalError)
    assert results[2:] == ([True] if action_after else [])  # a fresh batch after it, kept
    assert await add_user(uow, 3, tmp_path)  # and the writer goes on
    assert saved_users(tmp_path) == ({"learner-2", "learner-3"} if action_after else {"learner-3"})


async def test_callers_that_give_up_while_their_batch_is_begun_leave_no_write_lock_behind(tmp_path: Path) -> None:
    """A full batch's COMMIT begins the next batch in the same trip when callers are queued; if they all give up
    meanwhile, the begun transaction must still end, or SQLite's write lock stays held for other processes."""
    uow, _, writer = await open_writer(tmp_path, max_batch=1)
    try:
        async with uow() as work:
            await work.users.add(learner(1))
            queued = asyncio.create_task(add_user(uow, 2, tmp_path))
            await asyncio.sleep(0.01)  # now waiting for the turn
            committing = asyncio.create_task(work.commit())
            await asyncio.sleep(0)  # the batch is full: its COMMIT, and BEGIN for the queued caller, are under way
            queued.cancel()  # who gives up before its turn comes
            await asyncio.wait_for(committing, timeout=5)
        await asyncio.sleep(0.1)  # nobody else comes
        assert write_lock_is_free(tmp_path)
        assert saved_users(tmp_path) == {"learner-1"}
    finally:
        writer.close()


async def test_a_caller_cancelled_while_its_begin_waits_for_another_process_leaves_no_error_unretrieved(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A handler cancelled at shutdown while its BEGIN waited for SQLite's write lock (held by another process):
    the BEGIN, going on in the writer's thread, failed with "database is locked" once the busy timeout passed, and
    asyncio logged "Future exception was never retrieved", an error nobody made; now it is passed on quietly."""
    uow, _, writer = await open_writer(tmp_path, busy_timeout_ms=300)
    other_process = sqlite3.connect(tmp_path / "quiztutor.sqlite3", isolation_level=None)
    try:
        other_process.execute("BEGIN IMMEDIATE")
        adding = asyncio.create_task(add_user(uow, 1, tmp_path))
        await asyncio.sleep(0.1)  # its BEGIN waits in the writer's thread
        adding.cancel()
        await asyncio.wait({adding})
        del adding  # its cancellation's traceback holds the BEGIN's future
        await asyncio.sleep(0.5)  # the busy timeout passes: the BEGIN fails
        gc.collect()  # asyncio says a future's unretrieved error when the future is collected
        assert [record.getMessage() for record in caplog.records if record.levelname == "ERROR"] == []
        other_process.execute("ROLLBACK")
        assert await add_user(uow, 2, tmp_path)  # and the writer goes on
    finally:
        other_process.close()
        writer.close()


async def test_actions_waiting_for_a_commit_when_the_database_closes_hear_they_were_not_kept(
        writer: tuple[Units, Batches, GroupCommit], tmp_path: Path) -> None:
    """At shutdown the engine is disposed, and the writer rolls back its open batch: an action that released its
    savepoint in that batch must not be told it was saved."""
    uow, _, group = writer
    released = asyncio.Event()

    async def released_then_closed() -> None:
        async with uow() as work:
            await work.users.add(learner(1))
            await released.wait()
            await work.commit()

    closed = asyncio.create_task(released_then_closed())
    await asyncio.sleep(0.05)  # it holds the turn
    queued = asyncio.create_task(add_user(uow, 2, tmp_path))  # so the batch stays open for this one
    await asyncio.sleep(0)
    released.set()
    await asyncio.sleep(0)  # released: it waits for the batch's COMMIT, and the turn passes on
    group.close()
    with pytest.raises(WriterClosed):
        await asyncio.wait_for(closed, timeout=5)
    assert await asyncio.wait_for(queued, timeout=5)  # the next action opens the database again
    assert saved_users(tmp_path) == {"learner-2"}


async def test_closing_while_an_action_begins_fails_that_action_and_the_writer_goes_on(
        writer: tuple[Units, Batches, GroupCommit], tmp_path: Path) -> None:
    uow, _, group = writer
    beginning = asyncio.create_task(add_user(uow, 1, tmp_path))
    await asyncio.sleep(0)  # its BEGIN is in the writer's thread
    group.close()
    with pytest.raises(WriterClosed):
        await asyncio.wait_for(beginning, timeout=5)
    assert await asyncio.wait_for(add_user(uow, 2, tmp_path), timeout=5)  # the turn was given back


async def test_the_writer_cancelled_at_shutdown_keeps_the_turn_until_its_commit_is_on_disk(tmp_path: Path) -> None:
    """asyncio cancels every task at shutdown, the writer's COMMIT task too, while its thread is in COMMIT. The
    turn must stay held, and the batch unanswered, until that COMMIT ends: else the batch's actions hear
    "cancelled" for writes that were kept, and the next action for the same learner starts before they are."""
    committing, finish = threading.Event(), threading.Event()

    def hold_commit(statement: str) -> None:  # in the writer's thread: the COMMIT still to come
        if statement == "COMMIT" and not finish.is_set():
            committing.set()
            finish.wait(timeout=5)

    uow, _, writer = await open_writer(tmp_path, trace=hold_commit)
    try:
        action = asyncio.create_task(add_user(uow, 1, tmp_path))
        assert await asyncio.to_thread(committing.wait, 5)  # its COMMIT is in the writer's thread
        writers_tasks = asyncio.all_tasks() - {asyncio.current_task(), action}
        assert writers_tasks  # the COMMIT's own task
        for task in writers_tasks:
            task.cancel()
        next_action = asyncio.create_task(add_user(uow, 2, tmp_path))
        await asyncio.sleep(0.1)
        assert not action.done() and not next_action.done()  # no answer, no next turn: the COMMIT isn't done
        assert not any(task.done() for task in writers_tasks)  # what asyncio.run waits for before closing
        finish.set()
        assert await asyncio.wait_for(action, timeout=5)  # told it was kept, and it is on disk
        assert await asyncio.wait_for(next_action, timeout=5)
        assert all(task.cancelled() for task in writers_tasks)  # the cancellation is not swallowed
        assert saved_users(tmp_path) == {"learner-1", "learner-2"}
    finally:
        finish.set()
        writer.close()
