"""A background task that moves on questions whose time ran out, for one platform, and hands them to its adapter.

Deadlines live in the database, so nothing needs re-arming after a restart: the next sweep finds them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta

from bot.engine import QuizEngine
from bot.replies import Expired

log = logging.getLogger(__name__)

MAX_INTERVAL = 10.0  # seconds: a timed-out question waits at most this long for its sweep
STOP_TIMEOUT = 10.0  # seconds a delivery under way may take to finish when the adapter stops


def sweep_interval(limit: timedelta) -> float:
    """Often enough that a question's time is never overrun by more than a third of the limit, or 10 s."""
    return min(MAX_INTERVAL, limit.total_seconds() / 3)


class ExpirySweeper:
    def __init__(self, engine: QuizEngine, platform: str, deliver: Callable[[Expired], Awaitable[None]],
                 interval: float) -> None:
        if interval <= 0:
            raise ValueError("the sweep interval must be positive")
        self._engine = engine
        self._platform = platform
        self._deliver = deliver
        self._interval = interval
        self._stopping = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._stopping.clear()
        self._task = asyncio.create_task(self._run(), name=f"{self._platform}-expiry-sweeper")

    async def stop(self) -> None:
        """Finish the sweep under way (so no learner is left without their next question), then end."""
        task, self._task = self._task, None
        if task is None:
            return
        self._stopping.set()
        try:
            await asyncio.wait_for(asyncio.shield(task), STOP_TIMEOUT)
        except TimeoutError:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def sweep(self) -> int:
        """One pass: expire what is overdue, each learner told under their lock; returns how many expired."""
        try:
            expired = await self._engine.expire_overdue(self._platform, self._deliver)
        except Exception:  # the database may be down for a moment: try again next time
            log.exception("could not look for %s questions whose time ran out", self._platform)
            return 0
        return len(expired)

    async def _run(self) -> None:
        while not self._stopping.is_set():
            if await self.sweep():
                continue  # there was work: more may be waiting beyond the batch
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self._interval)


def start_sweeper(engine: QuizEngine, platform: str, deliver: Callable[[Expired], Awaitable[None]],
                  interval: float | None = None) -> ExpirySweeper | None:
    """A running sweeper when questions have a time limit (interval: by default from the limit); else None."""
    limit = engine.question_limit
    if limit is None:
        return None
    sweeper = ExpirySweeper(engine, platform, deliver, interval or sweep_interval(limit))
    sweeper.start()
    return sweeper
