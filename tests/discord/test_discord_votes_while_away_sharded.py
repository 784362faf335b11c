"""A process running some of the bot's shards (QUIZ_DISCORD_SHARD_IDS), restarted on its own: it catches up the votes
cast while it was down on the most recent open polls of its own shards, however many newer polls other shards have.
The database knows no poll's server, so the open polls are read a page at a time and other shards' passed over."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator

import pytest

from adapters.discord.catch_up import CATCH_UP_POLLS
from adapters.settings import Settings
from tests.discord.endpoints import serving
from tests.discord.fake_votes import VotingFakeDiscord
from tests.discord.harness import LEARNER_ID, running_bot, sharded
from tests.discord.payloads import OWNER_ID
from tests.discord.support import message_id, next_poll, reply_to, vote_for


@pytest.fixture
async def fake() -> AsyncIterator[VotingFakeDiscord]:
    async with serving(VotingFakeDiscord()) as server:
        yield server


def more_polls_like(settings: Settings, key: str, count: int) -> None:
    """``count`` more open polls as the one linked as ``key`` (its chat, question and time), with larger keys:
    listed before it, as later polls of the same second would be."""
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        row = database.execute("SELECT platform, session_id, question_id, chat_id, created_at FROM message_links "
                               "WHERE message_key = ?", (key,)).fetchone()
        database.executemany("INSERT INTO message_links (platform, message_key, session_id, question_id, chat_id, "
                             "created_at) VALUES (?, ?, ?, ?, ?, ?)",
                             [(row[0], str(int(key) + n), *row[1:]) for n in range(1, count + 1)])


async def test_a_process_of_some_shards_catches_up_its_own_polls_behind_many_newer_of_other_shards(
        settings: Settings, fake: VotingFakeDiscord) -> None:
    dm = fake.dm_channel(LEARNER_ID)
    async with running_bot(settings, fake) as bot:  # one process, all shards: the server's poll, then a DM's
        await fake.slash("quiz", {"quiz": "collectives"})
        in_server = await next_poll(fake, bot)
        await fake.slash("quiz", {"quiz": "collectives"}, dm=True, channel_id=dm, user_id=LEARNER_ID)
        in_dms = await next_poll(fake, bot, channel_id=dm)
    # As many more open polls in DMs (shard 0's) as a catch-up looks at, all newer than the server's.
    more_polls_like(settings, str(message_id(in_dms)), CATCH_UP_POLLS)
    await vote_for(fake, in_server, "All-reduce", OWNER_ID)  # kept by Discord, sent to nobody

    mark = len(fake.calls)
    async with running_bot(sharded(settings, 3, (1,)), fake):  # the server is on shard 1 of 3; DMs are not
        assert "Correct!" in (await reply_to(fake, in_server, after=mark)).content
    dm_reads = [c for c in fake.calls[mark:] if c.path.startswith(f"/channels/{dm}")]
    assert [c.path for c in dm_reads] == [f"/channels/{dm}"]  # asked once what the channel is; no poll of it read
