"""Discord through the HTTP proxy the environment names, as Telegram is: the REST API and the gateway both."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable

import aiohttp
import pytest

from adapters.discord.adapter import DiscordAdapter
from adapters.discord.proxy import proxy_options
from adapters.discord.reach import first_session
from adapters.discord.sync import sync_commands
from adapters.failures import PlatformUnreachable
from adapters.proxy_env import named_proxy
from adapters.runtime import open_services
from adapters.settings import Settings
from tests.discord.endpoints import discord_endpoints
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import discord_settings, running_bot, sharded
from tests.discord.http_proxy import HttpProxy, Passed
from tests.discord.payloads import APP_ID
from tests.discord.support import first_answer

VARIABLES = ("http_proxy", "https_proxy", "all_proxy", "no_proxy")
DISCORD = "https://discord.com/api/v10"


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """The proxy variables unset, whatever the machine running the tests has."""
    for variable in VARIABLES:
        monkeypatch.delenv(variable, raising=False)
        monkeypatch.delenv(variable.upper(), raising=False)
    return monkeypatch


@pytest.fixture
async def proxy() -> AsyncIterator[HttpProxy]:
    server = HttpProxy(credentials="quiz:s3cr:et")
    await server.start()
    try:
        yield server
    finally:
        await server.close()


# discord.py hands aiohttp the credentials as proxy_auth, which aiohttp 3.14 calls deprecated (for its 4.0).
PROXIED = pytest.mark.filterwarnings("ignore:The 'proxy_auth' parameter is deprecated:DeprecationWarning")


@PROXIED
@pytest.mark.parametrize("shards", [None, (2, (1,))])
async def test_the_bot_logs_in_connects_and_answers_through_the_proxy(
        settings: Settings, fake: FakeDiscord, proxy: HttpProxy, environment: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture, shards: tuple[int, tuple[int, ...]] | None) -> None:
    """discord.py's session ignores the proxy variables: the bot went to Discord directly, and where only a proxy
    leads out it could not start. The fake is plain http://, so HTTP_PROXY is the variable that applies to it
    (Discord's own https:// API takes HTTPS_PROXY: see below). A sharded client connects each shard through it."""
    caplog.set_level(logging.DEBUG)
    environment.setenv("HTTP_PROXY", f"http://quiz:s3cr%3Aet@127.0.0.1:{proxy.port}")
    async with running_bot(settings if shards is None else sharded(settings, *shards), fake):
        token = await fake.slash("quiz", {})
        answer = await fake.wait_until(first_answer(fake, token))
        assert answer.content.startswith("You have no quiz in progress.")

    requests = proxy.targets("GET") + proxy.targets("POST")
    assert f"{fake.api_base}/users/@me" in requests  # logging in
    assert any(target.startswith(f"{fake.gateway_url}?") for target in requests), requests  # the gateway
    assert any(f"/{token}/callback" in target for target in requests), requests  # the answer to /quiz
    assert {passed.credentials for passed in proxy.passed} == {"quiz:s3cr:et"}  # each with the URL's credentials
    assert "s3cr" not in caplog.text


@PROXIED
async def test_discord_sync_registers_the_commands_through_the_proxy(
        settings: Settings, fake: FakeDiscord, proxy: HttpProxy, environment: pytest.MonkeyPatch) -> None:
    environment.setenv("http_proxy", f"http://quiz:s3cr%3Aet@127.0.0.1:{proxy.port}")
    assert await sync_commands(settings, discord_settings(settings), None) == 15
    assert f"{fake.api_base}/applications/{APP_ID}/commands" in proxy.targets("PUT")


async def test_a_proxy_refusing_the_way_to_discord_fails_start_up_in_one_line(
        settings: Settings, fake: FakeDiscord, proxy: HttpProxy, environment: pytest.MonkeyPatch) -> None:
    """An https:// API (Discord's) takes HTTPS_PROXY, and goes by CONNECT: the proxy answering 407 (no credentials
    given) was a traceback and exit 1, as a bug would be; it is an unreachable Discord, with what to check."""
    environment.setenv("HTTPS_PROXY", proxy.url)
    api = f"https://127.0.0.1:{fake.port}/api/v10"  # refused before any TLS: the fake needs none
    async with open_services(settings) as services:
        adapter = DiscordAdapter(services.engine, discord_settings(settings))
        with discord_endpoints(api, fake.gateway_url), pytest.raises(PlatformUnreachable) as raised:
            await adapter.start()
    assert proxy.passed == [Passed("CONNECT", f"127.0.0.1:{fake.port}", None)]
    assert str(raised.value) == (
        f"Discord's API at https://127.0.0.1:{fake.port} could not be reached at start-up (ClientHttpProxyError: "
        f"407, message='Proxy Authentication Required', url='{proxy.url}'): check the network, any firewall on the "
        f"way, and the proxy Discord is reached through: {proxy.url} (HTTPS_PROXY)")
    assert fake.calls == []


async def test_a_gateway_out_of_reach_through_a_proxy_names_that_proxy_without_its_password() -> None:
    async def refused() -> None:
        raise aiohttp.ClientConnectionError("Cannot connect to host gateway.discord.gg:443")

    gateway = asyncio.create_task(refused())
    connected: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    proxy = named_proxy(DISCORD, {"ALL_PROXY": "http://quiz:s3cret@proxy.example:3128"})
    with pytest.raises(PlatformUnreachable) as raised:
        await first_session(connected, gateway, 5.0, proxy)
    assert str(raised.value) == (
        "Discord's gateway at wss://gateway.discord.gg could not be reached at start-up (ClientConnectionError: "
        "Cannot connect to host gateway.discord.gg:443): check the network, any firewall on the way, and the proxy "
        "Discord is reached through: http://proxy.example:3128 (ALL_PROXY)")


@pytest.mark.parametrize(("environ", "expected"), [
    ({"HTTPS_PROXY": "http://proxy.example:3128"}, "http://proxy.example:3128"),
    ({"https_proxy": "proxy.example:3128"}, "http://proxy.example:3128"),  # a bare host:port: an HTTP proxy
    ({"https_proxy": "http://low.example:1", "HTTPS_PROXY": "http://up.example:2"}, "http://low.example:1"),
    ({"ALL_PROXY": "http://all.example:3128"}, "http://all.example:3128"),
    ({"HTTP_PROXY": "http://plain.example:3128"}, None),  # for http:// URLs only, as for Telegram's
    ({"HTTPS_PROXY": "http://proxy.example:3128", "NO_PROXY": "example.org, .discord.com"}, None),
    ({"HTTPS_PROXY": "http://proxy.example:3128", "no_proxy": "*"}, None),
    ({"HTTPS_PROXY": "http://proxy.example:3128", "NO_PROXY": "discord.gg"}, "http://proxy.example:3128"),
    ({"HTTPS_PROXY": ""}, None),
])
def test_discords_api_takes_the_proxy_httpx_would(environ: dict[str, str], expected: str | None) -> None:
    options = proxy_options(named_proxy(DISCORD, environ))
    assert options.get("proxy") == expected
    if expected is not None:
        assert options["proxy_auth"] is None


def test_the_proxys_credentials_go_apart_from_its_url() -> None:
    """aiohttp's errors show the proxy's URL: a password left in it would show too."""
    options = proxy_options(named_proxy(DISCORD, {"HTTPS_PROXY": "http://us%40er:p%3Ass@proxy.example:3128"}))
    assert options["proxy"] == "http://proxy.example:3128"
    assert (options["proxy_auth"].login, options["proxy_auth"].password) == ("us@er", "p:ss")


async def test_discord_sync_out_of_reach_says_what_to_check_as_run_does(
        settings: Settings, environment: pytest.MonkeyPatch, reserve_port: Callable[[], int]) -> None:
    """As `run` (exit 7 and one line, tests/discord/test_discord_run_process.py); it was aiohttp's error and exit 1."""
    port = reserve_port()  # nothing listens there
    with discord_endpoints(f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/gateway"), \
            pytest.raises(PlatformUnreachable) as failure:
        await sync_commands(settings, discord_settings(settings), None)
    assert str(failure.value).startswith(f"Discord's API at http://127.0.0.1:{port} could not be reached at start-up")
    assert str(failure.value).endswith("check the network and any firewall on the way")
