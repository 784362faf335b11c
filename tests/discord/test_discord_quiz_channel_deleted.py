"""A channel deleted between a learner's /quiz there and its first poll (Discord answers the poll 404 Unknown
Channel): as for a game whose channel is deleted, nobody there to tell; the quiz waits for the learner."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import RunningBot, running_bot
from tests.discord.payloads import CHANNEL_ID, OWNER_ID
from tests.discord.support import first_answer
from tests.fakes.clock import FixedClock

LIMIT = 30  # seconds per question


@pytest.fixture
async def timed_bot(settings: Settings, fake: FakeDiscord, clock: FixedClock) -> AsyncIterator[RunningBot]:
    async with running_bot(settings.model_copy(update={"question_seconds": LIMIT}), fake, clock,
                           sweep_interval=0.02) as running:
        yield running


async def test_a_quiz_whose_channel_was_deleted_before_its_poll_logs_no_error_and_waits_unseen(
        timed_bot: RunningBot, fake: FakeDiscord, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    """The log had a traceback at ERROR, as for a bug, and the learner's reply there said 'Sorry, something went
    wrong. Please try again', of a channel nobody can see any more. The question that never went out neither
    times out unseen nor counts: resumed privately, it is asked in full."""
    fake.deleted_channels.add(CHANNEL_ID)  # deleted by a moderator as the learner's /quiz came in
    token = await fake.slash("quiz", {"quiz": "collectives"})
    await fake.wait_until(lambda: any(call.status == 404 for call in fake.calls))
    await fake.quiet(0.3)
    clock.advance(timedelta(seconds=LIMIT * 3))  # long past the first question's time
    await fake.quiet(0.3)
    assert sum(call.status == 404 for call in fake.calls) == 1  # not timed out: no next poll tried there
    assert not [answer for answer in fake.answers(token) if "went wrong" in answer.content]
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]

    dm = fake.dm_channel(OWNER_ID)
    resumed = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=OWNER_ID, dm=True,
                               channel_id=dm)
    answer = (await fake.wait_until(first_answer(fake, resumed))).content
    assert "Question 1 of 3" in answer and "Time's up" not in answer, answer
