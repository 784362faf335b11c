"""Questions whose time ran out: swept on by a sweeper, or found when the learner answers late."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime

from bot.asked_links import still_asking
from bot.content.models import Quiz
from bot.i18n import Localizer
from bot.ports import AlreadyAnswered, UnitOfWork
from bot.records import QuizSession, SessionState, UserRecord
from bot.replies import Actor, AnswerOutcome, DeliveryRefused, Expired
from bot.stepper import removed_after_said, swept_last, time_up_said, untold_time_up
from bot.turns import Turn
from bot.usecases.core import Core
from bot.usecases.game_holds import held_by_a_game, played_where_asked
from bot.usecases.unsent import UNSENT_BATCH, Claim, UnsentLook, ask_again, claim_session
from bot.usecases.unshown import asked_before_it, stop_unshown_clock, timed_question

log = logging.getLogger(__name__)

BATCH = 100  # sessions per sweep; a sweeper that gets a full batch asks again at once
Deliver = Callable[[Expired], Awaitable[None]]


class Settled:
    """A claimed session that left the sweep's list with nobody to tell: its clock stopped, or its quiz closed."""


SETTLED = Settled()


class Expiry:
    def __init__(self, core: Core) -> None:
        self._core = core

    async def expire_overdue(self, platform: str, deliver: Deliver | None = None, *,
                             unsent: bool = False) -> list[Expired]:
        """Skip the platform's questions whose time ran out, once each across processes (each is claimed in
        its own transaction, and one held elsewhere is skipped, see ``claim_overdue``). Each learner's
        ``deliver`` (the adapter showing what comes next) runs under their lock, so its poll is linked before
        they can vote on it; a failed delivery is logged and doesn't hold up the others. ``unsent``: the platform
        links every question of a quiz it shows (Telegram's polls; Discord's, and its private buttons, withdrawn), so
        an open question with no link after one a message still asked is one whose message never went out: it is
        asked again rather than timed out."""
        return [result for result in await self._settle_overdue(platform, deliver, unsent)
                if isinstance(result, Expired)]

    async def sweep(self, platform: str, deliver: Deliver | None = None, *, unsent: bool = False) -> int:
        """One sweep's pass (``expire_overdue``); returns how many sessions it settled: those it moved on and
        those whose clock it stopped or that it closed. A sweeper asks again at once while this is above 0: a
        batch of paused sessions settles without a time-out, and the batch behind it is overdue too."""
        return len(await self._settle_overdue(platform, deliver, unsent))

    async def _settle_overdue(self, platform: str, deliver: Deliver | None,
                              unsent: bool) -> list[Expired | Settled]:
        core = self._core
        if core.timer.limit is None:
            return []
        found = await core.turns.run_unlocked(lambda uow: uow.sessions.overdue(platform, core.clock(), BATCH))
        due = [(Actor(platform, owner.platform_user_id), session.id, session.current_question_id)
               for session, owner in found if session.current_question_id is not None]
        # A learner whose answer came in and waits for their turn: timed out now, an answer given in time would be
        # told the time is up. Left for a later pass (the answer, if late, times the question out itself).
        due = [(actor, session_id, question_id) for actor, session_id, question_id in due
               if not core.answering.of(actor)]
        results = await asyncio.gather(*(self._expire(actor, session_id, question_id, deliver, unsent)
                                         for actor, session_id, question_id in due if question_id is not None),
                                       return_exceptions=True)
        settled = [result for result in results if isinstance(result, (Expired, Settled))]
        failures = [result for result in results if isinstance(result, BaseException)]
        if failures and not settled:
            raise failures[0]  # nothing moved on: the sweeper reports it and tries again later
        for failure in failures:  # those that moved on are committed, and their learners were told
            log.error("a %s question could not be moved on; the next sweep tries again", platform,
                      exc_info=failure)
        return settled

    async def ask_unsent(self, platform: str, look: UnsentLook, deliver: Deliver, limit: int = UNSENT_BATCH) -> int:
        """Ask each open question of the next ``limit`` of the platform's sessions in ``look``'s window (moved on
        in the hour before start-up) whose message never went out (unsent.py), once, under its learner's lock;
        returns how many were asked again. ``look`` moves on past them, done once the window is looked through."""
        core = self._core
        listed = await core.turns.run_unlocked(
            lambda uow: uow.sessions.unsent(platform, look.since, look.before, limit))
        fresh = {session.id for session in look.page([session for session, _owner in listed], limit)}
        found = [(session, owner) for session, owner in listed if session.id in fresh]

        async def ask(session: QuizSession, owner: UserRecord) -> Expired | Settled | None:
            actor = Actor(platform, owner.platform_user_id)
            return await self._settle(actor, session.current_question_id or "", claim_session(actor, session.id),
                                      self._unsent_work, deliver)

        results = await asyncio.gather(*(ask(session, owner) for session, owner in found), return_exceptions=True)
        for failure in (result for result in results if isinstance(result, BaseException)):
            log.error("a %s question a crash left unsent could not be asked again", platform, exc_info=failure)
        return sum(isinstance(result, Expired) for result in results)

    async def _unsent_work(self, turn: Turn, session: QuizSession) -> Expired | None:
        """The claimed session's open question asked again if its message still never went out."""
        core, uow, platform = self._core, turn.uow, turn.actor.platform
        question_id = session.current_question_id
        if session.state is not SessionState.ACTIVE or question_id is None \
                or await uow.links.latest(platform, session.id, question_id) is not None:
            return None  # moved on, or asked since (a sweep, another process, the learner's /quiz)
        before = await asked_before_it(uow, platform, session)
        if before is None or await clock_stopped(core, uow, platform, session):
            return None  # never asked on a message, or its clock stopped (left for another quiz, a live game)
        return await ask_again(core, turn, session, before)

    async def _expire(self, actor: Actor, session_id: str, question_id: str,
                      deliver: Deliver | None, unsent: bool) -> Expired | Settled | None:
        """One session, under the owner's lock and in one transaction; None if something else moved it on."""
        async def claim(uow: UnitOfWork) -> tuple[QuizSession, UserRecord] | None:
            return await uow.sessions.claim_overdue(session_id, self._core.clock())

        async def work(turn: Turn, session: QuizSession) -> Expired | Settled | None:
            return await self._time_up(turn, session, question_id, unsent)

        return await self._settle(actor, question_id, claim, work, deliver)

    async def _settle(self, actor: Actor, question_id: str, claim: Claim,
                      work: Callable[[Turn, QuizSession], Awaitable[Expired | Settled | None]],
                      deliver: Deliver | None) -> Expired | Settled | None:
        """``work`` on the claimed session; what it moved on to told through ``deliver`` under the same lock."""
        async def tell(expired: Expired | Settled | None) -> None:
            if not isinstance(expired, Expired) or deliver is None:
                return
            try:
                await deliver(expired)
            except DeliveryRefused as refused:
                log.info("%s user %s's chat refused what follows question %s's time-out: %s", actor.platform,
                         actor.user_id, question_id, refused)
                await self._unshown(actor, expired)
            except Exception:
                log.exception("could not tell %s user %s that question %s timed out", actor.platform,
                              actor.user_id, question_id)
                await self._unshown(actor, expired)

        return await self._core.turns.run_claimed(actor, claim, work, after=tell)

    async def _unshown(self, actor: Actor, expired: Expired) -> None:
        """The next question's clock, started with the sweep's step, stopped again: its poll never went out."""
        if (asked := timed_question(expired.outcome)) is not None:
            await stop_unshown_clock(self._core.turns, actor, asked)

    async def _time_up(self, turn: Turn, session: QuizSession, question_id: str,
                       unsent: bool) -> Expired | Settled | None:
        """The claimed session's question skipped, and the next one shown where it can be; Settled when its quiz
        was removed or is paused (nothing to tell)."""
        core, uow = self._core, turn.uow
        now = core.clock()
        if session.current_question_id != question_id or not core.timer.overdue(session, now):
            return None  # answered, skipped or expired a moment ago, here or in another process
        _ = turn.words  # no event, so no hint: the chosen language, else the last hint seen
        quiz = core.quiz_of(session)
        if quiz is None:  # a reload removed the quiz: close the session quietly
            # Closed by the sweep, not by the learner moving on: it keeps when it last moved, else the quiz they
            # play now would look left for it (Core.paused), its clock stopped and given in full again.
            moved = session.updated_at
            core.stepper.close(session, SessionState.STOPPED)
            session.updated_at = moved
            await uow.sessions.update(session)
            await uow.commit()
            return SETTLED
        # The learner went on to another quiz (or review) since this question was shown, and its poll was closed:
        # the quiz is paused, its clock stopped. Else its next poll would come up in the middle of the other quiz,
        # every time the limit ran out, to an unasked summary. Resuming asks this question again.
        # Or they play its question's quiz in a live group game: timing it out would close its poll, showing the
        # answer to a question the game may have open. Its clock stops the same way (joining the game stopped it
        # already, game_holds.set_aside: this catches a clock that ran out in the moment between); its poll, which
        # takes no votes during the game, counts again after it, and resuming asks the question again with the
        # full time.
        # So does a question of the quiz a live game plays in the chat the session is played in, whoever's: its
        # next question is not asked there meanwhile (a Telegram poll timed by open_period still closes by itself).
        if await clock_stopped(core, uow, turn.actor.platform, session):
            session.question_deadline = None
            await uow.sessions.update(session)
            await uow.commit()
            return SETTLED
        link = await uow.links.latest(turn.actor.platform, session.id, question_id)
        if unsent and link is None and (before := await asked_before_it(uow, turn.actor.platform, session)) is not None:
            # Its predecessor was asked on a message, so this one should have been too: the process that moved
            # the session on died before sending it (kill -9, a deploy). Nobody saw it: it is asked now with its
            # full time, where the one before was, rather than timed out unseen.
            return await ask_again(core, turn, session, before)
        try:
            notice = await core.remembering.timed_out(uow, quiz, session, now, _)
        except AlreadyAnswered:  # another process recorded an answer first
            return None
        # Where a poll asked the question, the adapter asks the next one there at once: its clock starts
        # now. Private buttons can't be sent unasked; that question's clock starts when it is shown.
        # A message taken away (withdrawn: the question asked again since, with private buttons) asks it no more.
        link = link if link is None or link.withdrawn_at is None else None
        shown = await core.stepper.step(uow, quiz, session, _, shown=link is not None)
        await uow.commit()
        return Expired(replace(turn.actor, chat_id=session.chat_id), session.id, question_id, link,
                       AnswerOutcome(None, shown, session.chat_id, notice, _.language))


