"""A learner's answer alone in its shared transaction (storage/shared_transaction.py) sends its statements straight
to the connection: a lost race there is still a lost race, told and tried again as its own unit of work would."""

from __future__ import annotations

from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.metrics import EVERY_PLATFORM, STORAGE_BUSY
from bot.records import AnswerRecord
from tests.fakes.clock import FixedClock
from tests.pg_cluster import asyncpg_url
from tests.storage.shared_storage import Storage, storage_of
from tests.storage.test_shared_transactions import answered, no_wait


@pytest.fixture
async def storage(postgres_url: str) -> AsyncIterator[Storage]:
    """One learner with a quiz session, on one connection."""
    async with storage_of(postgres_url, 1) as made:
        yield made


async def test_a_statement_prepared_before_another_process_changed_the_schema_is_tried_again(
        storage: Storage, postgres_url: str) -> None:
    """Another replica's migration changed a column a statement this connection prepared reads: PostgreSQL refuses
    it once, as for a unit of work of its own (tests/storage/test_stale_statements.py), and the answer is tried
    again rather than failing."""
    assert await answered(storage, 0) == []  # the read, prepared on the pool's one connection
    migration = await asyncpg.connect(asyncpg_url(postgres_url))
    try:
        await migration.execute("ALTER TABLE answers ALTER COLUMN question_id TYPE varchar(200)")
    finally:
        await migration.close()

    async def once() -> list[str]:
        async with storage.units.shared() as work:
            earlier = await work.answers.for_session("s0")
            await work.answers.add(AnswerRecord("s0", "q1", "a", True, FixedClock()()))
            await work.commit()
            return [answer.question_id for answer in earlier]

    assert await no_wait(storage.metrics).run(once) == []
    assert await answered(storage, 0) == ["q1"]
    assert storage.metrics.errors == [(EVERY_PLATFORM, STORAGE_BUSY)]  # a lost race of its own, counted as one
