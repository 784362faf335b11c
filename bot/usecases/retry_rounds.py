"""Which ended session a retry of missed questions means, and whether an open round already retries it: what
that takes is read once per turn (a session's answers, the learner's active sessions), however often asked."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from datetime import datetime

from bot.records import AnswerRecord, QuizSession, SessionState
from bot.sessions import questions_to_retry
from bot.turns import Turn
from bot.usecases.core import Core


class RetryReads:
    """One turn's reads for a retry: make a new one per turn (a turn tried again reads afresh)."""

    def __init__(self, core: Core, turn: Turn) -> None:
        self._core = core
        self._turn = turn
        self._answers: dict[str, list[AnswerRecord]] = {}
        self._active: dict[str | None, QuizSession | None] = {}
        self._rounds: dict[str, bool] = {}  # stopped session id -> whether it is a retry round
        self._walking: set[str] = set()  # the stopped sessions whose being a retry round is being worked out
        self._cut_short = 0  # how often a walk back passed over a session already being walked from

    async def missed(self, session: QuizSession) -> list[str]:
        """What a retry of ``session`` asks (see questions_to_retry); nothing if a reload removed its quiz. Of a
        retry round stopped part-way, the questions it never reached too: they were missed before, and left out
        they would be lost from every offer. A round stopped before any answer has none of its own (see
        past_an_empty_round): a first try of a quiz all missed before looks the same, and it missed nothing."""
        asked, unasked_too = await self._missed_both_ways(session)
        if asked == unasked_too or not await self._is_retry_round(session):  # looked back only if it matters
            return asked
        return unasked_too

    async def _missed_both_ways(self, session: QuizSession) -> tuple[list[str], list[str]]:
        """What a retry of ``session`` asks if it is a first try (only the questions it asked), and if it is a
        retry round (those it never reached too); the same unless it was stopped part-way after some answer."""
        quiz = self._core.quiz_of(session)
        if quiz is None:
            return [], []
        answers = await self._answers_to(session)
        asked = questions_to_retry(quiz, session, answers)
        return asked, questions_to_retry(quiz, session, answers, retry_round=True) if answers else asked

    async def missed_so_far(self, session: QuizSession) -> bool:
        """Whether a quiz under way missed a question it asked (wrong, skipped or timed out): what its summary will
        offer to retry, the open question and those not reached left out."""
        quiz = self._core.quiz_of(session)
        answers = await self._answers_to(session)
        asked = {answer.question_id for answer in answers}
        return quiz is not None and any(question in asked for question in questions_to_retry(quiz, session, answers))

    async def _is_retry_round(self, stopped: QuizSession) -> bool:
        """Whether a stopped session is a retry round (see _retried), read once per turn."""
        if stopped.id in self._rounds:
            return self._rounds[stopped.id]
        if stopped.id in self._walking:  # asked again while working it out (sessions ending at one moment)
            self._cut_short += 1
            return False
        outermost, cuts = not self._walking, self._cut_short
        self._walking.add(stopped.id)
        try:
            found = await self._retried(stopped, frozenset(self._walking)) is not None
        finally:
            self._walking.discard(stopped.id)
        # A verdict reached with a session set aside (a circle cut short) may differ from the whole one: kept
        # only if none was; so each round of a long chain of stopped retry rounds is worked out once a turn.
        if outermost or cuts == self._cut_short:
            self._rounds[stopped.id] = found
        return found

    async def _answers_to(self, session: QuizSession) -> list[AnswerRecord]:
        if session.id not in self._answers:
            self._answers[session.id] = await self._turn.uow.answers.for_session(session.id)
        return self._answers[session.id]

    async def active(self, quiz_id: str | None = None) -> QuizSession | None:
        """The learner's latest active session, optionally of one quiz (as read at the turn's first ask)."""
        if quiz_id not in self._active:
            self._active[quiz_id] = await self._turn.uow.sessions.active(self._turn.user_id, quiz_id)
        return self._active[quiz_id]

    async def is_retry_of(self, round_: QuizSession, ended: QuizSession) -> bool:
        """Whether ``round_`` is a retry round of ``ended``: started once it ended, asking its missed questions.
        Of a retry round stopped part-way, either only those it asked, as rounds started by older versions ask, or
        with those it never reached too (see missed): a round started before an upgrade is still carried on."""
        if (ended.finished_at is not None and ended.finished_at > round_.started_at) \
                or not set(round_.question_ids) <= set(ended.question_ids):
            return False
        quiz = self._core.quiz_of(ended)
        if quiz is None:  # a reload removed it: a retry of it asks nothing
            return False
        asked, unasked_too = await self._missed_both_ways(ended)
        # Its questions a reload removed since it began are none a retry would ask now: left out of the comparison.
        kept = [question_id for question_id in round_.question_ids if quiz.question(question_id) is not None]
        return kept == asked or (kept == unasked_too and await self._is_retry_round(ended))  # (reads back last)

    async def last_quiz(self) -> QuizSession | None:
        """What "retry" alone means: the learner's latest finished quiz, or one stopped since with questions to
        retry. Not a stopped one left for another round of its quiz: a retry stops the round it replaces, and a
        retry typed again must carry on with its own round, not turn to the one it replaced. And the quiz whose
        retry round is still open, if that one ended later or the other has nothing to retry: a quiz played and
        stopped in between must not hide the round. Failing all these, a retry round stopped last before anything
        in it was answered hides nothing: the session it retried, whose missed questions are still to retry."""
        uow, user_id = self._turn.uow, self._turn.user_id
        finished = await uow.sessions.latest_ended(user_id, SessionState.FINISHED)
        stopped = await uow.sessions.latest_ended(user_id, SessionState.STOPPED)
        stopped_last = stopped if stopped is not None and (finished is None or _ended(finished) < _ended(stopped)) \
            and self._core.quiz_of(stopped) is not None else None  # else a reload removed it
        if stopped_last is not None and await self._still_to_retry(stopped_last):
            return stopped_last
        retried = await self._retried_by_open_round()
        chosen = finished if retried is None or (finished is not None and _ended(finished) > _ended(retried)
                                                 and await self.missed(finished)) else retried
        if stopped_last is not None and (chosen is None or not await self.missed(chosen)):
            behind = await self.past_an_empty_round(stopped_last)
            if behind.id != stopped_last.id and await self._still_to_retry(behind):
                return behind
        return chosen

    async def _still_to_retry(self, ended: QuizSession) -> bool:
        """Whether ``ended`` has missed questions, and no round of its quiz other than their retry was started
        since (a retry stops the round it replaces: that round was left for another)."""
        missed = await self.missed(ended)
        newer = await self.active(ended.quiz_id)  # it can only have started after it ended
        return bool(missed) and (newer is None or await self.is_retry_of(newer, ended))

    async def retried_by(self, round_: QuizSession) -> QuizSession | None:
        """The ended session the active ``round_`` is a retry round of, if it is one (see _retried)."""
        if self._core.quiz_of(round_) is None:
            return None
        return await self._retried(round_, {round_.id})

    async def _retried_by_open_round(self) -> QuizSession | None:
        """The ended session the learner's latest active session is a retry round of, if it is one: the latest
        session of its quiz to end before it started, finished or stopped, whose missed questions it asks."""
        latest = await self.active()
        return None if latest is None else await self.retried_by(latest)

    async def _retried(self, round_: QuizSession, seen: AbstractSet[str]) -> QuizSession | None:
        """The ended session ``round_`` is a retry round of: the latest of its quiz to end by the time it started,
        finished or stopped, whose missed questions it asks; a retry round stopped before anything in it was
        answered is passed over for the session it retried. ``seen``: the sessions walked back from (sessions
        ended at the very moment another started could otherwise lead round in a circle)."""
        for state in (SessionState.FINISHED, SessionState.STOPPED):  # a retry stops the round it replaces
            ended = await self._turn.uow.sessions.latest_ended(self._turn.user_id, state, round_.quiz_id,
                                                               before=round_)
            if ended is not None and ended.id in seen:
                self._cut_short += 1
            elif ended is not None:
                ended = await self.past_an_empty_round(ended, seen)
                if await self.is_retry_of(round_, ended):
                    return ended
        return None

    async def past_an_empty_round(self, ended: QuizSession, seen: AbstractSet[str] = frozenset()) -> QuizSession:
        """``ended``, or if it is a retry round stopped before anything in it was answered, the session it retried:
        its missed questions are still to retry, and the empty round has none of its own."""
        if ended.state is not SessionState.STOPPED or await self._answers_to(ended):
            return ended
        return await self._retried(ended, {*seen, ended.id}) or ended


def _ended(session: QuizSession) -> datetime:
    return session.finished_at or session.updated_at
