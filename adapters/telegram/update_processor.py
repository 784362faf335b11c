"""PTB's update processor: each sender's updates in the order Telegram sent them, counted and timed."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import SimpleUpdateProcessor

from adapters.telegram.actors import PLATFORM
from bot.locks import KeyedLocks
from bot.metrics import Metrics

WAITING_PER_RUNNING = 8  # updates that may wait for their sender's turn, for each one running


def update_kind(update: object) -> str:
    """A few stable label values: "command", "message", "button", "poll_answer" or "other"."""
    if not isinstance(update, Update):
        return "other"
    if update.poll_answer is not None:
        return "poll_answer"
    if update.callback_query is not None:
        return "button"
    if update.message is not None:
        return "command" if (update.message.text or "").startswith("/") else "message"
    return "other"


def sender_of(update: object) -> int | None:
    """Who sent ``update`` (a voter, a presser, a writer), or None when nobody did (a channel post)."""
    if not isinstance(update, Update) or update.effective_user is None:
        return None
    return update.effective_user.id


class UpdateProcessor(SimpleUpdateProcessor):
    """Updates run concurrently, except that one person's run one after another in the order they came.

    Handlers await the network before they reach the engine, some more than others (``/game stop`` asks
    Telegram whether its sender is a group admin, ``/game quiz`` doesn't), so a quick ``/game stop`` then
    ``/game quiz`` could otherwise be done in the other order. Across webhook replicas there is no such order:
    each replica orders only what it receives.
    """

    def __init__(self, max_concurrent_updates: int, metrics: Metrics) -> None:
        # PTB's own limit counts updates waiting for their sender's turn too, so it is wider than the number
        # that may run at once: someone's backlog must not take the places everyone else needs.
        super().__init__(max_concurrent_updates * WAITING_PER_RUNNING)
        self._running = asyncio.Semaphore(max_concurrent_updates)
        self._senders: KeyedLocks[int] = KeyedLocks()
        self._metrics = metrics

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        sender = sender_of(update)
        turn = self._senders.of(sender) if sender is not None else contextlib.nullcontext()
        kind = update_kind(update)
        self._metrics.update_received(PLATFORM, kind)
        async with turn, self._running:
            started = time.perf_counter()
            try:
                await coroutine
            finally:
                self._metrics.observe_handler(PLATFORM, kind, time.perf_counter() - started)
