"""A quiz begun as polls, resumed privately (/quiz private:True) while Discord fails to end the question's poll (a
503): the question is asked with private buttons all the same, and the learner plays on privately. Before, the
poll, not ended, was still taken for the question's message: a /skip without private: then posted the next
question as a poll in the channel, and a time-out said "Time's up!" there, for a quiz played privately."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from bot.replies import Actor
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot, running_bot
from tests.discord.payloads import EPHEMERAL
from tests.discord.support import buttons, message_id, next_poll, poll_question
from tests.fakes.clock import FixedClock

LIMIT = 30
FAST = 0.02  # seconds between sweeps


async def test_a_skip_after_resuming_privately_stays_private_when_the_poll_could_not_be_ended(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    poll = await next_poll(fake, bot)
    fake.unavailable.ends = 1
    mark = len(fake.calls)
    resumed = await fake.slash("quiz", {"private": True}, user_id=LEARNER_ID)
    await fake.wait_until(lambda: next((c for c in fake.answers(resumed) if buttons(c)), None))
    await fake.wait_until(lambda: any(c.status == 503 for c in fake.calls[mark:]))  # the poll's end refused
    await fake.quiet()
    assert message_id(poll) in fake.ended_polls(mark)

    mark = len(fake.calls)
    skipped = await fake.slash("skip", user_id=LEARNER_ID)
    await fake.wait_until(lambda: fake.answers(skipped))
    await fake.quiet()
    assert fake.polls(after=mark) == [], [poll_question(c) for c in fake.polls(after=mark)]  # before: "2/3 · ..."
    second = next(c for c in fake.answers(skipped) if buttons(c))
    assert second.flags & EPHEMERAL and "Which collective rebuilds a full tensor" in second.content


async def test_a_question_resumed_privately_times_out_unseen_by_the_channel_when_its_poll_could_not_be_ended(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    async with running_bot(settings.model_copy(update={"question_seconds": LIMIT}), fake, clock,
                           sweep_interval=FAST) as bot:
        await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
        await next_poll(fake, bot)
        fake.unavailable.ends = 1
        mark = len(fake.calls)
        resumed = await fake.slash("quiz", {"private": True}, user_id=LEARNER_ID)
        await fake.wait_until(lambda: next((c for c in fake.answers(resumed) if buttons(c)), None))
        await fake.wait_until(lambda: any(c.status == 503 for c in fake.calls[mark:]))
        await fake.quiet(FAST * 10)

        mark = len(fake.calls)
        clock.advance(timedelta(seconds=LIMIT))
        for _ in range(250):  # until the sweep has timed it out
            lines = (await bot.engine.progress(Actor("discord", str(LEARNER_ID)))).lines
            if lines and "1 timed out" in lines[0].text:
                break
            await fake.quiet(FAST)
        await fake.quiet(FAST * 10)
        # Before: "Time's up!" under the old poll and the next question as a poll.
        assert [c.content for c in fake.channel_messages(after=mark)] == []

