"""Migration 0014: every scored answer writes a review log, so a large deployment's log outgrows a 32-bit id in time.
On PostgreSQL its id (and the sequence numbering it) becomes a BIGINT; SQLite's integer key is 64 bits already."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict

import pytest
from sqlalchemy import insert, inspect, select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.ports import UnitOfWork
from bot.records import CardRecord, ReviewRecord
from storage import tables
from storage.database import create_engine
from tests.fakes.clock import START
from tests.storage.builders import stored_user
from tests.support.migrations import migrate

INT32_MAX = 2**31 - 1
reviews = tables.table_of(tables.ReviewLog)


def _review(card_id: int, user_id: int, rating: int = 3) -> ReviewRecord:
    return ReviewRecord(card_id, user_id, "fsdp", "q1", rating, START, 4200, "all-gather", "en", "hash-1")


def _as_0013_keeps_it(review: ReviewRecord) -> dict[str, object]:
    """The review's columns in 0013: without the clock 0016 keeps with it."""
    return {name: value for name, value in asdict(review).items() if name != "utc_offset_minutes"}


async def _near_the_32_bit_limit(engine: AsyncEngine, card_id: int, user_id: int) -> None:
    """A log of two billion answers, as far as the next id is concerned: its newest row is INT32_MAX - 1."""
    async with engine.begin() as connection:
        await connection.execute(insert(reviews).values(id=INT32_MAX - 1, **asdict(_review(card_id, user_id))))
        if connection.dialect.name == "postgresql":
            await connection.execute(text("SELECT setval(pg_get_serial_sequence('review_logs', 'id'), :last)"),
                                     {"last": INT32_MAX - 1})


async def _ids(engine: AsyncEngine) -> list[int]:
    async with engine.connect() as connection:
        return list((await connection.execute(select(reviews.c.id).order_by(reviews.c.id))).scalars())


async def test_answers_are_still_logged_past_two_billion_reviews(
        database: AsyncEngine, uow: Callable[[], UnitOfWork]) -> None:
    alice = await stored_user(uow)
    async with uow() as work:
        card = await work.cards.add(CardRecord(alice, "fsdp", "q1", "hash-1", 2, None, 3.5, 5.0, START, START))
        await work.commit()
    assert card.id is not None
    await _near_the_32_bit_limit(database, card.id, alice)
    for rating in (1, 3):  # the second failed: "nextval: reached maximum value of sequence"
        async with uow() as work:
            await work.reviews.add(_review(card.id, alice, rating))
            await work.commit()
    assert await _ids(database) == [INT32_MAX - 1, INT32_MAX, INT32_MAX + 1]
    async with uow() as work:
        assert [review.rating for review in await work.reviews.of_quiz("fsdp")] == [3, 1, 3]


async def _id_type(engine: AsyncEngine) -> str:
    async with engine.connect() as connection:
        columns = await connection.run_sync(lambda sync: inspect(sync).get_columns("review_logs"))
    return str(next(column["type"] for column in columns if column["name"] == "id"))


async def _store_a_review(engine: AsyncEngine) -> None:
    """A learner with a card and a review, as 0013 stores them."""
    async with engine.begin() as connection:
        await connection.execute(insert(tables.table_of(tables.User)).values(
            id=1, platform="telegram", platform_user_id="alice", created_at=START))
        await connection.execute(insert(tables.table_of(tables.Card)).values(
            id=1, user_id=1, quiz_id="fsdp", question_id="q1", content_hash="hash-1", state=2, due=START))
        await connection.execute(insert(reviews).values(**_as_0013_keeps_it(_review(1, 1))))


async def _rows(engine: AsyncEngine) -> list[tuple[object, ...]]:
    async with engine.connect() as connection:
        # The columns 0013 has: not the clock 0016 adds.
        columns = [column for column in reviews.c if column.name != "utc_offset_minutes"]
        return [tuple(row) for row in await connection.execute(select(*columns).order_by(reviews.c.id))]


async def test_0014_keeps_every_review_and_its_downgrade_too(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "0013")
        await _store_a_review(engine)
        before = await _rows(engine)
        await migrate(engine, "upgrade", "0014")
        assert await _rows(engine) == before
        postgresql = engine.dialect.name == "postgresql"
        assert await _id_type(engine) == ("BIGINT" if postgresql else "INTEGER")

        await migrate(engine, "downgrade", "0013")
        assert await _rows(engine) == before and await _id_type(engine) == "INTEGER"
        await migrate(engine, "upgrade", "head")
        assert await _rows(engine) == before
    finally:
        await engine.dispose()


async def test_a_downgrade_refuses_ids_past_32_bits_rather_than_lose_them(postgres_url: str) -> None:
    engine = create_engine(postgres_url)
    try:
        await migrate(engine, "upgrade", "0014")
        await _store_a_review(engine)
        async with engine.begin() as connection:
            await connection.execute(insert(reviews).values(id=INT32_MAX + 1, **_as_0013_keeps_it(_review(1, 1))))
        before = await _rows(engine)
        with pytest.raises(DBAPIError, match="out of range"):
            await migrate(engine, "downgrade", "0013")
        assert await _rows(engine) == before and await _id_type(engine) == "BIGINT"
    finally:
        await engine.dispose()
