"""In webhook mode, an update whose handler a stop cut short is never answered 2xx, so Telegram delivers it again:
the next process answers it, once, and keeps no file of its own for it (polling's cut_short.py)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp

from tests.telegram.processes import BotProcess, bot_env
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import SIGNED, WEBHOOK_SECRET, for_chat
from tests.telegram.test_telegram_cut_at_stop import STUCK, until_refused

ADA = FakeUser(402, "Ada", "en")


def help_command(update_id: int) -> dict[str, Any]:
    return {"update_id": update_id, "message": {
        "message_id": update_id, "date": int(time.time()), "chat": {"id": ADA.id, "type": "private"},
        "from": ADA.json(), "text": "/help", "entities": [{"type": "bot_command", "offset": 0, "length": 5}]}}


def cut_short_files(data_dir: Path) -> list[Path]:
    return list(data_dir.glob("telegram-updates-cut-short-*"))


async def test_a_webhook_update_a_stop_cut_short_is_refused_and_answered_once_when_delivered_again(
        api: FakeBotApi, tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    port = reserve_port()
    url = f"http://127.0.0.1:{port}/hook"
    env = bot_env(api.base_url, tmp_path, QUIZ_TELEGRAM_WEBHOOK_URL=url, QUIZ_TELEGRAM_WEBHOOK_LISTEN="127.0.0.1",
                  QUIZ_TELEGRAM_WEBHOOK_PORT=str(port), QUIZ_TELEGRAM_WEBHOOK_SECRET=WEBHOOK_SECRET)
    api.knows(ADA)
    async with aiohttp.ClientSession() as client:
        bot = await BotProcess.start(env)
        try:
            await bot.wait_for_line("telegram adapter started")
            api.fail_next("sendMessage", 429, STUCK, retry_after=600)
            posting = asyncio.create_task(client.post(url, json=help_command(7), headers=SIGNED))
            await until_refused(api, "sendMessage")
        finally:
            assert await bot.stop() == 0, bot.log
        status: int | None = None
        with contextlib.suppress(aiohttp.ClientError):
            status = (await asyncio.wait_for(posting, 10)).status
        assert status is None or not 200 <= status < 300, status  # Telegram delivers it again
        assert cut_short_files(tmp_path) == []
        again = await BotProcess.start(env)
        try:
            await again.wait_for_line("telegram adapter started")
            async with client.post(url, json=help_command(7), headers=SIGNED) as answered:
                assert answered.status == 200
            [reply] = await api.wait_for("sendMessage", 1, for_chat(ADA.id), within=30)
            await api.settle()
        finally:
            assert await again.stop() == 0, again.log
    assert "/quiz" in reply.params["text"]
    assert len(api.calls("sendMessage", for_chat(ADA.id))) == 1
