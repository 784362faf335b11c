"""Reminders the bot turned off because the platform could not deliver them (the learner blocked the bot, or closed
their direct messages) come back on when the learner talks to the bot again; those the learner turned off with
/reminders off stay off."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from bot.engine import QuizEngine
from bot.replies import NoticeCode, RecipientGone, Reminder
from tests.core.review_play import ADA, ALL_WRONG, play_collectives, reminder_pass
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

MONDAY = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
ON = "I remind you at 09:30 (UTC) on days when questions are due."
OFF = "Reminders are off. Send /reminders on 19:00 to get one a day when questions are due."


async def _reminder_time(fake_db: FakeDatabase) -> str | None:
    async with fake_db.unit_of_work() as work:
        user = await work.users.get(ADA.platform, ADA.user_id)
    assert user is not None
    return user.reminder_time


async def _blocked_at_the_next_reminder(engine: QuizEngine, clock: FixedClock, fake_db: FakeDatabase) -> None:
    """Ada, reminded at 09:30, misses every question on Monday; Tuesday's reminder finds her gone."""
    clock.now = MONDAY
    await engine.set_reminders(ADA, "on 09:30")
    await play_collectives(engine, ALL_WRONG)
    clock.now = MONDAY + timedelta(days=1, hours=-2)  # Tuesday 10:00

    async def refused(reminder: Reminder) -> None:
        raise RecipientGone("Forbidden: bot was blocked by the user")
    assert await engine.send_reminders("telegram", refused, per_second=1000) == 1
    assert await _reminder_time(fake_db) is None  # turned off by the bot: no reminder tried again each day


async def test_a_learner_back_after_blocking_the_bot_has_their_reminders_again(engine: QuizEngine, clock: FixedClock,
                                                                               fake_db: FakeDatabase) -> None:
    await _blocked_at_the_next_reminder(engine, clock, fake_db)
    clock.advance(timedelta(hours=3))
    await engine.profile(ADA, with_due=True)  # /start, once unblocked

    assert await _reminder_time(fake_db) == "09:30"
    assert (await engine.set_reminders(ADA, "")).text == ON
    assert (await reminder_pass(engine))[1] == []  # not again on the day of the one that failed
    clock.now = MONDAY + timedelta(days=2, hours=-2)  # Wednesday 10:00
    claimed, sent = await reminder_pass(engine)
    assert claimed == 1 and [reminder.due for reminder in sent] == [3]


async def test_the_first_word_back_says_they_are_on(engine: QuizEngine, clock: FixedClock,
                                                     fake_db: FakeDatabase) -> None:
    """/reminders alone as the first message back: they are on again, so it says so."""
    await _blocked_at_the_next_reminder(engine, clock, fake_db)
    clock.advance(timedelta(hours=3))
    assert (await engine.set_reminders(ADA, "")).text == ON


async def test_reminders_the_learner_turned_off_stay_off(engine: QuizEngine, clock: FixedClock,
                                                        fake_db: FakeDatabase) -> None:
    await _blocked_at_the_next_reminder(engine, clock, fake_db)
    assert (await engine.set_reminders(ADA, "off")).text == "Reminders are off."  # their first word back
    await engine.profile(ADA, with_due=True)
    assert (await engine.set_reminders(ADA, "")).text == OFF
    clock.now = MONDAY + timedelta(days=2, hours=-2)
    assert (await reminder_pass(engine))[1] == []


async def test_what_a_learner_sends_where_it_proves_no_reach_leaves_them_off(engine: QuizEngine, clock: FixedClock,
                                                                            fake_db: FakeDatabase) -> None:
    """A group's message (Actor.reaches_privately False) from a learner who still blocks the bot: a reminder could
    never arrive, so they stay paused, and /reminders says so (paused at her time, not off: she chose nothing)."""
    await _blocked_at_the_next_reminder(engine, clock, fake_db)
    in_the_group = replace(ADA, chat_id="group", reaches_privately=False)
    await engine.profile(in_the_group, with_due=True)
    paused = await engine.set_reminders(in_the_group, "")
    assert paused.code is NoticeCode.REMINDERS_PAUSED and not paused.is_error
    assert paused.text == ("Your reminders at 09:30 (UTC) are paused: the last one couldn't reach you. Write to me "
                           "privately and they start again.")
    assert await _reminder_time(fake_db) is None
    await engine.profile(ADA, with_due=True)  # then in her own chat, once unblocked
    assert await _reminder_time(fake_db) == "09:30"
