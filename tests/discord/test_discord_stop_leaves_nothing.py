"""Stopping the adapter leaves nothing of discord.py running: a READY it holds back (2 s after the last server
came) must not go on after the client closed, to fail there or start the votes' catch-up on a closed client."""

from __future__ import annotations

import asyncio
import gc

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import running_bot, sharded

READY_HELD_BACK = 2.0  # discord.py's guild_ready_timeout: READY is said this long after the last GUILD_CREATE


@pytest.mark.parametrize("shards", [None, (2, (1,))])
async def test_a_bot_stopped_before_discord_py_said_ready_leaves_no_task_behind_and_logs_no_error(
        settings: Settings, fake: FakeDiscord, caplog: pytest.LogCaptureFixture,
        shards: tuple[int, tuple[int, ...]] | None) -> None:
    if shards is not None:  # a READY per shard, and one for them all
        settings = sharded(settings, *shards)
    before = asyncio.all_tasks()
    async with running_bot(settings, fake):
        pass  # stopped at once, as a deploy may stop a bot that had just connected
    mark = len(fake.calls)
    left = [task.get_coro() for task in asyncio.all_tasks() - before if not task.done()]
    assert left == []

    await asyncio.sleep(READY_HELD_BACK + 0.5)  # when the held-back READY would have come
    gc.collect()  # asyncio says a task's unretrieved error when the task is collected
    assert [record.getMessage() for record in caplog.records if record.levelname == "ERROR"] == []
    assert fake.calls[mark:] == []  # nor was any open poll looked at, as a new session's catch-up does
