"""/quiz in a private thread the bot is not a member of: Discord refuses its poll (403 Missing Access) although every
right it needs is granted, so naming rights to grant misled; how to add the bot to the thread is said instead."""

from __future__ import annotations

import discord

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.payloads import APP_ID, command_options, interaction_payload, thread_payload
from tests.discord.support import first_answer, next_poll

PRIVATE_THREAD_ID = 840000000000000007
# A bot invited with the rights a quiz needs, not an administrator: without Manage Threads it sees only the private
# threads it was added to.
INVITED_WITH = discord.Permissions(view_channel=True, send_messages=True, send_messages_in_threads=True,
                                   send_polls=True, read_message_history=True, embed_links=True).value


async def quiz_in_private_thread(fake: FakeDiscord, locale: str = "en-US") -> str:
    """/quiz collectives sent in the private thread, as Discord describes it in the interaction."""
    interaction_id = fake.snowflake()
    token = f"itoken-{interaction_id}"
    data = {"id": str(fake.snowflake()), "name": "quiz", "type": 1,
            "options": command_options({"quiz": "collectives"}, None)}
    payload = interaction_payload(interaction_id, token, 2, data, user_id=LEARNER_ID, locale=locale,
                                  channel_id=PRIVATE_THREAD_ID, dm=False, guild_locale="en-US",
                                  permissions=INVITED_WITH)
    payload["channel"] = {**thread_payload(), "id": str(PRIVATE_THREAD_ID), "type": 12, "name": "study pair"}
    await fake.dispatch("INTERACTION_CREATE", payload)
    return token


async def test_a_quiz_in_a_private_thread_without_the_bot_says_how_to_add_it(bot: RunningBot,
                                                                            fake: FakeDiscord) -> None:
    fake.unseen_channels.add(PRIVATE_THREAD_ID)  # not a member: its messages refused, 403 Missing Access
    said = await fake.wait_until(first_answer(fake, await quiz_in_private_thread(fake)))
    assert said.content == ("I can't post the quiz poll in this private thread: I'm not a member of it. "
                            f"Mention <@{APP_ID}> in the thread to add me, or play privately with /quiz private:True.")
    assert "permission" not in said.content  # no right to grant would mend it


async def test_once_added_to_the_private_thread_the_quiz_is_played_there(bot: RunningBot, fake: FakeDiscord) -> None:
    await quiz_in_private_thread(fake)  # a member now: its messages taken
    await next_poll(fake, bot, channel_id=PRIVATE_THREAD_ID)
