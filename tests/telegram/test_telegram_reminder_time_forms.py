"""/reminders with a time as a French speaker writes it, "19 h 30": Telegram splits it into three arguments, and
the bot said it didn't understand."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, for_chat, running_bot
from tests.telegram.test_telegram_review import reminder_of


async def test_a_french_time_with_spaces_sets_the_reminder_and_is_confirmed_in_french(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/reminders 19 h 30")
        reply = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0].params["text"]
        set_ = engine.localizer_for("fr")("I'll remind you at {time} ({zone}) on days when questions are due. "
                                          "Change your time zone with /timezone.", time="19:30", zone="UTC")
        assert set_.startswith("Je") and reply == set_
        assert reminder_of(settings, AMINATA.id)[0] == "19:30"
