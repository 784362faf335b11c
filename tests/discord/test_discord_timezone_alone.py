"""/timezone with its zone left empty says which zone is in use, its time there, and how to change it, as on
Telegram and in the terminal, and as /reminders left empty says how it stands. Before, the zone was a required
option: Discord sends no command without it, so a learner had no way to see the zone their days and reminders
follow."""

from __future__ import annotations

from adapters.discord.sync import sync_commands
from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot, discord_settings
from tests.discord.support import first_answer


async def test_the_zone_may_be_left_empty_in_the_command_discord_registers(
        settings: Settings, fake: FakeDiscord) -> None:
    await sync_commands(settings, discord_settings(settings), None)
    put = next(call for call in fake.calls if call.method == "PUT")
    (zone,) = next(command for command in put.body if command["name"] == "timezone")["options"]
    assert zone["name"] == "zone" and not zone.get("required")  # before, required: True


async def test_timezone_alone_says_the_zone_in_use_and_how_to_change_it(bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.wait_until(first_answer(fake, await fake.slash("timezone", {"zone": "Lagos"}, user_id=LEARNER_ID)))
    reply = await fake.wait_until(first_answer(fake, await fake.slash("timezone", user_id=LEARNER_ID)))
    assert reply.content.startswith("Your time zone is Africa/Lagos: it is ")
    assert ("To change it, send /timezone followed by a name like Africa/Lagos or Europe/Paris, or an offset like "
            "UTC+3.") in reply.content
