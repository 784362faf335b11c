"""Shared pieces of the Telegram end-to-end tests: users, and the real adapter running on real services."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from adapters.runtime import open_services, utc_now
from adapters.serving import serving
from adapters.settings import Settings
from adapters.telegram.adapter import TelegramAdapter
from adapters.telegram.network import GROUP_PER_MINUTE
from adapters.telegram.spec import TelegramSettings
from bot.engine import QuizEngine
from bot.unsent_sweeper import UNSENT_WAIT
from tests.telegram.telegram_fake_api import Call, FakeBotApi, FakeChat, FakeUser

TOKEN = "123456:SECRET-test-token"
FIXTURES = Path(__file__).parent.parent / "fixtures" / "content"

ADMIN = FakeUser(42, "Admin", "en")
AMINATA = FakeUser(101, "Aminata", "fr")
JUMA = FakeUser(102, "Juma", None)  # a client that sends no language
WANJIRU = FakeUser(103, "Wanjiru", "sw-KE")
ZAWADI = FakeUser(104, "Zawadi", "sw")  # another member in Wanjiru's language
CLAIRE = FakeUser(105, "Claire", "fr")  # another in Aminata's
GROUP = FakeChat(-100500, "supergroup", "Study group")


@asynccontextmanager
async def running_bot(settings: Settings, clock: Callable[[], datetime] = utc_now,
                      sweep_interval: float | None = None,
                      game_interval: float = 3600.0,
                      group_per_minute: int = GROUP_PER_MINUTE,
                      unsent_wait: float = UNSENT_WAIT) -> AsyncIterator[QuizEngine]:
    """The adapter as `quiztutor run` builds it: real engine, SQLite file, migrations, PTB Application."""
    async with open_services(settings, clock=clock) as services:
        adapter = TelegramAdapter(services.engine, telegram_settings(settings), group_per_minute=group_per_minute)
        async with serving(services.engine, [adapter], sweep_interval=sweep_interval, game_interval=game_interval,
                           unsent_wait=unsent_wait):
            yield services.engine


def telegram_settings(settings: Settings) -> TelegramSettings:
    found = settings.platforms["telegram"]
    assert isinstance(found, TelegramSettings)
    return found


def with_telegram(settings: Settings, **changes: Any) -> Settings:
    """The settings with some Telegram settings changed (e.g. webhook mode)."""
    telegram = telegram_settings(settings).model_copy(update=changes)
    return settings.model_copy(update={"platforms": {**settings.platforms, "telegram": telegram}})


def poll_id(call: Call) -> str:
    return str(call.result["poll"]["id"])


def options(call: Call) -> list[str]:
    """A sendPoll's option texts (PTB sends InputPollOption objects)."""
    return [option if isinstance(option, str) else option["text"] for option in call.params["options"]]


def correct(call: Call) -> int:
    return int(call.params["correct_option_ids"][0])


def wrong(call: Call) -> int:
    return next(index for index in range(len(call.params["options"])) if index != correct(call))


def for_chat(chat_id: int) -> Any:
    """A ``where`` filter for calls addressed to one chat."""
    return lambda params: params.get("chat_id") == str(chat_id)


async def next_poll(api: FakeBotApi, chat_id: int, count: int) -> Call:
    """Wait for the ``count``-th poll in a chat and return it."""
    return (await api.wait_for("sendPoll", count, for_chat(chat_id)))[count - 1]


async def unheard_poll(api: FakeBotApi, chat_id: int, within: float = 10.0) -> Call:
    """The latest poll Telegram made in a chat while the bot heard a failure (fail_next's ``carried_out``): members
    see it and vote on it, the bot never learnt its id."""
    for _ in range(int(within / 0.05)):
        if made := [call for call in api.requests if call.method == "sendPoll" and not call.ok
                    and call.result is not None and for_chat(chat_id)(call.params)]:
            return made[-1]
        await asyncio.sleep(0.05)
    raise TimeoutError(f"no poll made in chat {chat_id} with a failed answer")


WEBHOOK_SECRET = "s3cret-token-0016"  # what the tests' webhooks are registered with
SIGNED = {"X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET}  # the header Telegram sends with it


def in_webhook_mode(port: int, settings: Settings, secret: str = WEBHOOK_SECRET,
                    path: str = "/hooks/telegram") -> tuple[Settings, str]:
    """``settings`` in webhook mode, listening on local ``port`` (the test's reserve_port()); and the URL Telegram
    would post to."""
    url = f"http://127.0.0.1:{port}{path}"
    return with_telegram(settings, webhook_url=url, webhook_listen="127.0.0.1", webhook_port=port,
                         webhook_secret=SecretStr(secret)), url
