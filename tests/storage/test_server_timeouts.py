"""PostgreSQL and the bot don't wait on each other for ever (storage/server_timeouts.py): a statement whose reply
doesn't come fails within the limit and costs only its connection, and a process stalled inside a transaction
loses it, and its row locks, to the server's idle limit, so other processes serve its learners."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from adapters.failures import unreachable
from adapters.runtime import open_storage
from adapters.settings import Settings
from bot.records import UserRecord
from storage.database import create_engine, create_unpooled_engine
from storage.migrate import upgrade_to_head
from storage.server_timeouts import KEEPALIVE_SETTINGS, UNLIMITED, ServerTimeouts, TransactionTimedOut
from storage.unit_of_work import UnitsOfWork, unit_of_work_factory
from tests.conftest import FIXTURE_CONTENT
from tests.fakes.clock import FixedClock
from tests.pg_cluster import end_other_sessions
from tests.storage.builders import stored_user
from tests.support.tcp_proxy import TcpProxy, proxied

LIMIT = 0.5  # seconds, for the tests: the real limits are a minute and half a minute
NO_IDLE_LIMIT = ServerTimeouts(transaction_seconds=LIMIT, idle_in_transaction_seconds=None)


@contextlib.asynccontextmanager
async def behind_a_proxy(postgres_url: str, timeouts: ServerTimeouts, pool_size: int = 1
                         ) -> AsyncIterator[tuple[TcpProxy, UnitsOfWork, int]]:
    """Units of work on a database reached through a proxy that can freeze, alice stored (her id given); all put
    away after, thawed first."""
    proxy, url = await proxied(postgres_url)
    database = create_engine(url, pool_size=pool_size, timeouts=timeouts)
    try:
        await upgrade_to_head(database)
        uow = unit_of_work_factory(database, FixedClock())
        yield proxy, uow, await stored_user(uow)
    finally:
        proxy.thaw()
        await database.dispose()
        await proxy.cut()


@pytest.mark.parametrize("frozen_at", ["begin", "planned statement", "statement", "commit"])
async def test_a_silent_network_fails_the_unit_of_work_within_the_limit_and_the_pool_serves_once_it_flows(
        postgres_url: str, frozen_at: str) -> None:
    async with behind_a_proxy(postgres_url, NO_IDLE_LIMIT, pool_size=3) as (proxy, uow, user_id):
        began = time.monotonic()
        async with asyncio.timeout(10):  # without a limit it would wait for the kernel: a quarter of an hour
            with pytest.raises(TransactionTimedOut, match=r"no reply from the database within 0\.5 s") as failed:
                if frozen_at == "begin":
                    proxy.freeze()
                async with uow() as work:
                    if frozen_at != "commit":
                        proxy.freeze()
                    if frozen_at == "statement":  # through SQLAlchemy, not planned on the driver
                        await work.users.by_id(user_id)
                    else:
                        await work.users.get("telegram", "alice")
                    proxy.freeze()
                    await work.commit()
        # Given up once: not BEGIN tried again on each fresh connection (they would hang as well).
        outcome = "may or may not have been kept" if frozen_at == "commit" else "rolled back"
        assert outcome in str(failed.value)
        assert time.monotonic() - began < 4 * LIMIT
        proxy.thaw()
        async with uow() as work:  # a fresh connection: the silent one was dropped
            assert await work.users.get("telegram", "alice") is not None


async def test_a_connection_cut_before_the_commit_was_sent_is_said_to_be_rolled_back_not_maybe_kept(
        postgres_url: str) -> None:
    """The limit passes between statements, nothing on the wire: COMMIT is never sent, so nothing was kept. An
    incident review reading "may or may not have been kept" would go looking for writes that can't exist."""
    async with behind_a_proxy(postgres_url, NO_IDLE_LIMIT) as (_proxy, uow, user_id):
        with pytest.raises(TransactionTimedOut, match="it was rolled back"):
            async with uow() as work:
                await work.users.update(UserRecord("telegram", "alice", "fr", None, user_id))
                await asyncio.sleep(2 * LIMIT)
                await work.commit()
        async with uow() as work:
            stored = await work.users.get("telegram", "alice")
        assert stored is not None and stored.language is None


async def test_the_limit_passing_while_a_dead_connection_is_replaced_fails_the_unit_of_work_before_it_begins(
        postgres_url: str) -> None:
    """Not a transaction begun after its limit, with no limit left (nothing would cut it), and whose every
    failure would then read as a time-out (a lost race not tried again)."""
    async with behind_a_proxy(postgres_url, NO_IDLE_LIMIT) as (proxy, uow, _):
        await end_other_sessions(postgres_url)  # the pooled connection dies while idle: BEGIN fails at once
        await proxy.wait_idle()
        proxy.freeze()  # and the fresh one takes longer to open than the limit: it would take 60 s (asyncpg's)
        began = time.monotonic()
        with pytest.raises(TransactionTimedOut, match="rolled back"):
            async with asyncio.timeout(10), uow() as work:
                await work.users.get("telegram", "alice")
                await work.commit()
        assert time.monotonic() - began < 4 * LIMIT
        proxy.thaw()
        async with uow() as work:  # the fresh connection, given back unused
            assert await work.users.get("telegram", "alice") is not None


