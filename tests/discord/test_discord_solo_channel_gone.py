"""A channel (or thread) deleted while a learner's timed question waits there: the time-out stops the question's
clock quietly, as for a channel that refuses the bot, and the quiz carries on wherever the learner plays next."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import RunningBot, running_bot
from tests.discord.payloads import CHANNEL_ID, OWNER_ID
from tests.discord.support import first_answer, next_poll
from tests.fakes.clock import FixedClock

LIMIT = 30  # seconds per question


@pytest.fixture
async def timed_bot(settings: Settings, fake: FakeDiscord, clock: FixedClock) -> AsyncIterator[RunningBot]:
    async with running_bot(settings.model_copy(update={"question_seconds": LIMIT}), fake, clock,
                           sweep_interval=0.02) as running:
        yield running


async def test_a_time_out_in_a_deleted_channel_logs_no_error_and_the_quiz_resumes_in_private(
        timed_bot: RunningBot, fake: FakeDiscord, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    await next_poll(fake, timed_bot)
    fake.deleted_channels.add(CHANNEL_ID)  # a moderator deletes the channel mid-question
    clock.advance(timedelta(seconds=LIMIT))
    await fake.wait_until(lambda: any(call.status == 404 for call in fake.calls))
    await fake.quiet(0.3)
    refused = sum(call.status == 404 for call in fake.calls)
    await fake.quiet(0.3)  # many sweeps: the question is not timed out again and again
    assert sum(call.status == 404 for call in fake.calls) == refused
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]

    dm = fake.dm_channel(OWNER_ID)
    token = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=OWNER_ID, dm=True,
                             channel_id=dm)
    answer = await fake.wait_until(first_answer(fake, token))
    assert "went wrong" not in answer.content and "Collectives" in answer.content
