"""The bot removed from a Discord server (kicked, banned, or the server deleted): the games of its channels end
at once, rather than when their next message is refused."""

from __future__ import annotations

import logging

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import assert_free_and_untried, lobby_with_a_player
from tests.discord.harness import running_bot
from tests.discord.payloads import GUILD_ID
from tests.fakes.clock import FixedClock


async def test_removing_the_bot_from_a_server_ends_its_game_and_frees_its_players_own_rounds(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, fake, clock):  # the clock stands still: no phase of the game falls due
        lobby_call, _game_id = await lobby_with_a_player(fake)
        channel_id = int(lobby_call.path.split("/")[2])
        fake.forbidden_channels.add(channel_id)  # the bot is out of the server: its channels refuse it
        await fake.dispatch("GUILD_DELETE", {"id": str(GUILD_ID)})  # an admin removes the bot
        await fake.quiet(0.3)

        await assert_free_and_untried(fake, channel_id)  # its players' own rounds, and its channel untried
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
