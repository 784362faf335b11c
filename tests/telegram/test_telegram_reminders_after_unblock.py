"""A learner who blocked the bot has their reminders turned off by it (tests/telegram/test_telegram_review.py); once
they unblock it and send /start, they are on again, as they never asked for them to stop."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.support.waiting import until
from tests.telegram.fake_types import Failure
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import GROUP, JUMA, for_chat
from tests.telegram.test_telegram_review import DAY, bot_at, play_with_one_wrong, reminder_of


def _reminders(api: FakeBotApi) -> list[object]:
    return [call for call in api.calls("sendMessage") if call.params["chat_id"] == str(JUMA.id)
            and "ready for review" in call.params["text"]]


async def test_a_learner_back_after_blocking_the_bot_gets_their_reminders_again(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with bot_at(settings, clock):
        await api.command(JUMA, "/reminders on 09:30")
        await api.command(JUMA, "/quiz collectives")
        await play_with_one_wrong(api, JUMA.id)
    clock.advance(DAY + timedelta(hours=1))  # half an hour after its time
    api.fail_next("sendMessage", 403, "Forbidden: bot was blocked by the user")
    async with bot_at(settings, clock):
        await until(lambda: reminder_of(settings, JUMA.id) == (None, None))  # the first sweep tries at once
        assert reminder_of(settings, JUMA.id) == (None, None)

        clock.advance(timedelta(hours=2))  # Juma unblocks the bot and starts it again
        await api.command(JUMA, "/start")
        await api.command(JUMA, "/reminders")
        said = await api.wait_for("sendMessage", 1, lambda p: for_chat(JUMA.id)(p) and "I remind you" in p["text"])
        assert "09:30" in said[0].params["text"]
    clock.advance(DAY - timedelta(hours=2))  # the next morning, half an hour after its time: a reminder comes
    async with bot_at(settings, clock):
        await api.wait_for("sendMessage", 1, lambda p: for_chat(JUMA.id)(p) and "ready for review" in p["text"])
        await api.settle()
    assert len(_reminders(api)) == 1


async def test_a_learner_who_still_blocks_the_bot_keeps_them_off_while_playing_in_a_group(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """What Juma sends in a group proves nothing of his private chat: with the bot still blocked there, a reminder
    could never arrive. They stay paused (no refused reminder a day), and /reminders there says so."""
    async with bot_at(settings, clock):
        await api.command(JUMA, "/reminders on 09:30")
        await api.command(JUMA, "/quiz collectives")
        await play_with_one_wrong(api, JUMA.id)
    api.refusing[JUMA.id] = Failure(403, "Forbidden: bot was blocked by the user")
    clock.advance(DAY + timedelta(hours=1))  # half an hour after its time
    async with bot_at(settings, clock):
        await until(lambda: reminder_of(settings, JUMA.id) == (None, None))  # the first sweep tries at once
        assert reminder_of(settings, JUMA.id) == (None, None)

        clock.advance(timedelta(hours=2))
        await api.command(JUMA, "/reminders", GROUP)  # refused privately: answered in the group
        said = await api.wait_for("sendMessage", 1, for_chat(GROUP.id))
        assert "are paused" in said[0].params["text"]
        assert reminder_of(settings, JUMA.id) == (None, None)
    clock.advance(DAY - timedelta(hours=2))  # the next morning, half an hour after its time
    async with bot_at(settings, clock):
        await api.settle()
    tried = [call for call in api.requests if call.method == "sendMessage" and not call.ok
             and call.params["chat_id"] == str(JUMA.id) and "ready for review" in call.params["text"]]
    assert len(tried) == 1  # the one that found him gone, not one more each day
