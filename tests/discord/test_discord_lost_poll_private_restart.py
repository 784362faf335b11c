"""A learner's quiz poll whose link was never stored (the process died in between), the quiz played privately since
(buttons only they see), then the bot restarted (a deploy; or the vote comes to another process: the poll's server is
another shard's than the DMs the quiz went on in): a vote on the old poll must still not post their private question
in the channel. Which question went privately was kept in the memory of the process that asked it (PrivateAsks)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, running_bot
from tests.discord.payloads import EPHEMERAL
from tests.discord.support import buttons, message_id, next_poll, poll_question, reply_to
from tests.discord.test_discord_lost_polls import forget_links
from tests.fakes.clock import FixedClock

LOST_TRACK = "I lost track of that poll, so here is the question again."
GOES_ON_PRIVATELY = ("Your quiz goes on privately, with buttons only you can see: this poll counts for nothing now. "
                     "Send {command} to see your question again.")


@pytest.fixture
def clock() -> FixedClock:
    """The bot's clock at this moment, as Discord's (the time in its ids) is; it moves when the test says."""
    return FixedClock(datetime.now(UTC))


async def test_a_vote_on_a_lost_poll_after_a_restart_keeps_a_private_quiz_private(
        fake: FakeDiscord, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, fake, clock) as bot:
        await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
        poll = await next_poll(fake, bot)
        await asyncio.to_thread(forget_links, settings)  # as if killed between posting the poll and storing its link
        clock.advance(timedelta(minutes=1))  # the learner reads it, then goes on privately
        private = await fake.slash("quiz", {"private": True}, user_id=LEARNER_ID)  # resumed privately
        await fake.wait_until(lambda: next((c for c in fake.answers(private) if buttons(c)), None))
        assert fake.interaction_calls(private)[0].body == {"type": 5, "data": {"flags": EPHEMERAL}}

    async with running_bot(settings, fake, clock) as bot:  # a restart: nothing in memory of what went privately
        mark = len(fake.calls)
        await fake.vote(message_id(poll), 1, user_id=LEARNER_ID)
        told = await reply_to(fake, poll, after=mark)
        await fake.quiet()
        # Before: "I lost track of that poll, so here is the question again." and the question as a poll here.
        assert fake.polls(after=mark) == [], [poll_question(c) for c in fake.polls(after=mark)]
        assert bot.engine.localizer_for("en")(GOES_ON_PRIVATELY, command="/quiz private:True") in told.content
        assert fake.ended_polls(after=mark) == [message_id(poll)]  # no more votes taken on it


async def test_a_vote_on_the_open_questions_lost_poll_after_a_restart_asks_it_again_there(
        fake: FakeDiscord, settings: Settings, clock: FixedClock) -> None:
    """The poll that asked the open question last, its link lost: the question again, as a poll, as without a
    restart (tests/discord/test_discord_lost_polls.py)."""
    async with running_bot(settings, fake, clock) as bot:
        await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
        poll = await next_poll(fake, bot)
        await asyncio.to_thread(forget_links, settings)
    clock.advance(timedelta(minutes=1))

    async with running_bot(settings, fake, clock) as bot:
        mark = len(fake.calls)
        await fake.vote(message_id(poll), 1, user_id=LEARNER_ID)
        again = await next_poll(fake, bot, after=mark)
        assert poll_question(again) == poll_question(poll)
        assert LOST_TRACK in (await reply_to(fake, poll, after=mark)).content
