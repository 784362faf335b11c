"""What every use case shares: the content, the turns, the session stepper, time and randomness."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime

from bot.asked_links import asked_privately, still_asking
from bot.content.library import ContentLibrary
from bot.content.models import LocalizedText, Quiz
from bot.delivery import Asked, Link, Shown, Target, deliver, surface_for
from bot.i18n import UiTexts
from bot.languages import SUPPORTED_LANGUAGES
from bot.link_writer import LinkWriter
from bot.metrics import Metrics, NullMetrics
from bot.ports import UnitOfWork
from bot.records import HeldLink, MessageLink, QuizSession
from bot.replies import Actor, AnswerOutcome, Notice, QuestionView
from bot.review_quiz import REVIEW_QUIZ_ID, ReviewRounds
from bot.stepper import SessionStepper
from bot.time_limits import QuestionTimer
from bot.turns import Turns
from bot.usecases.answers_under_way import AnswersUnderWay
from bot.usecases.game_holds import held_by_a_game, played_here
from bot.usecases.remembering import Remembering
from bot.usecases.unshown import restart_late_clock, stop_unshown_clock, timed_question


@dataclass(frozen=True)
class Core:
    library: ContentLibrary
    turns: Turns
    stepper: SessionStepper
    timer: QuestionTimer
    clock: Callable[[], datetime]
    rng: random.Random
    remembering: Remembering
    texts: UiTexts
    links: LinkWriter  # the turns' own: the links a burst's next polls need, stored together
    metrics: Metrics = field(default_factory=NullMetrics)  # answers scored; storage and adapters count the rest
    review_rounds: ReviewRounds = field(default_factory=ReviewRounds)
    answering: AnswersUnderWay = field(default_factory=AnswersUnderWay)  # the expiry sweep leaves their sessions
    # The platforms that link every quiz question they show (Telegram's polls; Discord's polls, and its private
    # buttons with a link withdrawn from the start): there, an open question with no link after one a message still
    # asked is one a crash left unsent (bot/usecases/unsent.py), never seen.
    on_messages: set[str] = field(default_factory=set)

    def quiz_of(self, session: QuizSession) -> Quiz | None:
        """The quiz a session plays: one of the catalog's, or a review round built from its questions' refs."""
        if session.quiz_id == REVIEW_QUIZ_ID:
            return self.quiz_of_refs(session.question_ids)
        return self.library.catalog.get(session.quiz_id)

    async def asked_before(self, uow: UnitOfWork, actor: Actor, session: QuizSession) -> MessageLink | None:
        """The message that asked the session's open question on the actor's platform, if one did and it is
        still there (not withdrawn: deleted while a game held it, game_holds.clock_stopped or a HeldLink's, see
        QuizEngine.withdrawn): resuming asks it again in a new one."""
        question_id = session.current_question_id
        return await still_asking(uow, actor.platform, session.id, question_id) if question_id else None

    async def played_as_polls(self, uow: UnitOfWork, actor: Actor, session: QuizSession) -> bool:
        """Whether a message (a poll) on the actor's platform asked the last question an ended session showed, and
        still asks it (not taken away: asked again with private buttons since, which link no message)."""
        # The open one when stopped, else the last; not one a reload removed before it was reached (passed over,
        # never shown, so asked by no message), nor one a time-out at the stop moved on to, never shown: the one
        # shown before it.
        unshown = {answer.question_id for answer in await uow.answers.for_session(session.id) if answer.asked is False}
        reached = session.position + 1 if session.position < len(session.question_ids) \
            and session.showing(session.question_ids[session.position]) else session.position
        shown = [question_id for question_id in session.question_ids[:reached] if question_id not in unshown][-1:]
        return bool(shown) and await still_asking(uow, actor.platform, session.id, shown[0]) is not None

    @staticmethod
    def passed_by(asked: MessageLink | None, session: QuizSession,
                  outcome: AnswerOutcome | Notice) -> AnswerOutcome | Notice:
        """``outcome`` of an answer given elsewhere than on ``asked``, the message asking the open question (private
        buttons, the quiz resumed as a poll since they were shown): once the session has passed that question, the
        poll is ended as a skip's is (AnswerOutcome.skipped_poll), not left open to votes that count for nothing."""
        passed = asked is not None and session.current_question_id != asked.question_id
        return replace(outcome, skipped_poll=asked) if passed and isinstance(outcome, AnswerOutcome) else outcome

    async def asked_again(self, uow: UnitOfWork, actor: Actor, session: QuizSession) -> HeldLink | None:
        """asked_before's message, when resuming asks its question again: to be taken away, not closed, as a
        closed quiz poll shows its answer, which the learner would then pick in the new one."""
        link = await self.asked_before(uow, actor, session)
        return HeldLink.of(link) if link is not None else None

    async def left_behind(self, uow: UnitOfWork, actor: Actor, playing: QuizSession | None,
                          *leaving: QuizSession | None) -> tuple[MessageLink, ...]:
        """The messages on the actor's platform still asking a question of the sessions ``playing`` takes over
        from (the learner's quiz until now, a round a retry replaces), to take away (HeldLinks), as a closed quiz
        poll shows its answer: coming back to a quiz left asks its question again, and so may a retry of a round
        replaced."""
        links: list[MessageLink] = []
        for session in {session.id: session for session in leaving if session is not None}.values():
            if playing is None or session.id != playing.id:
                link = await self.asked_again(uow, actor, session)
                links += [link] if link is not None else []
        return tuple(links)

    async def closable(self, uow: UnitOfWork, actor: Actor, session: QuizSession) -> MessageLink | None:
        """The message asking the open question of a session that ends (/stop), to close; a HeldLink if a live group
        game holds that question: a closed quiz poll shows its answer, which the game may be asking, so that one
        is taken away instead (left open, it would take votes that count for nothing)."""
        link = await self.asked_before(uow, actor, session)
        return HeldLink.of(link) if link is not None and await held_by_a_game(uow, session) else link

    async def paused(self, uow: UnitOfWork, session: QuizSession) -> bool:
        """Whether the learner went on to another quiz (or review) since this session's question was shown: its
        poll was closed, so that question is not the one in front of them any more."""
        latest = await uow.sessions.last_activity(session.user_id)
        return latest is not None and latest > session.updated_at

    async def game_in_chat(self, uow: UnitOfWork, actor: Actor) -> bool:
        """Whether the actor's chat has a live group game (a learner's /stop there may be meant for it)."""
        return await played_here(uow, actor) is not None

    def quiz_of_refs(self, refs: list[str]) -> Quiz:
        return self.review_rounds.quiz(self.library.catalog, refs, self._review_title)

    def _review_title(self) -> LocalizedText:
        title: LocalizedText = {}
        for language in SUPPORTED_LANGUAGES:
            _ = self.texts.for_language(language)
            title[language] = _("Review")
        return title

    def delivering(self, actor: Actor, target: Target | None) -> Callable[[object], Awaitable[None]] | None:
        """The ``after`` of a turn that shows its reply on ``target`` (a refusal is left to the caller)."""
        if target is None:
            return None

        async def show(reply: object) -> None:
            if isinstance(reply, Shown):  # Started | AnswerOutcome | Summary
                surface = surface_for(target, reply)
                if surface is None:
                    return
                try:
                    await deliver(reply, surface, self.linker(actor.platform, actor))
                except Exception:  # the next question may never have gone out: it must not time out unseen
                    if (asked := timed_question(reply)) is not None:
                        await stop_unshown_clock(self.turns, actor, asked)
                    raise
        return show

    def linker(self, platform: str, actor: Actor | None = None) -> Link:
        """Store which question a platform message asks, so answers to it count, also after a restart. With the
        learner (whose lock is held), a message that appeared late and counts its time down moves the deadline."""
        async def link(question: QuestionView, asked: Asked, chat_id: str | None) -> None:
            now = self.clock()
            withdrawn = now if asked_privately(asked.key) else None  # it asks nothing: see delivery.AsksPrivately
            await self.links.store(MessageLink(platform, asked.key, question.session_id, question.question_id,
                                               chat_id, now, asked.message_id, withdrawn))
            if actor is not None and asked.late_countdown is not None:
                await restart_late_clock(self.turns, actor, question, asked.late_countdown, self.clock())
        return link


def question_at_place(question_ids: list[str], question: str) -> str:
    """``#2`` names the session's third question (short enough for any button's payload); an id names itself."""
    if question.startswith("#") and question[1:].isascii() and question[1:].isdigit():
        place = int(question[1:])
        return question_ids[place] if place < len(question_ids) else question
    return question
