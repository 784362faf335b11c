"""The SQLite writer at shutdown, as `quiztutor run` ends: the services close (the engine disposed), then asyncio
cancels the tasks still running and closes the loop once they have stopped. Nothing acknowledged may be lost, and
the writer must leave no COMMIT task for the closed loop to drop ("Task was destroyed but it is pending")."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import threading
from pathlib import Path

import pytest

from adapters.runtime import open_storage
from adapters.settings import Settings
from bot.ports import WriterClosed
from storage.group_commit import GroupCommit
from tests.conftest import FIXTURE_CONTENT
from tests.fakes.clock import FixedClock
from tests.storage.test_group_commit import Units, add_user, learner, open_writer, saved_users, write_lock_is_free


def dropped_tasks(caplog: pytest.LogCaptureFixture) -> list[str]:
    gc.collect()  # a pending task left on a closed loop says so when it is collected
    return [record.getMessage() for record in caplog.records if "Task was destroyed" in record.getMessage()]


def test_an_action_after_the_database_closed_leaves_no_commit_for_the_closed_loop(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """discord.py doesn't wait for its event handlers when it stops: one may reach the engine after the services
    closed. It used to reopen the writer; asyncio's cancellation then cut its BEGIN short, and that BEGIN, ending
    after, passed the turn to a new COMMIT task that the closing loop dropped unfinished, on a connection nobody
    closed. Now it hears at once that nothing of it was kept."""
    late, begin_go, commit_go = threading.Event(), threading.Event(), threading.Event()

    def hold(statement: str) -> None:  # in the writer's thread, once the database was closed
        if late.is_set() and statement == "BEGIN IMMEDIATE":
            begin_go.wait(timeout=5)
        if late.is_set() and statement == "COMMIT":
            commit_go.wait(timeout=5)

    outcome: list[type[BaseException]] = []  # not the errors: their frames hold the writer

    async def late_handler(uow: Units) -> None:
        try:
            await add_user(uow, 2, tmp_path)
        except BaseException as error:
            outcome.append(type(error))
            if isinstance(error, asyncio.CancelledError):
                raise

    async def slow_to_stop() -> None:  # the rest of the application, still closing while the loop runs on
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            begin_go.set()  # the late handler's BEGIN ends now, after its cancellation
            await asyncio.sleep(0.2)
            raise

    async def serve() -> GroupCommit:
        uow, _, writer = await open_writer(tmp_path, trace=hold)
        assert await add_user(uow, 1, tmp_path)  # acknowledged: on disk
        await writer.close_for_good()  # the services closed (adapters/runtime.py)
        late.set()
        running = [asyncio.create_task(late_handler(uow)), asyncio.create_task(slow_to_stop())]
        await asyncio.sleep(0.05)
        del running  # left running, as discord.py leaves its handlers
        return writer  # as `quiztutor run` returns: asyncio cancels what still runs, then closes the loop

    caplog.set_level(logging.ERROR, logger="asyncio")
    with asyncio.Runner() as runner:
        writer = runner.run(serve())
    commit_go.set()
    writer.close()  # waits for anything still in the writer's thread
    del writer  # and with it, anything it still tracks
    assert not dropped_tasks(caplog)
    assert outcome == [WriterClosed]  # told at once that it was not kept
    assert saved_users(tmp_path) == {"learner-1"}
    assert write_lock_is_free(tmp_path)


def test_closing_while_a_commit_is_under_way_keeps_and_acknowledges_that_batch(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The services close while a batch's COMMIT is in the writer's thread: the close waits for it, so the batch
    is on disk, its caller is told so, and asyncio's shutdown drops no task."""
    committing, finish = threading.Event(), threading.Event()

    def hold_commit(statement: str) -> None:
        if statement == "COMMIT" and not finish.is_set():
            committing.set()
            finish.wait(timeout=5)

    async def serve() -> list[bool]:
        uow, _, writer = await open_writer(tmp_path, trace=hold_commit)
        action = asyncio.create_task(add_user(uow, 1, tmp_path))
        assert await asyncio.to_thread(committing.wait, 5)
        threading.Timer(0.1, finish.set).start()
        await writer.close_for_good()  # awaits the COMMIT under way
        return [await asyncio.wait_for(action, timeout=5)]

    caplog.set_level(logging.ERROR, logger="asyncio")
    with asyncio.Runner() as runner:
        assert runner.run(serve()) == [True]
    assert not dropped_tasks(caplog)
    assert saved_users(tmp_path) == {"learner-1"}
    assert write_lock_is_free(tmp_path)


