"""A slow PostgreSQL (another session holding a lock the bot's transactions need, past the transaction limit): the
pool's connections all wait on it, and a unit of work queued behind them must be told within its own limit, counted
from when it asked, not from when a connection came free: else, queued behind rounds of stuck connections, a
learner waits a whole limit more for each round (with 10 connections and 100 learners, ten minutes in silence)."""

from __future__ import annotations

import asyncio

import pytest

from bot.metrics import NullMetrics
from bot.records import UserRecord
from storage.database import create_engine
from storage.migrate import upgrade_to_head
from storage.server_pool import HeldConnections
from storage.server_statements import ServerPlans
from storage.server_timeouts import UNLIMITED, TransactionTimedOut
from storage.server_unit_of_work import ServerUnitOfWork
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock
from tests.storage.builders import stored_user

LIMIT = 0.5  # seconds, for the tests: the real limit is a minute
WAITING_ON_A_ROW = "SELECT count(*) FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'"


async def test_a_unit_of_work_queued_behind_a_connection_stuck_on_a_lock_fails_within_its_own_limit(
        postgres_url: str) -> None:
    holder_database = create_engine(postgres_url, pool_size=1, timeouts=UNLIMITED)
    database = create_engine(postgres_url, pool_size=1, timeouts=UNLIMITED)
    try:
        await upgrade_to_head(holder_database)
        holder_uow = unit_of_work_factory(holder_database, FixedClock())
        user_id = await stored_user(holder_uow)
        connections, plans = HeldConnections(database, 1), ServerPlans(database.dialect)

        async def change_language(language: str, limit: float | None) -> None:
            async with ServerUnitOfWork(connections, plans, FixedClock(), NullMetrics(), time_limit=limit) as work:
                await work.users.update(UserRecord("telegram", "alice", language, None, user_id))
                await work.commit()

        async with asyncio.timeout(10):  # before the fix the queued one waited for the stuck one, for ever
            async with holder_uow() as holder:
                assert await holder.users.get("telegram", "alice") is not None  # her row, locked by another session
                assert isinstance(holder, ServerUnitOfWork)
                stuck = asyncio.create_task(change_language("fr", None))  # the pool's one connection, on the lock
                for _ in range(1000):  # until its UPDATE waits on her row
                    if (await holder.connection.fetch_sql(WAITING_ON_A_ROW, []))[0][0]:
                        break
                    await asyncio.sleep(0.01)
                with pytest.raises(TransactionTimedOut, match=r"no connection to the database within 0\.5 s"):
                    await change_language("sw", LIMIT)  # queued behind it: told within its limit, nothing begun
                assert not stuck.done()
            await stuck  # the lock let go: the stuck one goes through, on the connection it kept
        async with holder_uow() as work:
            kept = await work.users.get("telegram", "alice")
        assert kept is not None and kept.language == "fr"
    finally:
        await database.dispose()
        await holder_database.dispose()
