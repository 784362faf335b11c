"""A game's answer button clicked from another channel, its custom id forged (a tampered client) on a button of the
bot's there. Join refuses a game played elsewhere; an answer, which joins a newcomer as Join does, must too: else
someone outside the game's channel (one who left the server, say) becomes a player the game waits for at every
question, and who scores on its server's leaderboard."""

from __future__ import annotations

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, answer_button, click, edits_of, open_and_begin, question
from tests.discord.harness import ADMIN_ID, LEARNER_ID, OTHER_ID, running_bot
from tests.discord.payloads import NO_POLLS_CHANNEL_ID
from tests.discord.support import buttons, message_id
from tests.fakes.clock import FixedClock

GAMES = 0.02  # seconds between looks for game phases that are due
STRANGER_ID = 880000000000000001  # "user880": not in the game's channel


async def test_an_answer_forged_from_another_channel_is_refused_and_joins_nobody(
        fake: FakeDiscord, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        game_id, _first = await open_and_begin(fake, OTHER_ID, (LEARNER_ID,))
        first = await question(fake, 1)
        forged = answer_button(first, 0)
        assert forged.startswith(f"qt:ga:{game_id}:")
        # Another game's lobby, in another channel (one taking the bot's messages): the bot's button the stranger
        # tampers with.
        fake.forbidden_channels.discard(NO_POLLS_CHANNEL_ID)
        await fake.slash("game", {"quiz": "collectives"}, subcommand="start", user_id=ADMIN_ID,
                         channel_id=NO_POLLS_CHANNEL_ID, member_permissions=PLAYER_PERMISSIONS)
        elsewhere = await fake.wait_until(lambda: next(iter(fake.channel_messages(NO_POLLS_CHANNEL_ID)), None))
        join = buttons(elsewhere)[0]["custom_id"]
        token = await fake.click(message_id(elsewhere), join, forge=forged, user_id=STRANGER_ID,
                                 member_permissions=PLAYER_PERMISSIONS)
        answer = await fake.wait_until(lambda: next((c for c in fake.answers(token) if c.content), None))
        assert answer.content == "This game is played in another chat: join it there."

        for player in (OTHER_ID, LEARNER_ID):  # the game's own players answer: the question closes
            await click(fake, message_id(first), answer_button(first, 0), player)
        results = await fake.wait_until(lambda: next(iter(edits_of(fake, first)), None))
        standings = results.body["content"].split("**Standings:**\n")[1].splitlines()
        assert len(standings) == 2 and not any("user880" in line for line in standings), standings