async def test_the_storage_closed_at_shutdown_is_not_reopened_by_a_late_action(tmp_path: Path) -> None:
    """open_storage (as open_services) closes the writer for good, not only for the engine's dispose() to reopen."""
    settings = Settings(data_dir=tmp_path, content_dir=FIXTURE_CONTENT)
    async with open_storage(settings, clock=FixedClock()) as uow, uow() as work:
        await work.users.add(learner(1))
        await work.commit()
    with pytest.raises(WriterClosed):
        async with uow() as work:
            await work.users.add(learner(2))
            await work.commit()
    assert saved_users(tmp_path) == {"learner-1"}
    assert write_lock_is_free(tmp_path)


async def test_an_action_stalled_past_the_shutdown_wait_is_cancelled_and_the_batch_before_it_kept(
        tmp_path: Path) -> None:
    """Shutdown comes while an action, half-way through its unit of work, waits on something that doesn't come,
    and an action that ended before it waits in the open batch for its COMMIT. The close used to wait with no
    limit (shutdown hung), then rolled the whole batch back with the stalled action. Now, after SHUTDOWN_WAIT
    (shortened here), the stalled action's task is cancelled: its unit of work rolls back its own savepoint, the
    batch before it is committed and answered, and callers queued behind hear WriterClosed."""
    uow, _, writer = await open_writer(tmp_path, max_delay=60)
    inside = asyncio.Event()

    async def stalled() -> None:
        async with uow() as work:
            await work.users.add(learner(2))
            inside.set()
            await asyncio.Event().wait()
            await work.commit()

    go = asyncio.Event()

    async def first() -> None:
        async with uow() as work:
            await work.users.add(learner(1))
            await go.wait()  # the stalled one has queued: this one's COMMIT waits in the batch (max_delay 60 s)
            await work.commit()

    done_first = asyncio.create_task(first())
    await asyncio.sleep(0.05)
    action = asyncio.create_task(stalled())
    await asyncio.sleep(0.05)
    go.set()
    await asyncio.wait_for(inside.wait(), 5)
    queued = asyncio.create_task(add_user(uow, 3, tmp_path))
    await asyncio.wait_for(writer.close_for_good(wait=0.2), 5)
    assert saved_users(tmp_path) == {"learner-1"} and write_lock_is_free(tmp_path)
    await asyncio.wait_for(done_first, 5)  # its commit() returned: kept, and told so
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(action, 5)
    with pytest.raises(WriterClosed):
        await asyncio.wait_for(queued, 5)
    writer.close()


async def test_an_action_deaf_to_its_cancellation_is_rolled_back_and_told_so_and_the_close_goes_on(
        tmp_path: Path) -> None:
    """An action that ignores its cancellation (a stall it shields) still doesn't hold shutdown: a moment after
    it was cancelled, the writer rolls it back and closes. Nothing of it is kept, the write lock is free, and when
    it wakes its caller hears WriterClosed (as the actions queued do), which the adapters log as shutting down."""
    uow, _, writer = await open_writer(tmp_path)
    inside, wake = asyncio.Event(), asyncio.Event()

    async def deaf() -> None:
        while not wake.is_set():
            with contextlib.suppress(asyncio.CancelledError):
                await wake.wait()

    async def stalled() -> None:
        async with uow() as work:
            await work.users.add(learner(1))
            inside.set()
            await deaf()
            await work.users.add(learner(2))
            await work.commit()

    action = asyncio.create_task(stalled())
    await asyncio.wait_for(inside.wait(), 5)
    queued = asyncio.create_task(add_user(uow, 3, tmp_path))
    await asyncio.wait_for(writer.close_for_good(wait=0.2), 5)
    assert write_lock_is_free(tmp_path)
    assert saved_users(tmp_path) == set()
    wake.set()
    for caller in (action, queued):
        with pytest.raises(WriterClosed):
            await asyncio.wait_for(caller, 5)
    assert saved_users(tmp_path) == set()
    writer.close()  # as the engine's dispose does after: nothing left to close
