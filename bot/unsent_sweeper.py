"""The one look, soon after start-up, for questions a crash left unsent, asked again."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bot.engine import QuizEngine
from bot.replies import Expired
from bot.sweeper import Outage, Sweeper
from bot.usecases.unsent import UNSENT_BATCH, UNSENT_WITHIN, UnsentLook

UNSENT_WAIT = 5.0  # seconds after start-up before questions a crash left unsent are asked again


class UnsentSweeper(Sweeper):
    """Once, ``wait`` seconds after start-up: the questions a crash left unsent (a process killed between moving a
    learner on and sending the poll) asked again, ``batch`` sessions a pass until the window is looked through;
    then it ends. Not at once: another replica may be sending one of them now."""

    name = "unsent-sweeper"
    looks_for = "questions a crash left unsent"

    def __init__(self, engine: QuizEngine, platform: str, deliver: Callable[[Expired], Awaitable[None]],
                 wait: float = UNSENT_WAIT, outage: Outage | None = None, batch: int = UNSENT_BATCH) -> None:
        super().__init__(platform, wait, engine.metrics, outage=outage)
        self._engine = engine
        self._deliver = deliver
        self._batch = batch
        started = engine.now()  # sessions moved on before: by a process gone since, or another replica
        self._look = UnsentLook(started - UNSENT_WITHIN, started)
        self._due: float | None = None

    def over(self) -> bool:
        return self._look.done

    async def sweep(self) -> int:
        """Nothing on the first pass (at start-up), then a page of the look each pass (a failed one is tried
        again); above 0 while pages are left, so the next one follows at once."""
        if self._look.done:
            return 0
        if self._due is None:
            self._due = asyncio.get_running_loop().time() + self._interval
        if asyncio.get_running_loop().time() < self._due:
            return 0
        await self._engine.ask_unsent(self._platform, self._look, self._deliver, self._batch)
        return 0 if self._look.done else 1
