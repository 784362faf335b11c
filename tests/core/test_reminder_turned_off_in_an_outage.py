"""A reminder refused for good turns the learner's reminders off; when that write fails (the database gone for a
moment), the others claimed in the same pass are still sent: they were moved on to tomorrow when claimed, so a
pass that stopped there dropped their day's reminder."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.engine import QuizEngine
from bot.replies import Actor, RecipientGone, Reminder
from tests.core.play import missed_all
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

LEARNERS = [Actor("telegram", name, chat_id=f"chat-{name}") for name in ("ada", "bayo", "chipo")]


async def test_the_others_are_reminded_when_turning_off_a_gone_learners_reminders_fails(
        engine: QuizEngine, clock: FixedClock, fake_db: FakeDatabase) -> None:
    for learner in LEARNERS:
        await engine.set_reminders(learner, "on 19:00")
        await missed_all(engine, learner, "collectives")  # Monday: due on Tuesday
    clock.now = datetime(2026, 1, 6, 19, 1, tzinfo=UTC)
    tried: list[str] = []

    async def send(reminder: Reminder) -> None:
        tried.append(reminder.actor.user_id)
        if len(tried) == 1:  # the first learner blocked the bot, and the database is unreachable a moment
            fake_db.unreachable = ConnectionError("the database went away")
            raise RecipientGone("Forbidden: bot was blocked by the user")
        fake_db.unreachable = None

    assert await engine.send_reminders("telegram", send, per_second=1000) == 3
    assert sorted(tried) == ["ada", "bayo", "chipo"]  # before: the pass stopped at the first, the others' day lost
    async with fake_db.unit_of_work() as uow:  # the gone learner's are still on: tomorrow's refusal tries again
        gone = await uow.users.get("telegram", tried[0])
        assert gone is not None and gone.reminder_time == "19:00"
