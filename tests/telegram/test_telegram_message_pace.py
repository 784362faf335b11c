"""QUIZ_TELEGRAM_MESSAGES_PER_SECOND: each webhook replica's share of Telegram's 30 messages a second per bot.

Lower bounds only: a slow machine makes sending slower, never faster, so these can't fail from noise.
"""

from __future__ import annotations

import asyncio

import pytest
from pydantic import ValidationError

from adapters.telegram.adapter import TelegramAdapter
from adapters.telegram.network import build_application
from adapters.telegram.spec import TelegramSettings
from tests.adapters.test_settings_from_environment import FIXTURES, quiztutor
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import TOKEN

MESSAGES = 6


async def seconds_to_send(api: FakeBotApi, per_second: float | None) -> float:
    """From the first to the last of MESSAGES messages to different people (no group's limit), all sent at
    once through the Application the adapter builds, as the fake Bot API received them."""
    settings = TelegramSettings(token=TOKEN, api_url=api.base_url) if per_second is None \
        else TelegramSettings(token=TOKEN, api_url=api.base_url, messages_per_second=per_second)
    app = build_application(settings, TOKEN)
    await app.initialize()
    try:
        await asyncio.gather(*(app.bot.send_message(chat_id=1000 + n, text=f"hello {n}") for n in range(MESSAGES)))
    finally:
        await app.shutdown()
    sent = [call.at for call in api.calls("sendMessage")]
    assert len(sent) == MESSAGES
    return max(sent) - min(sent)


async def test_a_replica_sends_no_faster_than_its_share(api: FakeBotApi) -> None:
    # 5 a second: one message every 0.2 s, so six take at least a second from the first to the last.
    assert await seconds_to_send(api, 5.0) >= (MESSAGES - 1) / 5.0 * 0.9


async def test_unless_told_a_process_paces_itself_to_telegrams_30_a_second(api: FakeBotApi) -> None:
    assert await seconds_to_send(api, None) >= (MESSAGES - 1) / 30.0 * 0.9


def test_reminders_take_two_thirds_of_the_share(monkeypatch: pytest.MonkeyPatch) -> None:
    assert TelegramSettings().messages_per_second == 30
    monkeypatch.setenv("QUIZ_TELEGRAM_MESSAGES_PER_SECOND", "15")
    settings = TelegramSettings(token=TOKEN)
    assert settings.messages_per_second == 15
    adapter = TelegramAdapter(engine=None, settings=settings)  # type: ignore[arg-type]  # only its pace is read
    assert adapter.reminders_per_second == pytest.approx(10)


@pytest.mark.parametrize("value", ["0", "-1", "31", "fast"])
def test_a_pace_telegram_would_refuse_or_that_cant_work_is_refused_naming_the_variable(value: str) -> None:
    done = quiztutor({"QUIZ_TELEGRAM_MESSAGES_PER_SECOND": value}, "validate", str(FIXTURES))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "  QUIZ_TELEGRAM_MESSAGES_PER_SECOND: " in done.stderr and "Traceback" not in done.stderr


def test_a_pace_built_in_code_is_checked_too() -> None:
    with pytest.raises(ValidationError, match="messages_per_second"):
        TelegramSettings(messages_per_second=0)
