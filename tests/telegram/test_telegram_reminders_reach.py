"""Reminders come in a private chat, which the bot may not open itself: someone who turns them on in a group
without ever having started a private chat with the bot is told there, at once, how to let them through."""

from __future__ import annotations

import pytest

from adapters.settings import Settings
from tests.telegram.fake_types import Failure
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, WANJIRU, for_chat, running_bot

NEVER_STARTED = Failure(403, "Forbidden: bot can't initiate conversation with a user")
CHAT_NOT_FOUND = Failure(400, "Bad Request: chat not found")  # Telegram's other answer for a chat never opened
AMINATA_SAYS = "<b>Aminata</b> · "


async def group_reply(api: FakeBotApi, command: str, user: object) -> str:
    before = len(api.sent_texts(GROUP.id))
    await api.command(user, command, GROUP)  # type: ignore[arg-type]
    return (await api.wait_for("sendMessage", before + 1, for_chat(GROUP.id)))[before].params["text"]


@pytest.mark.parametrize("refusal", [NEVER_STARTED, CHAT_NOT_FOUND])
async def test_reminders_set_in_a_group_by_someone_the_bot_cant_write_to_say_how_to_open_a_private_chat(
        api: FakeBotApi, settings: Settings, refusal: Failure) -> None:
    api.refusing[AMINATA.id] = refusal  # every call for her private chat fails, as Telegram's would
    async with running_bot(settings) as engine:
        reply = await group_reply(api, "/reminders on 19:00", AMINATA)
        _ = engine.localizer_for("fr")
        set_ = _("I'll remind you at {time} ({zone}) on days when questions are due. Change your time zone with "
                 "/timezone.", time="19:00", zone="UTC")
        warning = _("But I can't write to you in a private chat yet, and that is where reminders come: open "
                    "{link} and press Start.", link="https://t.me/QuizTutorBot")
        assert warning != "But I can't write to you in a private chat yet, and that is where reminders come: open " \
                          "https://t.me/QuizTutorBot and press Start."  # said in French
        assert reply == AMINATA_SAYS + set_ + " " + warning


async def test_someone_the_bot_can_write_to_hears_only_that_reminders_are_set_in_their_private_chat(
        api: FakeBotApi, settings: Settings) -> None:
    """Answers about one member go to their private chat when the bot may write there, sparing the group's 20
    messages a minute; nothing is asked beforehand (it was a "typing..." in her private chat), the answer tries."""
    async with running_bot(settings) as engine:
        await api.command(WANJIRU, "/reminders on 19:00", GROUP)
        reply = (await api.wait_for("sendMessage", 1, for_chat(WANJIRU.id)))[0].params["text"]
        set_ = engine.localizer_for("sw")("I'll remind you at {time} ({zone}) on days when questions are due. "
                                          "Change your time zone with /timezone.", time="19:00", zone="UTC")
        assert reply == set_  # named for nobody, as in any private chat
        await api.command(WANJIRU, "/reminders off", GROUP)
        await api.wait_for("sendMessage", 2, for_chat(WANJIRU.id))
        await api.command(AMINATA, "/reminders on 19:00")
        await api.wait_for("sendMessage", 1, for_chat(AMINATA.id))
        await api.settle()
        assert api.sent_texts(GROUP.id) == [] and api.calls("sendChatAction") == []
