"""Starting the adapter: log in, connect with the poll intents, and never sync commands on the way; a gateway out
of reach fails start-up."""

from __future__ import annotations

from collections.abc import Callable

import discord
import pytest
from discord import http
from discord.gateway import DiscordWebSocket

from adapters.discord.adapter import DiscordAdapter
from adapters.failures import PlatformUnreachable
from adapters.runtime import open_services
from adapters.settings import Settings
from tests.discord.endpoints import discord_endpoints
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import RunningBot, discord_settings, sharded
from tests.discord.payloads import TOKEN
from tests.support.tcp_proxy import TcpProxy


async def test_starting_logs_in_and_connects_with_poll_intents_without_syncing_commands(
        bot: RunningBot, fake: FakeDiscord) -> None:
    assert [(c.method, c.path) for c in fake.calls] == [("GET", "/users/@me"), ("GET", "/oauth2/applications/@me")]
    (identify,) = fake.identifies
    assert identify["token"] == TOKEN
    intents = discord.Intents._from_value(identify["intents"])
    assert intents.guild_polls and intents.dm_polls
    assert not intents.message_content and not intents.members  # no privileged intent needed
    assert bot.adapter.name == "discord"


def test_the_discord_endpoints_are_restored_after_the_block() -> None:
    real_base, real_gateway = http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    with discord_endpoints("http://127.0.0.1:9/api/v10/", "ws://127.0.0.1:9/gateway"):
        assert http.Route("GET", "/users/@me").url == "http://127.0.0.1:9/api/v10/users/@me"
        assert str(DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:9/gateway"
    assert real_base == http.Route.BASE
    assert real_gateway == DiscordWebSocket.DEFAULT_GATEWAY
    assert real_base.startswith("https://discord.com/api/")


@pytest.mark.parametrize(("shards", "within", "detail"), [
    # discord.py waits a second or two, tries again, and stops with an AttributeError: the error it met is said
    (None, 30.0, "ClientConnectorError: Cannot connect to host 127.0.0.1:{port} "),
    ((2, (0, 1)), 1.0, "no session within 1 s"),  # a sharded client would try each shard again for ever
])
async def test_a_gateway_out_of_reach_fails_start_up_saying_so_and_leaves_no_connection_open(
        settings: Settings, fake: FakeDiscord, shards: tuple[int, tuple[int, ...]] | None, within: float,
        detail: str, reserve_port: Callable[[], int]) -> None:
    if shards is not None:
        settings = sharded(settings, *shards)
    proxy = TcpProxy("127.0.0.1", fake.port)  # the API, through a proxy that sees the connections left open
    await proxy.open()
    try:
        port = reserve_port()  # nothing listens there
        async with open_services(settings) as services:
            adapter = DiscordAdapter(services.engine, discord_settings(settings), gateway_start_timeout=within)
            with discord_endpoints(f"http://127.0.0.1:{proxy.port}/api/v10", f"ws://127.0.0.1:{port}/gateway"), \
                    pytest.raises(PlatformUnreachable) as raised:
                await adapter.start()
        message = str(raised.value)
        assert message.startswith(f"Discord's gateway at ws://127.0.0.1:{port} could not be reached at start-up "
                                  f"({detail.format(port=port)}"), message
        assert message.endswith("): check the network and any firewall on the way"), message  # no proxy in use
        assert [call.path for call in fake.calls] == ["/users/@me", "/oauth2/applications/@me"]  # it logged in
        assert adapter.not_ready() == "not started"
        await proxy.wait_idle()  # the client was closed, not left to the garbage collector
    finally:
        await proxy.cut()  # its listening socket closed too, not left to the garbage collector
