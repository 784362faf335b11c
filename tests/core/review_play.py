"""Playing the test quiz ``collectives`` and review rounds, as one learner, for the spaced review tests."""

from __future__ import annotations

from bot.engine import QuizEngine
from bot.replies import Actor, QuestionView, Reminder, Started, Summary
from tests.core.play import answer, next_question, start

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
    sent: list[Reminder] = []

    async def send(reminder: Reminder) -> None:
        sent.append(reminder)
    claimed = await engine.send_reminders("telegram", send, per_second=1000)
    return claimed, sent
