"""A vote the platform vouches was cast in time (a Telegram poll sent with open_period takes none once closed),
coming in after the question's deadline: a restart kept it waiting. It counts on the message that last asked the
question; on an older one (which may have gone out untimed, a group game holding the question) it is late."""

from __future__ import annotations

from datetime import timedelta

from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome
from tests.core.play import start
from tests.core.wiring import QUESTION_LIMIT as LIMIT
from tests.fakes.clock import FixedClock

ALICE = Actor("telegram", "alice", chat_id="chat-a")
TIME_UP = ("Time's up! Question {number} wasn't answered in time: it scores no point, and "
           "it comes back for review as a wrong answer does.")
PROGRESS = "in progress: {answered} of 3 answered, {right} right"


async def test_a_vouched_vote_on_the_poll_last_asking_the_question_counts_after_its_deadline(
        timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)
    await timed.link_message("telegram", "poll-1", first, "chat-a")
    clock.advance(LIMIT + timedelta(minutes=5))
    outcome = await timed.answer_message(ALICE, "poll-1", first.correct_index, closes_at_deadline=True)
    assert isinstance(outcome, AnswerOutcome) and outcome.feedback is not None and outcome.notice is None
    assert [line.text for line in (await timed.progress(ALICE)).lines] == [PROGRESS.format(answered=1, right=1)]
    assert await timed.expire_overdue("telegram") == []  # the next question's clock started with it


async def test_an_unvouched_vote_after_the_deadline_is_late(timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)
    await timed.link_message("telegram", "poll-1", first, "chat-a")
    clock.advance(LIMIT)
    outcome = await timed.answer_message(ALICE, "poll-1", first.correct_index)
    assert isinstance(outcome, AnswerOutcome) and outcome.feedback is None
    assert outcome.notice == TIME_UP.format(number=1)


async def test_a_vouched_vote_on_an_older_poll_of_the_question_is_late(timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)
    await timed.link_message("telegram", "poll-1", first, "chat-a")
    clock.advance(timedelta(seconds=5))
    await timed.link_message("telegram", "poll-2", first, "chat-a")  # asked again
    clock.advance(LIMIT)
    outcome = await timed.answer_message(ALICE, "poll-1", first.correct_index, closes_at_deadline=True)
    assert isinstance(outcome, AnswerOutcome) and outcome.feedback is None
    assert outcome.notice == TIME_UP.format(number=1)
    await timed.answer_message(ALICE, "poll-2", first.correct_index, closes_at_deadline=True)  # scores nothing
    assert [line.text for line in (await timed.progress(ALICE)).lines] == [
        PROGRESS.format(answered=0, right=0) + " · 1 timed out"]
