"""A /game start typed in a channel the bot may not see: slash commands work there all the same (they are the
application's, not the bot member's), and Discord answers the lobby 403 Missing Access. The starter is told the
right that is missing, View Channel: granting Send Messages alone would change nothing."""

from __future__ import annotations

import logging

import discord
import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, a_new_lobby_opens
from tests.discord.harness import OTHER_ID, running_bot
from tests.discord.payloads import ALL_PERMISSIONS, CHANNEL_ID
from tests.discord.support import first_answer
from tests.fakes.clock import FixedClock

UNSEEN = ALL_PERMISSIONS & ~discord.Permissions(view_channel=True).value  # the bot's rights there, as resolved


async def test_a_lobby_in_a_channel_the_bot_may_not_see_names_view_channel(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, fake, clock) as bot:
        fake.unseen_channels.add(CHANNEL_ID)
        refused = await fake.slash("game", {"quiz": "collectives"}, subcommand="start", user_id=OTHER_ID,
                                   locale="fr", permissions=UNSEEN, member_permissions=PLAYER_PERMISSIONS)
        answer = await fake.wait_until(first_answer(fake, refused))
        fr = bot.engine.localizer_for("fr")
        assert answer.content == fr("I can't post the game's questions in this chat: I'm missing the “{permission}” "
                                    "permission. Ask an admin to grant it, then start a new game.",
                                    permission=fr("View Channel"))
        assert "Voir le salon" in answer.content
        fake.unseen_channels.clear()  # an admin lets the bot see the channel: a game starts there at once
        await a_new_lobby_opens(fake, OTHER_ID)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_channel_that_refuses_a_bot_that_sees_it_still_names_send_messages(
        fake: FakeDiscord, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, fake, clock) as bot:
        fake.forbidden_channels.add(CHANNEL_ID)
        refused = await fake.slash("game", {"quiz": "collectives"}, subcommand="start", user_id=OTHER_ID,
                                   locale="fr", member_permissions=PLAYER_PERMISSIONS,
                                   permissions=ALL_PERMISSIONS & ~discord.Permissions(send_messages=True).value)
        answer = await fake.wait_until(first_answer(fake, refused))
        fr = bot.engine.localizer_for("fr")
        assert fr("Send Messages") in answer.content and fr("View Channel") not in answer.content
