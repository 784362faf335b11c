"""A round the learner stops, or leaves for another (another quiz, /review, a retry), once its open question's
time ran out, before a sweep came by: the question times out first, as the sweep would have timed it out. Else it
escapes its "forgotten" rating: a stopped round is never swept, and a round left is paused (its clock stopped,
Core.paused), so coming back would even ask it again with the full time. The terminal has no sweeper, and a
chat's sweep comes up to 10 s late."""

from __future__ import annotations

import contextlib

from bot.content.models import Quiz
from bot.i18n import Localizer
from bot.ports import AlreadyAnswered, UnitOfWork
from bot.records import QuizSession
from bot.usecases.core import Core


async def time_out_if_overdue(core: Core, uow: UnitOfWork, session: QuizSession, _: Localizer) -> Quiz | None:
    """Time out the session's open question if its time ran out (rated forgotten for review, missed for a retry);
    its quiz if it did. Not a round left for another before: its clock stopped then (the sweep's rule).

    Call it before the turn's own session moves (a new round added, another stepped): after, this one would look
    left for it."""
    now = core.clock()
    quiz = core.quiz_of(session)
    if quiz is None or not core.timer.overdue(session, now) or await core.paused(uow, session):
        return None
    with contextlib.suppress(AlreadyAnswered):  # moved on a moment ago by another process: left as it is
        await core.remembering.timed_out(uow, quiz, session, now, _)
        return quiz
    return None


async def time_out_left(core: Core, uow: UnitOfWork, _: Localizer, playing: QuizSession | None,
                        *leaving: QuizSession | None) -> None:
    """The rounds ``leaving`` (other than ``playing``, the one the turn goes on with) that the learner leaves,
    their questions timed out if their time ran out. Each moves on to its next question unshown, as after a sweep
    that could not post it: asked with the full time when the learner comes back (resuming), or at its end, over."""
    for session in {session.id: session for session in leaving if session is not None}.values():
        if playing is not None and session.id == playing.id:
            continue
        if (quiz := await time_out_if_overdue(core, uow, session, _)) is not None:
            await core.stepper.step(uow, quiz, session, _, shown=False)
