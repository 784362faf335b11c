"""Waiting for a condition rather than a fixed time: on a machine busy with other tests (scripts/test's workers,
two per CPU) what takes a few milliseconds may be held up a while."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


async def until(condition: Callable[[], bool], within: float = 10.0) -> None:
    """Wait until ``condition()`` holds, looking every 10 ms; TimeoutError after ``within`` seconds."""
    async def poll() -> None:
        while True:
            if condition():
                return
            await asyncio.sleep(0.01)
    await asyncio.wait_for(poll(), within)
