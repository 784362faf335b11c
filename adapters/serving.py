"""Serving chat platforms: start their adapters, then one time-limit sweeper per platform; stop it all in
reverse. `quiztutor run` does this, and so do the end-to-end tests."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from adapters.platform import ChatAdapter
from bot.engine import QuizEngine
from bot.sweeper import ExpirySweeper, start_sweeper

log = logging.getLogger(__name__)


@asynccontextmanager
async def serving(engine: QuizEngine, adapters: Sequence[ChatAdapter], *,
                  sweep_interval: float | None = None) -> AsyncIterator[None]:
    """``sweep_interval``: seconds between looks for questions whose time ran out (default: from the limit)."""
    started: list[ChatAdapter] = []
    sweepers: list[ExpirySweeper] = []
    try:
        for adapter in adapters:
            await adapter.start()
            started.append(adapter)
            log.info("%s adapter started", adapter.name)
        for adapter in started:
            # Deadlines are kept in the database: a sweep also finds those that passed while the bot was down.
            sweeper = start_sweeper(engine, adapter.name, adapter.deliver_expired, sweep_interval)
            if sweeper is not None:
                sweepers.append(sweeper)
        yield
    finally:
        for sweeper in sweepers:  # first, while the adapters can still send what comes next
            await sweeper.stop()
        await stop_all(started)


async def stop_all(adapters: list[ChatAdapter]) -> None:
    """Stop each adapter, the last started first; one that fails to stop doesn't leave the others running."""
    failure: Exception | None = None
    for adapter in reversed(adapters):
        try:
            await adapter.stop()
        except Exception as error:
            if failure is None:
                failure = error  # raised once all are stopped: `quiztutor` logs it and exits 1
            else:
                log.exception("the %s adapter did not stop cleanly either", adapter.name)
    if failure is not None:
        raise failure
