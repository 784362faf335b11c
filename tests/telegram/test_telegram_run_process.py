"""`quiztutor run` as deployed: a real process serving Telegram, stopped by SIGTERM, never logging its token."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from adapters.cli.exit_codes import ExitCode
from tests.telegram.processes import BotProcess, bot_env
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, FIXTURES, TOKEN


async def test_quiztutor_run_serves_telegram_and_stops_cleanly_on_sigterm(api: FakeBotApi, tmp_path: Path) -> None:
    # Its output read as it comes (BotProcess): DEBUG lines (a fresh database's migrations) fill a pipe left unread,
    # and the bot then stops, blocked on writing its log.
    bot = await BotProcess.start(bot_env(api.base_url, tmp_path, QUIZ_LOG_LEVEL="DEBUG"))
    try:
        await api.wait_for("getUpdates", within=30)
        await api.command(AMINATA, "/quiz collectives")
        [poll] = await api.wait_for("sendPoll", within=30)
        assert poll.params["question"].startswith("1/3")
    finally:
        code = await bot.stop()
    assert code == 0, bot.log
    assert "telegram adapter started" in bot.log
    assert TOKEN not in bot.log and TOKEN.split(":")[1] not in bot.log  # not even with DEBUG logging of every request


async def test_quiztutor_run_without_a_token_says_what_to_set(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "adapters.cli.main", "run", env={**env, "QUIZ_DATA_DIR": str(tmp_path)},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    output, _ = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 2
    assert b"QUIZ_TELEGRAM_TOKEN" in output and b"QUIZ_DISCORD_TOKEN" in output and b"quiztutor play" in output


async def test_a_rejected_token_is_reported_in_one_line_without_the_token_and_exits_5(api: FakeBotApi,
                                                                                     tmp_path: Path) -> None:
    api.fail_next("getMe", 401, "Unauthorized")
    env = {**os.environ, "QUIZ_TELEGRAM_TOKEN": TOKEN, "QUIZ_TELEGRAM_API_URL": api.base_url,
           "QUIZ_DATA_DIR": str(tmp_path), "QUIZ_CONTENT_DIR": str(FIXTURES)}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "adapters.cli.main", "run", env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    output, _ = await asyncio.wait_for(process.communicate(), 60)
    log = output.decode()
    assert process.returncode == 5, log
    assert "quiztutor run failed: Telegram rejected the token in QUIZ_TELEGRAM_TOKEN" in log
    assert "Traceback" not in log  # the traceback only at QUIZ_LOG_LEVEL=DEBUG
    assert TOKEN not in log and TOKEN.split(":")[1] not in log


async def test_telegram_unreachable_at_start_up_is_one_clear_line_without_the_token_and_exits_7(
        tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    closed = f"http://127.0.0.1:{reserve_port()}/bot"  # nothing listens there
    bot = await BotProcess.start(bot_env(closed, tmp_path))
    code = await bot.exited(within=60)
    last = bot.log.strip().splitlines()[-1]
    assert code == ExitCode.UNREACHABLE, bot.log
    assert last.endswith(f"quiztutor run failed: Telegram's Bot API at {closed.removesuffix('/bot')} could not be "
                         "reached at start-up (httpx.ConnectError: All connection attempts failed): check the network "
                         "and QUIZ_TELEGRAM_API_URL (no proxy is used for Telegram)"), bot.log
    assert "Traceback" not in bot.log and "NetworkError" not in bot.log  # the traceback only at DEBUG
    assert TOKEN not in bot.log and TOKEN.split(":")[1] not in bot.log


async def test_a_closed_terminal_stops_quiztutor_run_cleanly(api: FakeBotApi, tmp_path: Path) -> None:
    """SIGHUP (the terminal it was started from closed, an SSH connection dropped) is the clean stop SIGTERM is:
    before, Python's default for it ended the process at once, the updates under way cut short."""
    bot = await BotProcess.start(bot_env(api.base_url, tmp_path))
    try:
        await api.wait_for("getUpdates", within=30)
        await api.command(AMINATA, "/quiz collectives")
        await api.wait_for("sendPoll", within=30)
        bot.process.send_signal(signal.SIGHUP)
        code = await bot.exited(within=30)
    finally:
        await bot.stop()
    assert code == 0, bot.log
    assert "shutting down" in bot.log, bot.log


async def test_a_run_started_to_outlive_its_terminal_keeps_serving_through_sighup(api: FakeBotApi,
                                                                                  tmp_path: Path) -> None:
    """Started with SIGHUP ignored (`nohup quiztutor run &`), it goes on when its terminal closes."""
    as_nohup = ("import runpy, signal, sys; signal.signal(signal.SIGHUP, signal.SIG_IGN); "
                "sys.argv = ['quiztutor', 'run']; runpy.run_module('adapters.cli.main', run_name='__main__')")
    bot = await BotProcess.start(bot_env(api.base_url, tmp_path), "-c", as_nohup)
    try:
        await api.wait_for("getUpdates", within=30)
        bot.process.send_signal(signal.SIGHUP)
        await api.command(AMINATA, "/quiz collectives")
        await api.wait_for("sendPoll", within=30)
        await api.settle()
        assert bot.process.returncode is None and "shutting down" not in bot.log, bot.log  # still serving
    finally:
        code = await bot.stop()
    assert code == 0, bot.log
