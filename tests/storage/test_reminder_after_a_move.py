"""A move east the morning after an evening's reminder waits for the new zone's next day, on a real database: when
the last reminder went out is kept with the learner (0017), where before it was inferred from the plan, which told
"none sent today" on the new clock and the new zone's day got a second reminder."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.engine import QuizEngine
from tests.core.review_play import reminders_after_a_move_east
from tests.fakes.clock import FixedClock


@pytest.fixture
async def engine(tmp_path: Path, fixture_content: Path, database_url: str, clock: FixedClock
                 ) -> AsyncIterator[QuizEngine]:
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=database_url)
    async with open_services(settings, clock=clock) as services:
        yield services.engine


async def test_a_move_east_after_last_evenings_reminder_waits_for_the_new_zones_next_day(
        engine: QuizEngine, clock: FixedClock) -> None:
    # Before, a second reminder on Tokyo's Wednesday: [1, 1, 0, 1].
    assert await reminders_after_a_move_east(engine, clock) == [1, 0, 0, 1]
