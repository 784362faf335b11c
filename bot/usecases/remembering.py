"""Every scored answer is a review of the learner's card for that question (bot/memory.py)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from bot.calendar import utc_offset_minutes
from bot.content.models import Question, Quiz
from bot.i18n import Localizer
from bot.memory import Memory, review_record
from bot.ports import UnitOfWork
from bot.records import QuizSession
from bot.review_quiz import REVIEW_QUIZ_ID, split_ref
from bot.stepper import pass_over_removed, time_up_said
from bot.time_limits import QuestionTimer


class Remembering:
    def __init__(self, memory: Memory, timer: QuestionTimer) -> None:
        self.memory = memory
        self._timer = timer

    async def remember(self, uow: UnitOfWork, session: QuizSession, question: Question, *, correct: bool | None,
                       option_id: str | None, now: datetime, language: str, clock: ZoneInfo | None,
                       shown_hash: str | None = None) -> None:
        """Review the card in the answer's own transaction; call it before the session moves on (its last update
        is when the question was shown, the start of the answer time). ``clock``: the learner's time zone, whose
        day the answer counts on (None for a time-out, which counts on none). ``shown_hash``: the question's
        content_hash as shown, read before the session moved on; else read here."""
        quiz_id, question_id = (split_ref(question.id) if session.quiz_id == REVIEW_QUIZ_ID
                                else (session.quiz_id, question.id))
        # Under the question as shown: a reload since may have reworded the prompt (an answer on other options or
        # another key shown is asked again), and the log is what `quiztutor stats` counts each version's answers from.
        # Not one judged by a key a reload changed since (buttons show none): its rating is the key's served now.
        shown_hash = shown_hash or session.shown_hash(question.id)
        if option_id is not None and session.shown_key(question.id) not in (None, question.answer):
            shown_hash = None
        await self.review(uow, session.user_id, quiz_id, question_id, question, correct=correct,
                          option_id=option_id, now=now, shown_at=session.updated_at, language=language, clock=clock,
                          shown_hash=shown_hash)

    async def review(self, uow: UnitOfWork, user_id: int, quiz_id: str, question_id: str, question: Question, *,
                     correct: bool | None, option_id: str | None, now: datetime, shown_at: datetime | None,
                     language: str, clock: ZoneInfo | None, shown_hash: str | None = None) -> None:
        """One answer (in a quiz, a review round or a group game) as a review of the learner's card; ``clock`` as
        remember's; ``shown_hash``: the question's content_hash as the learner was shown it, if known and not now's
        (the review is logged under it; the card follows the question as it is now, as the answer was judged)."""
        card = await uow.cards.get(user_id, quiz_id, question_id)
        reviewed = self.memory.review(card, user_id=user_id, quiz_id=quiz_id, question_id=question_id,
                                      question=question, correct=correct, now=now)
        if reviewed.card.id is None:
            await uow.cards.add(reviewed.card)
        else:
            await uow.cards.update(reviewed.card)
        # The offset, not the zone's name: the day stays the one on the clock then, through summer time too.
        offset = utc_offset_minutes(now, clock) if clock is not None else None
        await uow.reviews.add(review_record(reviewed, reviewed_at=now, shown_at=shown_at, option_id=option_id,
                                            language=question.display_language(language), utc_offset_minutes=offset,
                                            content_hash=shown_hash))

    async def timed_out(self, uow: UnitOfWork, quiz: Quiz, session: QuizSession, now: datetime,
                        _: Localizer) -> str:
        """The current question's time ran out: no point (summed as a skip is), and forgotten (Again) for review."""
        question = quiz.question(session.current_question_id or "")
        notice = await time_up_said(uow, quiz, session, _)  # read before it moves on
        shown_hash = session.shown_hash(question.id) if question is not None else None  # so is the wording shown
        await self._timer.time_up(uow, session, now, removed=question is None)  # first: refuses if answered
        if question is None:  # removed by a reload: so are those right after it, told in the same notice
            await pass_over_removed(uow, quiz, session, now)
        else:  # time_up moved the session on but left its updated_at: when it was shown
            # A sweep's turn may know no learner: and a time-out answers nothing, so it counts on no day anyway.
            await self.remember(uow, session, question, correct=None, option_id=None, now=now, language=_.language,
                                clock=None, shown_hash=shown_hash)
        return notice
