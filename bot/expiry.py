"""Questions whose time ran out: swept on by the adapters' sweepers, or found when the learner answers late."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from bot.content.library import ContentLibrary
from bot.content.models import Quiz
from bot.i18n import Localizer, UiTexts
from bot.languages import choose_language
from bot.locks import UserLocks
from bot.ports import AlreadyAnswered, UnitOfWork, UnitOfWorkFactory
from bot.presenter import Presenter
from bot.records import QuizSession
from bot.replies import Actor, AnswerOutcome, Expired
from bot.retry import RetryPolicy, retried
from bot.time_limits import QuestionTimer, time_up_notice

log = logging.getLogger(__name__)

BATCH = 100  # sessions per sweep; a sweeper that gets a full batch asks again at once


class QuestionExpiry:
    def __init__(self, *, unit_of_work: UnitOfWorkFactory, library: ContentLibrary, texts: UiTexts,
                 locks: UserLocks, presenter: Presenter, timer: QuestionTimer, clock: Callable[[], datetime],
                 retry_policy: RetryPolicy, batch: int = BATCH) -> None:
        self._uow = unit_of_work
        self._library = library
        self._texts = texts
        self._locks = locks
        self._presenter = presenter
        self._timer = timer
        self._clock = clock
        self.retry_policy = retry_policy
        self.batch = batch

    @retried
    async def expire_overdue(self, platform: str) -> list[Expired]:
        """Skip the platform's questions whose time ran out, and say what each learner should see next."""
        if self._timer.limit is None:
            return []
        async with self._uow() as uow:
            found = await uow.sessions.overdue(platform, self._clock(), self.batch)
        expired: list[Expired] = []
        for session, owner in found:
            question_id = session.current_question_id
            if question_id is None:
                continue
            try:
                result = await self._expire(Actor(platform, owner.platform_user_id), session.id, question_id)
            except Exception:
                if not expired:
                    raise  # nothing moved on yet: the sweeper reports it and tries again later
                # Those already moved on are committed: their learners must still hear what comes next.
                log.exception("a sweep of %s stopped early; the rest waits for the next one", platform)
                break
            if result is not None:
                expired.append(result)
        return expired

    @retried
    async def _expire(self, actor: Actor, session_id: str, question_id: str) -> Expired | None:
        """One session, under the owner's lock and in one transaction; None if something else moved it on."""
        async with self._locks.of(actor), self._uow() as uow:
            found = await uow.sessions.get_with_owner(session_id)
            now = self._clock()
            if found is None or found[0].current_question_id != question_id or not self._timer.overdue(found[0], now):
                return None  # answered, skipped or expired a moment ago, here or in another process
            session, owner = found
            # No event, so no language hint: the language the learner chose, else the last hint seen.
            _ = self._texts.for_language(choose_language(owner.language, owner.last_hint))
            quiz = self._library.catalog.get(session.quiz_id)
            if quiz is None:  # a reload removed the quiz: close the session quietly
                await self._presenter.stop_removed_quiz(uow, session, _)
                return None
            link = await uow.links.latest(actor.platform, session.id, question_id)
            try:
                notice = await self._timer.time_up(uow, session, now, _)
            except AlreadyAnswered:  # another process recorded an answer first
                return None
            # Where a poll asked the question, the adapter asks the next one there at once: its clock starts
            # now. Private buttons can't be sent unasked; that question's clock starts when it is shown.
            shown = await self._presenter.present(uow, quiz, session, _, shown=link is not None)
            await uow.commit()
        return Expired(replace(actor, chat_id=session.chat_id), session.id, question_id, link,
                       AnswerOutcome(None, shown, session.chat_id, notice))

    async def late_answer(self, uow: UnitOfWork, quiz: Quiz, session: QuizSession, question_id: str,
                          _: Localizer) -> AnswerOutcome | None:
        """The outcome of an answer given after the question's time ran out (committed); None if in time.

        Raises AlreadyAnswered when another process recorded the question a moment ago.
        """
        now = self._clock()
        if question_id == session.current_question_id and self._timer.overdue(session, now):
            notice = await self._timer.time_up(uow, session, now, _)
        elif question_id != session.current_question_id and self._timer.unshown(session) and any(
                answer.question_id == question_id and answer.option_id is None
                for answer in await uow.answers.for_session(session.id)):
            # A sweep skipped it where the bot couldn't post what comes next (private buttons): show that now.
            notice = time_up_notice(session.question_ids.index(question_id) + 1, _)
        else:
            return None
        shown = await self._presenter.present(uow, quiz, session, _)
        await uow.commit()
        return AnswerOutcome(None, shown, session.chat_id, notice)
