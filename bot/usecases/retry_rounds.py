"""Which ended session a retry of missed questions means, and whether an open round already retries it: what
that takes is read once per turn (a session's answers, the learner's active sessions), however often asked."""

from __future__ import annotations

from datetime import datetime

from bot.records import QuizSession, SessionState
from bot.sessions import questions_to_retry
from bot.turns import Turn
from bot.usecases.core import Core


class RetryReads:
    """One turn's reads for a retry: make a new one per turn (a turn tried again reads afresh)."""

    def __init__(self, core: Core, turn: Turn) -> None:
        self._core = core
        self._turn = turn
        self._missed: dict[str, list[str]] = {}
        self._active: dict[str | None, QuizSession | None] = {}

    async def missed(self, session: QuizSession) -> list[str]:
        """What a retry of ``session`` asks (see questions_to_retry); nothing if a reload removed its quiz."""
        if session.id not in self._missed:
            quiz = self._core.quiz_of(session)
            self._missed[session.id] = (
                questions_to_retry(quiz, session, await self._turn.uow.answers.for_session(session.id))
                if quiz is not None else [])
        return self._missed[session.id]

    async def active(self, quiz_id: str | None = None) -> QuizSession | None:
        """The learner's latest active session, optionally of one quiz (as read at the turn's first ask)."""
        if quiz_id not in self._active:
            self._active[quiz_id] = await self._turn.uow.sessions.active(self._turn.user_id, quiz_id)
        return self._active[quiz_id]

    async def is_retry_of(self, round_: QuizSession, ended: QuizSession) -> bool:
        """Whether ``round_`` is a retry round of ``ended``: started once it ended, asking its missed questions."""
        return (ended.finished_at is None or ended.finished_at <= round_.started_at) \
            and round_.question_ids == await self.missed(ended)

    async def last_quiz(self) -> QuizSession | None:
        """What "retry" alone means: the learner's latest finished quiz, or one stopped since with questions to
        retry. Not a stopped one left for another round of its quiz: a retry stops the round it replaces, and a
        retry typed again must carry on with its own round, not turn to the one it replaced. And the quiz whose
        retry round is still open, if that one ended later or the other has nothing to retry: a quiz played and
        stopped in between must not hide the round."""
        uow, user_id = self._turn.uow, self._turn.user_id
        finished = await uow.sessions.latest_ended(user_id, SessionState.FINISHED)
        stopped = await uow.sessions.latest_ended(user_id, SessionState.STOPPED)
        if stopped is not None and (finished is None or _ended(finished) < _ended(stopped)) \
                and self._core.quiz_of(stopped) is not None:  # else a reload removed it
            missed = await self.missed(stopped)
            newer = await self.active(stopped.quiz_id)  # it can only have started after it ended
            if missed and (newer is None or await self.is_retry_of(newer, stopped)):
                return stopped
        retried = await self.retried_by_open_round()
        if retried is None or (finished is not None and _ended(finished) > _ended(retried)
                               and await self.missed(finished)):
            return finished
        return retried

    async def retried_by_open_round(self) -> QuizSession | None:
        """The ended session the learner's latest active session is a retry round of, if it is one: the latest
        session of its quiz to end before it started, finished or stopped, whose missed questions it asks."""
        latest = await self.active()
        if latest is None or self._core.quiz_of(latest) is None:
            return None
        for state in (SessionState.FINISHED, SessionState.STOPPED):  # a retry stops the round it replaces
            ended = await self._turn.uow.sessions.latest_ended(self._turn.user_id, state, latest.quiz_id)
            if ended is not None and await self.is_retry_of(latest, ended):
                return ended
        return None


def _ended(session: QuizSession) -> datetime:
    return session.finished_at or session.updated_at
