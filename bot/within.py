"""Waiting a while for a read that may hang, without waiting for it to stop."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

R = TypeVar("R")


async def read_within(read: Coroutine[Any, Any, R], seconds: float | None) -> R:
    """The read's result, or TimeoutError after ``seconds`` without waiting for the read to stop: unlike
    asyncio.wait_for, which awaits the cancelled read, and a read stuck on a connection that stopped answering
    ends only when its ROLLBACK does."""
    task = asyncio.ensure_future(read)
    try:
        done, _pending = await asyncio.wait({task}, timeout=seconds)
    except asyncio.CancelledError:
        task.cancel()
        raise
    if not done:
        task.cancel()
        task.add_done_callback(lambda ended: ended.cancelled() or ended.exception())  # nobody's to report
        raise TimeoutError
    return task.result()
