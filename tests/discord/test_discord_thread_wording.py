"""Where a quiz poll is refused in a thread, the notice says "in this thread", not "in this channel": the learner
is in a thread, and an admin looks for the thread's settings, in every language."""

from __future__ import annotations

import discord

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import RunningBot
from tests.discord.payloads import THREAD_ID
from tests.discord.support import first_answer
from tests.discord.test_discord_polls_refused import with_a_thread


async def test_a_poll_refused_in_a_thread_says_in_this_thread(bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.dispatch("GUILD_CREATE", with_a_thread(discord.Permissions(send_polls=True)))  # a thread, known
    fake.poll_refusing_channels.add(THREAD_ID)
    token = await fake.slash("quiz", {"quiz": "collectives"}, channel_id=THREAD_ID)
    answer = (await fake.wait_until(first_answer(fake, token))).content
    assert "I can't post the quiz poll in this thread: I'm missing the" in answer, answer
    assert "this channel" not in answer, answer


async def test_in_french_it_says_ce_fil(bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.dispatch("GUILD_CREATE", with_a_thread(discord.Permissions(send_polls=True)))  # a thread, known
    fake.poll_refusing_channels.add(THREAD_ID)
    token = await fake.slash("quiz", {"quiz": "collectives"}, channel_id=THREAD_ID, locale="fr", guild_locale="fr")
    answer = (await fake.wait_until(first_answer(fake, token))).content
    assert "Je ne peux pas publier le sondage du quiz dans ce fil\u00a0: il me manque" in answer, answer
