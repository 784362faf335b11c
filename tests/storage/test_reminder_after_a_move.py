"""A move east the morning after an evening's reminder waits for the new zone's next day, on a real database: when
the last reminder went out is kept with the learner (0017), where before it was inferred from the plan, which told
"none sent today" on the new clock and the new zone's day got a second reminder."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.engine import QuizEngine
from tests.core.review_play import ADA, ALL_WRONG, play_collectives, reminder_pass
from tests.fakes.clock import FixedClock


@pytest.fixture
async def engine(tmp_path: Path, fixture_content: Path, database_url: str, clock: FixedClock
                 ) -> AsyncIterator[QuizEngine]:
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=database_url)
    async with open_services(settings, clock=clock) as services:
        yield services.engine


async def reminded(engine: QuizEngine) -> int:
    return len((await reminder_pass(engine))[1])


async def test_a_move_east_after_last_evenings_reminder_waits_for_the_new_zones_next_day(
        engine: QuizEngine, clock: FixedClock) -> None:
    await engine.set_time_zone(ADA, "America/New_York")  # UTC-5
    await engine.set_reminders(ADA, "on 19:00")
    await play_collectives(engine, ALL_WRONG)  # Monday: all three due on Tuesday, and left unreviewed
    clock.now = datetime(2026, 1, 7, 0, 1, tzinfo=UTC)  # Tuesday 19:01 in New York, Wednesday 09:01 in Tokyo
    assert await reminded(engine) == 1
    clock.now = datetime(2026, 1, 7, 5, 30, tzinfo=UTC)  # past midnight in New York, Wednesday 14:30 in Tokyo
    await engine.set_time_zone(ADA, "Asia/Tokyo")  # UTC+9
    clock.now = datetime(2026, 1, 7, 10, 1, tzinfo=UTC)  # Wednesday 19:01 in Tokyo
    assert await reminded(engine) == 0  # before, a second reminder on Tokyo's Wednesday
    clock.now = datetime(2026, 1, 8, 10, 1, tzinfo=UTC)  # Thursday 19:01 in Tokyo: the next day's, as due
    assert await reminded(engine) == 1
