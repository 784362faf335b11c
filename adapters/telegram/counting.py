"""Counting Telegram's side of things for the metrics: every update and how long its handlers took."""

from __future__ import annotations

import time
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import SimpleUpdateProcessor

from adapters.telegram.actors import PLATFORM
from bot.metrics import Metrics


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


class CountingUpdateProcessor(SimpleUpdateProcessor):
    """PTB's update processor for concurrent updates, counting and timing each one around all its handlers."""

    def __init__(self, max_concurrent_updates: int, metrics: Metrics) -> None:
        super().__init__(max_concurrent_updates)
        self._metrics = metrics

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        kind = update_kind(update)
        self._metrics.update_received(PLATFORM, kind)
        started = time.perf_counter()
        try:
            await coroutine
        finally:
            self._metrics.observe_handler(PLATFORM, kind, time.perf_counter() - started)
