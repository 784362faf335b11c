"""The fake Discord refuses a vote on a poll the bot ended, as Discord does: an ended poll is closed (its results
final) and no client offers a vote on it, so a test can't show the bot answering a vote nobody could cast."""

from __future__ import annotations

import logging

import pytest

from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_poll_time import PollClosed, PollGone
from tests.discord.harness import RunningBot
from tests.discord.payloads import OWNER_ID
from tests.discord.support import message_id, next_poll, poll_answers, vote_for


async def test_a_vote_on_a_poll_the_bot_ended_is_refused_as_discord_refuses_it(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    mark = len(fake.calls)
    await vote_for(fake, poll, "Scatter", OWNER_ID)
    await next_poll(fake, bot, after=mark)
    await fake.wait_until(lambda: fake.ended_polls(after=mark) == [message_id(poll)])

    with pytest.raises(PollClosed, match="ended"):
        await fake.vote(message_id(poll), poll_answers(poll).index("Scatter") + 1, user_id=OWNER_ID, add=False)
    with pytest.raises(PollClosed, match="ended"):
        await vote_for(fake, poll, "All-reduce", OWNER_ID)


async def test_a_vote_on_a_deleted_poll_is_refused_as_discord_delivers_none(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    """A moderator deleted the poll's message: no client shows it any more, so Discord delivers no vote on it."""
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    fake.messages.pop(message_id(poll))  # a moderator deletes it
    with pytest.raises(PollGone, match="deleted"):
        await vote_for(fake, poll, "All-reduce", OWNER_ID)
    mark = len(fake.calls)
    await fake.vote(message_id(poll), 1, user_id=OWNER_ID, in_flight=True)  # cast before, delivered after: taken
    await next_poll(fake, bot, after=mark)  # the quiz goes on under no poll
    await fake.quiet()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
