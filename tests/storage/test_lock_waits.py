"""The tests that wait until a transaction waits for a lock count their own database's waits alone: on a server the
pytest-xdist workers share (QUIZ_TEST_POSTGRES_URL) another worker's wait made them go on before theirs waited."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest

from storage.database import create_engine
from tests.pg_cluster import asyncpg_url
from tests.support.databases import database_beside
from tests.support.lock_waits import lock_waits


@pytest.fixture
async def elsewhere(postgres_server_url: str) -> AsyncIterator[str]:
    """Another database of the same server, as another worker's is."""
    async with database_beside(postgres_server_url, "quiztutor_elsewhere") as url:
        yield url


async def waits_in(url: str) -> tuple[asyncpg.Connection, asyncpg.Connection, asyncio.Future[object]]:
    """A session of ``url``'s database waiting for a lock another holds: both, and the wait."""
    holder, waiter = await asyncpg.connect(asyncpg_url(url)), await asyncpg.connect(asyncpg_url(url))
    await holder.execute("SELECT pg_advisory_lock(84)")
    waiting = asyncio.ensure_future(waiter.execute("SELECT pg_advisory_lock(84)"))
    for _ in range(500):
        if await holder.fetchval("SELECT count(*) FROM pg_locks WHERE NOT granted AND database = "
                                 "(SELECT oid FROM pg_database WHERE datname = current_database())"):
            return holder, waiter, waiting
        await asyncio.sleep(0.01)
    raise AssertionError("the second session never waited")


async def test_a_wait_in_another_database_of_the_server_is_not_counted_and_one_here_is(
        postgres_url: str, elsewhere: str) -> None:
    engine = create_engine(postgres_url)
    holder, waiter, waiting = await waits_in(elsewhere)
    try:
        async with engine.connect() as connection:
            assert await lock_waits(connection) == 0  # another worker's
        ours = await waits_in(postgres_url)
        try:
            async with engine.connect() as connection:
                assert await lock_waits(connection) == 1
        finally:
            await ours[0].close()
            await ours[2]
            await ours[1].close()
    finally:
        await holder.close()
        await waiting
        await waiter.close()
        await engine.dispose()
