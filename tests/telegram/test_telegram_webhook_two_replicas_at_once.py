"""Telegram delivering one vote to two webhook replicas at the same moment (it gave up waiting on the first, and the
load balancer chose the other): both answer 200 and the vote is scored once. Both may reply (the README says why)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import aiohttp

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import SIGNED, correct, in_webhook_mode, next_poll, poll_id, running_bot
from tests.telegram.test_telegram_webhook_replicas import stored_answers

YAW = FakeUser(311, "Yaw", "en")


def command(update_id: int, text: str) -> dict[str, Any]:
    return {"update_id": update_id, "message": {
        "message_id": update_id, "date": int(time.time()), "chat": {"id": YAW.id, "type": "private"},
        "from": YAW.json(), "text": text,
        "entities": [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]}}


def vote(update_id: int, poll: str, option: int) -> dict[str, Any]:
    return {"update_id": update_id, "poll_answer": {"poll_id": poll, "user": YAW.json(), "option_ids": [option],
                                                     "option_persistent_ids": [str(option)]}}


async def test_one_vote_posted_to_two_replicas_at_once_is_scored_once(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    api.knows(YAW)
    first, first_url = in_webhook_mode(reserve_port(), shared)
    second, second_url = in_webhook_mode(reserve_port(), shared)
    async with running_bot(first), running_bot(second), aiohttp.ClientSession(headers=SIGNED) as client:
        async def post(url: str, update: dict[str, Any]) -> int:
            async with client.post(url, json=update) as response:
                return response.status

        assert await post(first_url, command(1, "/quiz collectives")) == 200
        question = await next_poll(api, YAW.id, 1)
        right = vote(2, poll_id(question), correct(question))
        assert await asyncio.gather(post(first_url, right), post(second_url, right)) == [200, 200]
        await next_poll(api, YAW.id, 2)
        await api.settle()
    [(_question, right_answer, skipped)] = await stored_answers(shared.resolved_database_url)  # one answer kept
    assert right_answer and not skipped
