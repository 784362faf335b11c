"""/readyz while the Telegram adapter starts: it says so, not "not started", which read as a start that failed."""

from __future__ import annotations

import asyncio
from typing import Any

from adapters.serving import serving
from adapters.settings import Settings
from tests.support.http_probe import get
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.test_telegram_health import with_endpoint


async def test_readyz_says_telegram_is_starting_while_the_bot_api_is_reached(api: FakeBotApi,
                                                                             settings: Settings) -> None:
    """A Bot API slow to answer (or retried, unreachable) keeps the start-up in its calls for a minute: the load
    balancer's reason meanwhile said "telegram: not started", as after a start that failed."""
    reached, go_on = asyncio.Event(), asyncio.Event()

    async def slow(_result: Any) -> None:
        reached.set()
        await go_on.wait()

    api.before_reply["setMyCommands"] = slow  # the command menu, published once getMe answered
    stop = asyncio.Event()
    async with with_endpoint(settings) as served:
        async def serve_until_stopped() -> None:
            async with serving(served.engine, [served.adapter], game_interval=3600.0):
                await stop.wait()

        served_task = asyncio.create_task(serve_until_stopped())
        try:
            await asyncio.wait_for(reached.wait(), 30)
            starting = await get(served.base + "/readyz")
        finally:
            go_on.set()
            stop.set()
            await asyncio.wait_for(served_task, 30)
        stopped = await get(served.base + "/readyz")
    assert (starting.status, starting.text) == (503, "not ready: telegram: starting: reaching Telegram's Bot API\n")
    assert "telegram: not started" in stopped.text