async def test_a_process_stalled_in_its_transaction_loses_the_learners_row_to_another_within_the_idle_limit(
        postgres_url: str) -> None:
    idle_limit_only = ServerTimeouts(transaction_seconds=None, idle_in_transaction_seconds=LIMIT)
    stalled_database = create_engine(postgres_url, pool_size=1, timeouts=idle_limit_only)
    other_database = create_engine(postgres_url, pool_size=1, timeouts=ServerTimeouts())
    try:
        await upgrade_to_head(other_database)
        stalled_uow = unit_of_work_factory(stalled_database, FixedClock())
        other_uow = unit_of_work_factory(other_database, FixedClock())
        await stored_user(other_uow)
        with pytest.raises(DBAPIError):  # (a timeout: without the idle limit the other waits for ever)
            async with asyncio.timeout(10), stalled_uow() as stalled:
                user = await stalled.users.get("telegram", "alice")  # the learner's row, locked
                assert user is not None
                began = time.monotonic()
                async with other_uow() as other:  # another process, on the same learner: waits for the lock
                    taken = await other.users.get("telegram", "alice")
                    assert taken is not None
                    await other.users.update(UserRecord("telegram", "alice", "fr", None, taken.id))
                    await other.commit()
                waited = time.monotonic() - began
                await stalled.users.update(UserRecord("telegram", "alice", "sw", None, user.id))  # too late
                await stalled.commit()
        assert LIMIT * 0.8 < waited < 4 * LIMIT  # the server ended the stalled transaction at its limit
        async with other_uow() as work:
            kept = await work.users.get("telegram", "alice")
        assert kept is not None and kept.language == "fr"  # the stalled process's change was not kept
    finally:
        await stalled_database.dispose()
        await other_database.dispose()


async def test_every_connection_asks_the_server_to_notice_a_vanished_bot_within_a_minute(postgres_url: str) -> None:
    """The server's keepalive probes: else a process lock's session, and any locks, outlive a dead host for two
    hours (the probes' default idle time), and no other process can take over polling meanwhile."""
    pooled, unpooled = create_engine(postgres_url, pool_size=1), create_unpooled_engine(postgres_url)
    try:
        for engine in (pooled, unpooled):
            async with engine.connect() as connection:
                for name, value in KEEPALIVE_SETTINGS.items():
                    assert (await connection.execute(text(f"SHOW {name}"))).scalar_one() == value
        async with pooled.connect() as connection:
            assert (await connection.execute(text("SHOW idle_in_transaction_session_timeout"))).scalar_one() == "30s"
    finally:
        await pooled.dispose()
        await unpooled.dispose()


def test_a_transaction_that_timed_out_is_an_outage_to_the_adapters() -> None:
    """Logged in one line and, over a webhook, answered 503 so that Telegram delivers the update again."""
    assert unreachable(TransactionTimedOut("no reply from the database within 60 s"))


@pytest.mark.parametrize("timeouts", [ServerTimeouts(transaction_seconds=LIMIT), UNLIMITED], ids=["serving", "stats"])
async def test_a_commands_storage_takes_the_limits_it_is_opened_with(
        postgres_url: str, tmp_path: Path, timeouts: ServerTimeouts) -> None:
    """`quiztutor stats` reads every review in one transaction: it opens the database with no limit."""
    settings = Settings(data_dir=tmp_path, content_dir=FIXTURE_CONTENT, database_url=postgres_url)
    async with open_storage(settings, timeouts=timeouts) as uow:
        await stored_user(uow)
        async with contextlib.AsyncExitStack() as stack:
            if timeouts.transaction_seconds is not None:
                stack.enter_context(pytest.raises(TransactionTimedOut))
            async with uow() as work:
                await asyncio.sleep(2 * LIMIT)  # a long read
                assert await work.users.get("telegram", "alice") is not None


async def test_without_a_limit_a_connect_that_times_out_on_its_own_fails_as_it_is(postgres_url: str) -> None:
    """asyncpg's own connect timeout, where no transaction limit is set (a migration, stats): its TimeoutError, not
    a time-out of a limit that isn't there (its message once failed to format)."""
    connect_only = ServerTimeouts(transaction_seconds=None, idle_in_transaction_seconds=None, connect_seconds=LIMIT)
    async with behind_a_proxy(postgres_url, connect_only) as (proxy, uow, _):
        await end_other_sessions(postgres_url)  # BEGIN fails on the dead pooled connection: a fresh one opens...
        await proxy.wait_idle()
        proxy.freeze()  # ...and never answers
        began = time.monotonic()
        with pytest.raises(TimeoutError) as failed:
            async with asyncio.timeout(10), uow():
                pass
        assert not isinstance(failed.value, TransactionTimedOut) and time.monotonic() - began < 4 * LIMIT