async def clock_stopped(core: Core, uow: UnitOfWork, platform: str, session: QuizSession) -> bool:
    """The sweep's rule: whether the session's open question's clock is stopped rather than timed out, as its round
    was left for another (Core.paused), its owner plays its quiz in a live group game, or a live game in the
    session's chat plays it."""
    return await core.paused(uow, session) or await held_by_a_game(uow, session) is not None \
        or await played_where_asked(uow, platform, session)


async def late_answer(core: Core, uow: UnitOfWork, quiz: Quiz, session: QuizSession, question_id: str,
                      _: Localizer, *, paused: bool, platform: str,
                      vouched: str | None = None, arrived: datetime | None = None) -> AnswerOutcome | None:
    """The outcome of an answer given after the question's time ran out (the caller commits); None if in time.
    ``paused``: the session was left for another since its question was shown (Core.paused); ``platform``: the
    answer's, whose message links say whether a poll asked the question; ``vouched``: the message the answer came
    on, when the platform takes none on it once the question's time is up (a Telegram poll with open_period): the
    answer was given in time, however late it comes in (a restart kept it waiting), if that message is the one
    the question was last asked on (an older one may have gone out untimed, while a group game held the question);
    ``arrived``: when the answer reached the engine, before it waited for its learner's turn: in time then, it
    counts (the sweep leaves the session alone meanwhile, Expiry._settle_overdue).

    Raises AlreadyAnswered when another process recorded the question a moment ago.
    """
    now = core.clock()
    notice: str | None = None
    passed: tuple[str, ...] = ()  # what step() said of removed questions a sweep passed over unseen
    if paused:
        # Left for another quiz: its clock stopped then (a sweep clears its deadline), whether or not a sweep came
        # by since. Its question isn't late, and a cleared deadline doesn't mean a question went unshown.
        session.question_deadline = None
        return None
    if question_id == session.current_question_id and core.timer.overdue(session, arrived or now) \
            and not await _asked_last_on(uow, platform, session, question_id, vouched):
        notice = await core.remembering.timed_out(uow, quiz, session, now, _)
    elif question_id != session.current_question_id and core.timer.unshown(session) \
            and await _skipped(uow, session, question_id):
        # A sweep skipped the question before the current one (before those a reload removed, passed over with it)
        # where the bot couldn't post what comes next (private buttons): say so now, naming that one (the click may
        # be on an older question, skipped by hand), and the removed ones as step() did.
        # None if skipped by hand: only shown again.
        notice, passed = await untold_time_up(uow, quiz, session, _, platform)
    elif _ended_unseen(core, session) and (at := await swept_last(uow, quiz, session)) is not None \
            and session.question_ids[at] == question_id \
            and await still_asking(uow, platform, session.id, question_id) is None:
        # A sweep skipped the last question (or the last before removed ones) where the bot couldn't post the
        # summary (private buttons: no poll asked it), ending the quiz: say so now, with the summary it never
        # showed (the session is over: nothing is written).
        summary = await core.stepper.summary(uow, quiz, session, _)
        summary = replace(summary, notices=summary.notices + removed_after_said(quiz, session, at, _))
        return AnswerOutcome(None, summary, session.chat_id, await time_up_said(uow, quiz, session, _, at),
                             _.language)
    else:
        return None
    shown = await core.stepper.step(uow, quiz, session, _, passed)
    return AnswerOutcome(None, shown, session.chat_id, notice, _.language)


def _ended_unseen(core: Core, session: QuizSession) -> bool:
    """Whether the session is timed and over."""
    return core.timer.limit is not None and session.state is SessionState.FINISHED


async def _asked_last_on(uow: UnitOfWork, platform: str, session: QuizSession, question_id: str,
                         message_key: str | None) -> bool:
    if message_key is None:
        return False
    link = await uow.links.latest(platform, session.id, question_id)
    return link is not None and link.message_key == message_key


async def _skipped(uow: UnitOfWork, session: QuizSession, question_id: str) -> bool:
    return any(answer.question_id == question_id and answer.option_id is None
               for answer in await uow.answers.for_session(session.id))
