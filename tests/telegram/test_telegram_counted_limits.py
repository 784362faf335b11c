"""What the bot sends is counted as Telegram counts it: code points of the text as sent (TDLib's utf8_length, not
UTF-16 units), so a text validate lets through at its limit reaches the chat whole, in astral characters or in
Yoruba typed with combining marks (composed, NFC, as loaded)."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import ADMIN, next_poll, running_bot
from tests.telegram.test_telegram_admin import edit_quiz

ADÉ = FakeUser(311, "Adé", "yo")
DECOMPOSED = "o\u0323\u0300"  # "ọ̀" as some keyboards type it: three code points, two composed
COMPOSED = unicodedata.normalize("NFC", DECOMPOSED)
ASTRAL = "🧮" * 200  # 200 characters, 400 UTF-16 units


def astral(quiz: dict[str, Any]) -> None:
    quiz["questions"][0]["explanation"]["en"] = ASTRAL


def decomposed(quiz: dict[str, Any]) -> None:
    quiz["questions"][0]["explanation"]["yo"] = DECOMPOSED * 100


async def test_an_explanation_of_astral_characters_at_the_limit_reaches_the_popup_whole(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    edit_quiz(content_dir, "collectives", astral)
    async with running_bot(settings):
        await api.command(ADMIN, "/quiz collectives")
        poll = await next_poll(api, ADMIN.id, 1)
    assert poll.ok and poll.params["explanation"] == ASTRAL  # not cut to 100 emoji with "…"


async def test_a_yoruba_explanation_typed_decomposed_reaches_the_popup_whole_and_composed(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    """300 code points typed, 200 once composed: refused by validate before (the bot wouldn't start)."""
    edit_quiz(content_dir, "collectives", decomposed)
    async with running_bot(settings):
        await api.command(ADÉ, "/quiz collectives")
        poll = await next_poll(api, ADÉ.id, 1)
    assert poll.ok and poll.params["explanation"] == COMPOSED * 100
