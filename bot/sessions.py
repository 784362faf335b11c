"""Creating a session: the questions in the quiz's order, each question's options shuffled once."""

from __future__ import annotations

import random
from datetime import datetime

from bot.content.models import Quiz
from bot.records import AnswerRecord, QuizSession, SessionState
from bot.review_quiz import REVIEW_QUIZ_ID


def new_session(quiz: Quiz, *, user_id: int, chat_id: str | None, question_ids: list[str] | None,
                rng: random.Random, now: datetime, retry_round: bool = False) -> QuizSession:
    """A fresh session over ``question_ids`` (default: every question), with a stored option order;
    ``retry_round``: it asks only the questions missed in an ended session."""
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
        retry_round=retry_round,
    )


def never_asked(quiz: Quiz, session: QuizSession, answers: list[AnswerRecord]) -> frozenset[str]:
    """In a review round, the questions it never asked, which it does not count ("Question 2 of 2", its score, its
    retry): those a reload removed before the round came to them, even if a reload put one back after the round
    passed it over, and those it left out while a live group game held their quiz (they stay due for the next
    round). One it showed, then skipped or timed out, counts. A quiz counts them all as skipped: it is its
    author's, as they wrote it."""
    if quiz.id != REVIEW_QUIZ_ID:
        return frozenset()
    by_question = {answer.question_id: answer for answer in answers}

    def unasked(question_id: str) -> bool:
        answer = by_question.get(question_id)
        if answer is not None and answer.asked is False:  # passed over as removed, or left out for a live game
            return True
        # Removed, and not known to be shown: not reached yet, or stored with no option before 0020 (or left out
        # while a game held its quiz before it was stored as passed over, which counts while the question is
        # there).
        return quiz.question(question_id) is None \
            and (answer is None or (answer.option_id is None and answer.asked is None))
    return frozenset(question_id for question_id in session.question_ids if unasked(question_id))


def questions_to_retry(quiz: Quiz, session: QuizSession, answers: list[AnswerRecord], *,
                       retry_round: bool = False) -> list[str]:
    """What a retry asks: the session's questions not answered correctly, in order, that the quiz still has (a
    reload may have removed some) and a review round counts (never_asked); of a stopped session, only those it
    asked (answered wrong, skipped or timed out), not those the learner never reached, unless it is a
    ``retry_round``: its questions were all missed before, so those it never reached are missed still. The
    summary's offer counts the same."""
    right = {answer.question_id for answer in answers if answer.correct}
    asked = {answer.question_id for answer in answers}
    unasked = never_asked(quiz, session, answers)
    return [question_id for question_id in session.question_ids
            if question_id not in right and quiz.question(question_id) is not None and question_id not in unasked
            and (session.state is not SessionState.STOPPED or retry_round or question_id in asked)]
