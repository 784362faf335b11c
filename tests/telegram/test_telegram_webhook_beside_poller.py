"""A webhook `quiztutor run` started while another process polls for the same bot on the same database: its
setWebhook made Telegram answer the poller's getUpdates with 409 Conflict ("can't use getUpdates method while
webhook is active"), and the poller stopped (exit 6), the webhook process taking the bot's updates from it. It now
refuses as a second poller does (exit 6, before it talks to Telegram), the poller going on undisturbed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from tests.telegram.processes import BotProcess, bot_env
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.test_telegram_single_poller import one_clear_line, serves

SECRET = "webhook-secret-0123456789"


@pytest.fixture(params=["sqlite", "postgresql"])
def settings(request: pytest.FixtureRequest) -> dict[str, str]:
    """The database both processes share: the SQLite file in their QUIZ_DATA_DIR, or PostgreSQL."""
    return {} if request.param == "sqlite" else {"QUIZ_DATABASE_URL": request.getfixturevalue("postgres_url")}


async def test_a_webhook_start_beside_a_poller_refuses_leaving_it_polling(
        api: FakeBotApi, tmp_path: Path, settings: dict[str, str], reserve_port: Callable[[], int]) -> None:
    poller = await BotProcess.start(bot_env(api.base_url, tmp_path, **settings))
    bots = [poller]
    try:
        await poller.wait_for_line("telegram adapter started")
        port = reserve_port()
        bots.append(await BotProcess.start(bot_env(
            api.base_url, tmp_path, **settings, QUIZ_TELEGRAM_WEBHOOK_URL=f"http://127.0.0.1:{port}/telegram",
            QUIZ_TELEGRAM_WEBHOOK_LISTEN="127.0.0.1", QUIZ_TELEGRAM_WEBHOOK_PORT=str(port),
            QUIZ_TELEGRAM_WEBHOOK_SECRET=SECRET)))
        done, _running = await asyncio.wait([asyncio.create_task(bot.exited()) for bot in bots],
                                            return_when=asyncio.FIRST_COMPLETED, timeout=30)
        assert done, "neither stopped"
        assert poller.process.returncode is None, poller.log
        webhook = bots[1]
        assert webhook.process.returncode == ExitCode.CONFLICT, webhook.log
        one_clear_line(webhook.log, "another process on this database is polling Telegram for this bot, and a "
                       "webhook would take its updates away: stop it first, then start the webhook replicas")
        assert not api.calls("setWebhook") and not api.webhook_url
        await serves(api)  # the poller goes on
    finally:
        codes = [await bot.stop() for bot in bots]
    assert codes == [0, ExitCode.CONFLICT]
