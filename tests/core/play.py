"""Small steps of play for engine tests, each checking the reply has the expected type."""

from __future__ import annotations

from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, QuestionView, Started, Summary


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
