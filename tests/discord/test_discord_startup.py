"""Starting the adapter: log in, connect with the poll intents, and never sync commands on the way."""

from __future__ import annotations

import discord
from discord import http
from discord.gateway import DiscordWebSocket

from tests.discord.endpoints import discord_endpoints
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import RunningBot
from tests.discord.payloads import TOKEN


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
