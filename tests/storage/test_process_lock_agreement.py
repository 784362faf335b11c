"""A number processes holding process locks must agree on (a Discord bot's shard count): held beside the locks, on
PostgreSQL and beside a SQLite file; a process giving another value than a running one's is refused, naming it,
and of processes taking different values at once, never two run."""

from __future__ import annotations

import asyncio
import fcntl
import os
import threading
from pathlib import Path

import pytest

from storage.database import sqlite_url
from storage.held_lock import Agreement, Disagreement, LockHeld
from storage.process_lock import process_lock
from tests.adapters.test_outage_errors import end_backend
from tests.support.advisory_locks import free_again, holder, taken_again
from tests.support.tcp_proxy import proxied


def count(value: int) -> Agreement:
    return Agreement("bot-shard-count", value)


async def test_processes_agreeing_run_side_by_side_and_one_disagreeing_is_refused_naming_theirs(
        database_url: str) -> None:
    async with process_lock(database_url, "shard-0-of-2", agreement=count(2)):
        async with process_lock(database_url, "shard-1-of-2", agreement=count(2)):
            with pytest.raises(Disagreement) as refused:
                async with process_lock(database_url, "shard-2-of-4", "shard-3-of-4", agreement=count(4)):
                    pass
            assert refused.value.theirs == 2 and str(refused.value) == "bot-shard-count"
        with pytest.raises(Disagreement):  # one of 2 still runs
            async with process_lock(database_url, "shard-2-of-4", agreement=count(4)):
                pass
        async with process_lock(database_url, "shard-2-of-4", "shard-3-of-4"):  # refused whole: none kept
            pass
        async with process_lock(database_url, "shard-0-of-4", agreement=Agreement("another-bot-shard-count", 4)):
            pass  # another bot's count is its own
        with pytest.raises(LockHeld) as taken:  # a shard taken is still said as such
            async with process_lock(database_url, "shard-0-of-2", agreement=count(2)):
                pass
        assert not isinstance(taken.value, Disagreement)
    # Every process of 2 stopped: 4 is taken, and then 2 refused, naming 4.
    async with process_lock(database_url, "shard-2-of-4", agreement=count(4)):
        with pytest.raises(Disagreement) as refused:
            async with process_lock(database_url, "shard-0-of-2", agreement=count(2)):
                pass
        assert refused.value.theirs == 4


