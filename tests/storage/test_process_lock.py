"""The lock a process holds while it runs (e.g. Telegram long polling): a second holder is refused at once, and
a PostgreSQL lock lost with its connection (a database restart) is taken again, or known to be lost for good."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging

import asyncpg
import pytest

from storage.advisory_lock import advisory_key
from storage.held_lock import HeldLock, LockHeld
from storage.process_lock import process_lock
from tests.adapters.test_outage_errors import end_backend
from tests.pg_cluster import asyncpg_url
from tests.support.advisory_locks import free_again, holder, session_named, someone_waits, taken_again
from tests.support.session_defaults import search_path_of_new_sessions
from tests.support.tcp_proxy import proxied
from tests.support.waiting import until

STALLED = "lost with its database connection, which stopped answering; taking it again"


async def problem_becomes(held: HeldLock, expected: str | None, within: float) -> None:
    await until(lambda: held.not_held() == expected, within)


async def test_a_second_holder_is_refused_until_the_first_lets_go(database_url: str) -> None:
    async with process_lock(database_url, "telegram-polling-1"):
        with pytest.raises(LockHeld):
            async with process_lock(database_url, "telegram-polling-1"):
                pass
        async with process_lock(database_url, "telegram-polling-2"):  # another bot: another lock
            pass
    async with process_lock(database_url, "telegram-polling-1"):  # let go: free again
        pass


async def test_several_locks_are_taken_all_or_none(database_url: str) -> None:
    """A process's Discord shards: one already held refuses the lot, naming it, and keeps none of the others."""
    async with process_lock(database_url, "shard-0", "shard-1"):
        with pytest.raises(LockHeld) as refused:
            async with process_lock(database_url, "shard-2", "shard-1", "shard-3"):
                pass
        assert str(refused.value) == "shard-1"
        async with process_lock(database_url, "shard-2"), process_lock(database_url, "shard-3"):  # none kept
            with pytest.raises(LockHeld):  # and the first still holds both of its own
                async with process_lock(database_url, "shard-0"):
                    pass
    async with process_lock(database_url, "shard-1", "shard-0"):  # let go: free again, in any order
        pass


async def test_an_in_memory_database_takes_no_lock() -> None:
    async with process_lock("sqlite+aiosqlite:///:memory:", "x"), process_lock("sqlite+aiosqlite:///:memory:", "x"):
        pass


def test_the_advisory_key_is_a_stable_signed_64_bit_number() -> None:
    key = advisory_key("telegram-polling-123456")
    assert key == advisory_key("telegram-polling-123456") and -2**63 <= key < 2**63
    assert key != advisory_key("telegram-polling-654321")


async def test_a_lock_lost_with_its_database_connection_is_taken_again(postgres_url: str) -> None:
    """A database restart ends the holder's session, and the session lock with it: the holder must notice and
    take it again, or a second poller started afterwards would be let in."""
    async with process_lock(postgres_url, "telegram-polling-1", check_seconds=0.05) as held:
        first = await holder(postgres_url, "telegram-polling-1")
        assert first is not None and held.not_held() is None
        await end_backend(postgres_url, first)  # as a restart would
        await taken_again(postgres_url, "telegram-polling-1", first)
        await problem_becomes(held, None, within=10)  # (as above: a check may miss its 0.05 s on a busy machine)
        with pytest.raises(LockHeld):  # a second poller is refused again
            async with process_lock(postgres_url, "telegram-polling-1"):
                pass
    assert await holder(postgres_url, "telegram-polling-1") is None  # and let go at the end


