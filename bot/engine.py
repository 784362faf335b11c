"""The quiz engine: every action a learner or admin can take, each in one transaction."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta

from bot import views
from bot.admins import AdminPolicy
from bot.content.library import ContentLibrary
from bot.content.models import Quiz, localized
from bot.expiry import QuestionExpiry
from bot.i18n import Localizer, UiTexts
from bot.languages import NATIVE_NAMES, choose_language, normalize_language
from bot.locks import UserLocks
from bot.notices import already_answered, quiz_not_found
from bot.ports import AlreadyAnswered, SessionAlreadyActive, UnitOfWork, UnitOfWorkFactory
from bot.presenter import Presenter
from bot.records import AnswerRecord, MessageLink, SessionState, UserRecord
from bot.reload_report import ReloadReport, reload_report
from bot.replies import (
    Actor,
    AnswerOutcome,
    Expired,
    Notice,
    NoticeCode,
    Preview,
    Progress,
    QuestionView,
    QuizList,
    Started,
    Summary,
)
from bot.retry import RetryPolicy, retried
from bot.sessions import missed_questions, new_session
from bot.time_limits import QuestionTimer


class QuizEngine:
    def __init__(self, *, library: ContentLibrary, unit_of_work: UnitOfWorkFactory, texts: UiTexts,
                 admins: AdminPolicy, clock: Callable[[], datetime], rng: random.Random,
                 question_limit: timedelta | None = None) -> None:
        self._library = library
        self._uow = unit_of_work
        self._texts = texts
        self._admins = admins
        self._clock = clock
        self._rng = rng
        self._locks = UserLocks()  # one user's actions one at a time, in this process
        self.retry_policy = RetryPolicy(rng)
        self._timer = QuestionTimer(question_limit)
        self._presenter = Presenter(clock, self._timer)
        self._expiry = QuestionExpiry(unit_of_work=unit_of_work, library=library, texts=texts, locks=self._locks,
                                      presenter=self._presenter, timer=self._timer, clock=clock,
                                      retry_policy=self.retry_policy)

    # -- languages ---------------------------------------------------------------------------

    @retried
    async def localizer(self, actor: Actor) -> Localizer:
        """The bot's words in this user's language (stored choice, platform hint, English)."""
        async with self._uow() as uow:
            user = await self._user(uow, actor)
            await uow.commit()
        return self._localizer_for(user, actor)

    def localizer_for_language(self, language: str) -> Localizer:
        return self._texts.for_language(language)

    @retried
    async def language_known(self, actor: Actor) -> bool:
        """Whether the user chose a language or a platform hint named one we speak (else: offer a picker)."""
        async with self._uow() as uow:
            user = await self._user(uow, actor)
            await uow.commit()
        return user.language is not None or user.last_hint is not None

    @retried
    async def set_language(self, actor: Actor, choice: str) -> Notice:
        language = normalize_language(choice)
        async with self._locks.of(actor), self._uow() as uow:
            user = await self._user(uow, actor)
            if language is None:
                _ = self._localizer_for(user, actor)
                names = ", ".join(f"{code} ({name})" for code, name in NATIVE_NAMES.items())
                return Notice(_("I don't speak “{choice}”. Choose one of: {names}.", choice=choice[:40],
                                names=names), NoticeCode.UNKNOWN_LANGUAGE)
            user.language = language
            await uow.users.update(user)
            await uow.commit()
        _ = self._texts.for_language(language)
        return Notice(_("From now on I'll speak {name}.", name=NATIVE_NAMES[language]))

    # -- browsing ----------------------------------------------------------------------------

    async def list_quizzes(self, actor: Actor) -> QuizList:
        return views.quiz_list(self._library.catalog, await self.localizer(actor))

    async def preview(self, actor: Actor, reference: str) -> Preview | Notice:
        _ = await self.localizer(actor)
        quiz = self._library.catalog.find(reference)
        if quiz is None:
            return quiz_not_found(reference, _)
        return views.preview(quiz, _)

    @retried
    async def progress(self, actor: Actor) -> Progress:
        async with self._uow() as uow:
            user = await self._user(uow, actor)
            results = await uow.sessions.results(self._user_id(user))
            await uow.commit()
        return views.progress(self._library.catalog, results, self._localizer_for(user, actor))

    # -- playing -----------------------------------------------------------------------------

    @retried
    async def start(self, actor: Actor, reference: str | None = None) -> Started | Summary | Notice:
        """Start a quiz by id or topic, or resume it; with no reference, resume the latest quiz."""
        async with self._locks.of(actor), self._uow() as uow:
            user = await self._user(uow, actor)
            _ = self._localizer_for(user, actor)
            catalog = self._library.catalog
            quiz: Quiz | None = None
            if reference:
                quiz = catalog.find(reference)
                if quiz is None:
                    return quiz_not_found(reference, _)
                session = await uow.sessions.active(self._user_id(user), quiz.id)
            else:
                session = await uow.sessions.active(self._user_id(user))
                if session is None:
                    return Notice(_("You have no quiz in progress. Choose one to start."),
                                  NoticeCode.NO_ACTIVE_SESSION)
                quiz = catalog.get(session.quiz_id)
                if quiz is None:
                    return await self._presenter.stop_removed_quiz(uow, session, _)
            resumed = session is not None
            if session is None:
                session = new_session(quiz, user_id=self._user_id(user), chat_id=actor.chat_id,
                                      question_ids=None, rng=self._rng, now=self._clock())
                try:
                    await uow.sessions.add(session)
                except SessionAlreadyActive:  # another process started it a moment ago: carry on with that one
                    session = await uow.sessions.active(self._user_id(user), quiz.id)
                    if session is None:
                        raise
                    resumed = True
            elif actor.chat_id is not None:
                session.chat_id = actor.chat_id  # continue wherever the learner is now
            notices: tuple[str, ...] = ()
            if resumed and self._timer.overdue(session, now := self._clock()):
                try:
                    notices = (await self._timer.time_up(uow, session, now, _),)
                except AlreadyAnswered:  # another process moved it on a moment ago: show where it is now
                    session = await uow.sessions.get(session.id) or session
            shown = await self._presenter.present(uow, quiz, session, _, notices)
            await uow.commit()
        if isinstance(shown, Summary):
            return shown
        title = localized(quiz.title, _.language)
        intro = (_("Welcome back! Carrying on with {title}.", title=title) if resumed else
                 _.ngettext("{title}: {n} question. Good luck!", "{title}: {n} questions. Good luck!",
                            shown.total, title=title))
        return Started(question=shown, resumed=resumed, intro=intro)

    @retried
    async def answer(self, actor: Actor, session_id: str, question_id: str,
                     option_index: int) -> AnswerOutcome | Notice:
        """Score the answer; the first answer to a question is final."""
        async with self._locks.of(actor), self._uow() as uow:
            return await self._score(uow, actor, session_id, question_id, option_index)

    @retried
    async def answer_message(self, actor: Actor, message_key: str, option_index: int) -> AnswerOutcome | Notice:
        """Score an answer to a poll or message that ``link_message`` tied to a question (one transaction)."""
        async with self._locks.of(actor), self._uow() as uow:
            link = await uow.links.get(actor.platform, message_key)
            if link is None:  # nothing is written: a vote on somebody else's poll creates no user
                return await self._unknown_message(uow, actor)
            return await self._score(uow, actor, link.session_id, link.question_id, option_index)

    async def _unknown_message(self, uow: UnitOfWork, actor: Actor) -> Notice:
        """A message no question is linked to: the sender's lost poll if they have a question open (sent, but
        the link was never stored: a crash in between, or a vote faster than the link); else not a quiz's."""
        user = await uow.users.get(actor.platform, actor.user_id)
        session = await uow.sessions.active(self._user_id(user)) if user is not None else None
        _ = self._localizer_for(user or UserRecord(actor.platform, actor.user_id), actor)
        if session is not None and session.current_question_id is not None:
            return Notice(_("That question is no longer open."), NoticeCode.LOST_MESSAGE)
        return Notice(_("That question is no longer open."), NoticeCode.NOT_A_QUIZ_MESSAGE)

    @retried
    async def ask_again(self, actor: Actor) -> AnswerOutcome | Notice:
        """The learner's open question once more, after a vote on a poll of theirs that lost its link: nobody
        is left voting on a poll that counts for nothing."""
        async with self._locks.of(actor), self._uow() as uow:
            user = await self._user(uow, actor)
            _ = self._localizer_for(user, actor)
            session = await uow.sessions.active(self._user_id(user))
            quiz = self._library.catalog.get(session.quiz_id) if session else None
            if session is None or quiz is None or session.current_question_id is None:
                return Notice(_("You have no quiz in progress."), NoticeCode.NO_ACTIVE_SESSION)
            shown = await self._presenter.present(uow, quiz, session, _)
            await uow.commit()
        return AnswerOutcome(None, shown, session.chat_id,
                             _("I lost track of that poll, so here is the question again."))

    async def _score(self, uow: UnitOfWork, actor: Actor, session_id: str, question_id: str,
                     option_index: int) -> AnswerOutcome | Notice:
        """The answer's whole transaction, committed when anything changed."""
        found = await uow.sessions.get_with_owner(session_id)
        if found is None or (found[1].platform, found[1].platform_user_id) != (actor.platform, actor.user_id):
            _ = self._localizer_for(await self._user(uow, actor), actor)
            await uow.commit()
            return Notice(_("This question belongs to someone else's quiz. Start your own to play."),
                          NoticeCode.NOT_YOUR_SESSION)
        session, user = found
        await self._note_hint(uow, user, actor)
        _ = self._localizer_for(user, actor)
        quiz = self._library.catalog.get(session.quiz_id)
        try:
            late = await self._expiry.late_answer(uow, quiz, session, question_id, _) if quiz else None
        except AlreadyAnswered:  # a sweep in another process was first
            return already_answered(_)
        if late is not None:  # the time ran out: not scored, the learner moves on
            return late
        if question_id != session.current_question_id:
            answered = any(a.question_id == question_id for a in await uow.answers.for_session(session.id))
            return already_answered(_) if answered else Notice(
                _("That question is no longer open."), NoticeCode.NOT_CURRENT_QUESTION)
        if quiz is None:
            return await self._presenter.stop_removed_quiz(uow, session, _)
        question = quiz.question(question_id)
        if question is None:  # removed by a reload: present() skips it with a notice
            shown = await self._presenter.present(uow, quiz, session, _)
            await uow.commit()
            return AnswerOutcome(None, shown, session.chat_id)
        order = session.option_orders.get(question_id, [])  # as shown to the learner
        if sorted(order) != sorted(option.id for option in question.options):
            # A reload changed the options since they were shown: the index means something else now.
            shown = await self._presenter.present(uow, quiz, session, _)
            await uow.commit()
            return AnswerOutcome(None, shown, session.chat_id,
                                 _("This question changed since I showed it to you, so here it is again."))
        if not 0 <= option_index < len(order):
            return Notice(_("Please choose one of the options, 1 to {count}.", count=len(order)),
                          NoticeCode.INVALID_OPTION)
        correct = order[option_index] == question.answer
        try:
            await uow.answers.add(AnswerRecord(session.id, question_id, order[option_index], correct, self._clock()))
        except AlreadyAnswered:
            return already_answered(_)
        session.advance()
        shown = await self._presenter.present(uow, quiz, session, _)
        await uow.commit()
        return AnswerOutcome(views.feedback(question, correct, _), shown, session.chat_id)

    @retried
    async def link_message(self, platform: str, message_key: str, question: QuestionView,
                           chat_id: str | None) -> None:
        """Remember which question a platform message asks, so answers survive restarts."""
        async with self._uow() as uow:
            await uow.links.add(MessageLink(platform, message_key, question.session_id, question.question_id,
                                            chat_id, self._clock()))
            await uow.commit()

    @retried
    async def message_link(self, platform: str, message_key: str) -> MessageLink | None:
        async with self._uow() as uow:
            return await uow.links.get(platform, message_key)

    @retried
    async def skip(self, actor: Actor) -> AnswerOutcome | Notice:
        async with self._locks.of(actor), self._uow() as uow:
            user = await self._user(uow, actor)
            _ = self._localizer_for(user, actor)
            session = await uow.sessions.active(self._user_id(user))
            quiz = self._library.catalog.get(session.quiz_id) if session else None
            if session is None or quiz is None or session.current_question_id is None:
                return Notice(_("You have no quiz in progress."), NoticeCode.NO_ACTIVE_SESSION)
            try:
                await uow.answers.add(AnswerRecord(session.id, session.current_question_id, None, False,
                                                   self._clock()))
            except AlreadyAnswered:  # answered or skipped from another process a moment ago
                return already_answered(_)
            skipped = _("Question {number} skipped.", number=session.position + 1)  # which one, if shown elsewhere
            session.advance()
            shown = await self._presenter.present(uow, quiz, session, _)
            await uow.commit()
        return AnswerOutcome(None, shown, session.chat_id, skipped)

    @retried
    async def stop(self, actor: Actor) -> Notice:
        async with self._locks.of(actor), self._uow() as uow:
            user = await self._user(uow, actor)
            _ = self._localizer_for(user, actor)
            session = await uow.sessions.active(self._user_id(user))
            if session is None:
                return Notice(_("You have no quiz in progress."), NoticeCode.NO_ACTIVE_SESSION)
            self._presenter.close(session, SessionState.STOPPED)
            await uow.sessions.update(session)
            await uow.commit()
        return Notice(_("Quiz stopped. Your answers so far are saved."))

    @retried
    async def retry_missed(self, actor: Actor, session_id: str | None = None) -> Started | Notice:
        """A new session over the questions a finished session (by default the latest) got wrong or skipped."""
        async with self._locks.of(actor), self._uow() as uow:
            user = await self._user(uow, actor)
            _ = self._localizer_for(user, actor)
            finished = await (uow.sessions.get(session_id) if session_id is not None
                              else uow.sessions.latest_finished(self._user_id(user)))
            quiz = self._library.catalog.get(finished.quiz_id) if finished else None
            if finished is None or finished.user_id != user.id or quiz is None:
                return Notice(_("There is nothing to retry."), NoticeCode.NOTHING_TO_RETRY)
            missed = [q for q in missed_questions(finished, await uow.answers.for_session(finished.id))
                      if quiz.question(q) is not None]
            if not missed or finished.state is SessionState.ACTIVE:
                return Notice(_("There is nothing to retry."), NoticeCode.NOTHING_TO_RETRY)
            current = await uow.sessions.active(self._user_id(user), quiz.id)
            already_retrying = current is not None and current.question_ids == missed and (
                finished.finished_at is None or current.started_at >= finished.finished_at)
            if already_retrying:  # a second tap on the same "retry": carry on with the first
                assert current is not None
                session = current
            else:
                if current is not None:  # one active session per quiz: the retry replaces it
                    self._presenter.close(current, SessionState.STOPPED)
                    await uow.sessions.update(current)
                session = new_session(quiz, user_id=self._user_id(user),
                                      chat_id=actor.chat_id or finished.chat_id, question_ids=missed,
                                      rng=self._rng, now=self._clock())
                await uow.sessions.add(session)
            shown = await self._presenter.present(uow, quiz, session, _)
            await uow.commit()
        assert isinstance(shown, QuestionView)  # missed questions exist in the quiz, and an active session is open
        intro = _.ngettext("Another go at the question you missed.",
                           "Another go at the {n} questions you missed.", len(missed))
        return Started(question=shown, resumed=already_retrying, intro=intro)

    # -- time limits -------------------------------------------------------------------------

    @property
    def question_limit(self) -> timedelta | None:
        """How long a learner has for each question; None: as long as they like."""
        return self._timer.limit

    async def expire_overdue(self, platform: str) -> list[Expired]:
        """Skip this platform's questions whose time ran out, once each; say whom to tell what comes next."""
        return await self._expiry.expire_overdue(platform)

    # -- admin -------------------------------------------------------------------------------

    async def reload(self, actor: Actor) -> ReloadReport:
        _ = await self.localizer(actor)
        if not self._admins.is_admin(actor):
            return ReloadReport(ok=False, summary=_("Sorry, only the bot's admins can reload the content."))
        return reload_report(await self._library.reload(), _)

    def is_admin(self, actor: Actor) -> bool:
        return self._admins.is_admin(actor)

    def allow_admin(self, platform: str, user_id: str) -> None:
        """Make a user an admin for this run, e.g. a Discord application's owner found at login."""
        self._admins.allow(platform, user_id)

    # -- internals ---------------------------------------------------------------------------

    async def _user(self, uow: UnitOfWork, actor: Actor) -> UserRecord:
        user = await uow.users.get(actor.platform, actor.user_id)
        if user is None:
            return await uow.users.add(UserRecord(actor.platform, actor.user_id,
                                                  last_hint=normalize_language(actor.language_hint)))
        await self._note_hint(uow, user, actor)
        return user

    @staticmethod
    async def _note_hint(uow: UnitOfWork, user: UserRecord, actor: Actor) -> None:
        """Remember the platform's latest language hint, for later events that carry none."""
        hint = normalize_language(actor.language_hint)
        if hint is not None and hint != user.last_hint:
            user.last_hint = hint
            await uow.users.note_hint(user)

    @staticmethod
    def _user_id(user: UserRecord) -> int:
        assert user.id is not None, "storage assigns ids when a user is added"
        return user.id

    def _localizer_for(self, user: UserRecord, actor: Actor) -> Localizer:
        hint = actor.language_hint if normalize_language(actor.language_hint) else user.last_hint
        return self._texts.for_language(choose_language(user.language, hint))
