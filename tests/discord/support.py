"""Small helpers the Discord tests share: reading polls the bot posted, voting on them, and answers."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

from tests.discord.fake_discord import Call, FakeDiscord
from tests.discord.harness import RunningBot
from tests.discord.payloads import CHANNEL_ID

CUSTOM_ID = re.compile(r"qt:a:[0-9a-f]{32}:#\d+:\d+:[0-9a-f]{8}")  # the question by its place, the order shown


def poll_question(call: Call) -> str:
    return call.body["poll"]["question"]["text"]


def poll_answers(call: Call) -> list[str]:
    return [answer["poll_media"]["text"] for answer in call.body["poll"]["answers"]]


def message_id(call: Call) -> int:
    return int(call.response["id"])


def buttons(call: Call) -> list[dict]:
    return [button for row in call.body.get("components") or [] for button in row["components"]]


def button_for(call: Call, label: str) -> str:
    return next(button["custom_id"] for button in buttons(call) if button["label"] == label)


async def next_poll(fake: FakeDiscord, bot: RunningBot, *, after: int = 0, channel_id: int = CHANNEL_ID) -> Call:
    """The next poll the bot posts, once the engine has linked it (votes can only count after that)."""
    call = await fake.wait_until(lambda: next(iter(fake.polls(channel_id, after)), None))
    for _ in range(250):
        if await bot.engine.message_link("discord", str(message_id(call))) is not None:
            return call
        await asyncio.sleep(0.02)
    raise AssertionError("the poll was never linked to its question")


async def vote_for(fake: FakeDiscord, poll: Call, answer: str, user_id: int, *, in_flight: bool = False) -> None:
    """``in_flight``: cast before the bot ended the poll, its event arriving after (see PollTime)."""
    await fake.vote(message_id(poll), poll_answers(poll).index(answer) + 1, user_id=user_id,
                    channel_id=int(poll.path.split("/")[2]), in_flight=in_flight)


async def reply_to(fake: FakeDiscord, poll: Call, *, after: int = 0) -> Call:
    return await fake.wait_until(lambda: next(iter(fake.replies_to(message_id(poll), after)), None))


def first_answer(fake: FakeDiscord, token: str) -> Callable[[], Call | None]:
    """The interaction's first answer once there is one (a function per token, as a loop asks for each)."""
    return lambda: next(iter(fake.answers(token)), None)
