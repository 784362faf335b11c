"""A group's quiet minute for the long answers (the list, the help): when it ends, and an answer that failed."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from telegram import Bot

from adapters.runtime import open_services
from adapters.settings import Settings
from adapters.telegram.actors import PLATFORM
from adapters.telegram.chat import TelegramChat
from adapters.telegram.group_repeats import QUIET_PERIOD, GroupRepeats
from bot.replies import Actor
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import GROUP, TOKEN

ADA = Actor(PLATFORM, "201", str(GROUP.id), "en")
BOLA = Actor(PLATFORM, "202", "202", "en")  # in her private chat


async def test_the_full_answer_comes_again_once_the_groups_minute_is_over_or_if_it_failed(
        api: FakeBotApi, settings: Settings) -> None:
    now = [1000.0]
    sent: list[str] = []

    def full(who: str, fails: bool = False) -> Callable[[], Awaitable[None]]:
        async def send() -> None:
            if fails:
                raise ConnectionError("the network")
            sent.append(who)
        return send

    async with open_services(settings) as services, Bot(TOKEN, base_url=api.base_url) as bot:
        repeats = GroupRepeats(services.engine, TelegramChat(bot), clock=lambda: now[0])
        group = str(GROUP.id)
        with pytest.raises(ConnectionError):
            await repeats.answer("help", ADA, group, "Ada", full("failed", fails=True))
        await repeats.answer("help", ADA, group, "Ada", full("first"))  # the failed one wasn't seen: in full
        await repeats.answer("quizzes", ADA, group, "Ada", full("list"))  # another answer: its own minute
        now[0] += QUIET_PERIOD - 1
        await repeats.answer("help", ADA, group, "Ada", full("too soon"))  # the line that it is above
        await repeats.answer("help", ADA, group, "Ada", full("too soon"))  # nothing
        for _time in range(2):
            await repeats.answer("help", BOLA, BOLA.user_id, "Bola", full("private"))  # every time
        now[0] += 1
        await repeats.answer("help", ADA, group, "Ada", full("a minute later"))
    assert sent == ["first", "list", "private", "private", "a minute later"]
    assert [text.split(" · ")[1].split(":")[0] for text in api.sent_texts(GROUP.id)] == ["My help is just above"]
