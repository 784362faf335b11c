"""/review with nothing due suggests a quiz not played yet. It read "…: Kugovera Data pakati pemaGPU (Data
Parallelism) (data-parallelism).": an id in brackets Telegram can't tap, beside the title's own gloss in brackets.
Now the title alone, and a ▶ button under it that starts the quiz, as under /quizzes."""

from __future__ import annotations

from pathlib import Path

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import for_chat, running_bot

SHIPPED = Path(__file__).resolve().parents[2] / "content"
TENDAI = FakeUser(382, "Tendai", "en")


async def test_nothing_due_offers_the_quiz_to_try_with_a_button_that_starts_it(api: FakeBotApi,
                                                                                 settings: Settings) -> None:
    async with running_bot(settings.model_copy(update={"content_dir": SHIPPED})):
        await api.command(TENDAI, "/language sn")
        await api.command(TENDAI, "/review")
        [offer] = await api.wait_for("sendMessage", 1, lambda p: for_chat(TENDAI.id)(p) and "reply_markup" in p
                                     and "(Data Parallelism)" in p["text"])
        text = offer.params["text"]
        assert "(data-parallelism)" not in text and text.endswith("(Data Parallelism)."), text
        [[button]] = offer.params["reply_markup"]["inline_keyboard"]
        assert button["text"].startswith("▶ ") and "(Data Parallelism)" in button["text"], button
        await api.press(TENDAI, button["callback_data"])
        [poll] = await api.wait_for("sendPoll", 1, for_chat(TENDAI.id))
    assert poll.params["question"], poll.params
