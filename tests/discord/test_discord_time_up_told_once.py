"""The sweep's "Time's up!" said once, even when the next poll after it could not be posted."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import running_bot
from tests.discord.payloads import CHANNEL_ID
from tests.discord.support import next_poll, poll_question
from tests.fakes.clock import FixedClock

LIMIT = 30
FAST = 0.02  # seconds between sweeps
TIME_UP = "Time's up! Question 1 wasn't answered in time"


async def test_a_time_out_whose_next_poll_the_channel_refused_is_not_told_again_on_resuming(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    timed = settings.model_copy(update={"question_seconds": LIMIT})
    async with running_bot(timed, fake, clock, sweep_interval=FAST) as bot:
        await fake.slash("quiz", {"quiz": "collectives"})
        await next_poll(fake, bot)
        fake.poll_refusing_channels.add(CHANNEL_ID)  # an admin takes Create Polls away mid-quiz
        clock.advance(timedelta(seconds=LIMIT))
        await fake.wait_until(lambda: any(TIME_UP in call.content for call in fake.calls))
        await fake.quiet(FAST * 10)
        fake.poll_refusing_channels.discard(CHANNEL_ID)
        mark = len(fake.calls)
        await fake.slash("quiz")
        second = await next_poll(fake, bot, after=mark)
        assert poll_question(second).startswith("2/3 · ")
        await fake.quiet(FAST * 10)
        assert sum(TIME_UP in call.content for call in fake.calls) == 1
