"""A button press whose answer (the spinner's stop) Telegram failed in a way that may have gone through (a 5xx, no
answer in time): not sent again (dbf5ca3), and the press is acted on all the same (before: the failure ended its
handler, a quiz list's button starting nothing)."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, next_poll, running_bot


async def test_a_quiz_lists_button_starts_the_quiz_though_its_answer_failed(api: FakeBotApi,
                                                                            settings: Settings) -> None:
    async with running_bot(settings):
        api.fail_next("answerCallbackQuery", 502, "Bad Gateway")
        await api.press(AMINATA, "quiz:collectives")
        assert (await next_poll(api, AMINATA.id, 1)).params["question"].startswith("1/3 ")

