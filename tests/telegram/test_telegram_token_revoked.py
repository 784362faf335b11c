"""A token revoked while the bot runs (@BotFather's /revoke, or a new token made and the old one left deployed):
Telegram answers every getUpdates 401 Unauthorized, and PTB's polling loop gives up at the first one, for good.
The process must then stop as it would have at start-up with that token (exit 5, one line saying so), not go on
running with nothing coming in, healthy to its supervisor, its time-outs and reminders refused one by one."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import aiohttp

from adapters.cli.exit_codes import ExitCode
from adapters.telegram.webhook import SECRET_HEADER
from tests.telegram.processes import BotProcess, bot_env
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import TOKEN
from tests.telegram.test_telegram_webhook_replicas import SECRET, command

REVOKED = "123456:another-token-now"  # what the fake now takes instead: the deployed one gets 401


def stopped_as_rejected(bot: BotProcess, code: int) -> None:
    """Exit 5 with the one line a token rejected at start-up gets."""
    assert code == ExitCode.LOGIN, bot.log
    errors = [line for line in bot.log.splitlines() if "quiztutor run failed" in line]
    assert len(errors) == 1 and "Telegram rejected the token in QUIZ_TELEGRAM_TOKEN" in errors[0], bot.log


async def test_a_token_revoked_while_polling_stops_the_process_with_the_login_exit_code(
        api: FakeBotApi, tmp_path: Path) -> None:
    bot = await BotProcess.start(bot_env(api.base_url, tmp_path))
    try:
        await bot.wait_for_line("telegram adapter started")
        await api.wait_for("getUpdates")
        api.token = REVOKED  # the long poll under way ends, and the next one is refused
        code = await bot.exited()
    finally:
        await bot.stop()
    stopped_as_rejected(bot, code)
    assert "Traceback" not in bot.log, bot.log  # PTB's own "Invalid token. Aborting" traceback only at DEBUG
    assert TOKEN not in bot.log and TOKEN.split(":")[1] not in bot.log


async def test_a_token_revoked_in_webhook_mode_stops_the_process_at_the_first_call_refused(
        api: FakeBotApi, tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    """No poll to be refused: the first reply is (Telegram still posts the bot's updates to its webhook). Before,
    each update failed with InvalidToken's traceback, was answered 200 (never to come again), and /readyz said
    ready."""
    port = reserve_port()
    url = f"http://127.0.0.1:{port}/telegram"
    bot = await BotProcess.start(bot_env(api.base_url, tmp_path, QUIZ_TELEGRAM_WEBHOOK_URL=url,
                                         QUIZ_TELEGRAM_WEBHOOK_LISTEN="127.0.0.1",
                                         QUIZ_TELEGRAM_WEBHOOK_PORT=str(port), QUIZ_TELEGRAM_WEBHOOK_SECRET=SECRET))
    try:
        await bot.wait_for_line("telegram adapter started")
        api.token = REVOKED
        async with aiohttp.ClientSession(headers={SECRET_HEADER: SECRET}) as client, \
                client.post(url, json=command(1, "/quiz collectives")):
            pass
        code = await bot.exited()
    finally:
        await bot.stop()
    stopped_as_rejected(bot, code)
    assert TOKEN not in bot.log and TOKEN.split(":")[1] not in bot.log
