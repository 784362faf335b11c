"""One reminder a day at most on the calendar of the zone in force, after a move across many hours: whether today's
was sent was inferred from the reminder planned next, which after a reminder sent the evening before on the old
clock (the next morning on the new one) told "none sent today", and the new zone's day got a second one."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.engine import QuizEngine
from tests.core.review_play import ADA, ALL_WRONG, play_collectives, reminder_pass, reminders_after_a_move_east
from tests.fakes.clock import FixedClock


async def reminded(engine: QuizEngine) -> int:
    return len((await reminder_pass(engine))[1])


async def test_a_move_east_after_last_evenings_reminder_waits_for_the_new_zones_next_day(
        engine: QuizEngine, clock: FixedClock) -> None:
    # Before, a second reminder on Tokyo's Wednesday: [1, 1, 0, 1].
    assert await reminders_after_a_move_east(engine, clock) == [1, 0, 0, 1]


async def test_a_move_west_after_todays_reminder_waits_for_the_new_zones_next_day(
        engine: QuizEngine, clock: FixedClock) -> None:
    await engine.set_time_zone(ADA, "Asia/Tokyo")
    await engine.set_reminders(ADA, "on 19:00")
    await play_collectives(engine, ALL_WRONG)
    clock.now = datetime(2026, 1, 6, 10, 1, tzinfo=UTC)  # Tuesday 19:01 in Tokyo, 05:01 in New York
    assert await reminded(engine) == 1
    clock.now = datetime(2026, 1, 6, 15, 30, tzinfo=UTC)  # Wednesday 00:30 in Tokyo, Tuesday 10:30 in New York
    await engine.set_time_zone(ADA, "America/New_York")
    clock.now = datetime(2026, 1, 7, 0, 1, tzinfo=UTC)  # Tuesday 19:01 in New York
    assert await reminded(engine) == 0  # before, a second reminder on New York's Tuesday
    clock.now = datetime(2026, 1, 8, 0, 1, tzinfo=UTC)  # Wednesday 19:01 in New York
    assert await reminded(engine) == 1


async def test_a_move_east_the_evening_of_the_reminder_still_reminds_the_new_zones_next_day(
        engine: QuizEngine, clock: FixedClock) -> None:
    await engine.set_time_zone(ADA, "America/New_York")
    await engine.set_reminders(ADA, "on 19:00")
    await play_collectives(engine, ALL_WRONG)
    clock.now = datetime(2026, 1, 7, 0, 1, tzinfo=UTC)  # Tuesday 19:01 in New York, Wednesday 09:01 in Tokyo
    assert await reminded(engine) == 1
    clock.now = datetime(2026, 1, 7, 0, 5, tzinfo=UTC)  # right after it, still Tuesday in New York
    await engine.set_time_zone(ADA, "Asia/Tokyo")
    clock.now = datetime(2026, 1, 7, 10, 1, tzinfo=UTC)  # Wednesday 19:01 in Tokyo
    assert await reminded(engine) == 0
    clock.now = datetime(2026, 1, 8, 10, 1, tzinfo=UTC)  # Thursday 19:01 in Tokyo
    assert await reminded(engine) == 1
