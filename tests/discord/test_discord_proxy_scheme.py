"""A proxy discord.py can't go through (socks5://) is a setting to fix, said at start-up: aiohttp took it for an
HTTP proxy, and start-up failed only when connecting, as an unreachable Discord (exit 7)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from discord import http

from adapters.cli.exit_codes import ExitCode
from adapters.discord.spec import DISCORD_API, DiscordSettings
from tests.conftest import FIXTURE_CONTENT
from tests.discord.payloads import TOKEN

PROXY_VARIABLES = ("http_proxy", "https_proxy", "all_proxy", "no_proxy")


def quiztutor(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The real command, with Discord's token set and only the proxy variables given."""
    unset = {*PROXY_VARIABLES, *(variable.upper() for variable in PROXY_VARIABLES)}
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_") and key not in unset}
    return subprocess.run([sys.executable, "-m", "adapters.cli.main", *args], capture_output=True, text=True,
                          timeout=60, env={**clean, "QUIZ_DISCORD_TOKEN": TOKEN, "QUIZ_DATA_DIR": str(tmp_path),
                                           "QUIZ_CONTENT_DIR": str(FIXTURE_CONTENT), **env})


def refusal(variable: str, scheme: str) -> list[str]:
    return ["quiztutor: invalid configuration:",
            f"  {variable}: Discord can't be reached through a {scheme}:// proxy (discord.py's HTTP client, aiohttp, "
            "goes through HTTP proxies only): name an http:// one, or list discord.com in NO_PROXY to reach Discord "
            "directly"]


@pytest.mark.parametrize(("variable", "scheme"), [("HTTPS_PROXY", "socks5"), ("all_proxy", "socks5h"),
                                                   ("https_proxy", "ftp")])
@pytest.mark.parametrize("command", ["run", "discord-sync"])
def test_a_proxy_discord_cant_go_through_is_refused_at_start_up_naming_its_variable(
        tmp_path: Path, command: str, variable: str, scheme: str) -> None:
    done = quiztutor(tmp_path, command, **{variable: f"{scheme}://quiz:s3cret@127.0.0.1:1"})
    assert (done.returncode, done.stderr.splitlines()) == (ExitCode.CONFIGURATION, refusal(variable, scheme)), \
        done.stdout + done.stderr
    assert not (tmp_path / "quiztutor.sqlite3").exists()  # said before the database is opened


def test_the_proxy_that_applies_is_the_one_checked() -> None:
    """HTTPS_PROXY before ALL_PROXY, none for a host NO_PROXY lists, none without a token: as proxy_options."""
    discord = DiscordSettings(token=TOKEN)
    socks = "socks5://127.0.0.1:1080"
    assert [variable for variable, _message in discord.environment_problems({"ALL_PROXY": socks})] == ["ALL_PROXY"]
    assert discord.environment_problems({"HTTPS_PROXY": "http://proxy.example:3128", "ALL_PROXY": socks}) == []
    assert discord.environment_problems({"HTTPS_PROXY": "HTTPS://proxy.example:3128"}) == []
    assert discord.environment_problems({"HTTPS_PROXY": "proxy.example:3128"}) == []  # a bare host:port: HTTP
    assert discord.environment_problems({"HTTP_PROXY": socks}) == []  # for http:// URLs only
    assert discord.environment_problems({"ALL_PROXY": socks, "NO_PROXY": "discord.com"}) == []
    assert DiscordSettings().environment_problems({"ALL_PROXY": socks}) == []  # Discord isn't configured


@pytest.mark.parametrize("url", ["http://proxy.example:31x8", "http://quiz:12/34@proxy.example:3128",
                                 "http://:3128", "http://proxy.example:99999"])
def test_a_proxy_url_that_is_no_proxy_url_is_said_to_be_one_never_showing_it(url: str) -> None:
    """A mistyped port, or a password with an unescaped "/" (the URL then ends at it: host "quiz", port "12"): a
    setting to fix (exit 2), not a traceback at start-up."""
    ((variable, message),) = DiscordSettings(token=TOKEN).environment_problems({"HTTPS_PROXY": url})
    assert variable == "HTTPS_PROXY" and message.startswith("not a proxy URL discord.py can use")
    assert "34" not in message and "proxy.example" not in message


def test_the_url_checked_is_discord_pys() -> None:
    assert DISCORD_API == http.Route.BASE
