"""The per-question time limit: when a question's clock starts, and what happens when it runs out."""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from bot.i18n import Localizer
from bot.ports import UnitOfWork
from bot.records import AnswerRecord, QuizSession, SessionState


class QuestionTimer:
    """Keeps each session's deadline for its current question; with no limit, questions wait forever."""

    def __init__(self, limit: timedelta | None) -> None:
        if limit is not None and limit <= timedelta(0):
            raise ValueError("a question time limit must be positive (or None for no limit)")
        self.limit = limit

    def arm(self, session: QuizSession, now: datetime) -> None:
        """Start the shown question's clock, unless it already runs (resuming doesn't buy more time). A deadline
        further off than the limit was not kept by this clock (`quiztutor play --now` set it ahead, then a run
        without it: "96940858 seconds to answer"), or by a longer limit since lowered: it starts again from now."""
        if self.limit is None:
            session.question_deadline = None
        elif session.question_deadline is None or session.question_deadline > now + self.limit:
            session.question_deadline = now + self.limit

    def overdue(self, session: QuizSession, now: datetime) -> bool:
        """Whether the current question's time has run out."""
        deadline = session.question_deadline
        return self.limit is not None and session.current_question_id is not None and deadline is not None \
            and now >= deadline

    def unshown(self, session: QuizSession) -> bool:
        """Whether the current question waits to be shown: its predecessor timed out where nobody saw it, or its
        message never went out. Not one shown whose clock stopped since (a group game held it, its quiz was left
        for another): the learner saw it."""
        return self.limit is not None and session.state is SessionState.ACTIVE and session.question_deadline is None \
            and not session.showing(session.current_question_id or "")

    async def time_up(self, uow: UnitOfWork, session: QuizSession, now: datetime, *, removed: bool = False) -> None:
        """Record the current question as timed out and move on; raises AlreadyAnswered if too late. ``removed``: a
        reload took it out of the quiz while it was open, which the learner is told skipped it, and so it is stored
        (the summary marks it as it was told)."""
        question_id = session.current_question_id
        if question_id is None:
            raise ValueError("only a current question can time out")
        await uow.answers.add(AnswerRecord(session.id, question_id, None, False, now, timed_out=not removed))
        session.advance()


def whole_seconds(left: float) -> int:
    """The time left to answer as said with a question and given to its poll, on every platform and each time it is
    shown (first, resumed, shown again in the terminal): whole seconds rounded down, so "1 second" is a whole
    second; never below 0."""
    return max(0, math.floor(left))


def time_up_notice(number: int, _: Localizer) -> str:
    """Said as it is done: no point in the score, and reviewed as a miss (memory.rating_for(None) is Again), where
    a skip is no review at all."""
    return _("Time's up! Question {number} wasn't answered in time: it scores no point, and it comes back for "
             "review as a wrong answer does.", number=number)
