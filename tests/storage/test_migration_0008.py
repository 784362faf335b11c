"""Migration 0008 frees the cards an older release parked in the year 9999, on a SQLite file and PostgreSQL:
their question may be back, and /review must ask it again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncEngine

from storage import tables
from storage.database import create_engine
from tests.fakes.clock import START
from tests.support.migrations import migrate

cards = tables.table_of(tables.Card)


async def _dues(engine: AsyncEngine) -> dict[str, datetime]:
    async with engine.connect() as connection:
        rows = (await connection.execute(select(cards.c.question_id, cards.c.due))).all()
    return {question: due.replace(tzinfo=UTC) if due.tzinfo is None else due.astimezone(UTC)
            for question, due in rows}


async def test_0008_makes_cards_parked_in_the_year_9999_due_at_their_last_review(database_url: str) -> None:
    engine = create_engine(database_url)
    reviewed, scheduled = START - timedelta(days=5), START + timedelta(days=3)
    try:
        await migrate(engine, "upgrade", "0007")
        async with engine.begin() as connection:
            await connection.execute(insert(tables.table_of(tables.User)).values(
                id=1, platform="telegram", platform_user_id="alice", created_at=START))
            await connection.execute(insert(cards), [
                {"user_id": 1, "quiz_id": "collectives", "question_id": question, "content_hash": "h", "state": 2,
                 "due": due, "last_review": reviewed}
                for question, due in (("parked", datetime(9999, 1, 1, tzinfo=UTC)), ("scheduled", scheduled))])
        await migrate(engine, "upgrade", "0008")
        assert await _dues(engine) == {"parked": reviewed, "scheduled": scheduled}
        await migrate(engine, "downgrade", "0007")  # the index back; the dates stay
        assert await _dues(engine) == {"parked": reviewed, "scheduled": scheduled}
    finally:
        await engine.dispose()
