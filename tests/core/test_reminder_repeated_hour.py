"""The night the clocks go back, an hour shows twice: in Paris on 25 October 2026, 02:00 to 03:00 first in summer
time (00:00 to 01:00 UTC), then again in winter time (01:00 to 02:00 UTC). A reminder time set for a moment the clock
will still show that night came the next day; and a reminder sent at the first 02:30 must not come again at the
second."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.engine import QuizEngine
from tests.core.review_play import ADA, ALL_WRONG, play_collectives, reminder_pass
from tests.fakes.clock import FixedClock


async def reminded(engine: QuizEngine) -> int:
    return len((await reminder_pass(engine))[1])


async def _due_on_sunday_in_paris(engine: QuizEngine, clock: FixedClock) -> None:
    clock.now = datetime(2026, 10, 24, 9, 0, tzinfo=UTC)  # Saturday
    await engine.set_time_zone(ADA, "Europe/Paris")
    await play_collectives(engine, ALL_WRONG)  # all three due on Sunday, and left unreviewed


async def test_a_time_set_in_the_repeated_hour_still_to_come_reminds_that_night(
        engine: QuizEngine, clock: FixedClock) -> None:
    await _due_on_sunday_in_paris(engine, clock)
    clock.now = datetime(2026, 10, 25, 1, 40, tzinfo=UTC)  # 02:40 the second time, winter time
    await engine.set_reminders(ADA, "on 02:50")
    clock.now = datetime(2026, 10, 25, 1, 51, tzinfo=UTC)  # 02:51 on the learner's clock
    assert await reminded(engine) == 1  # before, none until Monday
    clock.now = datetime(2026, 10, 26, 1, 51, tzinfo=UTC)  # Monday 02:51
    assert await reminded(engine) == 1


async def test_a_time_the_clock_shows_again_within_the_hour_reminds_then(
        engine: QuizEngine, clock: FixedClock) -> None:
    await _due_on_sunday_in_paris(engine, clock)
    clock.now = datetime(2026, 10, 25, 0, 40, tzinfo=UTC)  # 02:40 the first time: 02:30 comes round again
    await engine.set_reminders(ADA, "on 02:30")
    clock.now = datetime(2026, 10, 25, 1, 31, tzinfo=UTC)  # the second 02:30, an hour on
    assert await reminded(engine) == 1
    clock.now = datetime(2026, 10, 25, 20, 0, tzinfo=UTC)
    assert await reminded(engine) == 0
    clock.now = datetime(2026, 10, 26, 1, 31, tzinfo=UTC)  # Monday 02:31
    assert await reminded(engine) == 1


async def test_a_reminder_sent_at_the_first_of_two_same_times_is_not_sent_again_at_the_second(
        engine: QuizEngine, clock: FixedClock) -> None:
    await _due_on_sunday_in_paris(engine, clock)
    await engine.set_reminders(ADA, "on 02:30")
    clock.now = datetime(2026, 10, 25, 0, 31, tzinfo=UTC)  # the first 02:30, summer time
    assert await reminded(engine) == 1
    clock.now = datetime(2026, 10, 25, 1, 31, tzinfo=UTC)  # the second
    assert await reminded(engine) == 0
    clock.now = datetime(2026, 10, 26, 1, 31, tzinfo=UTC)  # Monday 02:31
    assert await reminded(engine) == 1


async def test_a_reminder_in_the_hour_nuuks_clock_repeats_to_end_saturday_comes_once(
        engine: QuizEngine, clock: FixedClock) -> None:
    """In Nuuk the clock goes back from 00:00 on Sunday to 23:00 on Saturday (2026-10-25 at 01:00 UTC): Saturday's
    last hour shows twice. "Just before Sunday", counted on the clock, was read in the first showing, so the second
    23:30 was Saturday's reminder again."""
    clock.now = datetime(2026, 10, 22, 12, 0, tzinfo=UTC)  # Thursday
    await engine.set_time_zone(ADA, "America/Nuuk")  # UTC-1, UTC-2 from the change
    await engine.set_reminders(ADA, "on 23:30")
    await play_collectives(engine, ALL_WRONG)  # all three due on Friday, and left unreviewed
    clock.now = datetime(2026, 10, 25, 0, 31, tzinfo=UTC)  # Saturday 23:31, summer time
    assert await reminded(engine) == 1
    clock.now = datetime(2026, 10, 25, 1, 31, tzinfo=UTC)  # Saturday 23:31 again, winter time
    assert await reminded(engine) == 0  # before, a second one
    clock.now = datetime(2026, 10, 26, 1, 31, tzinfo=UTC)  # Sunday 23:31
    assert await reminded(engine) == 1
