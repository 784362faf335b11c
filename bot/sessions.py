"""Creating a session: the questions in the quiz's order, each question's options shuffled once."""

from __future__ import annotations

import random
from datetime import datetime

from bot.content.models import Quiz
from bot.records import AnswerRecord, QuizSession, SessionState


def new_session(quiz: Quiz, *, user_id: int, chat_id: str | None, question_ids: list[str] | None,
                rng: random.Random, now: datetime) -> QuizSession:
    """A fresh session over ``question_ids`` (default: every question), with a stored option order."""
    chosen = question_ids if question_ids is not None else [question.id for question in quiz.questions]
    orders: dict[str, list[str]] = {}
    for question_id in chosen:
        question = quiz.question(question_id)
        if question is not None:
            order = [option.id for option in question.options]
            rng.shuffle(order)
            orders[question_id] = order
    return QuizSession(
        id=f"{rng.getrandbits(128):032x}",
        user_id=user_id,
        quiz_id=quiz.id,
        chat_id=chat_id,
        question_ids=list(chosen),
        option_orders=orders,
        started_at=now,
        updated_at=now,
    )


def questions_to_retry(quiz: Quiz, session: QuizSession, answers: list[AnswerRecord], *,
                       retry_round: bool = False) -> list[str]:
    """What a retry asks: the session's questions not answered correctly, in order, that the quiz still has (a
    reload may have removed some); of a stopped session, only those it asked (answered wrong, skipped or timed
    out), not those the learner never reached, unless it is a ``retry_round``: its questions were all missed
    before, so those it never reached are missed still. The summary's offer counts the same."""
    right = {answer.question_id for answer in answers if answer.correct}
    asked = {answer.question_id for answer in answers}
    return [question_id for question_id in session.question_ids
            if question_id not in right and quiz.question(question_id) is not None
            and (session.state is not SessionState.STOPPED or retry_round or question_id in asked)]
