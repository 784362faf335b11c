"""The rest of what a vote is answered in a channel whose admins took Send Messages from the bot: refused there,
each is said to its voter by direct message instead (once per channel, as test_discord_sends_revoked_mid_quiz's
notice is), led by the channel's mention, rather than only logged: someone voting on another learner's poll, and
a learner whose quiz went on privately voting on its old poll, and one whose quiz a reload removed."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import ADMIN_ID, LEARNER_ID, RunningBot
from tests.discord.payloads import CHANNEL_ID, OWNER_ID
from tests.discord.support import buttons, first_answer, message_id, next_poll, vote_for
from tests.discord.test_discord_lost_polls import forget_links


async def test_a_vote_on_another_learners_poll_is_hinted_by_dm_once(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    fake.forbidden_channels.add(CHANNEL_ID)
    mark = len(fake.calls)
    await fake.vote(message_id(poll), 1, user_id=LEARNER_ID)
    told = await fake.wait_until(lambda: next(iter(fake.direct_messages(LEARNER_ID, after=mark)), None))
    assert told.content.startswith(f"<#{CHANNEL_ID}> · "), told.content
    assert "ce sondage appartient au quiz de quelqu’un d’autre" in told.content, told.content  # the server's language
    await fake.vote(message_id(poll), 2, user_id=LEARNER_ID)  # a changed vote: not told again
    await fake.quiet()
    assert fake.direct_messages(LEARNER_ID, after=mark) == [told]
    assert not fake.direct_messages(OWNER_ID, after=mark)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_vote_on_the_old_poll_of_a_quiz_gone_private_is_told_so_by_dm(
        bot: RunningBot, fake: FakeDiscord, settings: Settings) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID, locale="fr")
    poll = await next_poll(fake, bot)
    await asyncio.to_thread(forget_links, settings)  # as if killed between posting the poll and storing its link
    private = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID, locale="fr")
    await fake.wait_until(lambda: next((c for c in fake.answers(private) if buttons(c)), None))
    fake.forbidden_channels.add(CHANNEL_ID)
    mark = len(fake.calls)
    await fake.vote(message_id(poll), 1, user_id=LEARNER_ID)
    told = await fake.wait_until(lambda: next(iter(fake.direct_messages(LEARNER_ID, after=mark)), None))
    assert told.content.startswith(f"<#{CHANNEL_ID}> · "), told.content
    assert "Votre quiz continue en privé" in told.content and "/quiz privé:True" in told.content, told.content
    await fake.quiet()
    assert fake.direct_messages(LEARNER_ID, after=mark) == [told]


async def test_a_vote_on_a_quiz_a_reload_removed_is_told_so_by_dm(
        bot: RunningBot, fake: FakeDiscord, content_dir: Path, caplog: pytest.LogCaptureFixture) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    (content_dir / "quizzes" / "collectives.yaml").unlink()
    reloaded = await fake.wait_until(first_answer(fake, await fake.slash("reload", user_id=ADMIN_ID)))
    assert reloaded.content.startswith("Content reloaded"), reloaded.content
    fake.forbidden_channels.add(CHANNEL_ID)
    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce", OWNER_ID)
    told = await fake.wait_until(lambda: next(iter(fake.direct_messages(OWNER_ID, after=mark)), None))
    assert told.content == f"<#{CHANNEL_ID}> · This quiz has been removed, so your session was closed.", told.content
    assert fake.ended_polls(after=mark) == [message_id(poll)]  # no more votes taken on it
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
