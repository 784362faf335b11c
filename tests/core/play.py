"""Small steps of play for engine tests, each checking the reply has the expected type."""

from __future__ import annotations

from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, QuestionView, Reminder, Started, Summary


async def start(engine: QuizEngine, actor: Actor, reference: str | None = "collectives") -> QuestionView:
    started = await engine.start(actor, reference)
    assert isinstance(started, Started), started
    return started.question


async def answer(engine: QuizEngine, actor: Actor, question: QuestionView, *, right: bool) -> AnswerOutcome:
    index = question.correct_index if right else wrong_index(question)
    outcome = await engine.answer(actor, question.session_id, question.question_id, index)
    assert isinstance(outcome, AnswerOutcome), outcome
    return outcome


def wrong_index(question: QuestionView) -> int:
    return (question.correct_index + 1) % len(question.options)


def next_question(outcome: AnswerOutcome) -> QuestionView:
    assert isinstance(outcome.next, QuestionView), outcome.next
    return outcome.next


def summary_of(outcome: AnswerOutcome) -> Summary:
    assert isinstance(outcome.next, Summary), outcome.next
    return outcome.next


async def missed_all(engine: QuizEngine, actor: Actor, reference: str) -> None:
    """The quiz ``reference`` played once to its end, every question answered wrong: all due for review."""
    shown: QuestionView | Summary = await start(engine, actor, reference)
    while isinstance(shown, QuestionView):
        shown = (await answer(engine, actor, shown, right=False)).next


async def reminder_pass_on(engine: QuizEngine, platform: str, *, per_second: float) -> tuple[int, list[Reminder]]:
    """One pass of ``platform``'s reminders at ``per_second``: how many learners it claimed, and the reminders it
    sent."""
    sent: list[Reminder] = []

    async def send(reminder: Reminder) -> None:
        sent.append(reminder)
    claimed = await engine.send_reminders(platform, send, per_second=per_second)
    return claimed, sent
