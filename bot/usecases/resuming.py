"""Resuming a session (/quiz, /review, a retry again): its open question asked once more, its clock as the time
limit's rules say. One place for them, so every way back into a round keeps them alike."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.content.models import Quiz
from bot.i18n import Localizer
from bot.ports import AlreadyAnswered, UnitOfWork
from bot.records import HeldLink, MessageLink, QuizSession
from bot.replies import Actor
from bot.stepper import untold_time_up
from bot.usecases.core import Core
from bot.usecases.unsent import lost_in_a_crash, never_shown

# In a chat others share, a question asked this long ago is still on screen: asking it again there would only
# spend the chat's messages (a Telegram group gets 20 a minute) and push everyone else's down.
ASKED_A_MOMENT_AGO = timedelta(minutes=1)
# A quiz's button pressed again this soon after its question was put in front of the learner is the same press
# (a double tap, or a second press while the first was handled, maybe by another process): asking again would
# only send a second copy, the first taken away just as the learner reads it.
PRESSED_AGAIN_WITHIN = timedelta(seconds=10)

# A round its learner last moved this long ago was left for a while: resuming it welcomes them back.
AWAY_AFTER = timedelta(minutes=30)


@dataclass(frozen=True)
class Resumed:
    session: QuizSession  # read again if another process moved it on a moment ago
    notices: tuple[str, ...]  # "Time's up!" if its question's time ran out before a sweep came by
    # The message that asked its open question: to close, or a HeldLink to take away if the question is asked again.
    asked_before: MessageLink | None


async def resume(core: Core, uow: UnitOfWork, quiz: Quiz, session: QuizSession, _: Localizer,
                 asked_before: MessageLink | None, platform: str) -> Resumed:
    """The session's clock set for showing its question again (the caller steps and commits). ``asked_before``:
    the message that asked its open question (Core.asked_before), read before a time-out moves the session on:
    that poll is the one left open. ``platform``: the learner's, whose messages say whether one was."""
    notices: tuple[str, ...] = ()
    now = core.clock()
    if await lost_in_a_crash(core, uow, platform, session) is not None:
        never_shown(session)  # its poll a crash lost: nobody saw it, so it is asked with the full time
    elif core.timer.limit is not None and await core.paused(uow, session):
        # Left for another quiz (or review) since its question was shown: its clock stopped then, whether or not
        # a sweep came by since (the sweep's rule), so its question is asked again with the full time: not timed
        # out after its old deadline, nor asked with what was left of its time before it.
        session.question_deadline = None
    elif core.timer.overdue(session, now):
        try:
            notices = (await core.remembering.timed_out(uow, quiz, session, now, _),)
        except AlreadyAnswered:  # another process moved it on a moment ago: show where it is now
            session = await uow.sessions.get(session.id) or session
    elif core.timer.unshown(session):
        # A sweep timed the one before out where nobody saw it (private buttons): said now, as a click or /skip
        # says it (unshown.shown_instead), once: shown, the open question's clock runs and it is unshown no more.
        told, passed = await untold_time_up(uow, quiz, session, _, platform)
        notices = (told, *passed) if told is not None else ()
    if asked_before is not None and session.current_question_id == asked_before.question_id:
        asked_before = HeldLink.of(asked_before)  # asked again: taken away, as closed it shows its answer
    return Resumed(session, notices, asked_before)


async def asked_a_moment_ago(core: Core, uow: UnitOfWork, actor: Actor, session: QuizSession,
                             asked_before: MessageLink | None) -> bool:
    """Whether ``asked_before`` (Core.asked_before: still there) asked the session's open question in the actor's
    chat less than a minute ago, and that question is still the one in front of the learner: not left for another
    quiz since (its poll closed then), its time not run out. Resuming would only ask it once more."""
    now = core.clock()
    return (asked_before is not None and asked_before.chat_id == actor.chat_id
            and asked_before.question_id == session.current_question_id
            and now - asked_before.created_at < ASKED_A_MOMENT_AGO
            and not core.timer.overdue(session, now) and not await core.paused(uow, session))


async def asked_just_now(core: Core, uow: UnitOfWork, session: QuizSession, asked_before: MessageLink | None) -> bool:
    """Whether the session's open question was put in front of the learner seconds ago (PRESSED_AGAIN_WITHIN): its
    message asked then (``asked_before``, Core.asked_before), or, none linked yet (another process still sending
    it, or buttons, which link nothing), the session stepped to it then. Read from the database, so a press that
    another process, or this one before a restart, handled counts too. Not so if the learner went to another quiz
    since (its poll closed then) or its time ran out."""
    now = core.clock()
    if asked_before is not None and asked_before.question_id != session.current_question_id:
        return False
    shown_at = asked_before.created_at if asked_before is not None else session.updated_at
    return (session.current_question_id is not None and now - shown_at < PRESSED_AGAIN_WITHIN
            and not core.timer.overdue(session, now) and not await core.paused(uow, session))


def shown_since(session: QuizSession, asked_before: MessageLink | None, sent_at: datetime | None) -> bool:
    """Whether the session's open question was put in front of the learner (its message asked, ``asked_before``, or,
    none linked, the session stepped to it) after ``sent_at``: an event handled again after a crash (Actor.sent_at)
    asked for it, and got it, or the start-up look for questions left unsent asks it."""
    if sent_at is None or session.current_question_id is None:
        return False
    if asked_before is not None and asked_before.question_id != session.current_question_id:
        return False
    return (asked_before.created_at if asked_before is not None else session.updated_at) >= sent_at


async def was_away(core: Core, uow: UnitOfWork, session: QuizSession) -> bool:
    """Whether the learner left this round before resuming it (read before resuming moves it): went on to another
    quiz (or review) since its question was shown, or left it for a while (AWAY_AFTER). Not so for a /quiz right
    after an answer, or the same round carried from a private chat into a group: "Welcome back!" would greet
    someone who never left."""
    return core.clock() - session.updated_at >= AWAY_AFTER or await core.paused(uow, session)
