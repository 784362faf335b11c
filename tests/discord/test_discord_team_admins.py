"""The application's team as the bot's admins: as the team stands, not as it stood when the bot logged in."""

from __future__ import annotations

from datetime import timedelta

from adapters.discord.team_admins import REFRESH_AFTER
from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, open_and_begin
from tests.discord.harness import ADMIN_ID, LEARNER_ID, OTHER_ID, running_bot
from tests.discord.payloads import OWNER_ID, team_payload
from tests.discord.support import first_answer
from tests.fakes.clock import FixedClock

REFUSAL = "Sorry, only the bot's admins can reload the content."
GAMES = 0.02  # seconds between looks for game phases that are due


def application_reads(fake: FakeDiscord) -> int:
    return sum(1 for call in fake.calls if (call.method, call.path) == ("GET", "/oauth2/applications/@me"))


async def reload_reply(fake: FakeDiscord, user_id: int) -> str:
    token = await fake.slash("reload", user_id=user_id)
    return (await fake.wait_until(first_answer(fake, token))).content


async def test_a_member_removed_from_the_team_or_made_read_only_may_no_longer_reload(
        settings: Settings, fake: FakeDiscord) -> None:
    """Before, the team was read once at login: a developer removed or demoted kept /reload until a restart."""
    demoted, removed = LEARNER_ID, OTHER_ID
    fake.team = team_payload(OWNER_ID, {OWNER_ID: ("admin", 2), demoted: ("developer", 2),
                                        removed: ("developer", 2)})
    async with running_bot(settings, fake):
        assert (await reload_reply(fake, demoted)).startswith("Content reloaded")
        fake.team = team_payload(OWNER_ID, {OWNER_ID: ("admin", 2), demoted: ("read_only", 2)})
        assert await reload_reply(fake, demoted) == REFUSAL
        assert await reload_reply(fake, removed) == REFUSAL
        assert (await reload_reply(fake, OWNER_ID)).startswith("Content reloaded")  # still the team's admin

        reads = application_reads(fake)  # a configured admin is one whatever the team: Discord isn't asked
        assert (await reload_reply(fake, ADMIN_ID)).startswith("Content reloaded")
        assert application_reads(fake) == reads


async def test_a_member_removed_from_the_team_may_no_longer_stop_a_game_they_did_not_start(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    fake.team = team_payload(OWNER_ID, {OWNER_ID: ("admin", 2), LEARNER_ID: ("developer", 2)})
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        await open_and_begin(fake, OTHER_ID, (LEARNER_ID,))
        fake.team = team_payload(OWNER_ID, {OWNER_ID: ("admin", 2)})
        token = await fake.slash("game", subcommand="stop", user_id=LEARNER_ID, member_permissions=PLAYER_PERMISSIONS)
        answer = await fake.wait_until(first_answer(fake, token))
        assert answer.content == ("Only the player who started this game, or a member who can manage this server, "
                                  "can do that.")
        assert not any("Game stopped" in call.content for call in fake.channel_messages())


async def test_a_member_added_to_the_team_may_reload_once_the_team_as_read_is_old_enough(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    """Before, only after a restart. Meanwhile an ordinary command, or someone who is no admin trying /reload
    again and again, doesn't ask Discord each time."""
    fake.team = team_payload(OWNER_ID, {OWNER_ID: ("admin", 2)})
    async with running_bot(settings, fake, clock):
        reads = application_reads(fake)
        assert await reload_reply(fake, OTHER_ID) == REFUSAL
        token = await fake.slash("quizzes", user_id=OTHER_ID)
        await fake.wait_until(first_answer(fake, token))
        assert application_reads(fake) == reads  # the team as read at login is fresh still

        fake.team = team_payload(OWNER_ID, {OWNER_ID: ("admin", 2), OTHER_ID: ("developer", 2)})
        clock.advance(REFRESH_AFTER + timedelta(seconds=1))
        assert (await reload_reply(fake, OTHER_ID)).startswith("Content reloaded")
        assert application_reads(fake) == reads + 1