async def test_a_lock_another_process_took_meanwhile_is_lost_for_good(postgres_url: str) -> None:
    """If another process takes the lock while the holder's connection is down, the holder must say it lost it
    (its process then stops serving), and stay unready, rather than carry on beside the new holder."""
    async with process_lock(postgres_url, "telegram-polling-1", check_seconds=0.05) as held:
        first = await holder(postgres_url, "telegram-polling-1")
        assert first is not None
        other = await asyncpg.connect(asyncpg_url(postgres_url))
        try:
            # Queued for the lock, the other process gets it the moment the holder's session is gone.
            queued = asyncio.ensure_future(other.execute("SELECT pg_advisory_lock($1)",
                                                         advisory_key("telegram-polling-1")))
            await someone_waits(postgres_url)
            await end_backend(postgres_url, first)
            await asyncio.wait_for(queued, timeout=10)
            assert isinstance(await asyncio.wait_for(held.lost(), timeout=10), LockHeld)
            assert held.not_held() == "taken by another process"
            assert await holder(postgres_url, "telegram-polling-1") == await other.fetchval("SELECT pg_backend_pid()")
        finally:
            await other.close()


async def test_a_lock_whose_connection_stops_answering_is_let_go_and_taken_again_the_moment_the_network_is_back(
        postgres_url: str) -> None:
    """A stalled network: a check gets no answer, and closing the connection (as giving up on a statement does)
    ends its session, so the lock, once the database hears of it. The holder must count the lock as lost at once
    (/readyz says so) and be taking it again when the network comes back, not leave it free until the next check
    for a second poller to take."""
    proxy, through_proxy = await proxied(postgres_url)
    try:
        async with process_lock(through_proxy, "telegram-polling-1", check_seconds=1) as held:
            first = await holder(postgres_url, "telegram-polling-1")
            assert first is not None
            proxy.freeze()
            await problem_becomes(held, STALLED, within=2.5)  # the next check, within 1 s, waits 1 s and no more
            await asyncio.sleep(1.5)  # longer than an attempt to take it again
            proxy.thaw()
            # Held again within 0.5 s, not at the next check: read from the holder, as polling the database opens a
            # connection each time, which a machine busy with other tests may take most of that to do.
            await problem_becomes(held, None, within=0.5)
            await taken_again(postgres_url, "telegram-polling-1", first)  # the database agrees
            with pytest.raises(LockHeld):
                async with process_lock(postgres_url, "telegram-polling-1"):
                    pass
    finally:
        await proxy.cut()



async def test_letting_go_over_a_stalled_network_takes_seconds_not_for_ever(postgres_url: str) -> None:
    """At shutdown (SIGTERM) the holder lets go of the lock. Over a stalled network the unlock gets no answer, and
    waiting for one would hang the shutdown for good: closing the connection frees the lock as surely, once the
    database hears of it."""
    proxy, through_proxy = await proxied(postgres_url)
    try:
        async with contextlib.AsyncExitStack() as stack:
            await stack.enter_async_context(process_lock(through_proxy, "telegram-polling-1", check_seconds=60))
            assert await holder(postgres_url, "telegram-polling-1") is not None
            proxy.freeze()
            await asyncio.wait_for(stack.aclose(), timeout=4)  # the unlock's 2 s, then closed at once
        proxy.thaw()
        await free_again(postgres_url, "telegram-polling-1")
    finally:
        await proxy.cut()


