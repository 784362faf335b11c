"""A channel whose admins take Send Messages from the bot mid-quiz: the learner's vote still counts, but nothing
can be said to them there any more. They are told by direct message, once per channel and quiz, in their language:
why (the right the bot lacks in that channel) and how to go on; with their DMs closed too, it is logged once."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import RunningBot, running_bot
from tests.discord.payloads import CHANNEL_ID, OWNER_ID
from tests.discord.support import first_answer, next_poll, vote_for
from tests.fakes.clock import FixedClock

LIMIT = 30  # seconds per question


@pytest.fixture
async def timed_bot(settings: Settings, fake: FakeDiscord, clock: FixedClock) -> AsyncIterator[RunningBot]:
    async with running_bot(settings.model_copy(update={"question_seconds": LIMIT}), fake, clock,
                           sweep_interval=0.02) as running:
        yield running


async def progress(fake: FakeDiscord) -> str:
    token = await fake.slash("progress")
    return (await fake.wait_until(first_answer(fake, token))).content


async def test_a_vote_after_send_messages_was_revoked_counts_and_the_learner_is_told_by_dm_once(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    fake.forbidden_channels.add(CHANNEL_ID)  # an admin takes Send Messages away in that channel
    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce", OWNER_ID)
    told = await fake.wait_until(lambda: next(iter(fake.direct_messages(OWNER_ID, after=mark)), None))
    assert f"<#{CHANNEL_ID}>" in told.content and "“Send Messages”" in told.content, told.content
    assert "/quiz private:True" in told.content and "admin" in told.content, told.content
    assert "in progress: 1 of 3 answered, 1 right" in await progress(fake)  # the answer is kept

    # /quiz in the channel again: its poll refused, said in the reply to the command (not by DM again).
    token = await fake.slash("quiz", {"quiz": "collectives"})
    assert "“Send Messages”" in (await fake.wait_until(first_answer(fake, token))).content
    await fake.quiet()
    assert fake.direct_messages(OWNER_ID, after=mark) == [told]
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_the_dm_is_in_the_learners_language(bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, locale="fr", guild_locale="fr")
    poll = await next_poll(fake, bot)
    fake.forbidden_channels.add(CHANNEL_ID)
    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce (réduction totale)", OWNER_ID)
    told = await fake.wait_until(lambda: next(iter(fake.direct_messages(OWNER_ID, after=mark)), None))
    assert "«\u00a0Envoyer des messages\u00a0»" in told.content and "/quiz privé:True" in told.content, told.content


async def test_time_outs_after_send_messages_was_revoked_tell_the_learner_by_dm_once(
        timed_bot: RunningBot, fake: FakeDiscord, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    """The sweeper's "Time's up!" is refused there too: before, nothing reached the learner at all."""
    await fake.slash("quiz", {"quiz": "collectives"})
    await next_poll(fake, timed_bot)
    fake.forbidden_channels.add(CHANNEL_ID)
    mark = len(fake.calls)
    clock.advance(timedelta(seconds=LIMIT))
    told = await fake.wait_until(lambda: next(iter(fake.direct_messages(OWNER_ID, after=mark)), None))
    assert f"<#{CHANNEL_ID}>" in told.content and "“Send Messages”" in told.content, told.content
    clock.advance(timedelta(seconds=LIMIT * 3))  # no question is on the clock now: nothing more to time out
    await fake.quiet()
    assert fake.direct_messages(OWNER_ID, after=mark) == [told]
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_with_dms_closed_too_it_is_logged_once_and_the_quiz_goes_on_privately(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="adapters.discord")
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    fake.forbidden_channels.add(CHANNEL_ID)
    fake.closed_dms.add(OWNER_ID)
    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce", OWNER_ID)
    await fake.wait_until(lambda: any(call.status == 403 and call.path == f"/channels/{fake.dm_channel(OWNER_ID)}"
                                      "/messages" for call in fake.calls[mark:]))
    await fake.quiet()
    unreached = [record for record in caplog.records if "by direct message" in record.getMessage()]
    assert len(unreached) == 1, [record.getMessage() for record in caplog.records]
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]

    token = await fake.slash("quiz", {"quiz": "collectives", "private": True})
    answer = await fake.wait_until(first_answer(fake, token))
    assert "Question 2 of 3" in answer.content, answer.content
    assert "in progress: 1 of 3 answered, 1 right" in await progress(fake)
