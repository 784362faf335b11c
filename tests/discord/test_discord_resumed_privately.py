"""A quiz begun as polls in a channel, then resumed privately (/quiz private:True): the channel's poll asks its
question no more. When the question's time runs out, nothing goes to the channel; the learner's next click says the
time was up and shows the next question privately, as for a quiz played privately from the start. /language there
asks it again privately, not as a poll in the channel."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from adapters.settings import Settings
from bot.replies import Actor
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot, running_bot
from tests.discord.payloads import EPHEMERAL
from tests.discord.support import buttons, message_id, next_poll
from tests.fakes.clock import FixedClock

LIMIT = 30
FAST = 0.02  # seconds between sweeps


@pytest.fixture
async def timed_bot(settings: Settings, fake: FakeDiscord, clock: FixedClock) -> AsyncIterator[RunningBot]:
    async with running_bot(settings.model_copy(update={"question_seconds": LIMIT}), fake, clock,
                           sweep_interval=FAST) as running:
        yield running


async def test_a_question_resumed_privately_times_out_without_a_word_or_a_poll_in_the_channel(
        timed_bot: RunningBot, fake: FakeDiscord, clock: FixedClock) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    poll = await next_poll(fake, timed_bot)
    resumed = await fake.slash("quiz", {"private": True}, user_id=LEARNER_ID)
    question = await fake.wait_until(lambda: next((c for c in fake.answers(resumed) if buttons(c)), None))
    await fake.wait_until(lambda: message_id(poll) in fake.ended_polls())  # the poll asks it no more
    await fake.quiet(FAST * 10)

    mark = len(fake.calls)
    clock.advance(timedelta(seconds=LIMIT))
    for _ in range(250):  # until the sweep has skipped it
        lines = (await timed_bot.engine.progress(Actor("discord", str(LEARNER_ID)))).lines
        if lines and "1 timed out" in lines[0].text:
            break
        await fake.quiet(FAST)
    await fake.quiet(FAST * 10)
    assert fake.channel_messages(after=mark) == []  # neither "Time's up!" nor the next question as a poll

    click = await fake.click(message_id(question), buttons(question)[0]["custom_id"], user_id=LEARNER_ID)
    shown = await fake.wait_until(
        lambda: next((c for c in fake.interaction_calls(click) if buttons(c) and c.method == "POST"), None))
    assert any("Time's up" in c.content for c in fake.answers(click))
    assert shown.flags & EPHEMERAL and "Which collective rebuilds" in shown.content


async def test_language_chosen_after_resuming_privately_asks_the_question_again_privately(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    poll = await next_poll(fake, bot)
    resumed = await fake.slash("quiz", {"private": True}, user_id=LEARNER_ID)
    await fake.wait_until(lambda: next((c for c in fake.answers(resumed) if buttons(c)), None))
    await fake.wait_until(lambda: message_id(poll) in fake.ended_polls())
    await fake.quiet()

    mark = len(fake.calls)
    chosen = await fake.slash("language", {"language": "fr"}, user_id=LEARNER_ID)
    again = await fake.wait_until(lambda: next((c for c in fake.answers(chosen) if buttons(c)), None))
    assert "Quelle collective laisse la somme" in again.content  # the reply to /language, seen by them alone
    await fake.quiet()
    assert fake.polls(after=mark) == []  # not taken back to the channel
