"""The text said before a learner's next poll (her answer's feedback, a time-up notice) that Telegram answered more
slowly than the bot waits: it most likely went out, and is not sent again (dbf5ca3), but her next poll must go out
all the same (before: it was never sent, and she was told nothing, left with no question to answer)."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, correct, next_poll, poll_id, running_bot
from tests.telegram.test_telegram_slow_replies import SlowOnce


async def test_the_next_poll_goes_out_though_the_text_before_it_was_answered_too_slowly(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives", GROUP)  # in a group, feedback names whose answer it was
        first = await next_poll(api, GROUP.id, 1)
        slow = SlowOnce(api, "sendMessage")
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        second = await next_poll(api, GROUP.id, 2)
        assert second.params["question"].startswith("2/3 ")
        assert slow.arrived == 1
