"""A group game's messages go ahead of the group's other messages under its 20 a minute: members' commands
asked just before a question can't delay it past its time."""

from __future__ import annotations

import asyncio
import contextlib

from telegram.ext import ExtBot

from adapters.telegram.game_first import game_messages
from adapters.telegram.network import RetryingRateLimiter
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import GROUP, TOKEN


async def test_a_games_message_goes_at_once_though_members_answers_were_queued_first(api: FakeBotApi) -> None:
    """Before: the limiter sent in arrival order, so 20 answers queued first took the group's whole minute and the
    game's question waited 3 s for the next slot, more as answers kept coming. Now answers leave a question's
    worth (4) free and wait while a game's message does."""
    limiter = RetryingRateLimiter()
    async with ExtBot(TOKEN, base_url=api.base_url, rate_limiter=limiter) as bot:
        answers = [asyncio.create_task(bot.send_message(GROUP.id, f"answer {n}")) for n in range(20)]
        await asyncio.sleep(0.2)  # all queued, those that may go gone
        with game_messages():
            await asyncio.wait_for(bot.send_message(GROUP.id, "question"), 2)
        sent = api.sent_texts(GROUP.id)
        assert sent[-1] == "question" and len(sent) == 17  # 16 answers, then the question, the rest waiting
        for task in answers:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


async def test_other_chats_and_a_group_with_room_to_spare_are_not_held_up(api: FakeBotApi) -> None:
    limiter = RetryingRateLimiter(group_per_minute=8)
    async with ExtBot(TOKEN, base_url=api.base_url, rate_limiter=limiter) as bot:
        await asyncio.wait_for(asyncio.gather(*(bot.send_message(GROUP.id, f"answer {n}") for n in range(4)),
                                              *(bot.send_message(1000 + n, "private") for n in range(10))), 2)
    assert len(api.calls("sendMessage")) == 14
