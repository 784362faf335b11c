"""The fake Discord lets people click only what Discord's client shows: a button on a message still there, among its
components now. A click on a button taken away (a lobby's Join once its game began) or on a message deleted is
refused, so a test can't pass on a click nobody could make."""

from __future__ import annotations

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_people import NoSuchButton
from tests.discord.game_steps import PLAYER_PERMISSIONS, lobby_with_a_player, question
from tests.discord.harness import LEARNER_ID, OTHER_ID, running_bot
from tests.discord.support import message_id
from tests.fakes.clock import FixedClock


async def test_a_lobbys_buttons_taken_away_and_a_deleted_message_cannot_be_clicked(
        fake: FakeDiscord, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, fake, clock):
        lobby_call, game_id = await lobby_with_a_player(fake)
        lobby = message_id(lobby_call)
        await fake.click(lobby, f"qt:gb:{game_id}", user_id=OTHER_ID, member_permissions=PLAYER_PERMISSIONS)
        await question(fake, 1)
        await fake.wait_until(lambda: not fake.messages[lobby]["components"])  # Join and Start go as it begins
        with pytest.raises(NoSuchButton, match="shows no button"):
            await fake.click(lobby, f"qt:gj:{game_id}", user_id=LEARNER_ID, member_permissions=PLAYER_PERMISSIONS)
        fake.messages.pop(lobby)  # a moderator deletes it
        with pytest.raises(NoSuchButton, match="is gone"):
            await fake.click(lobby, f"qt:gb:{game_id}", user_id=OTHER_ID, member_permissions=PLAYER_PERMISSIONS)
