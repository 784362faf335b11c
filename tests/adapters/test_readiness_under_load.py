"""/readyz's database check during a burst: the pool's connections then pass from one transaction to the next
without going back to the pool, yet a busy replica must still say it is ready."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from adapters.readiness import database_readiness, server_check
from adapters.runtime import open_services
from adapters.settings import Settings
from bot.records import UserRecord
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock

HOLD_SECONDS = 0.2
UNITS = 15  # 3 s of transactions queued for the one connection


async def test_the_database_check_answers_while_a_burst_holds_every_pooled_connection(
        postgres_url: str, tmp_path: Path, fixture_content: Path) -> None:
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=postgres_url,
                        database_pool_size=1)
    async with open_services(settings) as services, database_readiness(services.database) as database_ready:
        uow = unit_of_work_factory(services.database, FixedClock())
        busy = asyncio.Event()

        async def transaction(n: int) -> None:
            async with uow() as work:
                busy.set()
                await work.users.add(UserRecord("telegram", f"learner-{n}"))
                await asyncio.sleep(HOLD_SECONDS)
                await work.commit()

        burst = asyncio.gather(*(transaction(n) for n in range(UNITS)))
        await busy.wait()
        with pytest.raises(TimeoutError):  # the pool's one connection is indeed out for the whole burst
            await asyncio.wait_for(server_check(services.database)(), 4 * HOLD_SECONDS)
        await asyncio.wait_for(database_ready(), 4 * HOLD_SECONDS)
        assert not burst.done()  # checked in the middle of the burst, not after it
        await burst
