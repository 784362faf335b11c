"""The background sweeper: it finds questions whose time ran out, hands each to the adapter, and survives failures."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

import pytest

from bot.engine import QuizEngine
from bot.replies import Actor, Expired
from bot.sweeper import ExpirySweeper, start_sweeper, sweep_interval
from bot.usecases.expiry import BATCH
from tests.core.play import start
from tests.core.wiring import QUESTION_LIMIT as LIMIT
from tests.fakes.clock import FixedClock

FAST = 0.01  # seconds between sweeps in these tests


class Inbox:
    """What the sweeper delivered, with a way to wait for it; fails the first ``failures`` deliveries."""

    def __init__(self, failures: int = 0) -> None:
        self.items: list[Expired] = []
        self.failures = failures
        self._arrived = asyncio.Event()

    async def deliver(self, expired: Expired) -> None:
        self._arrived.set()
        if self.failures:
            self.failures -= 1
            raise RuntimeError("the chat platform is down")
        self.items.append(expired)

    async def wait(self, count: int, failures_left: int = 0, *, within: float = 5) -> list[Expired]:
        """Wait until ``count`` deliveries succeeded and only ``failures_left`` failures are still to come."""
        async with asyncio.timeout(within):
            while len(self.items) < count or self.failures > failures_left:
                self._arrived.clear()
                await self._arrived.wait()
        return self.items


def test_the_sweep_interval_is_a_third_of_the_limit_but_at_most_ten_seconds() -> None:
    assert sweep_interval(timedelta(seconds=15)) == 5
    assert sweep_interval(timedelta(seconds=30)) == 10
    assert sweep_interval(timedelta(hours=1)) == 10


async def test_no_sweeper_runs_without_a_time_limit(engine: QuizEngine) -> None:
    assert start_sweeper(engine, "telegram", Inbox().deliver, FAST) is None


async def test_the_sweeper_delivers_each_question_whose_time_ran_out_once(
        timed: QuizEngine, clock: FixedClock) -> None:
    inbox = Inbox()
    sweeper = start_sweeper(timed, "telegram", inbox.deliver, FAST)
    assert sweeper is not None
    try:
        for user in ("alice", "bola"):
            actor = Actor("telegram", user, chat_id=f"chat-{user}")
            question = await start(timed, actor)
            await timed.link_message("telegram", f"poll-{user}", question, actor.chat_id)
        await asyncio.sleep(FAST * 5)
        assert inbox.items == []  # nobody's time has run out yet
        clock.advance(LIMIT)
        delivered = await inbox.wait(2)
        await asyncio.sleep(FAST * 5)  # later sweeps find nothing more
    finally:
        await sweeper.stop()
    assert sorted(item.actor.user_id for item in delivered) == ["alice", "bola"]
    assert len(inbox.items) == 2


async def test_a_failed_delivery_is_logged_and_the_sweeper_carries_on(
        timed: QuizEngine, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    inbox = Inbox(failures=1)
    sweeper = ExpirySweeper(timed, "telegram", inbox.deliver, FAST)
    sweeper.start()
    try:
        first = await start(timed, Actor("telegram", "alice", chat_id="chat-a"))
        await timed.link_message("telegram", "poll-1", first, "chat-a")
        clock.advance(LIMIT)
        with caplog.at_level(logging.ERROR, logger="bot.sweeper"):
            await inbox.wait(0)  # the first delivery failed
            # (alice's next question, never sent, waits unseen: tests/core/test_engine_time_limit_failures.py)
            other = await start(timed, Actor("telegram", "bola", chat_id="chat-b"))
            await timed.link_message("telegram", "poll-2", other, "chat-b")
            clock.advance(LIMIT)  # bola's question times out, and is delivered
            delivered = await inbox.wait(1)
    finally:
        await sweeper.stop()
    assert "could not tell telegram user alice that question sum-everywhere timed out" in caplog.text
    assert (delivered[0].actor.user_id, delivered[0].question_id) == ("bola", "sum-everywhere")


async def test_stopping_the_sweeper_lets_a_delivery_under_way_finish(timed: QuizEngine, clock: FixedClock) -> None:
    started, release, finished = asyncio.Event(), asyncio.Event(), asyncio.Event()

    async def slow_delivery(expired: Expired) -> None:
        started.set()
        await release.wait()
        finished.set()

    sweeper = ExpirySweeper(timed, "telegram", slow_delivery, FAST)
    sweeper.start()
    first = await start(timed, Actor("telegram", "alice", chat_id="chat-a"))
    await timed.link_message("telegram", "poll-1", first, "chat-a")
    clock.advance(LIMIT)
    await asyncio.wait_for(started.wait(), 5)
    stopping = asyncio.create_task(sweeper.stop())
    await asyncio.sleep(FAST * 3)
    assert not stopping.done()  # waiting for the learner's next question to go out
    release.set()
    await asyncio.wait_for(stopping, 5)
    assert finished.is_set()


async def test_a_full_batch_of_paused_quizzes_does_not_hold_up_an_overdue_question_behind_it(
        timed: QuizEngine, clock: FixedClock) -> None:
    """Pausing settles a session without a time-out to tell: the sweep asks again at once, not after its interval
    (a full batch of them once counted as no work, and the question behind waited a whole interval per batch)."""
    for number in range(BATCH + 1):  # each left its quiz, with its clock running, for another it then stopped
        actor = Actor("telegram", f"learner-{number}", chat_id=f"chat-{number}")
        left = await start(timed, actor)
        await timed.link_message("telegram", f"poll-{number}", left, actor.chat_id)
        clock.advance(timedelta(milliseconds=1))
        await start(timed, actor, "long-options")
        await timed.stop(actor)
    clock.advance(timedelta(seconds=1))
    bola = Actor("telegram", "bola", chat_id="chat-bola")  # the question behind them: its time runs out last
    await timed.link_message("telegram", "poll-bola", await start(timed, bola), bola.chat_id)
    clock.advance(LIMIT)
    inbox = Inbox()
    sweeper = ExpirySweeper(timed, "telegram", inbox.deliver, interval=60)
    sweeper.start()
    try:
        # Not after the 60 s interval. Sweeping the batch takes 1-2 s on a loaded machine, and once took over 5 s
        # under the suite's four workers: half the interval still tells the two apart.
        delivered = await inbox.wait(1, within=30)
    finally:
        await sweeper.stop()
    assert [(item.actor.user_id, item.question_id) for item in delivered] == [("bola", "sum-everywhere")]
