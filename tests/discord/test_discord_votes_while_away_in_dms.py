"""A vote cast while the bot was down on a quiz poll in the bot's direct messages: the DM channel is in no
server's GUILD_CREATE, so the catch-up asks Discord what it is (GET /channels/{id}: no guild_id, a DM), and only
shard 0, which DMs come to, counts it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from adapters.settings import Settings
from bot.replies import Actor
from tests.discord.endpoints import serving
from tests.discord.fake_records import Call
from tests.discord.fake_votes import VotingFakeDiscord
from tests.discord.harness import LEARNER_ID, running_bot, sharded
from tests.discord.support import message_id, next_poll, poll_question, reply_to, vote_for


@pytest.fixture
async def fake() -> AsyncIterator[VotingFakeDiscord]:
    async with serving(VotingFakeDiscord()) as server:
        yield server


async def _dm_poll_left_open(settings: Settings, fake: VotingFakeDiscord) -> Call:
    """The learner's quiz started in the bot's DMs, the bot stopped with its first poll open; that poll."""
    dm = fake.dm_channel(LEARNER_ID)
    async with running_bot(settings, fake) as bot:
        await fake.slash("quiz", {"quiz": "collectives"}, dm=True, channel_id=dm, user_id=LEARNER_ID)
        poll = await next_poll(fake, bot, channel_id=dm)
    assert not fake.connected
    return poll


def _channel_reads(fake: VotingFakeDiscord, after: int) -> list[Call]:
    return [c for c in fake.calls[after:] if c.method == "GET" and c.path.startswith("/channels/")]


async def test_a_vote_in_dms_cast_while_the_bot_was_down_is_scored_once_it_is_back(
        settings: Settings, fake: VotingFakeDiscord) -> None:
    dm = fake.dm_channel(LEARNER_ID)
    poll = await _dm_poll_left_open(settings, fake)
    await vote_for(fake, poll, "All-reduce", LEARNER_ID)  # kept by Discord, sent to nobody

    mark = len(fake.calls)
    async with running_bot(settings, fake) as bot:
        feedback = await reply_to(fake, poll, after=mark)
        second = await next_poll(fake, bot, after=mark, channel_id=dm)
        await fake.quiet()
        assert feedback.path == f"/channels/{dm}/messages" and "Correct!" in feedback.content
        assert poll_question(second).startswith("2/3 · ")
        assert fake.ended_polls(after=mark) == [message_id(poll)]
        progress = (await bot.engine.progress(Actor("discord", str(LEARNER_ID)))).lines[0].text
        assert "1 of 3 answered, 1 right" in progress
    assert f"/channels/{dm}" in [c.path for c in _channel_reads(fake, mark)]  # asked what the channel is


async def test_only_the_process_running_shard_0_counts_a_vote_in_dms(
        settings: Settings, fake: VotingFakeDiscord) -> None:
    poll = await _dm_poll_left_open(settings, fake)
    await vote_for(fake, poll, "All-reduce", LEARNER_ID)

    mark = len(fake.calls)
    async with running_bot(sharded(settings, 2, (1,)), fake):  # DMs don't come to shard 1
        await asyncio.sleep(2.5)  # discord.py says the shard is READY 2 s after its last server came
        await fake.quiet()
    assert fake.replies_to(message_id(poll), after=mark) == []
    assert [c.path for c in _channel_reads(fake, mark)] == [f"/channels/{fake.dm_channel(LEARNER_ID)}"]

    mark = len(fake.calls)
    async with running_bot(sharded(settings, 2, (0,)), fake):
        assert "Correct!" in (await reply_to(fake, poll, after=mark)).content
