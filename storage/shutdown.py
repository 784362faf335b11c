"""Closing the storage at shutdown: how long to wait for an action under way, and waiting out asyncio's
cancellation of every task."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from bot.ports import WriterClosed

# How long shutdown waits for an action under way (holding SQLite's writer or a PostgreSQL connection) to end. An
# action takes milliseconds of the database's time; one still there after seconds waits on something that may never
# come (a stalled network call inside its turn), and shutdown must go on, within the 30 s compose.yaml gives a
# container to stop before it is killed. Past it, the action is rolled back and its caller hears WriterClosed.
SHUTDOWN_WAIT = 3.0
# Seconds an action cancelled past SHUTDOWN_WAIT gets to give the turn back: rolling back its savepoint is in-line.
CANCELLED_WAIT = 1.0


def abandoned(*, in_commit: bool = False) -> WriterClosed:
    """What an action hears, once it wakes, that was still under way past SHUTDOWN_WAIT; ``in_commit``: cut while
    its COMMIT was on its way to PostgreSQL, which may have kept it or not."""
    if in_commit:
        return WriterClosed("the database was closed during this action's COMMIT, past the shutdown wait: it may or "
                            "may not have been kept")
    return WriterClosed("the database was closed while this action was under way, past the shutdown wait: it was "
                        "rolled back")


async def outlasting_cancellation(work: asyncio.Future[None]) -> bool:
    """Wait for the writer's thread to finish ``work`` even if this task is cancelled meanwhile (asyncio cancels
    every task at shutdown): let go sooner and the turn passes on, and the batch hears "cancelled", while its COMMIT
    is still under way. Whether a cancellation came, for the caller to raise once it is done."""
    cancelled = False
    while True:
        try:
            await asyncio.shield(work)
            return cancelled
        except asyncio.CancelledError:
            if work.cancelled():  # the work itself, not this wait
                raise
            cancelled = True


async def take_turn_within(turn: asyncio.Lock, wait: float, holder: Callable[[], asyncio.Task[Any] | None]) -> bool:
    """Take ``turn``. An action holding it past ``wait`` seconds (``holder``: its task, None while the turn is a
    BEGIN's or COMMIT's, which end by themselves) is cancelled, and gets CANCELLED_WAIT to give it back; False if
    it still holds it then, deaf to its cancellation."""
    cancelled: asyncio.Task[Any] | None = None
    while True:
        try:
            await asyncio.wait_for(turn.acquire(), CANCELLED_WAIT if cancelled else wait)
            return True
        except TimeoutError:
            task = holder()
            if task is None:
                continue
            if task is cancelled:
                return False
            task.cancel()
            cancelled = task
