"""Reminders the bot paused (a reminder refused: the bot blocked) asked about with /reminders in a group: the answer
goes to the learner's private chat when it can, and one that gets there proves the bot reaches them again, so
their reminders are back on, and the answer says so. Refused there too, they stay paused, and the group is told
they are paused (not "off": they were not turned off by the learner) and how they come back."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.support.waiting import until
from tests.telegram.fake_types import Failure
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import GROUP, JUMA, for_chat
from tests.telegram.test_telegram_review import DAY, bot_at, play_with_one_wrong, reminder_of


async def _paused(api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with bot_at(settings, clock):
        await api.command(JUMA, "/reminders on 09:30")
        await api.command(JUMA, "/quiz collectives")
        await play_with_one_wrong(api, JUMA.id)
    clock.advance(DAY + timedelta(hours=1))  # half an hour after its time: refused, the bot blocked
    api.refusing[JUMA.id] = Failure(403, "Forbidden: bot was blocked by the user")


async def test_reminders_asked_in_a_group_and_answered_privately_are_back_on(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    await _paused(api, settings, clock)
    async with bot_at(settings, clock):
        await until(lambda: reminder_of(settings, JUMA.id) == (None, None))
        del api.refusing[JUMA.id]  # Juma unblocks the bot, and asks in the group
        clock.advance(timedelta(hours=2))
        await api.command(JUMA, "/reminders", GROUP)
        said = await api.wait_for("sendMessage", 1, lambda p: for_chat(JUMA.id)(p) and (
            "I remind you" in p["text"] or "Reminders are" in p["text"]))
        assert "I remind you at 09:30" in said[0].params["text"]
        await api.settle()
        assert reminder_of(settings, JUMA.id)[0] == "09:30"
        assert not [call for call in api.calls("sendMessage") if call.params["chat_id"] == str(GROUP.id)
                    and "emind" in call.params["text"]]


async def test_reminders_asked_in_a_group_by_a_learner_still_blocking_the_bot_say_they_are_paused(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    await _paused(api, settings, clock)
    async with bot_at(settings, clock):
        await until(lambda: reminder_of(settings, JUMA.id) == (None, None))
        clock.advance(timedelta(hours=2))
        await api.command(JUMA, "/reminders", GROUP)  # refused privately: answered in the group
        said = await api.wait_for("sendMessage", 1, for_chat(GROUP.id))
        text = said[0].params["text"]
        assert "paused" in text and "09:30" in text and "Reminders are off" not in text
        # Blocked, he can't write to the bot privately (it said to): he unblocks it first, with the button his
        # private chat shows
        assert "Write to me privately" not in text
        assert text.endswith(" You have blocked me: open https://t.me/QuizTutorBot, press Restart (or Unblock), and "
                             "they start again.")
        await api.settle()
        assert reminder_of(settings, JUMA.id) == (None, None)
