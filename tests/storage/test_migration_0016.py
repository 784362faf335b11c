"""Migration 0016 keeps the learner's clock with each review (review_logs.utc_offset_minutes): answers logged before
it are counted on the day of the learner's zone now, as they were; answers after it on the day their clock showed,
whatever zone the learner moves to; and a downgrade keeps every review, on a SQLite file and on PostgreSQL."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import insert, inspect, select
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.engine import QuizEngine
from bot.replies import Actor, Started
from storage import tables
from storage.database import create_engine
from tests.fakes.clock import FixedClock
from tests.support.migrations import migrate

KEIKO = Actor("telegram", "keiko", language_hint="en")
FIRST_DAY = datetime(2026, 1, 1, tzinfo=UTC)  # in Tokyo (UTC+9), from which every moment below is told
TOKYO = timedelta(hours=9)
reviews = tables.table_of(tables.ReviewLog)


def _in_tokyo(day: int) -> datetime:
    """The moment of day ``day``'s answer: 23:00 on even days, 07:00 on odd ones, Tokyo's time."""
    return FIRST_DAY + timedelta(days=day, hours=23 if day % 2 == 0 else 7) - TOKYO


async def _four_days_answered_before_0016(engine: AsyncEngine) -> None:
    async with engine.begin() as connection:
        await connection.execute(insert(tables.table_of(tables.User)).values(
            id=1, platform="telegram", platform_user_id="keiko", language="en", created_at=FIRST_DAY,
            time_zone="Asia/Tokyo"))
        await connection.execute(insert(tables.table_of(tables.Card)).values(
            id=1, user_id=1, quiz_id="collectives", question_id="sum-everywhere", content_hash="hash-1", state=2,
            due=FIRST_DAY))
        for day in range(4):
            await connection.execute(insert(reviews).values(
                card_id=1, user_id=1, quiz_id="collectives", question_id="sum-everywhere", rating=3,
                reviewed_at=_in_tokyo(day), duration_ms=4200, option_id="all-reduce", language="en",
                content_hash="hash-1"))


async def _play_on(engine: QuizEngine, clock: FixedClock, day: int) -> None:
    clock.now = _in_tokyo(day)
    started = await engine.start(KEIKO, "collectives")
    assert isinstance(started, Started)
    question = started.question
    await engine.answer(KEIKO, question.session_id, question.question_id, question.correct_index)
    await engine.stop(KEIKO)


async def _streak_and_chart(engine: QuizEngine, days: int) -> tuple[tuple[str, ...], list[int]]:
    progress = await engine.progress(KEIKO)
    assert progress.chart is not None
    return (tuple(note for note in progress.notes if note.startswith("Streak")),
            [count for _day, count in progress.chart.days[-days:]])


async def _offsets(engine: AsyncEngine) -> list[int | None]:
    async with engine.connect() as connection:
        return list((await connection.execute(select(reviews.c.utc_offset_minutes).order_by(reviews.c.id))).scalars())


async def test_answers_before_0016_count_as_before_and_answers_after_it_on_their_own_clock(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "0015")
        await _four_days_answered_before_0016(engine)
    finally:
        await engine.dispose()
    clock = FixedClock(_in_tokyo(3))
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=database_url)
    async with open_services(settings, clock=clock, rng=random.Random(7)) as services:  # migrates to head
        assert await _streak_and_chart(services.engine, 4) == (("Streak: 4 days in a row.",), [1, 1, 1, 1])
        for day in (4, 5):
            await _play_on(services.engine, clock, day)
        clock.now = FIRST_DAY + timedelta(days=5, hours=12) - TOKYO  # noon of the sixth day: the same day in Lagos
        assert await _streak_and_chart(services.engine, 6) == (("Streak: 6 days in a row.",), [1] * 6)
        assert not (await services.engine.set_time_zone(KEIKO, "Africa/Lagos")).is_error
        # The four days before 0016 fall two by two as they did (a late answer and the next morning's on one day
        # in Lagos); the two after it stay apart.
        assert await _streak_and_chart(services.engine, 6) == (("Streak: 3 days in a row.",), [2, 0, 2, 0, 1, 1])

    engine = create_engine(database_url)
    try:
        assert await _offsets(engine) == [None] * 4 + [9 * 60] * 2
        await migrate(engine, "downgrade", "0015")
        async with engine.connect() as connection:
            columns = await connection.run_sync(lambda sync: inspect(sync).get_columns("review_logs"))
            assert "utc_offset_minutes" not in {column["name"] for column in columns}
            assert len((await connection.execute(select(reviews.c.id))).all()) == 6
        await migrate(engine, "upgrade", "head")
        assert await _offsets(engine) == [None] * 6
    finally:
        await engine.dispose()
