"""A round the learner stops, or leaves for another (another quiz, /review, a retry), once its open question's
time ran out, before a sweep came by: the question times out first, as the sweep would have timed it out. Else it
escapes its "forgotten" rating: a stopped round is never swept, and a round left is paused (its clock stopped,
Core.paused), so coming back would even ask it again with the full time. The terminal has no sweeper, and a
chat's sweep comes up to 10 s late.

Not so a question a live group game holds (its player's own, or one of the game's quiz asked in the game's chat):
the sweep stops its clock instead, so timing it out here would rate it forgotten, and move on from it, only when no
sweep happened to come first."""

from __future__ import annotations

import contextlib

from bot.content.models import Quiz
from bot.ports import AlreadyAnswered
from bot.records import QuizSession
from bot.turns import Turn
from bot.usecases.core import Core
from bot.usecases.expiry import clock_stopped
from bot.usecases.unsent import lost_in_a_crash


async def time_out_if_overdue(core: Core, turn: Turn, session: QuizSession) -> Quiz | None:
    """Time out the session's open question if its time ran out (rated forgotten for review, missed for a retry);
    its quiz if it did. Not a round left for another before, nor a question a live group game holds: their clocks
    stopped (the sweep's rule); nor one whose message a crash left unsent, which nobody saw (the sweep asks it again).

    Call it before the turn's own session moves (a new round added, another stepped): after, this one would look
    left for it."""
    now, uow = core.clock(), turn.uow
    quiz = core.quiz_of(session)
    if quiz is None or not core.timer.overdue(session, now) \
            or await clock_stopped(core, uow, turn.actor.platform, session) \
            or await lost_in_a_crash(core, uow, turn.actor.platform, session):
        return None
    with contextlib.suppress(AlreadyAnswered):  # moved on a moment ago by another process: left as it is
        await core.remembering.timed_out(uow, quiz, session, now, turn.words)
        return quiz
    return None


async def time_out_left(core: Core, turn: Turn, playing: QuizSession | None, *leaving: QuizSession | None) -> None:
    """The rounds ``leaving`` (other than ``playing``, the one the turn goes on with) that the learner leaves,
    their questions timed out if their time ran out. Each moves on to its next question unshown, as after a sweep
    that could not post it: asked with the full time when the learner comes back (resuming), or at its end, over."""
    for session in {session.id: session for session in leaving if session is not None}.values():
        if playing is not None and session.id == playing.id:
            continue
        if (quiz := await time_out_if_overdue(core, turn, session)) is not None:
            await core.stepper.step(turn.uow, quiz, session, turn.words, shown=False)
