"""Every scored answer is a review of the learner's card for that question (bot/memory.py)."""

from __future__ import annotations

from datetime import datetime

from bot.content.models import Question, Quiz
from bot.i18n import Localizer
from bot.memory import Memory, review_record
from bot.ports import UnitOfWork
from bot.records import QuizSession
from bot.review_quiz import REVIEW_QUIZ_ID, split_ref
from bot.time_limits import QuestionTimer


class Remembering:
    def __init__(self, memory: Memory, timer: QuestionTimer) -> None:
        self.memory = memory
        self._timer = timer

    async def remember(self, uow: UnitOfWork, session: QuizSession, question: Question, *, correct: bool | None,
                       option_id: str | None, now: datetime, language: str) -> None:
        """Review the card in the answer's own transaction; call it before the session moves on (its last update
        is when the question was shown, the start of the answer time)."""
        quiz_id, question_id = (split_ref(question.id) if session.quiz_id == REVIEW_QUIZ_ID
                                else (session.quiz_id, question.id))
        await self.review(uow, session.user_id, quiz_id, question_id, question, correct=correct,
                          option_id=option_id, now=now, shown_at=session.updated_at, language=language)

    async def review(self, uow: UnitOfWork, user_id: int, quiz_id: str, question_id: str, question: Question, *,
                     correct: bool | None, option_id: str | None, now: datetime, shown_at: datetime | None,
                     language: str) -> None:
        """One answer (in a quiz, a review round or a group game) as a review of the learner's card."""
        card = await uow.cards.get(user_id, quiz_id, question_id)
        reviewed = self.memory.review(card, user_id=user_id, quiz_id=quiz_id, question_id=question_id,
                                      question=question, correct=correct, now=now)
        if reviewed.card.id is None:
            await uow.cards.add(reviewed.card)
        else:
            await uow.cards.update(reviewed.card)
        await uow.reviews.add(review_record(reviewed, reviewed_at=now, shown_at=shown_at, option_id=option_id,
                                            language=question.display_language(language)))

    async def timed_out(self, uow: UnitOfWork, quiz: Quiz, session: QuizSession, now: datetime,
                        _: Localizer) -> str:
        """The current question's time ran out: it counts as skipped, and as forgotten (Again) for review."""
        question = quiz.question(session.current_question_id or "")
        notice = await self._timer.time_up(uow, session, now, _)  # first: it refuses if another process answered
        if question is not None:  # time_up moved the session on but left its updated_at: when it was shown
            await self.remember(uow, session, question, correct=None, option_id=None, now=now, language=_.language)
        return notice
