"""A quiz poll's explanation holds at most 2 line feeds (Telegram's rule for the popup): the lines after the second
are joined into it, whichever way they are broken, "\\n" or a line or paragraph separator (U+2028, U+2029, as a
word processor or a PDF pastes them), which the chat shows as line breaks too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import ADMIN, next_poll, running_bot
from tests.telegram.test_telegram_admin import edit_quiz

LINE_BREAKS = ("\n", "\u2028", "\u2029")


def broken_lines(text: str) -> int:
    return sum(text.count(line_break) for line_break in LINE_BREAKS)


def four_lines(quiz: dict[str, Any]) -> None:
    quiz["questions"][0]["explanation"]["en"] = ("FSDP shards three things:\u2028- parameters\u2029- gradients"
                                                 "\u2028- optimizer state")


async def test_a_popup_broken_by_line_separators_gets_two_line_breaks_at_most(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    edit_quiz(content_dir, "collectives", four_lines)
    async with running_bot(settings):
        await api.command(ADMIN, "/quiz collectives")
        poll = await next_poll(api, ADMIN.id, 1)
    explanation = poll.params["explanation"]
    assert broken_lines(explanation) <= 2, repr(explanation)
    assert explanation == "FSDP shards three things:\n- parameters\n- gradients - optimizer state"
