"""A proxy Telegram's HTTP client (httpx) can't go through is a setting to fix, said at start-up naming its variable
(exit 2): a socks5:// one without SOCKS support installed ended `run` with PTB's RuntimeError (exit 1), naming
neither the variable nor what to do but reinstall PTB."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from adapters.failures import public_address
from adapters.telegram.proxy_env import proxy_problems
from adapters.telegram.spec import TelegramSettings
from tests.telegram.processes import BotProcess, bot_env
from tests.telegram.telegram_harness import TOKEN

SOCKS = "socks5://quiz:s3cret@127.0.0.1:1080"
NO_SOCKS = "needs httpx without its SOCKS support (socksio), as the test extra installs it"


def socks_missing(scheme: str) -> str:
    return (f"Telegram can't go through a {scheme}:// proxy without SOCKS support, which isn't installed: pip install "
            "'python-telegram-bot[socks]', or name an http:// proxy")


@pytest.mark.skipif(importlib.util.find_spec("socksio") is not None, reason=NO_SOCKS)
@pytest.mark.parametrize(("variable", "scheme"), [("HTTPS_PROXY", "socks5"), ("all_proxy", "socks5h"),
                                                   ("HTTP_PROXY", "socks5")])  # httpx loads it for any URL
async def test_a_socks_proxy_without_socks_support_is_refused_at_start_up_naming_its_variable(
        tmp_path: Path, variable: str, scheme: str, reserve_port: Callable[[], int]) -> None:
    closed = f"http://127.0.0.1:{reserve_port()}/bot"
    bot = await BotProcess.start(bot_env(closed, tmp_path, **{variable: SOCKS.replace("socks5", scheme)}))
    code = await bot.exited(within=60)
    assert (code, bot.log.splitlines()) == (
        ExitCode.CONFIGURATION, ["quiztutor: invalid configuration:", f"  {variable}: {socks_missing(scheme)}"])
    assert not (tmp_path / "quiztutor.sqlite3").exists()  # said before the database is opened


def test_with_socks_support_a_socks_proxy_is_left_to_httpx() -> None:
    for scheme in ("socks5", "SOCKS5", "socks5h"):
        assert proxy_problems({"HTTPS_PROXY": SOCKS.replace("socks5", scheme)}, socks=True) == []
    assert proxy_problems({"ALL_PROXY": SOCKS}, socks=False) == [("ALL_PROXY", socks_missing("socks5"))]


def test_a_proxy_scheme_httpx_knows_not_is_refused_with_or_without_socks_support() -> None:
    """httpx's ValueError (exit 1) before, quoting the proxy's URL."""
    for socks in (True, False):
        [(variable, message)] = proxy_problems({"https_proxy": "socks4://quiz:s3cret@127.0.0.1:1080"}, socks=socks)
        assert variable == "https_proxy"
        assert message == ("Telegram can't go through a socks4:// proxy (its HTTP client, httpx, goes through "
                           "http://, https:// and socks5:// ones): name one of those")


def test_the_proxies_checked_are_those_httpx_loads() -> None:
    """Each of HTTP_PROXY, HTTPS_PROXY and ALL_PROXY (lower case first), whatever the URL: httpx loads them all when
    the bot's client is built; none with NO_PROXY=*, none for a variable httpx doesn't read, none without a token."""
    assert [variable for variable, _ in proxy_problems({"HTTP_PROXY": SOCKS, "all_proxy": SOCKS}, socks=False)] \
        == ["HTTP_PROXY", "all_proxy"]
    assert proxy_problems({"https_proxy": "http://proxy.example:3128", "HTTPS_PROXY": SOCKS}, socks=False) == []
    assert proxy_problems({"HTTPS_PROXY": SOCKS, "NO_PROXY": "*"}, socks=False) == []
    assert proxy_problems({"https_proxy": "", "HTTPS_PROXY": SOCKS}, socks=False) == []  # unset, as urllib reads it
    assert proxy_problems({"FTP_PROXY": SOCKS, "HTTPS_PROXY": "proxy.example:3128"}, socks=False) == []
    assert TelegramSettings().environment_problems({"HTTPS_PROXY": "socks4://127.0.0.1:1080"}) == []
    assert TelegramSettings(token=TOKEN).environment_problems({"HTTPS_PROXY": "socks4://127.0.0.1:1080"}) != []


@pytest.mark.parametrize("url", ["http://proxy.example:31x8", "http://quiz:12/34@proxy.example:3128",
                                 "socks5://quiz:12/34@proxy.example:1080", "http://:3128",
                                 "http://quiz:12#34@proxy.example:3128", "http://quiz:12?34@proxy.example:3128"])
def test_a_proxy_url_that_is_no_proxy_url_is_said_to_be_one_never_showing_it(url: str) -> None:
    """A mistyped port (httpx's InvalidURL, exit 1, before), or a password with an unescaped "/", "#" or "?" (the
    URL then ends at it: host "quiz", port "12", which the out-of-reach line showed as the proxy): a setting to
    fix (exit 2)."""
    for socks in (True, False):
        ((variable, message),) = proxy_problems({"HTTP_PROXY": url}, socks=socks)
        assert variable == "HTTP_PROXY" and message.startswith("not a proxy URL Telegram's HTTP client can use: ")
        assert "34" not in message and "proxy.example" not in message


async def test_a_malformed_proxy_url_is_refused_at_start_up(tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    closed = f"http://127.0.0.1:{reserve_port()}/bot"
    bot = await BotProcess.start(bot_env(closed, tmp_path, HTTPS_PROXY="http://quiz:12/34@127.0.0.1:3128"))
    assert await bot.exited(within=60) == ExitCode.CONFIGURATION, bot.log
    assert bot.log.splitlines()[1].startswith("  HTTPS_PROXY: not a proxy URL Telegram's HTTP client can use: write "
                                              "it as http://HOST:PORT"), bot.log
    assert "34" not in bot.log


@pytest.mark.parametrize("url", ["http://bob:1234#secret@proxy.example:3128", "http://bob:99/x@proxy.example:3128",
                                 "http://bob:5?s@proxy.example:3128"])
def test_an_address_whose_host_a_password_cut_short_is_not_shown(url: str) -> None:
    """Out of reach lines name the proxy by public_address: never the start of a password taken for host and port."""
    shown = public_address(url)
    assert "bob" not in shown and "1234" not in shown and "99" not in shown and ":5" not in shown
    assert public_address("http://bob:secret@proxy.example:3128") == "http://proxy.example:3128"
