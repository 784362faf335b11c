"""One reminder a day at most, whatever the learner changes after it: a new time zone, a new time, off and on; and
none long after its time (the bot was down): not in the night."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.engine import QuizEngine
from tests.core.review_play import ADA, ALL_WRONG, play_collectives, reminder_pass
from tests.fakes.clock import FixedClock


async def reminded(engine: QuizEngine) -> int:
    return len((await reminder_pass(engine))[1])


async def test_a_new_zone_or_time_after_todays_reminder_waits_for_tomorrow(
        engine: QuizEngine, clock: FixedClock) -> None:
    await engine.set_time_zone(ADA, "Africa/Nairobi")  # UTC+3
    await engine.set_reminders(ADA, "on 08:00")
    await play_collectives(engine, ALL_WRONG)  # Monday: all three due on Tuesday
    clock.now = datetime(2026, 1, 6, 5, 1, tzinfo=UTC)  # Tuesday 08:01 in Nairobi
    assert await reminded(engine) == 1
    clock.now = datetime(2026, 1, 6, 6, 0, tzinfo=UTC)
    await engine.set_time_zone(ADA, "Africa/Abidjan")  # UTC+0: 08:00 there is still to come today
    clock.now = datetime(2026, 1, 6, 8, 1, tzinfo=UTC)
    assert await reminded(engine) == 0  # before, a second reminder the same Tuesday
    await engine.set_reminders(ADA, "on 18:00")
    clock.now = datetime(2026, 1, 6, 18, 1, tzinfo=UTC)
    assert await reminded(engine) == 0  # and a third
    clock.now = datetime(2026, 1, 7, 18, 1, tzinfo=UTC)
    assert await reminded(engine) == 1  # Wednesday at the new time, in the new zone
    clock.advance(timedelta(hours=1))
    assert await reminded(engine) == 0


async def test_a_later_time_set_before_todays_reminder_still_reminds_today(
        engine: QuizEngine, clock: FixedClock) -> None:
    await engine.set_reminders(ADA, "on 19:00")
    await play_collectives(engine, ALL_WRONG)
    clock.now = datetime(2026, 1, 6, 12, 0, tzinfo=UTC)
    await engine.set_reminders(ADA, "on 21:00")
    clock.now = datetime(2026, 1, 6, 21, 1, tzinfo=UTC)
    assert await reminded(engine) == 1


async def test_reminders_off_and_on_again_after_todays_reminder_wait_for_tomorrow(
        engine: QuizEngine, clock: FixedClock) -> None:
    await engine.set_reminders(ADA, "on 08:00")
    await play_collectives(engine, ALL_WRONG)  # Monday: all three due on Tuesday
    clock.now = datetime(2026, 1, 6, 8, 1, tzinfo=UTC)
    assert await reminded(engine) == 1
    clock.now = datetime(2026, 1, 6, 9, 0, tzinfo=UTC)
    await engine.set_reminders(ADA, "off")
    await engine.set_reminders(ADA, "on 18:00")
    clock.now = datetime(2026, 1, 6, 18, 1, tzinfo=UTC)
    assert await reminded(engine) == 0  # before, a second reminder the same Tuesday
    clock.now = datetime(2026, 1, 7, 18, 1, tzinfo=UTC)
    assert await reminded(engine) == 1


async def test_reminders_left_off_send_nothing_and_on_again_the_next_day_reminds_that_day(
        engine: QuizEngine, clock: FixedClock) -> None:
    await engine.set_reminders(ADA, "on 08:00")
    await play_collectives(engine, ALL_WRONG)
    clock.now = datetime(2026, 1, 6, 8, 1, tzinfo=UTC)
    assert await reminded(engine) == 1
    await engine.set_reminders(ADA, "off")
    clock.now = datetime(2026, 1, 7, 8, 1, tzinfo=UTC)  # Wednesday's planned reminder passes while off
    assert await reminder_pass(engine) == (1, [])  # claimed once, to forget the plan, and not sent
    assert await reminder_pass(engine) == (0, [])
    await engine.set_reminders(ADA, "on 12:00")
    clock.now = datetime(2026, 1, 7, 12, 1, tzinfo=UTC)
    assert await reminded(engine) == 1


async def test_a_reminder_missed_while_the_bot_was_down_waits_for_its_next_time_rather_than_the_night(
        engine: QuizEngine, clock: FixedClock) -> None:
    await engine.set_time_zone(ADA, "Europe/Paris")  # UTC+1
    await engine.set_reminders(ADA, "on 19:00")
    await play_collectives(engine, ALL_WRONG)  # Monday: all three due on Tuesday
    clock.now = datetime(2026, 1, 7, 2, 0, tzinfo=UTC)  # down since Tuesday afternoon, back Wednesday 03:00 in Paris
    assert await reminder_pass(engine) == (1, [])  # before, sent at once, in the night
    clock.now = datetime(2026, 1, 7, 17, 59, tzinfo=UTC)
    assert await reminded(engine) == 0
    clock.now = datetime(2026, 1, 7, 18, 1, tzinfo=UTC)  # Wednesday 19:01 in Paris: its time again
    assert await reminded(engine) == 1


async def test_a_reminder_found_late_within_the_grace_or_at_its_time_after_days_down_is_sent(
        engine: QuizEngine, clock: FixedClock) -> None:
    await engine.set_reminders(ADA, "on 19:00")
    await play_collectives(engine, ALL_WRONG)
    clock.now = datetime(2026, 1, 6, 20, 30, tzinfo=UTC)  # Tuesday's, 90 minutes late: a restart, a deploy
    assert await reminded(engine) == 1
    clock.now = datetime(2026, 1, 10, 19, 5, tzinfo=UTC)  # down from Wednesday, back on Saturday at 19:05
    assert await reminded(engine) == 1


async def test_a_reminder_whose_time_the_clock_skips_before_midnight_comes_that_day_and_the_next_day_too(
        engine: QuizEngine, clock: FixedClock) -> None:
    """In Nuuk the clock jumps from 23:00 to 00:00 on the last Saturday night of March (2026-03-29 at 01:00 UTC):
    Saturday's 23:30 never shows, and its reminder was read as Sunday's 00:30, the day after. Saturday had none,
    and Sunday two."""
    clock.now = datetime(2026, 3, 25, 12, 0, tzinfo=UTC)  # Wednesday
    await engine.set_time_zone(ADA, "America/Nuuk")  # UTC-2, UTC-1 from the jump
    await engine.set_reminders(ADA, "on 23:30")
    await play_collectives(engine, ALL_WRONG)  # all three due on Thursday, and left unreviewed
    clock.now = datetime(2026, 3, 28, 1, 31, tzinfo=UTC)  # Friday 23:31 in Nuuk
    assert await reminded(engine) == 1
    clock.now = datetime(2026, 3, 29, 0, 59, tzinfo=UTC)  # Saturday 22:59, the last minute of its day
    assert await reminded(engine) == 1  # before, none: it came at 01:30 UTC, Sunday 00:30 in Nuuk
    clock.now = datetime(2026, 3, 29, 1, 31, tzinfo=UTC)  # Sunday 00:31
    assert await reminded(engine) == 0
    clock.now = datetime(2026, 3, 30, 0, 31, tzinfo=UTC)  # Sunday 23:31
    assert await reminded(engine) == 1
    clock.advance(timedelta(hours=1))
    assert await reminded(engine) == 0


async def test_a_zone_set_right_after_reminders_on_still_reminds_today_at_its_time_there(
        engine: QuizEngine, clock: FixedClock) -> None:
    """The reply to /reminders on says "Change your time zone with /timezone": a learner who does so at once, moving
    east, lost today's reminder, planned on the old clock for what is tomorrow on the new one, though none was sent
    today."""
    await play_collectives(engine, ALL_WRONG)  # Monday: all three due on Tuesday
    clock.now = datetime(2026, 1, 6, 5, 0, tzinfo=UTC)  # Tuesday
    await engine.set_reminders(ADA, "on 19:00")  # 19:00 UTC, Wednesday 04:00 in Tokyo
    await engine.set_time_zone(ADA, "Asia/Tokyo")  # UTC+9: Tuesday 14:00 there
    clock.now = datetime(2026, 1, 6, 10, 1, tzinfo=UTC)  # Tuesday 19:01 in Tokyo
    assert await reminded(engine) == 1  # before, none until Wednesday
    clock.now = datetime(2026, 1, 6, 19, 1, tzinfo=UTC)  # the old plan's time: nothing more that day
    assert await reminded(engine) == 0
    clock.now = datetime(2026, 1, 7, 10, 1, tzinfo=UTC)  # Wednesday 19:01 in Tokyo
    assert await reminded(engine) == 1


async def test_a_midnight_reminder_comes_the_sunday_nuuks_clock_jumps_to_midnight(
        engine: QuizEngine, clock: FixedClock) -> None:
    """In Nuuk the clock jumps from 23:00 on Saturday to 00:00 on Sunday (2026-03-29 at 01:00 UTC): Sunday begins
    at the jump. Saturday's reminder at 00:00 planned the next for "just before the end of Saturday", counted on the
    clock, a time the jump skips and read as 01:59 UTC, past Sunday's midnight: Sunday had none."""
    clock.now = datetime(2026, 3, 25, 12, 0, tzinfo=UTC)  # Wednesday
    await engine.set_time_zone(ADA, "America/Nuuk")  # UTC-2, UTC-1 from the jump
    await engine.set_reminders(ADA, "on 00:00")
    await play_collectives(engine, ALL_WRONG)  # all three due on Thursday, and left unreviewed
    clock.now = datetime(2026, 3, 28, 2, 1, tzinfo=UTC)  # Saturday 00:01 in Nuuk
    assert await reminded(engine) == 1
    clock.now = datetime(2026, 3, 29, 1, 1, tzinfo=UTC)  # Sunday 00:01, a minute after the jump
    assert await reminded(engine) == 1  # before, none until Monday
    clock.now = datetime(2026, 3, 30, 1, 1, tzinfo=UTC)  # Monday 00:01
    assert await reminded(engine) == 1


async def test_midnight_chosen_after_saturdays_reminder_in_nuuk_reminds_on_sunday(
        engine: QuizEngine, clock: FixedClock) -> None:
    """The same Sunday, for a time chosen after Saturday's reminder: planned from "just before Sunday begins",
    counted on the clock, it came on Monday."""
    clock.now = datetime(2026, 3, 25, 12, 0, tzinfo=UTC)
    await engine.set_time_zone(ADA, "America/Nuuk")
    await engine.set_reminders(ADA, "on 08:00")
    await play_collectives(engine, ALL_WRONG)
    clock.now = datetime(2026, 3, 28, 10, 1, tzinfo=UTC)  # Saturday 08:01 in Nuuk
    assert await reminded(engine) == 1
    await engine.set_reminders(ADA, "on 00:00")
    clock.now = datetime(2026, 3, 29, 1, 1, tzinfo=UTC)  # Sunday 00:01
    assert await reminded(engine) == 1  # before, none until Monday
