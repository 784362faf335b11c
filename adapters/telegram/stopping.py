"""Stopping PTB within a bound: its stop() waits for every update handler under way, and one can wait far
longer than a container is given to stop before it is killed (30 s in compose.yaml): a handler waiting out
Telegram's 429 for a minute, or on a database that stopped answering. Past the wait, the handlers still running
are cancelled; each unit of work rolls back what it began, and in webhook mode Telegram, never answered,
delivers the update again (in polling mode cut_short.py keeps it for the next start)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from telegram.ext import Application

from adapters.handlers_stop import HANDLERS_STOP_WAIT
from adapters.telegram.update_processor import UpdateProcessor

log = logging.getLogger(__name__)


async def stop_within(app: Application[Any, Any, Any, Any, Any, Any], stop: Callable[[], Awaitable[None]],
                      wait: float = HANDLERS_STOP_WAIT) -> bool:
    """Run ``stop`` (which stops taking updates and waits for those under way). Past ``wait`` seconds, cancel the
    handlers running, and past ``wait`` more, every update still under way. False if ``stop`` still hasn't
    ended ``wait`` seconds after that (a handler deaf to its cancellation): the caller goes on without it."""
    stopping = asyncio.ensure_future(stop())
    processor = app.update_processor
    cancels = ((processor.cancel_handling, processor.cancel_under_way) if isinstance(processor, UpdateProcessor)
               else ())
    for cancel in (*cancels, None):
        if (await asyncio.wait({stopping}, timeout=wait))[0]:
            stopping.result()
            return True
        if cancel is not None:
            log.warning("stopping: %d update(s) still under way after %.0f s cancelled (Telegram delivers "
                        "them again to a webhook; a polling `quiztutor run` keeps them)", cancel(), wait)
    log.warning("stopping: updates still under way after they were cancelled; going on without them")
    return False
