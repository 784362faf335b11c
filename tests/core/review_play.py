"""Playing the test quiz ``collectives`` and review rounds, as one learner, for the spaced review tests."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.engine import QuizEngine
from bot.replies import Actor, QuestionView, Reminder, Started, Summary
from tests.core.play import answer, next_question, reminder_pass_on, start
from tests.fakes.clock import FixedClock

ADA = Actor("telegram", "ada", chat_id="chat-ada")
ALL_WRONG = {"sum-everywhere": False, "shards-to-full": False, "english-only": False}


async def play_collectives(engine: QuizEngine, right: dict[str, bool]) -> None:
    """The quiz once, answering each question right or wrong as told (by question id)."""
    question: QuestionView | Summary = await start(engine, ADA)
    while isinstance(question, QuestionView):
        question = (await answer(engine, ADA, question, right=right[question.question_id])).next


async def review_round(engine: QuizEngine, right: bool = True) -> list[str]:
    """A /review round answered all right (or all wrong); the question ids served, in order."""
    started = await engine.review(ADA)
    if not isinstance(started, Started):
        return []
    served, question = [], started.question
    while True:
        served.append(question.question_id)
        outcome = await answer(engine, ADA, question, right=right)
        if isinstance(outcome.next, Summary):
            return served
        question = next_question(outcome)


async def reminder_pass(engine: QuizEngine) -> tuple[int, list[Reminder]]:
    """One pass of Telegram's reminders: how many learners it claimed, and the reminders it sent."""
    return await reminder_pass_on(engine, "telegram", per_second=1000)


async def reminders_after_a_move_east(engine: QuizEngine, clock: FixedClock) -> list[int]:
    """Ada, reminded at 19:00 in New York, sets /timezone Asia/Tokyo past midnight there (Wednesday afternoon in
    Tokyo, the reminder sent that morning at 09:00): the reminders sent at Tuesday 19:01 in New York, Wednesday
    19:01 in Tokyo, Wednesday 19:01 in New York (the old zone's time) and Thursday 19:01 in Tokyo."""
    await engine.set_time_zone(ADA, "America/New_York")  # UTC-5
    await engine.set_reminders(ADA, "on 19:00")
    await play_collectives(engine, ALL_WRONG)  # Monday: all three due on Tuesday, and left unreviewed
    sent = []
    clock.now = datetime(2026, 1, 7, 0, 1, tzinfo=UTC)  # Tuesday 19:01 in New York, Wednesday 09:01 in Tokyo
    sent.append(len((await reminder_pass(engine))[1]))
    clock.now = datetime(2026, 1, 7, 5, 30, tzinfo=UTC)  # past midnight in New York, Wednesday 14:30 in Tokyo
    await engine.set_time_zone(ADA, "Asia/Tokyo")  # UTC+9
    for moment in (datetime(2026, 1, 7, 10, 1, tzinfo=UTC), datetime(2026, 1, 8, 0, 1, tzinfo=UTC),
                   datetime(2026, 1, 8, 10, 1, tzinfo=UTC)):
        clock.now = moment
        sent.append(len((await reminder_pass(engine))[1]))
    return sent
