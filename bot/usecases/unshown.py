"""A question whose message never went out (the platform refused it, the network failed): its clock stopped.
One whose message went out late (flood control held it back): its clock moved to match the message's countdown.

The step that chose it started its clock. Left running, it would time out unseen, and be told and rated as if the
learner had let it run out; stopped, the question is asked with its full time when they come back (resuming).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.asked_links import still_asking
from bot.content.models import Quiz
from bot.ports import UnitOfWork
from bot.records import MessageLink, QuizSession
from bot.replies import Actor, AnswerOutcome, QuestionView, Started
from bot.stepper import untold_time_up
from bot.turns import Turn, Turns

if TYPE_CHECKING:  # core.py's own imports lead here
    from bot.usecases.core import Core

log = logging.getLogger(__name__)


def timed_question(reply: object) -> QuestionView | None:
    """The timed question a reply shows next, if any."""
    asked = reply.next if isinstance(reply, AnswerOutcome) else reply.question if isinstance(reply, Started) else None
    return asked if isinstance(asked, QuestionView) and asked.deadline is not None else None


async def stop_unshown_clock(turns: Turns, actor: Actor, asked: QuestionView) -> None:
    """Stop ``asked``'s clock unless the learner moved on since or a message asks it after all. Called under the
    learner's lock, after the failed delivery; a failure here is only logged (the question then times out)."""
    async def stop_clock(uow: UnitOfWork) -> None:
        session = await _still_asking(uow, actor, asked)
        if session is None:
            return  # moved on since, by the learner or another process
        link = await uow.links.latest(actor.platform, session.id, asked.question_id)
        if link is not None and link.withdrawn_at is None:
            return  # a poll asks it after all: this one, before a later step failed, or another process's
        # (Not one taken away before, when its quiz was left or a game held it: that one asks nothing now.)
        session.question_deadline = None
        # Not shown after all: QuestionTimer.unshown
        session.asked_question = session.asked_answer = session.asked_hash = None
        await uow.sessions.update(session)
        await uow.commit()
    try:
        await turns.run_unlocked(stop_clock)
    except Exception:  # the database too: the question times out unseen, as before
        log.exception("could not stop the clock of %s user %s's unsent question", actor.platform, actor.user_id)


async def restart_late_clock(turns: Turns, actor: Actor, asked: QuestionView, countdown: int,
                             now: datetime) -> None:
    """A question whose message appeared late (flood control held it back) and counts ``countdown`` seconds down
    from then: its deadline moves as late, or it would be over while the learner's countdown still runs. Called
    under the learner's lock, once the message is linked; a failure is only logged (it times out as before)."""
    deadline = now + timedelta(seconds=countdown)
    if asked.deadline is None or deadline <= asked.deadline:
        return

    async def move_clock(uow: UnitOfWork) -> None:
        session = await _still_asking(uow, actor, asked)
        if session is None:
            return  # moved on since, or timed out already
        session.question_deadline = deadline
        await uow.sessions.update(session)
        await uow.commit()
    try:
        await turns.run_unlocked(move_clock)
    except Exception:  # the database too: the question times out at its first deadline, as before
        log.exception("could not restart the clock of %s user %s's late question", actor.platform, actor.user_id)


async def asked_before_it(uow: UnitOfWork, platform: str, session: QuizSession) -> MessageLink | None:
    """The message on ``platform`` that asked the question before the session's open one, if one did and it was the
    last to ask it: the session is played on messages (polls), so its open question should have one too. None for
    the first question, or where nothing asked the one before either (a terminal), or it was last asked privately
    (Discord's buttons, whose link is withdrawn from the start; a poll taken away when asked so, since): the open
    one then went to private buttons too, or waits to be shown there, and a poll of it would show it to all."""
    if session.current_question_id is None or session.position == 0:
        return None
    before = session.question_ids[session.position - 1]
    if await uow.links.latest(platform, session.id, before) is None:
        shown = await shown_before(uow, session)  # past questions a reload removed, which no message asked
        if shown is None:
            return None
        before = shown
    return await still_asking(uow, platform, session.id, before)


async def shown_before(uow: UnitOfWork, session: QuizSession) -> str | None:
    """The question the session showed before its open one: the one before it, past those a reload removed that
    step() passed over without showing them (stored as never asked); None for the first."""
    unshown = {answer.question_id for answer in await uow.answers.for_session(session.id) if answer.asked is False}
    before = [question_id for question_id in session.question_ids[:session.position] if question_id not in unshown]
    return before[-1] if before else None


async def _still_asking(uow: UnitOfWork, actor: Actor, asked: QuestionView) -> QuizSession | None:
    """``asked``'s session, if it is still at that question with the deadline it was asked with; else None."""
    await uow.users.get(actor.platform, actor.user_id)  # the learner's row first: the same lock order as all
    session = await uow.sessions.get(asked.session_id)
    if session is None or session.current_question_id != asked.question_id \
            or session.question_deadline != asked.deadline:
        return None
    return session


async def shown_instead(core: Core, turn: Turn, quiz: Quiz, session: QuizSession) -> AnswerOutcome:
    """A skip of an open question never shown (its clock waits for it: the one before timed out where nobody saw it,
    private buttons, or its message never went out): shown now with its full time, not skipped unseen, after the
    time-out nobody was told of, as a click on that question's buttons tells it (late_answer). Commits."""
    _, uow = turn.words, turn.uow
    notice, passed = await untold_time_up(uow, quiz, session, _, turn.actor.platform)
    shown = await core.stepper.step(uow, quiz, session, _, passed)
    await uow.commit()
    return AnswerOutcome(None, shown, session.chat_id, notice, _.language)