async def test_letting_go_during_a_check_leaves_no_error_behind(postgres_url: str,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    """Shutdown may come while the holder checks its connection: the check is cut short (its connection closed,
    which frees the lock), and its error must be taken, not logged later by the garbage collector as "Task
    exception was never retrieved" (which, logged in the middle of a compile, also broke Python 3.11's AST check)."""
    caplog.set_level(logging.ERROR, logger="asyncio")
    proxy, through_proxy = await proxied(postgres_url)
    try:
        async with contextlib.AsyncExitStack() as stack:
            await stack.enter_async_context(process_lock(through_proxy, "telegram-polling-1", check_seconds=0.2))
            proxy.freeze()
            await until(lambda: proxy.holding, within=5)  # a check waits for its answer
            await asyncio.wait_for(stack.aclose(), timeout=4)
        proxy.thaw()
        await free_again(postgres_url, "telegram-polling-1")
        gc.collect()
        assert [record.getMessage() for record in caplog.records if record.name == "asyncio"] == []
    finally:
        await proxy.cut()


async def test_the_holders_own_session_left_behind_by_a_broken_connection_does_not_count_as_another_process(
        postgres_url: str) -> None:
    """A network fault can break the connection before the database notices: the holder's old session still
    holds the lock when it comes back. That session is its own: it must be ended and the lock taken again, not
    taken for another process's (which would stop the bot)."""
    await own_old_session_is_ended(postgres_url)


async def test_the_holders_own_session_left_behind_is_ended_on_postgresql_13_too(postgres_url: str) -> None:
    """PostgreSQL 13 has no pg_terminate_backend(pid, timeout), which waits for the session to end: ending the
    old session must not depend on it, or taking the lock again would fail until the database noticed by itself."""
    admin = await asyncpg.connect(asyncpg_url(postgres_url))
    try:
        # As on PostgreSQL 13, for new sessions: a function of that name in public, searched before pg_catalog,
        # fails as a missing one does (public is emptied for the next test).
        await admin.execute("CREATE FUNCTION public.pg_terminate_backend(integer, bigint) RETURNS boolean "
                            "LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION USING ERRCODE = 'undefined_function', "
                            "MESSAGE = 'function pg_terminate_backend(integer, integer) does not exist'; END $$")
        async with search_path_of_new_sessions(postgres_url, "public, pg_catalog"):
            await own_old_session_is_ended(postgres_url)
    finally:
        await admin.close()


async def own_old_session_is_ended(postgres_url: str) -> None:
    proxy, through_proxy = await proxied(postgres_url)
    try:
        async with process_lock(through_proxy, "telegram-polling-1", check_seconds=0.05) as held:
            first = await holder(postgres_url, "telegram-polling-1")
            assert first is not None
            await proxy.cut(database_notices=False)
            await proxy.open()
            await taken_again(postgres_url, "telegram-polling-1", first)
            lost = asyncio.ensure_future(held.lost())
            await asyncio.sleep(0.2)  # a few more checks
            # Held, never counted as lost. Not said at one instant: on a machine busy with other tests (scripts/test's
            # workers) a check may miss its 0.05 s, and the lock is let go and taken again, which is no loss either.
            await problem_becomes(held, None, within=10)
            assert not lost.done()
            lost.cancel()
    finally:
        await proxy.cut()


async def test_a_session_that_only_has_the_pid_of_the_holders_old_one_is_another_process(postgres_url: str) -> None:
    """PostgreSQL reuses backend pids (a restarted container numbers them from low again), and a pooler hands one
    backend to one client after another: a session with the pid of the holder's old one may be another process's,
    holding the lock by right. The holder must not end it and take the lock, but count the lock as lost. A test
    can't make PostgreSQL reuse a pid, so the old session's own backend is handed to "another process" here."""
    proxy, through_proxy = await proxied(postgres_url)
    try:
        async with process_lock(through_proxy, "telegram-polling-1", check_seconds=0.05) as held:
            first = await holder(postgres_url, "telegram-polling-1")
            assert first is not None
            await proxy.cut(database_notices=False)  # the database still sees the old session, holding the lock
            proxy.query_behind_cut("ROLLBACK")  # in case the cut came mid-check
            proxy.query_behind_cut("SET application_name = 'another process'")
            proxy.query_behind_cut(f"SELECT pg_advisory_unlock_all(), "
                                   f"pg_advisory_lock({advisory_key('telegram-polling-1')})")
            await session_named(postgres_url, first, "another process")
            await proxy.open()
            assert isinstance(await asyncio.wait_for(held.lost(), timeout=10), LockHeld)
            assert held.not_held() == "taken by another process"
            assert await holder(postgres_url, "telegram-polling-1") == first  # left alone
    finally:
        await proxy.cut()
