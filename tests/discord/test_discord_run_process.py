"""`quiztutor run` serving Discord as a real process: what the operator reads, and the exit code, when it can't
start."""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from tests.conftest import FIXTURE_CONTENT
from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_refusals import failing_api, refusing_api
from tests.discord.payloads import TOKEN
from tests.telegram.processes import BotProcess


async def run_discord(data_dir: Path, api_base: str, gateway: str, **extra: str) -> BotProcess:
    """`quiztutor run` with only Discord's token set, discord.py pointed at ``api_base`` and ``gateway``;
    ``extra``: more QUIZ_* values."""
    clean = {key: value for key, value in os.environ.items()
             if not key.startswith("QUIZ_") and not key.lower().endswith("_proxy")}  # no proxy unless given
    env = {**clean, "QUIZ_DISCORD_TOKEN": TOKEN, "QUIZ_DATA_DIR": str(data_dir),
           "QUIZ_CONTENT_DIR": str(FIXTURE_CONTENT), **extra}
    return await BotProcess.start(env, "-m", "tests.discord.run_process", api_base, gateway)


async def test_discord_unreachable_at_start_up_is_one_clear_line_without_the_token_and_exits_7(
        tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    port = reserve_port()  # nothing listens there
    bot = await run_discord(tmp_path, f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/gateway")
    code = await bot.exited(within=60)
    last = bot.log.strip().splitlines()[-1]
    assert code == ExitCode.UNREACHABLE, bot.log
    assert f"quiztutor run failed: Discord's API at http://127.0.0.1:{port} could not be reached at start-up " \
           f"(ClientConnectorError: Cannot connect to host 127.0.0.1:{port} " in last, bot.log
    assert last.endswith("): check the network and any firewall on the way"), bot.log  # no proxy in use
    assert "Traceback" not in bot.log  # the traceback only at DEBUG
    assert TOKEN not in bot.log


async def test_discord_unreachable_through_a_proxy_names_that_proxy_without_its_password(
        tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    """The hint named HTTPS_PROXY whether a proxy was used or not, and never which one."""
    port, proxy_port = reserve_port(), reserve_port()  # no proxy listens there
    bot = await run_discord(tmp_path, f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/gateway",
                            http_proxy=f"http://quiz:s3cret@127.0.0.1:{proxy_port}/")  # Discord's fake is http://
    code = await bot.exited(within=60)
    last = bot.log.strip().splitlines()[-1]
    assert code == ExitCode.UNREACHABLE, bot.log
    assert f"quiztutor run failed: Discord's API at http://127.0.0.1:{port} could not be reached at start-up " \
           f"(ClientProxyConnectionError: Cannot connect to host 127.0.0.1:{proxy_port} " in last, bot.log
    assert last.endswith("): check the network, any firewall on the way, and the proxy Discord is reached "
                         f"through: http://127.0.0.1:{proxy_port} (http_proxy)"), bot.log
    assert "s3cret" not in bot.log and "Traceback" not in bot.log


async def test_discord_gateway_unreachable_at_start_up_is_one_clear_line_and_exits_7(
        fake: FakeDiscord, tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    port = reserve_port()  # the API answers, the gateway doesn't: discord.py's first try, then its retry, fail
    bot = await run_discord(tmp_path, fake.api_base, f"ws://127.0.0.1:{port}/gateway")
    try:
        code = await bot.exited(within=90)
    finally:
        await bot.stop()  # if it never exits (it used to wait on, unready: "gateway stopped: AttributeError")
    last = bot.log.strip().splitlines()[-1]
    assert code == ExitCode.UNREACHABLE, bot.log
    assert [call.path for call in fake.calls] == ["/users/@me", "/oauth2/applications/@me"]  # logged in
    assert f"quiztutor run failed: Discord's gateway at ws://127.0.0.1:{port} could not be reached at start-up " \
           f"(ClientConnectorError: Cannot connect to host 127.0.0.1:{port} " in last, bot.log
    assert last.endswith("): check the network and any firewall on the way"), bot.log  # no proxy in use
    assert "Traceback" not in bot.log and "AttributeError" not in bot.log  # discord.py's retry says it in one line
    assert TOKEN not in bot.log


@pytest.mark.parametrize(("status", "reason"), [
    (503, "Service Unavailable"),  # discord.py gives up at once
    (502, "Bad Gateway"),  # discord.py tries 5 times, 25 s in all
])
async def test_discord_failing_at_login_is_one_clear_line_and_exits_7(tmp_path: Path, status: int, reason: str,
                                                                      reserve_port: Callable[[], int]) -> None:
    async with failing_api(status) as api_base:
        bot = await run_discord(tmp_path, api_base, f"ws://127.0.0.1:{reserve_port()}/gateway")
        code = await bot.exited(within=90)
    last = bot.log.strip().splitlines()[-1]
    assert code == ExitCode.UNREACHABLE, bot.log
    assert last.endswith(f"quiztutor run failed: Discord's API at {api_base.removesuffix('/api/v10')} answered at "
                         f"start-up with a server error ({status} {reason}), after discord.py's own retries: "
                         "Discord is in trouble (see https://discordstatus.com); try again later"), bot.log
    assert "Traceback" not in bot.log and "<html>" not in bot.log, bot.log
    assert [line for line in bot.log.splitlines() if " ERROR " in line] == [last], bot.log
    assert TOKEN not in bot.log


async def test_a_token_discord_rejects_still_says_so_and_exits_5(
        tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    async with refusing_api() as api_base:
        bot = await run_discord(tmp_path, api_base, f"ws://127.0.0.1:{reserve_port()}/gateway")
        code = await bot.exited(within=60)
    last = bot.log.strip().splitlines()[-1]
    assert code == ExitCode.LOGIN, bot.log
    assert last.endswith("quiztutor run failed: Discord rejected the token in QUIZ_DISCORD_TOKEN: check it, or "
                         "create a new one"), bot.log
    assert "Traceback" not in bot.log and "could not be reached" not in bot.log
    assert TOKEN not in bot.log


async def test_discord_pys_voice_warnings_are_left_to_debug(tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    """The bot never joins a voice channel: 'PyNaCl is not installed, voice will NOT be supported' and davey's
    twin are noise on every start, so they show only at DEBUG."""
    port = reserve_port()  # the quickest start that gets as far as discord.py's Client
    bot = await run_discord(tmp_path, f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/gateway")
    assert await bot.exited(within=60) == ExitCode.UNREACHABLE, bot.log
    assert "voice will NOT be supported" not in bot.log, bot.log
    debug = await run_discord(tmp_path, f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/gateway",
                              QUIZ_LOG_LEVEL="DEBUG")
    assert await debug.exited(within=60) == ExitCode.UNREACHABLE, debug.log
    for module, name in (("nacl", "PyNaCl"), ("davey", "davey")):
        if find_spec(module) is None:  # installed, discord.py has nothing to warn about
            assert f"DEBUG discord.client: {name} is not installed, voice will NOT be supported" in debug.log
