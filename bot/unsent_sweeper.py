"""The one look, soon after start-up, for questions a crash left unsent, asked again."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bot.engine import QuizEngine
from bot.replies import Expired
from bot.sweeper import Outage, Sweeper

UNSENT_WAIT = 5.0  # seconds after start-up before questions a crash left unsent are asked again
class UnsentSweeper(Sweeper):
    """Once, ``wait`` seconds after start-up: the questions a crash left unsent (a process killed between moving a
    learner on and sending the poll) asked again. Not at once: another replica may be sending one of them now."""

    name = "unsent-sweeper"
    looks_for = "questions a crash left unsent"

    def __init__(self, engine: QuizEngine, platform: str, deliver: Callable[[Expired], Awaitable[None]],
                 wait: float = UNSENT_WAIT, outage: Outage | None = None) -> None:
        super().__init__(platform, wait, engine.metrics, outage=outage)
        self._engine = engine
        self._deliver = deliver
        self._started = engine.now()  # sessions moved on before: by a process gone since, or another replica
        self._due: float | None = None
        self._done = False

    async def sweep(self) -> int:
        """Nothing on the first pass (at start-up), the one look on the next; a failed look is tried again."""
        if self._done:
            return 0
        if self._due is None:
            self._due = asyncio.get_running_loop().time() + self._interval
        if asyncio.get_running_loop().time() < self._due:
            return 0
        await self._engine.ask_unsent(self._platform, self._started, self._deliver)
        self._done = True
        return 0

