"""Telegram delivering an update again while the replica still handles its first delivery (it gave up waiting: the
webhook answers only once the update is handled, and a reply may wait out a 429): the second delivery is answered
as the first is, and the update is handled once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import aiohttp

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, SIGNED, for_chat, in_webhook_mode, running_bot
from tests.telegram.test_telegram_cut_at_stop import until_refused


def help_command(update_id: int) -> dict[str, Any]:
    return {"update_id": update_id, "message": {
        "message_id": update_id, "date": int(time.time()), "chat": {"id": AMINATA.id, "type": "private"},
        "from": AMINATA.json(), "text": "/help", "entities": [{"type": "bot_command", "offset": 0, "length": 5}]}}


async def test_an_update_delivered_again_while_its_first_delivery_is_handled_is_handled_once(
        api: FakeBotApi, settings: Settings, reserve_port: Callable[[], int]) -> None:
    webhook, url = in_webhook_mode(reserve_port(), settings)
    async with running_bot(webhook), aiohttp.ClientSession(headers=SIGNED) as client:
        async def post(update: dict[str, Any]) -> int:
            async with client.post(url, json=update) as response:
                return response.status

        api.fail_next("sendMessage", 429, "Too Many Requests: retry after 1", retry_after=1)
        first = asyncio.create_task(post(help_command(7)))
        await until_refused(api, "sendMessage")  # the reply waits out the 429: Telegram is not answered yet
        again = asyncio.create_task(post(help_command(7)))
        assert await asyncio.gather(first, again) == [200, 200]
        await api.settle()
    assert len(api.calls("sendMessage", for_chat(AMINATA.id))) == 1
