"""A question whose message a crash lost: the process that moved the session on to it (an answer, a time-out)
died before sending its poll (kill -9, a deploy). Nobody saw it, so it is asked where the one before it was: a few
seconds after start-up, or at its deadline if that comes first; never timed out unseen."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from bot.ports import UnitOfWork
from bot.records import MessageLink, QuizSession, UserRecord
from bot.replies import Actor, AnswerOutcome, Expired
from bot.turns import Turn
from bot.usecases.core import Core
from bot.usecases.unshown import asked_before_it

# Sessions moved on this long before start-up at most: a learner away longer comes back with /quiz, and one whose
# chat refuses the poll (blocked, polls not allowed) is not tried again at every restart for ever.
UNSENT_WITHIN = timedelta(hours=1)
UNSENT_BATCH = 1000  # sessions looked at in one pass of the start-up look (it pages on through the window)

Claim = Callable[[UnitOfWork], Awaitable[tuple[QuizSession, UserRecord] | None]]


@dataclass
class UnsentLook:
    """Where the start-up look stands: sessions moved on in [since, before), paged by when they moved (those asked
    again move out of the window; those left as they were are passed over by the next page)."""

    since: datetime
    before: datetime
    seen: set[str] = field(default_factory=set)  # sessions of the page moved on at ``since`` (the next page's first)
    done: bool = False

    def page(self, found: list[QuizSession], limit: int) -> list[QuizSession]:
        """The sessions of a listing not looked at yet; moves on past them (done after a short or stale page)."""
        fresh = [session for session in found if session.id not in self.seen]
        if len(found) < limit or not fresh:  # the window's end (a full page of ties already seen: nothing new)
            self.done = True
        else:
            since = found[-1].updated_at
            ties = {session.id for session in found if session.updated_at == since}
            self.seen, self.since = (self.seen | ties if since == self.since else ties), since
        return fresh


async def ask_again(core: Core, turn: Turn, session: QuizSession, before: MessageLink) -> Expired | None:
    """The session's open question, whose message never went out, stepped to again with its full time and
    committed: delivered as what follows a time-out is, where ``before`` (its predecessor's message) was asked."""
    quiz = core.quiz_of(session)
    question_id = session.current_question_id
    if quiz is None or question_id is None:  # a reload removed it: the sweep or the learner's next step closes it
        return None
    _ = turn.words  # no event, so no hint: the chosen language, else the last hint seen
    never_shown(session)
    shown = await core.stepper.step(turn.uow, quiz, session, _, asked_again=True)
    await turn.uow.commit()
    return Expired(replace(turn.actor, chat_id=session.chat_id), session.id, question_id, before,
                   AnswerOutcome(None, shown, session.chat_id, None, _.language))


async def lost_in_a_crash(core: Core, uow: UnitOfWork, platform: str, session: QuizSession) -> MessageLink | None:
    """The message the question before was asked on, if the session's open question is one whose message a crash
    left unsent on ``platform``: nobody saw it, so its time running out is no time-out (it is asked again with its
    full time, not rated forgotten), where that one was."""
    question_id = session.current_question_id
    if platform not in core.on_messages or question_id is None \
            or await uow.links.latest(platform, session.id, question_id) is not None:
        return None
    return await asked_before_it(uow, platform, session)


def never_shown(session: QuizSession) -> None:
    """The open question, whose message a crash lost, kept as nobody saw it: its clock stopped (asked again with its
    full time), and not shown (a reload that removed it meanwhile passes it over as never asked, uncounted by a
    review round, as the step that moved on to it had marked it shown)."""
    session.question_deadline = None
    session.asked_question = session.asked_answer = None


def claim_session(actor: Actor, session_id: str) -> Claim:
    """Turns.run_claimed's claim of a session and its owner (the owner first: every turn's lock order)."""
    async def claim(uow: UnitOfWork) -> tuple[QuizSession, UserRecord] | None:
        owner = await uow.users.get(actor.platform, actor.user_id)
        session = await uow.sessions.get(session_id) if owner is not None else None
        return (session, owner) if session is not None and owner is not None else None
    return claim
