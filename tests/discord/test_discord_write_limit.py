"""A channel where Discord holds the bot's messages back for a long while (a 429 whose retry_after runs to
minutes: a busy channel's shared write limit). Slowmode is not one: Discord documents that bots are unaffected.
discord.py waited such a 429 out under the learner's turn, so their other commands waited too."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import OTHER_ID, RunningBot, running_bot
from tests.discord.payloads import CHANNEL_ID, OWNER_ID
from tests.discord.support import first_answer, next_poll, vote_for
from tests.fakes.clock import FixedClock

HELD_BACK = 600.0  # seconds Discord asks the bot to wait before its next message in the channel
LIMIT = 30  # seconds per question, for the time-out


@pytest.fixture
async def timed_bot(settings: Settings, fake: FakeDiscord, clock: FixedClock) -> AsyncIterator[RunningBot]:
    async with running_bot(settings.model_copy(update={"question_seconds": LIMIT}), fake, clock,
                           sweep_interval=0.02) as running:
        yield running


def limited(fake: FakeDiscord) -> bool:
    return any(call.status == 429 for call in fake.calls)


async def test_a_vote_whose_feedback_a_channel_holds_back_for_minutes_does_not_hold_the_learners_commands(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    """Before, /stop (and /quiz private:True) stayed "thinking…" for the ten minutes discord.py slept."""
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    fake.write_limits.channels[CHANNEL_ID] = HELD_BACK
    await vote_for(fake, poll, "All-reduce", OWNER_ID)
    await fake.wait_until(lambda: limited(fake))

    token = await fake.slash("quiz", {"private": True})
    resumed = await fake.wait_until(first_answer(fake, token))
    assert "Question 2 of 3" in resumed.content  # the vote counted: the next question, privately
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_quiz_in_a_channel_holding_messages_back_says_so_and_offers_private_play(
        bot: RunningBot, fake: FakeDiscord) -> None:
    fake.write_limits.channels[CHANNEL_ID] = HELD_BACK
    token = await fake.slash("quiz", {"quiz": "collectives"}, locale="fr")
    reply = await fake.wait_until(first_answer(fake, token))
    assert reply.content.startswith("Discord retient mes messages dans ce salon")  # said in the learner's language
    assert "/quiz privé:True" in reply.content

    token = await fake.slash("quiz", {"private": True}, locale="fr")
    private = await fake.wait_until(first_answer(fake, token))
    assert "Question 1 sur 3" in private.content  # the quiz it started, asked privately


async def test_a_time_out_a_channel_holds_back_is_shown_on_resuming_without_an_error_logged(
        timed_bot: RunningBot, fake: FakeDiscord, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    """Before, the sweeper slept the ten minutes under the learner's turn, and their commands waited with it."""
    await fake.slash("quiz", {"quiz": "collectives"})
    await next_poll(fake, timed_bot)
    fake.write_limits.channels[CHANNEL_ID] = HELD_BACK
    clock.advance(timedelta(seconds=LIMIT))
    await fake.wait_until(lambda: limited(fake))

    token = await fake.slash("quiz", {"private": True})
    resumed = await fake.wait_until(first_answer(fake, token))
    assert "Question 2 of 3" in resumed.content  # timed out, counted as skipped: the next question
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_strangers_vote_whose_hint_a_channel_holds_back_logs_no_error(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    """Before, the hint's RateLimited escaped the vote's handler: "Discord event failed" with its traceback, and
    quiztutor_errors_total counted it, at each stranger's vote there."""
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    fake.write_limits.channels[CHANNEL_ID] = HELD_BACK
    await vote_for(fake, poll, "All-reduce", OTHER_ID)
    await fake.wait_until(lambda: limited(fake))  # the hint, held back
    await fake.quiet()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]

    await vote_for(fake, poll, "All-reduce", OWNER_ID)  # the owner's vote still counts
    token = await fake.slash("quiz", {"private": True})
    resumed = await fake.wait_until(first_answer(fake, token))
    assert "Question 2 of 3" in resumed.content
