"""An answer that came in before its question's deadline but waited for its learner's turn (a slow earlier action of
theirs held their lock) past it: judged by when it came in, and the sweep leaves the session alone meanwhile, so
it is scored rather than told the time is up. One that came in after the deadline is still late."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import timedelta

from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome
from tests.core.play import start
from tests.core.wiring import QUESTION_LIMIT as LIMIT
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

ALICE = Actor("telegram", "alice", chat_id="chat-a")
TIME_UP = ("Time's up! Question {number} wasn't answered in time: it scores no point, and "
           "it comes back for review as a wrong answer does.")
PROGRESS = "in progress: {answered} of 3 answered, {right} right"


@asynccontextmanager
async def her_lock_held(engine: QuizEngine, fake_db: FakeDatabase) -> AsyncIterator[Callable[[], Awaitable[None]]]:
    """Alice's /language, held after its commit (under her lock) until the caller releases it."""
    held, release = asyncio.Event(), asyncio.Event()

    async def hold() -> None:
        fake_db.after_commit = None  # only this commit is held
        held.set()
        await release.wait()

    fake_db.after_commit = hold
    slow = asyncio.create_task(engine.set_language(ALICE, "en"))
    await asyncio.wait_for(held.wait(), 5)

    async def released() -> None:
        release.set()
        await asyncio.wait_for(slow, 5)

    try:
        yield released
    finally:
        release.set()
        await asyncio.wait_for(slow, 5)


async def test_a_vote_in_time_waiting_for_her_turn_past_the_deadline_counts(
        timed: QuizEngine, clock: FixedClock, fake_db: FakeDatabase) -> None:
    first = await start(timed, ALICE)
    await timed.link_message("telegram", "poll-1", first, "chat-a")
    async with her_lock_held(timed, fake_db) as released:
        clock.advance(LIMIT - timedelta(seconds=1))
        vote = asyncio.create_task(timed.answer_message(ALICE, "poll-1", first.correct_index))
        await asyncio.sleep(0.01)
        assert not vote.done()  # waiting for her turn
        clock.advance(timedelta(seconds=2))  # the deadline passes meanwhile
        await released()
    outcome = await asyncio.wait_for(vote, 5)
    assert isinstance(outcome, AnswerOutcome) and outcome.feedback is not None and outcome.notice is None
    assert [line.text for line in (await timed.progress(ALICE)).lines] == [PROGRESS.format(answered=1, right=1)]


async def test_the_sweep_leaves_a_learner_whose_answer_in_time_waits_for_her_turn(
        timed: QuizEngine, clock: FixedClock, fake_db: FakeDatabase) -> None:
    first = await start(timed, ALICE)
    async with her_lock_held(timed, fake_db) as released:
        clock.advance(LIMIT - timedelta(seconds=1))
        press = asyncio.create_task(timed.answer(ALICE, first.session_id, first.question_id, first.correct_index))
        await asyncio.sleep(0.01)
        clock.advance(timedelta(seconds=2))
        # Not timed out, nor waiting for her turn: left for a later pass.
        assert await asyncio.wait_for(timed.expire_overdue("telegram"), 1) == []
        await released()
    outcome = await asyncio.wait_for(press, 5)
    assert isinstance(outcome, AnswerOutcome) and outcome.feedback is not None and outcome.notice is None
    assert await timed.expire_overdue("telegram") == []  # the next question's clock started with the answer
    assert [line.text for line in (await timed.progress(ALICE)).lines] == [PROGRESS.format(answered=1, right=1)]


async def test_a_vote_that_came_in_after_the_deadline_is_still_late(
        timed: QuizEngine, clock: FixedClock, fake_db: FakeDatabase) -> None:
    first = await start(timed, ALICE)
    await timed.link_message("telegram", "poll-1", first, "chat-a")
    async with her_lock_held(timed, fake_db) as released:
        clock.advance(LIMIT)
        vote = asyncio.create_task(timed.answer_message(ALICE, "poll-1", first.correct_index))
        await asyncio.sleep(0.01)
        assert await asyncio.wait_for(timed.expire_overdue("telegram"), 1) == []  # the vote times it out itself
        await released()
    outcome = await asyncio.wait_for(vote, 5)
    assert isinstance(outcome, AnswerOutcome) and outcome.feedback is None
    assert outcome.notice == TIME_UP.format(number=1)
    assert await timed.expire_overdue("telegram") == []  # moved on once, by the vote
