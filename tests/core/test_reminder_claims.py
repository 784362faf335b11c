"""A reminder pass claims only what it sends in about a second at the platform's pace. A claim moves each learner's
reminder on to the next day before it is sent: a process stopped mid-pass drops what it claimed and hadn't sent
yet, so a pass that claimed hundreds at Discord's two a second lost up to minutes' worth of that day's reminders."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.engine import QuizEngine
from bot.replies import Actor, QuestionView, Reminder, Summary
from tests.core.play import answer, start
from tests.core.review_play import ALL_WRONG
from tests.fakes.clock import FixedClock

LEARNERS = [Actor("telegram", name, chat_id=f"chat-{name}") for name in ("ada", "bayo", "chipo", "dede", "eli")]


async def _due_tomorrow_evening(engine: QuizEngine, actor: Actor) -> None:
    await engine.set_reminders(actor, "on 19:00")
    question: QuestionView | Summary = await start(engine, actor)
    while isinstance(question, QuestionView):
        question = (await answer(engine, actor, question, right=ALL_WRONG[question.question_id])).next


async def test_a_pass_claims_a_seconds_worth_of_reminders_and_the_next_passes_the_rest(
        engine: QuizEngine, clock: FixedClock) -> None:
    for learner in LEARNERS:
        await _due_tomorrow_evening(engine, learner)
    clock.now = datetime(2026, 1, 6, 19, 1, tzinfo=UTC)
    sent: list[Reminder] = []

    async def send(reminder: Reminder) -> None:
        sent.append(reminder)

    claims = [await engine.send_reminders("telegram", send, per_second=2) for _ in range(4)]
    assert claims == [2, 2, 1, 0]  # two a second: two a pass, until none is left
    assert sorted(reminder.actor.user_id for reminder in sent) == sorted(learner.user_id for learner in LEARNERS)
