"""Another process holding SQLite's write lock past the busy timeout: the actions queued behind the BEGIN that
waited it out fail with it, rather than each waiting out the busy timeout again, one after another (a hundred
learners' actions queued during a long lock would each wait minutes, and every retry as long again)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.ports import StorageBusy
from tests.storage.test_group_commit import Units, open_writer


@asynccontextmanager
async def locked_out(tmp_path: Path) -> AsyncIterator[tuple[Units, list[str], sqlite3.Connection]]:
    """Units of work on a writer whose busy timeout is 0.3 s, the BEGINs it ran, and another process's connection
    holding SQLite's write lock."""
    begins: list[str] = []
    units, _batches, writer = await open_writer(
        tmp_path, busy_timeout_ms=300, trace=lambda sql: begins.append(sql) if sql.startswith("BEGIN") else None)
    other_process = sqlite3.connect(tmp_path / "quiztutor.sqlite3", isolation_level=None)
    other_process.execute("BEGIN IMMEDIATE")
    try:
        yield units, begins, other_process
    finally:
        other_process.close()
        writer.close()


class TakenAtTheCommitsBegin:
    """The writer's trace: the BEGINs it ran, and another process taking SQLite's write lock just before the second,
    the COMMIT's own for the callers queued (in the writer's thread)."""

    def __init__(self, folder: Path) -> None:
        self.begins: list[str] = []
        self.other_process = sqlite3.connect(folder / "quiztutor.sqlite3", isolation_level=None,
                                             check_same_thread=False)
        self.taken = threading.Event()

    def __call__(self, sql: str) -> None:
        if sql.startswith("BEGIN"):
            self.begins.append(sql)
            if len(self.begins) == 2:  # the COMMIT's own BEGIN, about to run: the other process is quicker
                self.other_process.execute("BEGIN IMMEDIATE")
                self.taken.set()


async def test_actions_queued_behind_a_begin_that_waited_out_another_processs_lock_fail_with_it(
        tmp_path: Path) -> None:
    async with locked_out(tmp_path) as (units, begins, other_process):
        async def act() -> None:
            async with units():
                pass

        failures = await asyncio.gather(*(act() for _ in range(4)), return_exceptions=True)
        assert [type(failure) for failure in failures] == [StorageBusy] * 4
        assert len(begins) == 1  # before: 4, the last action failing after four busy timeouts
        other_process.execute("ROLLBACK")
        async with units() as unit:  # the lock gone, the next action begins as ever
            await unit.commit()
        assert len(begins) == 2


async def test_actions_queued_behind_a_commit_whose_next_begin_waited_out_another_processs_lock_fail_with_it(
        tmp_path: Path) -> None:
    """The COMMIT begins the next batch's transaction for the callers queued (_commit(begin_next=True)); another
    process taking the write lock in between makes that BEGIN wait out the busy timeout in vain: those callers
    fail with it too, rather than the first waiting it out again."""
    trace = TakenAtTheCommitsBegin(tmp_path)
    begins, other_process = trace.begins, trace.other_process
    units, _batches, writer = await open_writer(tmp_path, busy_timeout_ms=300, trace=trace, max_delay=0)
    try:
        async def first() -> None:
            async with units() as unit:
                await asyncio.sleep(0.05)  # while the others queue
                await unit.commit()

        async def queued() -> None:
            async with units() as unit:
                await unit.commit()

        outcomes = await asyncio.gather(first(), queued(), queued(), return_exceptions=True)
        assert [type(outcome) for outcome in outcomes] == [type(None), StorageBusy, StorageBusy]
        assert len(begins) == 2  # before: 3, the first queued waiting out the lock again
    finally:
        other_process.close()
        writer.close()


async def test_actions_queued_behind_a_begin_whose_caller_was_cancelled_fail_with_it(tmp_path: Path) -> None:
    async with locked_out(tmp_path) as (units, begins, _other_process):
        async def act() -> None:
            async with units():
                pass

        beginning = asyncio.ensure_future(act())
        await asyncio.sleep(0.05)  # its BEGIN waits on the other process's lock
        queued = [asyncio.ensure_future(act()) for _ in range(2)]
        await asyncio.sleep(0.05)
        beginning.cancel()
        failures = await asyncio.gather(*queued, return_exceptions=True)
        assert [type(failure) for failure in failures] == [StorageBusy] * 2
        assert len(begins) == 1  # before: 2, the first queued waiting out the lock again


async def test_a_batch_is_answered_once_its_commit_is_done_not_once_the_next_batchs_begin_gets_the_lock(
        tmp_path: Path) -> None:
    """The COMMIT begins the next batch's transaction in the same trip to the writer's thread; another process
    taking the write lock in between must not hold up the answer of the batch just kept (before: up to the busy
    timeout late, and then the callers queued failed with that BEGIN)."""
    trace = TakenAtTheCommitsBegin(tmp_path)
    other_process = trace.other_process
    units, _batches, writer = await open_writer(tmp_path, busy_timeout_ms=10_000, trace=trace, max_delay=0)
    try:
        async def first() -> None:
            async with units() as unit:
                await asyncio.sleep(0.05)  # while the others queue
                await unit.commit()
            # Answered while the other process holds the lock (before, only once the BEGIN gave up after 10 s):
            # it lets go now, and the queued callers' BEGIN gets the lock.
            assert await asyncio.to_thread(trace.taken.wait, 5)
            other_process.execute("ROLLBACK")

        async def queued() -> None:
            async with units() as unit:
                await unit.commit()

        outcomes = await asyncio.gather(first(), queued(), queued(), return_exceptions=True)
        assert outcomes == [None, None, None]
    finally:
        other_process.close()
        writer.close()
