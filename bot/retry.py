"""Trying an action again when its transaction lost a race (SQLite busy, a PostgreSQL deadlock)."""

from __future__ import annotations

import asyncio
import functools
import random
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from bot.ports import StorageBusy

P = ParamSpec("P")
T = TypeVar("T")

ATTEMPTS = 5
FIRST_DELAY = 0.05  # seconds, doubled each time: 0.05 + 0.1 + 0.2 + 0.4 = 0.75 s, 1.1 s at most with the jitter


class RetryPolicy:
    """Runs an action up to ATTEMPTS times while it raises StorageBusy, with jittered exponential backoff."""

    def __init__(self, rng: random.Random, *, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 on_busy: Callable[[], None] = lambda: None) -> None:
        self._rng = rng
        self._on_busy = on_busy  # counts lost races: many of them say the database is the bottleneck
        self._sleep = sleep

    async def run(self, action: Callable[[], Awaitable[T]]) -> T:
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return await action()
            except StorageBusy as busy:
                if busy.lost_race:
                    self._on_busy()
                if attempt == ATTEMPTS:
                    raise  # the adapter apologises; nothing half-done was kept
                # Jitter, so two processes that collided don't collide again on the same beat.
                await self._sleep(FIRST_DELAY * 2 ** (attempt - 1) * (0.5 + self._rng.random()))
        raise AssertionError("unreachable: the last attempt returns or raises")


class HasRetryPolicy(Protocol):
    retry_policy: RetryPolicy


S = TypeVar("S", bound=HasRetryPolicy)
Method = Callable[Concatenate[S, P], Coroutine[Any, Any, T]]


def retried(method: Method[S, P, T]) -> Method[S, P, T]:
    """A method whose whole transaction is tried again (lock, unit of work and all) after a lost race."""
    @functools.wraps(method)
    async def wrapper(self: S, *args: P.args, **kwargs: P.kwargs) -> T:
        return await self.retry_policy.run(lambda: method(self, *args, **kwargs))
    return wrapper
