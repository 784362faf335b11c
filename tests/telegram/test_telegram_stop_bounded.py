"""Stopping the bot doesn't wait for ever on an update handler that is stuck: PTB's stop() waits for every handler
under way, and one waiting out Telegram's 429 (a minute, say) or a database that stopped answering would hold
`quiztutor run` past the 10 s a container gets to stop, to be killed instead."""

from __future__ import annotations

import asyncio
import time

from adapters.settings import Settings
from adapters.telegram.stopping import HANDLERS_STOP_WAIT
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import running_bot

ADA = FakeUser(401, "Ada", "en")


async def test_a_handler_waiting_out_a_long_429_is_cancelled_once_the_stop_has_waited_for_it(
        api: FakeBotApi, settings: Settings) -> None:
    api.fail_next("sendPoll", 429, "Too Many Requests: retry after 120", retry_after=120)
    async with running_bot(settings):
        await api.command(ADA, "/quiz collectives")
        await refused(api, "sendPoll")  # the handler now waits 120 s to send it again
        stopping = time.monotonic()
    took = time.monotonic() - stopping
    assert HANDLERS_STOP_WAIT <= took < HANDLERS_STOP_WAIT + 5, took
    assert api.calls("sendPoll") == []  # cancelled, not sent after all


async def refused(api: FakeBotApi, method: str) -> None:
    for _ in range(200):
        if any(call.method == method and not call.ok for call in api.requests):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"no {method} was refused")
