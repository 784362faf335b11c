"""Telegram out of reach at start-up through a proxy: the line names the proxy it went through, by its address and
variable (never user:password), where it said "any proxy (HTTPS_PROXY)" whatever the proxy, or none, was."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from adapters.cli.exit_codes import ExitCode
from tests.telegram.processes import BotProcess, bot_env
from tests.telegram.telegram_harness import TOKEN
from tests.telegram.test_telegram_not_the_bot_api import HTML, answering

CAPTIVE = "<html><body>Sign in to the hotel Wi-Fi</body></html>"
CONNECT_FAILED = "(httpx.ConnectError: All connection attempts failed)"


async def failed_start(env: dict[str, str]) -> str:
    """The last line of a `quiztutor run` that could not reach Telegram (exit 7), with neither the token nor the
    proxy's password anywhere in its output."""
    bot = await BotProcess.start(env)
    code = await bot.exited(within=60)
    assert code == ExitCode.UNREACHABLE, bot.log
    assert "s3cret" not in bot.log and "quiz:" not in bot.log, bot.log
    assert TOKEN.split(":")[1] not in bot.log and "Traceback" not in bot.log, bot.log
    return bot.log.strip().splitlines()[-1]


async def test_out_of_reach_through_a_proxy_names_it_and_its_variable(
        tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    api, proxy = f"http://127.0.0.1:{reserve_port()}", f"127.0.0.1:{reserve_port()}"  # nothing listens at either
    last = await failed_start(bot_env(f"{api}/bot", tmp_path, HTTP_PROXY=f"http://quiz:s3cret@{proxy}"))
    assert last.endswith(f"quiztutor run failed: Telegram's Bot API at {api} could not be reached at start-up "
                         f"{CONNECT_FAILED}: check the network, the proxy Telegram is reached through: "
                         f"http://{proxy} (HTTP_PROXY), and QUIZ_TELEGRAM_API_URL"), last


async def test_telegrams_own_bot_api_through_a_proxy_names_it_and_its_variable(
        tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    """api.telegram.org is never reached: the proxy before it refuses the connection."""
    proxy = f"127.0.0.1:{reserve_port()}"
    env = bot_env("", tmp_path, https_proxy=f"quiz:s3cret@{proxy}", ALL_PROXY="http://127.0.0.1:1")
    del env["QUIZ_TELEGRAM_API_URL"]
    last = await failed_start(env)
    assert last.endswith(f"quiztutor run failed: Telegram's Bot API at https://api.telegram.org could not be reached "
                         f"at start-up {CONNECT_FAILED}: check the network and the proxy Telegram is reached through: "
                         f"http://{proxy} (https_proxy)"), last


async def test_a_proxy_no_proxy_bypasses_is_not_named(tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    api = f"http://127.0.0.1:{reserve_port()}"
    last = await failed_start(bot_env(f"{api}/bot", tmp_path, ALL_PROXY="http://quiz:s3cret@127.0.0.1:1",
                                      NO_PROXY="localhost,127.0.0.1"))
    assert last.endswith(f"Telegram's Bot API at {api} could not be reached at start-up {CONNECT_FAILED}: check the "
                         "network and QUIZ_TELEGRAM_API_URL (no proxy is used for Telegram)"), last


async def test_a_proxy_answering_for_the_bot_api_is_named_with_its_variable(
        tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    """The proxy itself answers with its own page, as one asking for a sign-in does."""
    api = f"http://127.0.0.1:{reserve_port()}"
    async with answering(200, CAPTIVE, HTML) as proxy:
        address = proxy.url.removeprefix("http://")
        last = await failed_start(bot_env(f"{api}/bot", tmp_path, ALL_PROXY=f"http://quiz:s3cret@{address}"))
    assert last.endswith(f"quiztutor run failed: the server at {api} (QUIZ_TELEGRAM_API_URL) answered at start-up as "
                         "no Bot API server does (a success status, and not JSON): check QUIZ_TELEGRAM_API_URL (a Bot "
                         "API server's address, such as http://127.0.0.1:8081/bot) and the proxy Telegram is reached "
                         f"through: {proxy.url} (ALL_PROXY)"), last
