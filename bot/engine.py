"""The quiz engine: a thin façade over the use cases that adapters talk to (what no learner's action calls, the
sweepers' passes and the platform's message bookkeeping, it inherits from bot/engine_upkeep.py).

Every action is one learner's turn (bot/turns.py): their lock, one transaction, their words. Actions that show
something take an optional Surface; the reply is then delivered (bot/delivery.py) before the learner's lock is
released, so a poll is linked before its first vote can be handled.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime, timedelta

from bot.admins import AdminPolicy
from bot.content.library import ContentLibrary, ReloadResult
from bot.delivery import Target
from bot.engine_upkeep import Upkeep
from bot.i18n import Localizer, UiTexts
from bot.link_writer import LinkWriter
from bot.locks import UserLocks
from bot.log_lines import log_briefly
from bot.memory import Memory
from bot.metrics import EVERY_PLATFORM, STORAGE_BUSY, Metrics, NullMetrics
from bot.ports import UnitOfWorkFactory
from bot.progress_replies import Progress
from bot.records import MessageLink, OpenQuestion
from bot.reload_report import ReloadReport
from bot.replies import (
    Actor,
    AnswerOutcome,
    Notice,
    Preview,
    Profile,
    QuestionView,
    QuizList,
    Started,
    Stopped,
    Summary,
)
from bot.retry import RetryPolicy
from bot.stepper import SessionStepper
from bot.time_limits import QuestionTimer
from bot.turns import Turns
from bot.usecases.admin import Admin
from bot.usecases.answering import Answering
from bot.usecases.core import Core
from bot.usecases.games.facade import Games
from bot.usecases.playing import Playing
from bot.usecases.profile import Profiles
from bot.usecases.remembering import Remembering
from bot.usecases.reviewing import Reviewing
from bot.usecases.scheduling import Scheduling
from bot.within import read_within

log = logging.getLogger(__name__)


class QuizEngine(Upkeep):
    def __init__(self, *, library: ContentLibrary, unit_of_work: UnitOfWorkFactory, texts: UiTexts,
                 admins: AdminPolicy, clock: Callable[[], datetime], rng: random.Random,
                 question_limit: timedelta | None = None, metrics: Metrics | None = None,
                 content_reloaded_before: str | None = None, link_batches: bool = False,
                 shared_unit_of_work: UnitOfWorkFactory | None = None) -> None:
        """``content_reloaded_before``: the content fingerprint an admin's reload had stored before the library
        read its files (see Admin.follow_content); None if unknown. ``link_batches``: store the links of polls
        asked at once together (SQLite's one writer; bot/link_writer.py). ``shared_unit_of_work``: units of work
        that may share a transaction with other learners', for answers (bot/turns.py)."""
        self._texts = texts
        self.admins = admins  # who may run admin commands: an adapter may replace those it found (a Discord team)
        # What adapters and sweepers count and time too (the engine only passes it along).
        self.metrics: Metrics = metrics or NullMetrics()
        self.retry_policy = RetryPolicy(rng, on_busy=lambda: self.metrics.error(EVERY_PLATFORM, STORAGE_BUSY))
        turns = Turns(unit_of_work=unit_of_work, texts=texts, locks=UserLocks(), retry_policy=self.retry_policy,
                      clock=clock, shared_unit_of_work=shared_unit_of_work)
        timer = QuestionTimer(question_limit)
        core = Core(library=library, turns=turns, stepper=SessionStepper(clock, timer, library), timer=timer,
                    clock=clock, rng=rng, remembering=Remembering(Memory(), timer), texts=texts,
                    links=LinkWriter(turns.run_unlocked, batches=link_batches), metrics=self.metrics)
        super().__init__(core)  # sets self._core
        self._playing = Playing(core)
        self._answering = Answering(core)
        self._profiles = Profiles(core, admins)
        self._admin = Admin(core, admins, content_reloaded_before)
        self._reviewing = Reviewing(core)
        self._scheduling = Scheduling(core)
        self.games = Games(core, admins)  # group games: engine.games.open(...), .vote(...), ...

    # -- words and people ----------------------------------------------------------------------

    def localizer_for(self, language: str) -> Localizer:
        """The bot's words in a language: pure, for laying out a reply that says which language it is in."""
        return self._texts.for_language(language)

    async def localizer_or_hint(self, actor: Actor, *, within: float | None = None,
                                database_down: bool = False) -> Localizer:
        """As ``localizer``, for an error reply or one that can't wait (Discord's suggestions): when the stored
        choice can't be read (the database may be what failed), or not ``within`` seconds (a reply that can't wait
        long: a button press's), the person as last read here: their choice, else the event's own language hint,
        else their last hint, else the place's, else English, rather than no reply at all. ``database_down``: the
        failure apologised for was the database out of reach, so it is not asked (it would fail again: one more
        connection attempt and one more warning for every event in an outage)."""
        if database_down:
            return self._core.turns.words_remembered(actor)
        try:
            return await read_within(self.localizer(actor), within)
        except TimeoutError:
            log.warning("could not look up the language for a reply that can't wait within %s s", within)
        except Exception as error:  # the failure being apologised for is logged, with its traceback, already
            log_briefly(log, logging.WARNING, error, "could not look up the language for an error reply")
        return self._core.turns.words_remembered(actor)

    async def localizer(self, actor: Actor, *, keep_new: bool = False) -> Localizer:
        """The bot's words for this person (stored choice, platform hint, English). Writes only a new hint; with
        ``keep_new``, someone new too, with their hint (see Turns.words)."""
        return await self._core.turns.words(actor, keep_new=keep_new)

    async def profile(self, actor: Actor, *, with_due: bool = False, starting: str | None = None) -> Profile:
        return await self._profiles.profile(actor, with_due=with_due, starting=starting)

    async def question_waiting(self, actor: Actor) -> bool:
        return await self._profiles.question_waiting(actor)

    async def language_known(self, actor: Actor) -> bool:
        return (await self._profiles.profile(actor)).language_known

    async def set_language(self, actor: Actor, choice: str) -> Notice:
        return await self._profiles.set_language(actor, choice)

    async def choose_language(self, actor: Actor, choice: str, surface: Target) -> Notice | Started | Summary:
        """As set_language; a question waiting is asked again on ``surface`` in it (Profiles.choose_language)."""
        return await self._profiles.choose_language(actor, choice, surface)

    async def list_quizzes(self, actor: Actor, matching: str | None = None) -> QuizList:
        return await self._profiles.list_quizzes(actor, matching)

    def quiz_list(self, _: Localizer, matching: str | None = None) -> QuizList:
        """``list_quizzes`` in words already known (``localizer_or_hint``'s): pure, for a reply that can't wait."""
        return self._profiles.quiz_list(_, matching)

    async def preview(self, actor: Actor, reference: str) -> Preview | Notice:
        return await self._profiles.preview(actor, reference)

    async def progress(self, actor: Actor) -> Progress:
        return await self._profiles.progress(actor)

    # -- playing ---------------------------------------------------------------------------------

    async def start(self, actor: Actor, reference: str | None = None, surface: Target | None = None, *,
                    shared: bool = False) -> Started | Summary | Notice:
        """``shared``: in a group's chat, where the question asked a moment ago is said to be there instead."""
        return await self._playing.start(actor, reference, surface, shared=shared)

    async def start_by_id(self, actor: Actor, quiz_id: str, surface: Target | None = None, *,
                          shared: bool = False) -> Started | Summary | Notice:
        """A button's quiz: exactly that id, or "no quiz called …" (a reload removed it). ``shared``: as start's."""
        return await self._playing.start_by_id(actor, quiz_id, surface, shared=shared)

    async def stop(self, actor: Actor,
                   close_message: Callable[[MessageLink], Awaitable[object]] | None = None) -> Stopped | Notice:
        """Stop the latest quiz; ``close_message`` closes the platform message that asked its open question."""
        return await self._playing.stop(actor, close_message)

    async def retry_missed(self, actor: Actor, session_id: str | None = None, surface: Target | None = None, *,
                           shared: bool = False) -> Started | Summary | Notice:
        return await self._playing.retry_missed(actor, session_id, surface, shared=shared)

    async def answer(self, actor: Actor, session_id: str, question_id: str, option_index: int,
                     surface: Target | None = None, *, order: str | None = None,
                     polls_too: bool = False) -> AnswerOutcome | Notice:
        """``polls_too``: the platform may also have asked the question as a poll (Discord's channels), which this
        answer by button then passes by: see Core.passed_by (one read more an answer, so only where it may be)."""
        return await self._answering.answer(actor, session_id, question_id, option_index, surface, order=order,
                                            polls_too=polls_too)

    async def answer_message(self, actor: Actor, message_key: str, option_index: int, surface: Target | None = None,
                             *, key_shown: bool = False, closes_at_deadline: bool = False,
                             links_every_question: bool = True,
                             sent_at: datetime | None = None) -> AnswerOutcome | Notice:
        """``key_shown``: the message answered on showed its answer key (a quiz poll): see scoring.judge.
        ``closes_at_deadline``: the platform takes no answer on a timed question's message once its time is up (a
        Telegram poll sent with open_period): one it delivers was given in time, however late it comes in.
        ``links_every_question``: False where a question may be asked on no message (buttons): see lost_polls.
        ``sent_at``: when the platform sent the message, if it tells (Discord's ids): see lost_polls.unlinked_code."""
        return await self._answering.answer_message(actor, message_key, option_index, surface, key_shown=key_shown,
                                                    closes_at_deadline=closes_at_deadline,
                                                    links_every_question=links_every_question, sent_at=sent_at)

    async def ask_again(self, actor: Actor, surface: Target | None = None) -> AnswerOutcome | Notice:
        return await self._answering.ask_again(actor, surface)

    async def skip(self, actor: Actor, surface: Target | None = None, *, on_screen: QuestionView | None = None,
                   sent_before: Callable[[OpenQuestion], bool] | None = None) -> AnswerOutcome | Notice:
        """``on_screen``: the question the learner sees (a terminal's): if another is open by now, "no longer open";
        ``sent_before``: whether the command was sent before a message (the open question's): then likewise."""
        return await self._answering.skip(actor, surface, on_screen=on_screen, sent_before=sent_before)

    async def review(self, actor: Actor, surface: Target | None = None, *, shared: bool = False,
                     pressed: bool = False) -> Started | Summary | Notice:
        """A round of the learner's due questions; or when the next is due, and a quiz to try meanwhile.
        ``pressed``: asked by a button (a reminder's), not typed: see Reviewing.start."""
        return await self._reviewing.start(actor, surface, shared=shared, pressed=pressed)

    # -- the learner's calendar -------------------------------------------------------------------

    async def set_time_zone(self, actor: Actor, name: str, *, typed: bool = False) -> Notice:
        """``typed``: commands are words typed at a prompt (the terminal), not messages sent to a chat bot."""
        return await self._scheduling.set_time_zone(actor, name, typed=typed)

    async def set_reminders(self, actor: Actor, text: str) -> Notice:
        """``on [19:00]``, a time, ``off``, or nothing (how it stands)."""
        return await self._scheduling.set_reminders(actor, text)

    async def reminders_reached(self, actor: Actor) -> Notice:
        """How the reminders stand, for a learner whose answer (a REMINDERS_PAUSED notice) the platform is about to
        send privately: such a message reaching them shows the bot reaches them again, as their own private message
        would, so paused ones are back on (Turns). If it is refused after all, ``reminders_unreached``."""
        return await self._scheduling.set_reminders(replace(actor, reaches_privately=True), "")

    # -- admin -----------------------------------------------------------------------------------

    async def reload(self, actor: Actor) -> ReloadReport:
        return await self._admin.reload(actor)

    async def follow_content(self) -> ReloadResult | None:
        """Reload when an admin reloaded other content in another process (the content follower calls this)."""
        return await self._admin.follow_content()

    def is_admin(self, actor: Actor) -> bool:
        return self._admin.is_admin(actor)

    def allow_admin(self, platform: str, user_id: str) -> None:
        self._admin.allow_admin(platform, user_id)

