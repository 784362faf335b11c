"""`quiztutor run` serving Discord as a real process: what the operator reads, and the exit code, when it can't
start."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from aiohttp import web

from adapters.cli.exit_codes import ExitCode
from tests.conftest import FIXTURE_CONTENT
from tests.discord.payloads import TOKEN
from tests.telegram.processes import BotProcess, free_port


async def run_discord(data_dir: Path, api_base: str, gateway: str) -> BotProcess:
    """`quiztutor run` with only Discord's token set, discord.py pointed at ``api_base`` and ``gateway``."""
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    env = {**clean, "QUIZ_DISCORD_TOKEN": TOKEN, "QUIZ_DATA_DIR": str(data_dir),
           "QUIZ_CONTENT_DIR": str(FIXTURE_CONTENT)}
    return await BotProcess.start(env, "-m", "tests.discord.run_process", api_base, gateway)


@asynccontextmanager
async def refusing_discord() -> AsyncIterator[str]:
    """A Discord API that answers every request 401, as Discord does a revoked token; yields its base URL."""
    async def refuse(_request: web.Request) -> web.Response:
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", refuse)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}/api/v10"
    finally:
        await runner.cleanup()


async def test_discord_unreachable_at_start_up_is_one_clear_line_without_the_token_and_exits_7(
        tmp_path: Path) -> None:
    port = free_port()  # nothing listens there
    bot = await run_discord(tmp_path, f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/gateway")
    code = await bot.exited(within=60)
    last = bot.log.strip().splitlines()[-1]
    assert code == ExitCode.UNREACHABLE, bot.log
    assert f"quiztutor run failed: Discord's API at http://127.0.0.1:{port} could not be reached at start-up " \
           f"(ClientConnectorError: Cannot connect to host 127.0.0.1:{port} " in last, bot.log
    assert last.endswith("): check the network and any firewall on the way (Discord is reached directly: "
                         "HTTPS_PROXY is not used)"), bot.log
    assert "Traceback" not in bot.log  # the traceback only at DEBUG
    assert TOKEN not in bot.log


async def test_a_token_discord_rejects_still_says_so_and_exits_5(tmp_path: Path) -> None:
    async with refusing_discord() as api_base:
        bot = await run_discord(tmp_path, api_base, f"ws://127.0.0.1:{free_port()}/gateway")
        code = await bot.exited(within=60)
    last = bot.log.strip().splitlines()[-1]
    assert code == ExitCode.LOGIN, bot.log
    assert last.endswith("quiztutor run failed: Discord rejected the token in QUIZ_DISCORD_TOKEN: check it, or "
                         "create a new one"), bot.log
    assert "Traceback" not in bot.log and "could not be reached" not in bot.log
    assert TOKEN not in bot.log
