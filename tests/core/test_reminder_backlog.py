"""Reminders behind a backlog: at the platform's pace, those claimed more than two hours after their time are
not sent (LATE), and wait for the next day. The next day the learners dropped so come first among those of the
same minute: before, the same learners were at the back of it every day (claimed in the order stored), and on a
bot whose backlog outlasts two hours each evening, never reminded at all."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.engine import QuizEngine
from bot.replies import Actor
from tests.core.play import missed_all, reminder_pass_on
from tests.fakes.clock import FixedClock

FIRST, SECOND = Actor("discord", "111", chat_id="dm-111"), Actor("discord", "222", chat_id="dm-222")


async def one_pass(engine: QuizEngine) -> list[str]:
    """A pass at one reminder a second, so claiming one learner at a time: the learners reminded."""
    _claimed, sent = await reminder_pass_on(engine, "discord", per_second=1)
    return [reminder.actor.user_id for reminder in sent]


async def test_a_learner_dropped_for_being_late_comes_first_the_next_day(engine: QuizEngine,
                                                                          clock: FixedClock) -> None:
    for actor in (FIRST, SECOND):
        await engine.set_reminders(actor, "on 19:00")
        await missed_all(engine, actor, "collectives")  # Monday: all due on Tuesday, and never reviewed
    clock.now = datetime(2026, 1, 6, 19, 0, 30, tzinfo=UTC)
    assert await one_pass(engine) == ["111"]
    clock.now = datetime(2026, 1, 6, 21, 5, tzinfo=UTC)  # the backlog: the second learner's turn comes too late
    assert await one_pass(engine) == []
    clock.now = datetime(2026, 1, 7, 19, 0, 30, tzinfo=UTC)  # Wednesday: the one dropped first, then the other
    assert await one_pass(engine) == ["222"]  # before, "111" again, and "222" dropped again at 21:05
    assert await one_pass(engine) == ["111"]
