"""A group game whose channel or thread is deleted: it ends at once, rather than when its next message is refused
(never, while its lobby waits for Start), and its players' own rounds of the quiz go on."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_people import refuse_a_click_on_a_button_not_shown
from tests.discord.game_steps import PLAYER_PERMISSIONS, assert_free_and_untried, lobby_with_a_player
from tests.discord.harness import LEARNER_ID, OTHER_ID, running_bot
from tests.discord.payloads import (
    ALL_PERMISSIONS,
    CHANNEL_ID,
    GUILD_ID,
    THREAD_ID,
    channel_payload,
    command_options,
    guild_payload,
    interaction_payload,
    thread_payload,
)
from tests.discord.support import buttons, message_id
from tests.fakes.clock import FixedClock


async def in_thread(fake: FakeDiscord, kind: int, data: dict[str, Any], user_id: int,
                    message: dict[str, Any] | None = None) -> str:
    """A command (2) or click (3) in the thread, as Discord sends it: the interaction describes the thread."""
    if message is not None:  # only a button it shows, as fake.click
        refuse_a_click_on_a_button_not_shown(int(message["id"]), fake.messages.get(int(message["id"])),
                                             data["custom_id"])
    interaction_id = fake.snowflake()
    token = f"itoken-{interaction_id}"
    payload = interaction_payload(interaction_id, token, kind, data, user_id=user_id, locale="en-US",
                                  channel_id=THREAD_ID, dm=False, guild_locale="en-US", permissions=ALL_PERMISSIONS,
                                  member_permissions=PLAYER_PERMISSIONS, message=message)
    payload["channel"] = thread_payload()
    await fake.dispatch("INTERACTION_CREATE", payload)
    return token


async def test_deleting_a_games_channel_ends_its_waiting_lobby(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, fake, clock):  # the clock stands still: no phase of the game falls due
        await lobby_with_a_player(fake)
        fake.deleted_channels.add(CHANNEL_ID)
        await fake.dispatch("CHANNEL_DELETE", channel_payload(CHANNEL_ID))  # a moderator deletes the channel
        await fake.quiet(0.3)
        await assert_free_and_untried(fake, CHANNEL_ID)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


@pytest.mark.parametrize("deleted", ["thread", "thread never cached", "its channel"])
async def test_deleting_a_games_thread_or_its_channel_ends_its_waiting_lobby(
        deleted: str, fake: FakeDiscord, settings: Settings, clock: FixedClock,
        caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, fake, clock):
        if deleted != "thread never cached":  # a private thread the bot isn't in is known only from interactions
            guild = guild_payload()
            guild["threads"] = [thread_payload()]
            await fake.dispatch("GUILD_CREATE", guild)  # the client knows the thread, as from the gateway
        start = {"id": str(fake.snowflake()), "name": "game", "type": 1, "options": [
            {"name": "start", "type": 1, "options": command_options({"quiz": "collectives"}, None)}]}
        await in_thread(fake, 2, start, OTHER_ID)
        lobby_call = await fake.wait_until(lambda: next(iter(fake.channel_messages(THREAD_ID)), None))
        game_id = buttons(lobby_call)[0]["custom_id"].split(":")[2]
        join = {"custom_id": f"qt:gj:{game_id}", "component_type": 2}
        token = await in_thread(fake, 3, join, LEARNER_ID, fake.messages[message_id(lobby_call)])
        joined = await fake.wait_until(lambda: next((c for c in fake.answers(token) if c.content), None))
        assert joined.content.startswith("You're in"), joined.content
        fake.deleted_channels.add(THREAD_ID)
        if deleted != "its channel":
            await fake.dispatch("THREAD_DELETE", {"id": str(THREAD_ID), "guild_id": str(GUILD_ID),
                                                  "parent_id": str(CHANNEL_ID), "type": 11})
        else:  # its threads go with it
            fake.deleted_channels.add(CHANNEL_ID)
            await fake.dispatch("CHANNEL_DELETE", channel_payload(CHANNEL_ID))
        await fake.quiet(0.3)
        await assert_free_and_untried(fake, THREAD_ID)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
