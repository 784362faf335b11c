"""`quiztutor discord-sync --guild ID` takes a Discord server id (a snowflake: a positive whole number below 2**64,
in ASCII digits) or says at once that it is none (exit 2, argparse's usage line), before logging in.

`--guild 0` (or a negative, or a 30-digit number) was sent to Discord after logging in; `--guild 1_000` or Arabic
digits became a different id than any Discord shows. A server the bot can't register commands in is said to be one
(exit 2)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.commands import build_parser
from adapters.cli.exit_codes import ExitCode
from adapters.platforms import chat_platforms
from tests.conftest import FIXTURE_CONTENT
from tests.discord.fake_discord import FakeDiscord
from tests.discord.payloads import GUILD_ID, TOKEN
from tests.support.ports import reserved_port
from tests.telegram.processes import BotProcess


def discord_sync(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The real command, with Discord's token set. Through a proxy nobody listens on: had it logged in, it would
    fail there (exit 7), never reaching out of this machine."""
    clean = {key: value for key, value in os.environ.items()
             if not key.startswith("QUIZ_") and key.lower() not in ("https_proxy", "all_proxy", "no_proxy")}
    with reserved_port() as proxy_port:
        env = {**clean, "QUIZ_DISCORD_TOKEN": TOKEN, "QUIZ_DATA_DIR": str(tmp_path),
               "QUIZ_CONTENT_DIR": str(FIXTURE_CONTENT), "HTTPS_PROXY": f"http://127.0.0.1:{proxy_port}"}
        return subprocess.run([sys.executable, "-m", "adapters.cli.main", "discord-sync", *args],
                              capture_output=True, text=True, timeout=60, env=env, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("server", ["0", "-5", "18446744073709551616", "999999999999999999999999999999", "1_000",
                                    "\u0663\u0664", "12.0", "", "abc", "9" * 5000])
def test_a_server_id_that_is_none_is_refused_before_logging_in(tmp_path: Path, server: str) -> None:
    done = discord_sync(tmp_path, "--guild", server)
    assert done.returncode == ExitCode.CONFIGURATION, done.stdout + done.stderr
    assert done.stderr.startswith("usage: quiztutor discord-sync [-h] [--guild GUILD]"), done.stderr
    assert done.stderr.splitlines()[-1] == (
        f"quiztutor discord-sync: error: argument --guild: not a Discord server id: {server!r}; it is the number "
        "Copy Server ID gives (Developer Mode on), such as 123456789012345678"), done.stderr
    assert "logging in" not in done.stderr and done.stdout == ""


@pytest.mark.parametrize("server", [str(GUILD_ID), "1", str(2**64 - 1)])
def test_a_server_id_is_read_as_written(server: str) -> None:
    args = build_parser(chat_platforms()).parse_args(["discord-sync", "--guild", server])
    assert args.guild == int(server)
    assert build_parser(chat_platforms()).parse_args(["discord-sync"]).guild is None


async def sync_through_the_fake(fake: FakeDiscord, tmp_path: Path, server: int) -> tuple[int, str]:
    clean = {key: value for key, value in os.environ.items()
             if not key.startswith("QUIZ_") and not key.lower().endswith("_proxy")}
    env = {**clean, "QUIZ_DISCORD_TOKEN": TOKEN, "QUIZ_DATA_DIR": str(tmp_path),
           "QUIZ_CONTENT_DIR": str(FIXTURE_CONTENT)}
    sync = await BotProcess.start(env, "-m", "tests.discord.run_process", fake.api_base, fake.gateway_url,
                                  "discord-sync", "--guild", str(server))
    return await sync.exited(within=60), sync.log


async def test_a_server_the_bot_isnt_in_is_said_to_be_so(fake: FakeDiscord, tmp_path: Path) -> None:
    """Discord answers 403 Missing Access: was "quiztutor discord-sync failed: Forbidden: 403 Forbidden (error
    code: 50001): Missing Access", exit 1, as an unexpected failure."""
    other = GUILD_ID + 1
    code, log = await sync_through_the_fake(fake, tmp_path, other)
    assert code == ExitCode.CONFIGURATION, log
    assert log.strip().splitlines()[-1] == (
        f"quiztutor discord-sync: Discord refused the commands for server {other} (Missing Access): the bot isn't "
        "in that server, or was invited without the applications.commands scope; check the id, and invite the bot "
        "with the bot and applications.commands scopes"), log
    assert "Traceback" not in log and TOKEN not in log

    code, log = await sync_through_the_fake(fake, tmp_path, GUILD_ID)
    assert (code, log.strip().splitlines()[-1]) == (ExitCode.OK, f"synced 15 commands to server {GUILD_ID}"), log
