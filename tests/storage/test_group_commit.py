"""The SQLite writer's group commit: many actions per durable COMMIT, each alone in its savepoint, each caller
answered only once its COMMIT is on disk, and no write lock left behind by a caller that gave up."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.records import UserRecord
from storage.database import create_engine, create_writer_engine, sqlite_url
from storage.group_commit import GroupCommit
from storage.migrate import upgrade_to_head
from storage.planned import SqlitePlans
from storage.sqlite_unit_of_work import SqliteUnitOfWork
from tests.fakes.clock import FixedClock

Batches = list[int]
Units = Callable[[], SqliteUnitOfWork]


@pytest.fixture
async def writer(tmp_path: Path) -> AsyncIterator[tuple[Units, Batches]]:
    """Units of work on one writer, and the size of each COMMIT it made."""
    database = create_engine(sqlite_url(tmp_path))
    await upgrade_to_head(database)
    await database.dispose()
    batches: Batches = []
    engine = create_writer_engine(database.url)
    writer = GroupCommit(engine, on_commit=batches.append)
    plans = SqlitePlans(engine.dialect)
    yield (lambda: SqliteUnitOfWork(writer, plans, FixedClock())), batches
    writer.close()


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
        writer: tuple[Units, Batches], tmp_path: Path) -> None:
    uow, batches = writer
    visible = await asyncio.gather(*(add_user(uow, number, tmp_path) for number in range(100)))
    assert all(visible)  # none was told "done" before its COMMIT
    assert saved_users(tmp_path) == {f"learner-{number}" for number in range(100)}
    assert sum(batches) == 100 and len(batches) < 20


async def test_a_failing_action_undoes_only_its_own_writes(
        writer: tuple[Units, Batches], tmp_path: Path) -> None:
    uow, _ = writer

    async def failing() -> None:
        async with uow() as work:
            await work.users.add(learner(999))
            raise RuntimeError("the action broke half-way")

    results = await asyncio.gather(add_user(uow, 1, tmp_path), failing(), add_user(uow, 2, tmp_path),
                                   return_exceptions=True)
    assert results[0] is True and results[2] is True and isinstance(results[1], RuntimeError)
    assert saved_users(tmp_path) == {"learner-1", "learner-2"}


async def test_a_caller_that_gives_up_while_queued_leaves_no_transaction_open(
        writer: tuple[Units, Batches], tmp_path: Path) -> None:
    """The turn passes to a queued caller that is cancelled before it runs: the batch must still commit."""
    uow, _ = writer
    async with uow() as work:
        await work.users.add(learner(1))
        queued = asyncio.create_task(add_user(uow, 2, tmp_path))
        await asyncio.sleep(0.01)  # now waiting for the turn
        committing = asyncio.create_task(work.commit())
        await asyncio.sleep(0)  # the turn is passed on, the batch left open for the queued caller...
        queued.cancel()  # ...which gives up before it runs
        await asyncio.wait_for(committing, timeout=5)
    assert saved_users(tmp_path) == {"learner-1"}
    other_process = sqlite3.connect(tmp_path / "quiztutor.sqlite3", isolation_level=None, timeout=0.5)
    try:
        other_process.execute("BEGIN IMMEDIATE")  # the write lock is free
        other_process.execute("ROLLBACK")
    finally:
        other_process.close()
