"""Closing the storage at shutdown: how long to wait for an action under way, and waiting out asyncio's
cancellation of every task."""

from __future__ import annotations

import asyncio

from bot.ports import WriterClosed

# How long shutdown waits for an action under way (holding SQLite's writer or a PostgreSQL connection) to end. An
# action takes milliseconds of the database's time; one still there after seconds waits on something that may never
# come (a stalled network call inside its turn), and shutdown must go on, well within the 10 s a container gets to
# stop before it is killed. Past it, the action is rolled back and its caller hears WriterClosed.
SHUTDOWN_WAIT = 3.0


def abandoned() -> WriterClosed:
    """What an action hears, once it wakes, that was still under way past SHUTDOWN_WAIT."""
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
