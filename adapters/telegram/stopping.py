"""Stopping PTB within a bound: its stop() waits for every update handler under way, and one can wait far
longer than a container is given to stop (10 s before it is killed): a handler waiting out Telegram's 429 for a
minute, or on a database that stopped answering. Past the wait, the handlers still running are cancelled; each
unit of work rolls back what it began, and in webhook mode Telegram, never answered, delivers the update again."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from telegram.ext import Application

from adapters.telegram.update_processor import UpdateProcessor

log = logging.getLogger(__name__)

# Seconds the stop waits for the handlers under way before cancelling them, and then for the cancelled ones to
# roll back: with the storage's own wait after (storage/shutdown.py), well within the 10 s a container gets.
HANDLERS_STOP_WAIT = 3.0


async def stop_within(app: Application[Any, Any, Any, Any, Any, Any], stop: Callable[[], Awaitable[None]],
                      wait: float = HANDLERS_STOP_WAIT) -> None:
    """Run ``stop`` (which stops taking updates and waits for those under way); cancel the handlers still
    running after ``wait`` seconds, and give them ``wait`` more to end."""
    stopping = asyncio.ensure_future(stop())
    if (await asyncio.wait({stopping}, timeout=wait))[0]:
        return stopping.result()
    processor = app.update_processor
    cancelled = processor.cancel_under_way() if isinstance(processor, UpdateProcessor) else 0
    log.warning("stopping: %d update handler(s) still running after %.0f s were cancelled (not kept; in webhook "
                "mode Telegram delivers them again)", cancelled, wait)
    if (await asyncio.wait({stopping}, timeout=wait))[0]:
        return stopping.result()
    log.warning("stopping: update handlers still running after they were cancelled; going on without them")