def hold_at_once(url: str, values: list[int]) -> list[bool]:
    """Each value taken by a thread of its own (its own event loop, lock file descriptors or database connection),
    all at once, each held until every one has tried: which of them were held."""
    ready, tried = threading.Barrier(len(values)), threading.Barrier(len(values))
    held = [False] * len(values)
    errors: list[BaseException] = []

    async def take(index: int) -> None:
        ready.wait(30)
        try:
            async with process_lock(url, f"shard-{index}-of-{values[index]}", agreement=count(values[index])):
                held[index] = True
                tried.wait(30)
        except LockHeld:
            tried.wait(30)
        except BaseException as error:  # said by the test, not lost in a thread
            errors.append(error)
            tried.abort()

    threads = [threading.Thread(target=asyncio.run, args=(take(index),)) for index in range(len(values))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors, errors
    return held


async def test_processes_taking_different_values_at_once_never_both_hold(database_url: str) -> None:
    """Refusing both is acceptable; both holding is not."""
    for _ in range(5):
        values = [2, 3, 2, 3, 4, 4]
        held = await asyncio.to_thread(hold_at_once, database_url, values)
        assert len({value for value, taken in zip(values, held, strict=True) if taken}) <= 1, held


async def test_processes_taking_the_same_value_at_once_all_hold_it(database_url: str) -> None:
    """Another value's lock left behind (its processes ended) is looked at by each: their looks must not be taken
    for a holder."""
    async with process_lock(database_url, "shard-0-of-3", agreement=count(3)):
        pass
    for _ in range(5):
        assert await asyncio.to_thread(hold_at_once, database_url, [2] * 6) == [True] * 6


async def holds(url: str, value: int) -> bool:
    try:
        async with process_lock(url, f"shard-0-of-{value}", agreement=count(value)):
            return True
    except Disagreement:
        return False


async def test_a_process_looking_at_the_other_values_at_this_moment_is_waited_for_not_taken_for_a_holder(
        tmp_path: Path) -> None:
    """Beside a SQLite file, a value's holders lock its file shared, and a process starting looks for them by locking
    each other value's file exclusively for a moment. Met by a process of the same value starting at once, that
    moment looked like a holder: processes starting together go one after the other (the gate file)."""
    url = sqlite_url(tmp_path)
    assert await holds(url, 3)  # its file left behind
    gate, three = (os.open(tmp_path / f"quiztutor.sqlite3.bot-shard-count{part}.lock", os.O_RDWR)
                   for part in ("", "-3"))
    try:
        fcntl.flock(gate, fcntl.LOCK_EX)  # as another process starting does
        fcntl.flock(three, fcntl.LOCK_EX)  # and its look at value 3's file
        taking = asyncio.ensure_future(asyncio.to_thread(asyncio.run, holds(url, 2)))
        await asyncio.sleep(0.2)  # time to find value 3's file locked, were it not waiting for the gate
    finally:
        os.close(three)
        os.close(gate)
    assert await asyncio.wait_for(taking, timeout=10)


async def test_the_value_is_taken_again_with_the_locks_when_the_connection_is_lost(postgres_url: str) -> None:
    async with process_lock(postgres_url, "shard-0-of-2", agreement=count(2), check_seconds=0.05) as held:
        first = await holder(postgres_url, "shard-0-of-2")
        assert first is not None
        await end_backend(postgres_url, first)  # as a database restart would
        await taken_again(postgres_url, "shard-0-of-2", first)  # the value is taken before the locks
        with pytest.raises(Disagreement):
            async with process_lock(postgres_url, "shard-1-of-4", agreement=count(4)):
                pass
        assert held.not_held() is None


async def test_another_value_taken_while_the_connection_was_lost_loses_the_lock_for_good(
        postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """A process of another count started while this one's connection was away (its session, so its locks, gone):
    taking them again finds it, and this process gives up, as when another process took one of its locks, saying
    which value the other holds (none of its locks was taken: "took the lock" would send the operator looking for
    a second process of the same shard)."""
    proxy, through_proxy = await proxied(postgres_url)
    try:
        async with process_lock(through_proxy, "shard-0-of-2", agreement=count(2), check_seconds=0.05) as held:
            await proxy.cut()  # the database notices: the session ends, and its locks with it
            await free_again(postgres_url, "shard-0-of-2")
            async with process_lock(postgres_url, "shard-1-of-4", agreement=count(4)):
                await proxy.open()
                lost = await asyncio.wait_for(held.lost(), timeout=10)
                assert isinstance(lost, Disagreement) and lost.theirs == 4
                assert held.not_held() == "another process holds bot-shard-count as 4, this one as 2"
    finally:
        await proxy.cut()
    said = [record.getMessage() for record in caplog.records if record.levelname == "ERROR"]
    assert said == ["another process began holding bot-shard-count as 4 (this one: 2) while this one's database "
                    "connection was lost: this process gives up what its locks guard"], said


async def test_a_sqlite_files_agreement_is_lock_files_beside_it(tmp_path: Path) -> None:
    async with process_lock(sqlite_url(tmp_path), "shard-0-of-2", agreement=count(2)):
        pass
    assert sorted(os.listdir(tmp_path)) == [
        "quiztutor.sqlite3.bot-shard-count-2.lock", "quiztutor.sqlite3.bot-shard-count.lock",
        "quiztutor.sqlite3.shard-0-of-2.lock"]
