"""The start-up look for questions a crash left unsent: it pages through every session moved on in the hour before
start-up, a batch a pass, passing over those it leaves as they were, then ends (no more waking up for nothing)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import timedelta

from bot.engine import QuizEngine
from bot.replies import Actor, Expired
from bot.unsent_sweeper import UnsentSweeper
from tests.core.play import answer, start
from tests.fakes.clock import FixedClock

WAIT = 0.02  # seconds after start-up before the look


class Counting(UnsentSweeper):
    """Two sessions a pass; counts its passes, ``looked`` set once its look is done."""

    def __init__(self, engine: QuizEngine, deliver: Callable[[Expired], Awaitable[None]]) -> None:
        super().__init__(engine, "telegram", deliver, WAIT, batch=2)
        self.passes = 0
        self.looked = asyncio.Event()

    async def sweep(self) -> int:
        self.passes += 1
        found = await super().sweep()
        if self.over():
            self.looked.set()
        return found


async def _moved_on_unsent(engine: QuizEngine, clock: FixedClock, name: str, *, left: bool = False) -> None:
    """A learner whose first question's poll she answered, the second's poll lost with the process; ``left``: she
    went on to another quiz since, so its clock stopped and the look leaves it as it is."""
    actor = Actor("telegram", name, chat_id=f"chat-{name}")
    first = await start(engine, actor)
    await engine.link_message("telegram", f"poll-{name}", first, actor.chat_id)
    clock.advance(timedelta(seconds=1))
    await answer(engine, actor, first, right=True)
    clock.advance(timedelta(seconds=1))
    if left:
        await start(engine, actor, "long-options")


async def test_the_look_pages_through_the_whole_window_then_ends(timed: QuizEngine, clock: FixedClock) -> None:
    for number in range(3):  # first in the window: each page of them leaves them where they are
        await _moved_on_unsent(timed, clock, f"left-{number}", left=True)
    for number in range(3):
        await _moved_on_unsent(timed, clock, f"lost-{number}")
    clock.advance(timedelta(minutes=1))  # the restart
    asked: list[str] = []

    async def deliver(expired: Expired) -> None:
        asked.append(expired.actor.user_id)

    sweeper = Counting(timed, deliver)
    sweeper.start()
    try:
        await asyncio.wait_for(sweeper.looked.wait(), 5)
        passes = sweeper.passes
        await asyncio.sleep(WAIT * 10)
        assert sweeper.passes == passes  # ended: not waking every few seconds for nothing
    finally:
        await sweeper.stop()
    assert sorted(asked) == ["lost-0", "lost-1", "lost-2"]  # beyond the first 2 sessions, each once
