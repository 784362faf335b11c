"""A reminder that falls while a live group game holds every due question comes once the game is over, the same
day and once, on a real database: before, the sweep counted nothing due, moved the reminder on to tomorrow, and
the learner had no reminder that day although their questions were due again minutes later."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.engine import QuizEngine
from tests.core.games_play import ADA, open_with_three
from tests.core.play import missed_all, reminder_pass_on
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage

TUESDAY_8 = datetime(2026, 1, 6, 8, 0, tzinfo=UTC)  # the reminder's moment the day the questions fall due (UTC)


@pytest.fixture
async def engine(tmp_path: Path, fixture_content: Path, database_url: str, clock: FixedClock
                 ) -> AsyncIterator[QuizEngine]:
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=database_url)
    async with open_services(settings, clock=clock) as services:
        yield services.engine


async def _collectives_due_on_tuesday(engine: QuizEngine, reminder_time: str) -> None:
    """Reminders on at ``reminder_time`` (UTC), and the three questions of collectives missed on Monday."""
    await engine.set_reminders(ADA, f"on {reminder_time}")
    await missed_all(engine, ADA, "collectives")


async def _reminders(engine: QuizEngine) -> tuple[int, list[int]]:
    """One pass of Telegram's reminders: how many learners it claimed, and the count of each reminder sent."""
    claimed, sent = await reminder_pass_on(engine, "telegram", per_second=1000)
    return claimed, [reminder.due for reminder in sent]


async def _sent(engine: QuizEngine) -> list[int]:
    return (await _reminders(engine))[1]


async def _stop(engine: QuizEngine, stage: RecordingStage) -> None:
    assert await engine.games.stop(ADA, "Ada", False, stage) is None


async def test_a_reminder_held_by_a_live_game_comes_once_the_game_is_over_that_day_once(
        engine: QuizEngine, clock: FixedClock) -> None:
    await _collectives_due_on_tuesday(engine, "08:00")
    stage = RecordingStage()
    clock.now = TUESDAY_8 - timedelta(minutes=2)
    await open_with_three(engine, stage)  # a game of collectives, live at the reminder's moment
    clock.now = TUESDAY_8 + timedelta(minutes=1)
    assert await _sent(engine) == []  # all three wait for the game: nothing to review just now
    clock.now = TUESDAY_8 + timedelta(minutes=40)
    assert await _sent(engine) == []  # the game still on: still nothing
    await _stop(engine, stage)
    clock.now = TUESDAY_8 + timedelta(hours=1)
    assert await _sent(engine) == [3]  # before, nothing until Wednesday
    for later in (timedelta(hours=1, minutes=20), timedelta(hours=8), timedelta(hours=15, minutes=59)):
        clock.now = TUESDAY_8 + later
        assert await _reminders(engine) == (0, [])  # one a day, and nothing more to look at that day
    clock.now = TUESDAY_8 + timedelta(days=1, minutes=1)
    assert await _sent(engine) == [3]  # Wednesday's, as usual


async def test_a_game_on_until_the_learners_day_is_over_leaves_the_next_days_reminder_as_usual(
        engine: QuizEngine, clock: FixedClock) -> None:
    await engine.set_time_zone(ADA, "Africa/Nairobi")  # UTC+3: the learner's day ends at 21:00 UTC
    await _collectives_due_on_tuesday(engine, "23:30")  # 20:30 UTC
    stage = RecordingStage()
    clock.now = datetime(2026, 1, 6, 20, 0, tzinfo=UTC)
    await open_with_three(engine, stage)
    for minutes in range(31, 60, 4):  # Tuesday 23:31 to 23:59 in Nairobi: the game never ends that day
        clock.now = datetime(2026, 1, 6, 20, minutes, tzinfo=UTC)
        assert await _sent(engine) == []
    await _stop(engine, stage)
    for moment in (datetime(2026, 1, 6, 21, 5, tzinfo=UTC), datetime(2026, 1, 7, 12, 0, tzinfo=UTC)):
        clock.now = moment
        assert await _reminders(engine) == (0, [])  # no look again past Tuesday: Wednesday's is at 23:30
    clock.now = datetime(2026, 1, 7, 20, 31, tzinfo=UTC)
    assert await _sent(engine) == [3]


async def test_a_reminder_with_something_free_to_review_comes_at_once_and_is_the_days_only_one(
        engine: QuizEngine, clock: FixedClock) -> None:
    await _collectives_due_on_tuesday(engine, "08:00")
    await missed_all(engine, ADA, "long-options")  # its one question is due on Tuesday too
    stage = RecordingStage()
    clock.now = TUESDAY_8 - timedelta(minutes=2)
    await open_with_three(engine, stage)
    clock.now = TUESDAY_8 + timedelta(minutes=1)
    assert await _sent(engine) == [1]  # Long options, at once: no waiting for the game
    await _stop(engine, stage)
    for later in (timedelta(minutes=20), timedelta(hours=2)):
        clock.now = TUESDAY_8 + later
        assert await _reminders(engine) == (0, [])  # no second one once the game gives Collectives back


async def test_with_nothing_due_a_live_game_brings_no_reminder_nor_a_look_again(
        engine: QuizEngine, clock: FixedClock) -> None:
    await _collectives_due_on_tuesday(engine, "10:00")  # Monday 09:00: nothing due until Tuesday
    stage = RecordingStage()
    await open_with_three(engine, stage)  # it holds collectives, but nothing of it is due today
    clock.now = datetime(2026, 1, 5, 10, 1, tzinfo=UTC)
    assert await _reminders(engine) == (1, [])
    await _stop(engine, stage)
    for moment in (datetime(2026, 1, 5, 10, 30, tzinfo=UTC), datetime(2026, 1, 5, 23, 59, tzinfo=UTC)):
        clock.now = moment
        assert await _reminders(engine) == (0, [])  # as ever: Monday has no reminder
    clock.now = datetime(2026, 1, 6, 10, 1, tzinfo=UTC)
    assert await _sent(engine) == [3]
